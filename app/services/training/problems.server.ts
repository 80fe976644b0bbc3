import { z } from "zod";
import { JudgeStatus } from "~/lib/constants";
import { nextSeq } from "~/models/counter.server";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { Training } from "~/models/training.server";
import { TrainingProblem, type TrainingProblemDoc } from "~/models/training-problem.server";
import { trainingProblemSourceAllowed } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { DomainError } from "../errors.server";
import { problemByRef } from "../problem/problems.server";
import { getTagsByIds } from "../problem/tags.server";
import { userProblemStatus } from "../submission/user-problem-status.server";
import { rebuildTrainingRank } from "./rank.server";
import { administerTraining, requireTrainingAdmin, requireTrainingEntry, type TrainingPlace, type TrainingScope } from "./scope.server";
import { escapeRegex } from "~/lib/regex";

// The problems of a training (spec sections 2 and 3): added from the public bank by id or display
// id, removed (after a confirmation on the page), listed with the viewer's statuses; and what a
// submission in the training refers to.

const idField = (key: string) => z.coerce.number({ invalid_type_error: key, required_error: key }).int(key).positive(key);

export const addTrainingProblemSchema = z.object({
  tid: idField("training:notFound"),
  /** The bank problem: its number, or its display id (P1001). */
  pid: z.union([z.number().int().positive(), z.string().trim().min(1, "training:problemIdRequired").max(100, "training:unknownProblem")], {
    errorMap: () => ({ message: "training:problemIdRequired" }),
  }),
});

export const removeTrainingProblemSchema = z.object({
  tid: idField("training:notFound"),
  pid: idField("training:problemNotFound"),
});

/**
 * Adds a problem to a training: from the public bank (HOJ's add-problem-from-public), or, for a
 * group's training, one of the group's own problems (add-training-problem-from-group).
 */
export async function addTrainingProblem(ts: TrainingScope, input: z.infer<typeof addTrainingProblemSchema>, from: "public" | "group"): Promise<TrainingProblemDoc> {
  requireTrainingAdmin(ts);
  const training = ts.training;
  const problem = await problemByRef(input.pid);
  const usable = problem && trainingProblemSourceAllowed(problem, training.gid ?? null, from);
  if (!usable) throw new DomainError("notFound", "training:unknownProblem");
  if (await TrainingProblem.exists({ tid: training._id, pid: problem._id })) throw new DomainError("conflict", "training:problemAlreadyAdded");
  const last = await TrainingProblem.find({ tid: training._id }).sort({ rank: -1 }).limit(1).select("rank").lean<Array<{ rank: number }>>();
  let doc: TrainingProblemDoc;
  try {
    doc = (
      await TrainingProblem.create({ _id: await nextSeq("training-problem"), tid: training._id, pid: problem._id, displayId: problem.problemId, rank: (last[0]?.rank ?? 0) + 1 })
    ).toObject();
  } catch (err) {
    if ((err as { code?: number }).code === 11000) throw new DomainError("conflict", "training:problemAlreadyAdded");
    throw err;
  }
  await Training.updateOne({ _id: training._id }, { $inc: { problemCount: 1 }, $set: { gmtModified: new Date() } });
  // Submissions already made in the training to it (a problem removed and added again) count again.
  await rebuildTrainingRank(training._id, problem._id);
  return doc;
}

export async function removeTrainingProblem(ts: TrainingScope, input: z.infer<typeof removeTrainingProblemSchema>): Promise<void> {
  requireTrainingAdmin(ts);
  if ((await takeOutOfTraining(ts.training._id, [input.pid])) === 0) throw new DomainError("notFound", "training:problemNotFound");
}

/**
 * Takes problems out of one training: its problem count drops by as many and its rank rows are
 * computed again without them. Answers how many it listed.
 */
async function takeOutOfTraining(tid: number, pids: readonly number[]): Promise<number> {
  const res = await TrainingProblem.deleteMany({ tid, pid: { $in: [...pids] } });
  if (res.deletedCount === 0) return 0;
  await Training.updateOne({ _id: tid }, { $inc: { problemCount: -res.deletedCount }, $set: { gmtModified: new Date() } });
  await rebuildTrainingRank(tid);
  return res.deletedCount;
}

/** Takes problems that are being deleted out of every training that lists them, as their admins would. */
export async function withdrawFromTrainings(pids: readonly number[]): Promise<void> {
  if (pids.length === 0) return;
  const tids = (await TrainingProblem.distinct("tid", { pid: { $in: [...pids] } })) as number[];
  for (const tid of tids) await takeOutOfTraining(tid, pids);
}

/** The training's problems in order. */
export async function trainingProblems(tid: number): Promise<TrainingProblemDoc[]> {
  const list = await TrainingProblem.find({ tid }).lean<TrainingProblemDoc[]>();
  return list.sort((a, b) => a.rank - b.rank || a._id - b._id);
}

const ROW_FIELDS = "_id problemId title difficulty type tags total ac auth gid applyPublicProgress";
type RowProblem = Pick<ProblemDoc, "_id" | "problemId" | "title" | "difficulty" | "type" | "tags" | "total" | "ac" | "auth" | "gid" | "applyPublicProgress">;

/** The rows of a training's problem list (HOJ's training ProblemVO plus the viewer's status). */
export async function trainingProblemRows(tid: number, viewer: CurrentUser | null) {
  const list = await trainingProblems(tid);
  const problems = await Problem.find({ _id: { $in: list.map((p) => p.pid) } }).select(ROW_FIELDS).lean<RowProblem[]>();
  const byId = new Map(problems.map((p) => [p._id, p]));
  const [tags, statuses] = await Promise.all([
    getTagsByIds(problems.flatMap((p) => p.tags ?? [])),
    viewer ? userProblemStatus(viewer._id, list.map((p) => p.pid)) : Promise.resolve(null),
  ]);
  const tagById = new Map(tags.map((t) => [t._id, t]));
  return list.flatMap((tp) => {
    const p = byId.get(tp.pid);
    if (!p) return [];
    const st = statuses?.get(tp.pid);
    return [
      {
        id: tp._id,
        pid: p._id,
        problemId: p.problemId,
        title: p.title,
        difficulty: p.difficulty,
        type: p.type,
        rank: tp.rank,
        total: p.total ?? 0,
        ac: p.ac ?? 0,
        myStatus: st ? st.status : JudgeStatus.NOT_SUBMITTED,
        tags: (p.tags ?? []).flatMap((id) => {
          const t = tagById.get(id);
          return t ? [{ id: t._id, name: t.name, color: t.color }] : [];
        }),
      },
    ];
  });
}

/** The problem list a viewer who may enter reads (get-training-problem-list, the problems tab). */
export async function trainingProblemList(ts: TrainingScope) {
  requireTrainingEntry(ts);
  return trainingProblemRows(ts.training._id, ts.viewer as CurrentUser | null);
}

/** A problem inside a training for a viewer who may enter it. */
export async function trainingProblemDetail(ts: TrainingScope, ref: string) {
  requireTrainingEntry(ts);
  const { training, scope: policy, viewer } = ts;
  const problem = await problemByRef(ref);
  if (!problem || !policy.seesProblem(viewer, problem)) throw new DomainError("notFound", "training:problemNotFound");
  return { training, problem };
}

/**
 * What a submission with `tid` refers to: the policy's training scope decides before the problem is
 * read (a refusal tells nothing about hidden problems), then on the problem.
 */
export async function trainingSubmitTarget(ts: TrainingScope, ref: number | string): Promise<ProblemDoc> {
  const { scope } = ts;
  const user = ts.viewer;
  const early = scope.submitterRefusal(user);
  if (early) throw early;
  const problem = await problemByRef(ref);
  const refusal = scope.submitRefusal(user, problem);
  if (refusal) throw refusal;
  return problem as ProblemDoc;
}

/** The training a training problem (by its own id) belongs to; 404 when there is none. */
export async function trainingProblemOwner(id: number): Promise<number> {
  const tp = await TrainingProblem.findById(id).select("tid").lean<{ tid: number }>();
  if (!tp) throw new DomainError("notFound", "training:problemNotFound");
  return tp.tid;
}

export const updateTrainingProblemSchema = z.object({
  /** The training problem's own id. */
  id: idField("training:problemNotFound"),
  rank: z.coerce.number({ invalid_type_error: "training:rankInvalid" }).int("training:rankInvalid").min(0, "training:rankInvalid").max(2147483647, "training:rankInvalid"),
});

/** Changes a training problem's place in the list (HOJ's PUT admin/training/problem). */
export async function updateTrainingProblem(user: CurrentUser, input: z.infer<typeof updateTrainingProblemSchema>, place: TrainingPlace | null): Promise<TrainingProblemDoc> {
  const tp = await TrainingProblem.findById(input.id).lean<TrainingProblemDoc>();
  if (!tp) throw new DomainError("notFound", "training:problemNotFound");
  await administerTraining(tp.tid, user, place);
  await TrainingProblem.updateOne({ _id: tp._id }, { $set: { rank: input.rank } });
  return { ...tp, rank: input.rank };
}

export const adminTrainingProblemsSchema = z.object({
  tid: idField("training:notFound"),
  /** true: the training's problems; false: public problems not in it yet (to add). */
  queryExisted: z.preprocess((v) => (v === undefined || v === null || v === "" ? undefined : v === true || v === "true" || v === "1"), z.boolean().optional()),
  keyword: z.string().trim().max(100).catch("").default(""),
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).catch(10).default(10),
});

/**
 * HOJ's admin training problem list: a page of problems (the training's in its order, or public
 * ones it lacks; HOJ's admin call lists the latter unless `queryExisted`, its group call the
 * former unless `queryExisted=false`) and the training problems by problem id.
 */
export async function adminTrainingProblemPage(ts: TrainingScope, q: z.infer<typeof adminTrainingProblemsSchema>, existedByDefault: boolean) {
  requireTrainingAdmin(ts);
  const training = ts.training;
  const list = await trainingProblems(training._id);
  const pids = list.map((p) => p.pid);
  const existed = q.queryExisted ?? existedByDefault;
  const filter: Record<string, unknown> = existed ? { _id: { $in: pids } } : { _id: { $nin: pids }, auth: 1, gid: null };
  if (q.keyword) {
    const like = { $regex: escapeRegex(q.keyword), $options: "i" };
    filter.$or = [{ title: like }, { problemId: like }, { author: like }];
  }
  type Row = Pick<ProblemDoc, "_id" | "problemId" | "title" | "difficulty" | "type" | "auth" | "author">;
  const fields = "_id problemId title difficulty type auth author";
  let total: number;
  let docs: Row[];
  if (existed) {
    // The training's own, in its order.
    const byPid = new Map((await Problem.find(filter).select(fields).lean<Row[]>()).map((p) => [p._id, p]));
    const ordered = pids.map((pid) => byPid.get(pid)).filter((p): p is Row => !!p);
    total = ordered.length;
    docs = ordered.slice((q.currentPage - 1) * q.limit, q.currentPage * q.limit);
  } else {
    [total, docs] = await Promise.all([
      Problem.countDocuments(filter),
      Problem.find(filter)
        .sort({ _id: 1 })
        .skip((q.currentPage - 1) * q.limit)
        .limit(q.limit)
        .select(fields)
        .lean<Row[]>(),
    ]);
  }
  const trainingProblemMap = Object.fromEntries(list.map((tp) => [tp.pid, { id: tp._id, tid: tp.tid, pid: tp.pid, displayId: tp.displayId, rank: tp.rank }]));
  return {
    problemList: {
      records: docs.map((p) => ({ id: p._id, problemId: p.problemId, title: p.title, difficulty: p.difficulty, type: p.type, auth: p.auth, author: p.author })),
      total,
      size: q.limit,
      current: q.currentPage,
    },
    trainingProblemMap,
  };
}
