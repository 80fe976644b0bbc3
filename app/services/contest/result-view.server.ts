import { JudgeStatus } from "~/lib/constants";
import { Contest, type ContestDoc } from "~/models/contest.server";
import {
  contestScope,
  contestShowsResult,
  type ProblemForAccess,
  type SubmissionForAccess,
  type SubmissionRights,
} from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { contestContext } from "./scope.server";

// A contest submission looked at from outside its contest's pages (the submission detail page,
// /ojapi/get-submission-detail and get-all-case-result, check-submissions-status, the live status
// stream): the contest's scope decides who sees it and what they may do, and a result the sealed
// board hides from the viewer reads "Submitted Unknown Result" there too.

export interface ContestSubmissionView {
  sees: boolean;
  rights: SubmissionRights;
  /** False while the seal hides this result from the viewer. */
  shown: boolean;
}

type Sub = SubmissionForAccess & { cid: number };

/** The contest's answer for one submission; null when its contest no longer exists. */
export async function contestSubmissionView(viewer: CurrentUser | null, sub: Sub, problem: ProblemForAccess | null): Promise<ContestSubmissionView | null> {
  const contest = await Contest.findById(sub.cid).lean<ContestDoc>();
  if (!contest) return null;
  const ctx = await contestContext(contest, viewer);
  const scope = contestScope(ctx);
  return { sees: scope.seesSubmission(viewer, sub, problem), rights: scope.rights(viewer, sub, problem), shown: contestShowsResult(viewer, ctx, sub) };
}

/** Of some submissions, the ids of contest ones whose results the seal hides from the viewer. */
export async function hiddenContestResults(viewer: CurrentUser | null, subs: ReadonlyArray<Sub & { _id: number }>): Promise<Set<number>> {
  const hidden = new Set<number>();
  const byContest = new Map<number, Array<Sub & { _id: number }>>();
  for (const s of subs) if (s.cid > 0) byContest.set(s.cid, [...(byContest.get(s.cid) ?? []), s]);
  if (byContest.size === 0) return hidden;
  const contests = await Contest.find({ _id: { $in: [...byContest.keys()] } }).lean<ContestDoc[]>();
  for (const contest of contests) {
    const ctx = await contestContext(contest, viewer);
    for (const s of byContest.get(contest._id) ?? []) if (!contestShowsResult(viewer, ctx, s)) hidden.add(s._id);
  }
  return hidden;
}

/** What a hidden result shows in place of the verdict and its figures. */
export const HIDDEN_RESULT = { status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, score: null, time: null, memory: null } as const;
