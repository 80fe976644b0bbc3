import type { FilterQuery } from "mongoose";
import type { SimilarityPlaceKind } from "~/models/similarity.server";
import type { SubmissionDoc } from "~/models/submission.server";
import { Problem } from "~/models/problem.server";
import { TrainingProblem } from "~/models/training-problem.server";
import {
  contestSimilarityRefusal,
  groupSimilarityRefusal,
  trainingSimilarityRefusal,
  type GroupAccessContext,
  type TrainingAccessContext,
  type Viewer,
} from "../access/policy.server";
import { contestProblems } from "../contest/problems.server";
import type { ContestScope } from "../contest/scope.server";

// Where a similarity check runs: a contest, a training or a group's problem set, as one request
// meets it. The place says which problems it has and which submissions were made in it; the
// access policy says who may check there (the place is refused to everyone else).

export interface PlaceProblem {
  pid: number;
  displayId: string;
  title: string;
}

export interface SimilarityPlace {
  kind: SimilarityPlaceKind;
  id: number;
  /** The place's problems in its own order. */
  problems: PlaceProblem[];
  /** The submissions made in the place (of its problems). */
  submissions: FilterQuery<SubmissionDoc>;
}

/** A contest's place for a viewer who may check there (the policy's refusal otherwise). */
export async function contestSimilarityPlace(cs: ContestScope): Promise<SimilarityPlace> {
  const refusal = contestSimilarityRefusal(cs.viewer, cs.ctx);
  if (refusal) throw refusal;
  const problems = (await contestProblems(cs.contest._id)).map((p) => ({ pid: p.pid, displayId: p.displayId, title: p.displayTitle }));
  return { kind: "contest", id: cs.contest._id, problems, submissions: { cid: cs.contest._id, pid: { $in: problems.map((p) => p.pid) } } };
}

async function titles(pids: number[]): Promise<Map<number, string>> {
  const rows = await Problem.find({ _id: { $in: pids } })
    .select("_id title")
    .lean<Array<{ _id: number; title: string }>>();
  return new Map(rows.map((p) => [p._id, p.title]));
}

/** A training's place for a viewer who may check there. */
export async function trainingSimilarityPlace(viewer: Viewer, ctx: TrainingAccessContext): Promise<SimilarityPlace> {
  const refusal = trainingSimilarityRefusal(viewer, ctx);
  if (refusal) throw refusal;
  const tid = ctx.training._id;
  const list = (await TrainingProblem.find({ tid }).select("pid displayId rank").lean<Array<{ pid: number; displayId: string; rank: number }>>()).sort(
    (a, b) => a.rank - b.rank || a.pid - b.pid,
  );
  const byPid = await titles(list.map((p) => p.pid));
  const problems = list.map((p) => ({ pid: p.pid, displayId: p.displayId, title: byPid.get(p.pid) ?? "" }));
  return { kind: "training", id: tid, problems, submissions: { tid, pid: { $in: problems.map((p) => p.pid) } } };
}

/** A group's problem set as a place, for a viewer who may check there. */
export async function groupSimilarityPlace(viewer: Viewer, ctx: GroupAccessContext): Promise<SimilarityPlace> {
  const refusal = groupSimilarityRefusal(viewer, ctx);
  if (refusal) throw refusal;
  const gid = ctx.group._id;
  const rows = await Problem.find({ gid })
    .select("_id problemId title")
    .lean<Array<{ _id: number; problemId: string; title: string }>>();
  const problems = rows.sort((a, b) => a._id - b._id).map((p) => ({ pid: p._id, displayId: p.problemId, title: p.title }));
  return { kind: "group", id: gid, problems, submissions: { gid, cid: 0, pid: { $in: problems.map((p) => p.pid) } } };
}
