import { z } from "zod";
import { ProblemType } from "~/lib/constants";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { Submission, type SubmissionDoc } from "~/models/submission.server";
import { DomainError } from "~/services/errors.server";
import { applyJudgeEvents } from "./apply.server";
import { canCancel, canManualJudge, MANUAL_JUDGE_STATUSES, PROBLEM_FACT_FIELDS, problemFacts, type JudgeState } from "./rules.server";
import { logger } from "../platform/logger.server";
import { mayAdministerSite, type Viewer } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { enqueueSubmission } from "../submission/submissions.server";

// Super-admin judge actions (spec section 4): rejudge, cancel, manual judgement, and rejudging
// every submission of a problem in a contest. The /ojapi admin adapters and the submission detail
// page's form actions call these; the state changes themselves are the pure rules in
// judge-rules.server.ts, written through applyJudgeEvents like judge results.

/** Thrown for a refused judge action; `message` is a translation key. */
export class JudgeActionError extends DomainError {}

const submitIdField = z.coerce
  .number({ invalid_type_error: "judge:submissionNotFound", required_error: "judge:submissionNotFound" })
  .int("judge:submissionNotFound")
  .positive("judge:submissionNotFound");

export const submitIdSchema = z.object({ submitId: submitIdField });

export const manualJudgeSchema = z.object({
  submitId: submitIdField,
  status: z.coerce
    .number({ invalid_type_error: "judge:manualStatusNotAllowed", required_error: "judge:manualStatusNotAllowed" })
    .int("judge:manualStatusNotAllowed")
    .refine((s) => MANUAL_JUDGE_STATUSES.includes(s), "judge:manualStatusNotAllowed"),
  score: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? 0 : v),
    z.coerce.number({ invalid_type_error: "judge:scoreInvalid" }).int("judge:scoreInvalid").min(0, "judge:scoreInvalid"),
  ),
});

export const rejudgeContestProblemSchema = z.object({
  pid: z.coerce.number({ invalid_type_error: "judge:problemNotFound" }).int().positive("judge:problemNotFound"),
  cid: z.coerce.number({ invalid_type_error: "judge:contestRequired" }).int().positive("judge:contestRequired"),
});

/** Which judge actions a viewer may take on a submission (the detail page enables buttons by it). */
export function judgeActions(viewer: Viewer, sub: Pick<SubmissionDoc, "status">) {
  const root = mayAdministerSite(viewer);
  return {
    rejudge: root,
    cancel: root && canCancel(sub.status),
    manualJudge: root && canManualJudge(sub.status),
    manualStatuses: MANUAL_JUDGE_STATUSES,
  };
}

/** What the admin calls answer with: the submission's judging fields after the action. */
export function toJudgeSummary(s: JudgeState) {
  return {
    submitId: s._id,
    status: s.status,
    score: s.score,
    oiRankScore: s.oiRankScore,
    time: s.time,
    memory: s.memory,
    judger: s.judger,
    isManual: s.isManual,
    attempt: s.attempt,
  };
}

function requireRoot(actor: CurrentUser): void {
  if (!mayAdministerSite(actor)) throw new JudgeActionError("forbidden", "errors.forbidden");
}

async function loadSubmission(submitId: number): Promise<SubmissionDoc> {
  const sub = await Submission.findById(submitId).lean<SubmissionDoc>();
  if (!sub) throw new JudgeActionError("notFound", "judge:submissionNotFound");
  return sub;
}

export function judgeable(problem: ProblemDoc | null): problem is ProblemDoc {
  // A remote problem's test data is on its remote judge.
  return !!problem && (problem.isRemote || (!!problem.testCaseHash && (problem.testCases?.length ?? 0) > 0));
}

/**
 * Starts a new judging attempt of a stored submission (Pending, result cleared; what it counts for
 * moves when the new verdict arrives) and queues it. Null when the rules refused the event (a
 * resubmit of a submission that did not fail).
 */
export async function judgeAgain(sub: SubmissionDoc, problem: ProblemDoc, kind: "rejudge" | "resubmit"): Promise<JudgeState | null> {
  const out = await applyJudgeEvents(sub._id, [{ kind }]);
  if (!out.state) throw new JudgeActionError("notFound", "judge:submissionNotFound");
  if (!out.changed) return null;
  // Queued for the new attempt; if Redis refuses, the sweeper queues it later.
  await enqueueSubmission({ ...sub, attempt: out.state.attempt }, problem);
  logger.info({ submissionId: sub._id, attempt: out.state.attempt, kind }, "submission judged again");
  return out.state;
}

async function rejudgeOne(sub: SubmissionDoc, problem: ProblemDoc): Promise<JudgeState> {
  const state = await judgeAgain(sub, problem, "rejudge");
  if (!state) throw new JudgeActionError("notFound", "judge:submissionNotFound");
  return state;
}

/** Rejudge: clears the result, starts a new attempt as Pending and queues it. */
export async function rejudgeSubmission(actor: CurrentUser, submitId: number): Promise<JudgeState> {
  requireRoot(actor);
  const sub = await loadSubmission(submitId);
  const problem = await Problem.findById(sub.pid).lean<ProblemDoc>();
  if (!judgeable(problem)) throw new JudgeActionError("invalid", "judge:noTestData");
  return rejudgeOne(sub, problem);
}

/** Rejudges every submission of a problem in one contest; returns how many. */
export async function rejudgeContestProblem(actor: CurrentUser, input: z.infer<typeof rejudgeContestProblemSchema>): Promise<number> {
  requireRoot(actor);
  const problem = await Problem.findById(input.pid).lean<ProblemDoc>();
  if (!problem) throw new JudgeActionError("notFound", "judge:problemNotFound");
  if (!judgeable(problem)) throw new JudgeActionError("invalid", "judge:noTestData");
  const subs = await Submission.find({ cid: input.cid, pid: input.pid }).sort({ _id: 1 }).lean<SubmissionDoc[]>();
  for (const sub of subs) await rejudgeOne(sub, problem);
  return subs.length;
}

/** Cancel: the submission becomes Cancelled; results still on their way are ignored. */
export async function cancelSubmission(actor: CurrentUser, submitId: number): Promise<JudgeState> {
  requireRoot(actor);
  const sub = await loadSubmission(submitId);
  if (!canCancel(sub.status)) throw new JudgeActionError("invalid", "judge:alreadyCancelled");
  const out = await applyJudgeEvents(submitId, [{ kind: "cancel" }]);
  if (!out.state) throw new JudgeActionError("notFound", "judge:submissionNotFound");
  if (!out.changed) throw new JudgeActionError("invalid", "judge:alreadyCancelled");
  return out.state;
}

/** Manual judgement: a chosen status and score; the submission is marked as judged by hand. */
export async function manualJudge(actor: CurrentUser, input: z.infer<typeof manualJudgeSchema>): Promise<JudgeState> {
  requireRoot(actor);
  const sub = await loadSubmission(input.submitId);
  if (!canManualJudge(sub.status)) throw new JudgeActionError("invalid", "judge:manualJudgeUnavailable");
  const problem = await Problem.findById(sub.pid).select(PROBLEM_FACT_FIELDS).lean();
  const facts = problem ? problemFacts(problem) : null;
  if (facts && facts.type === ProblemType.OI && facts.fullScore > 0 && input.score > facts.fullScore) {
    throw new JudgeActionError("invalid", "judge:scoreTooHigh");
  }
  const out = await applyJudgeEvents(input.submitId, [{ kind: "manual", status: input.status, score: input.score }]);
  if (!out.state) throw new JudgeActionError("notFound", "judge:submissionNotFound");
  if (!out.changed) throw new JudgeActionError("invalid", "judge:manualJudgeUnavailable");
  return out.state;
}
