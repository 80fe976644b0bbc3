import { JudgeStatus } from "~/lib/constants";
import { Submission } from "~/models/submission.server";
import { Training } from "~/models/training.server";
import { TrainingProblem } from "~/models/training-problem.server";
import { TrainingRank, type TrainingProblemCell, type TrainingRankDoc } from "~/models/training-rank.server";
import { TrainingRegister, trainingUserKey } from "~/models/training-register.server";
import { User, type UserDoc } from "~/models/user.server";
import { unrankedRoles } from "../access/policy.server";
import { creditOf, homeworkOf, roundScore, type Homework, type HomeworkFields } from "~/lib/homework";
import { logger } from "../platform/logger.server";
import { requireTrainingEntry, type TrainingScope } from "./scope.server";

// The training rank (spec sections 2 and 3, HOJ's TrainingRankVO): one kept row per user and
// training, recomputed from that user's judged submissions made in the training whenever one of
// their verdicts is applied (app/services/judging/apply.server.ts calls `trainingVerdictApplied`),
// so a rank page reads sorted rows. As HOJ does when a user registers in a private training, their
// earlier submissions to its problems (outside contests, up to the registration) count too.
// Accepted problems first (more is better), then the total of the fastest accepted run times
// (less is better). A training with a due time (homework, app/lib/homework.ts) keeps on-time and
// late solves apart and ranks by the weighted score first. The training's author and the super
// admins are not ranked (HOJ).

type CountedSub = { _id: number; pid: number; countedStatus: number; score: number; time: number; submitTime?: Date };

export type TrainingRowFields = Pick<TrainingRankDoc, "ac" | "totalRunTime" | "onTimeAc" | "lateAc" | "weightedScore" | "submissionInfo">;

/**
 * A user's row from their judged submissions in the training (pure). With a homework rule
 * (`hw`, app/lib/homework.ts) a problem's first accepted submission decides whether it was solved
 * on time or late and what it earns; `ac` and the total run time take the solves that count,
 * `weightedScore` their credits. Without one every solve is on time and `weightedScore` is `ac`.
 */
export function rankRowOf(subs: readonly CountedSub[], displayIdOf: ReadonlyMap<number, string>, hw: Homework | null = null): TrainingRowFields | null {
  const info: Record<string, TrainingProblemCell> = {};
  const ordered = [...subs].sort((a, b) => a._id - b._id);
  for (const s of ordered) {
    const displayId = displayIdOf.get(s.pid);
    if (displayId === undefined) continue;
    const cell = info[displayId];
    const accepted = s.countedStatus === JudgeStatus.ACCEPTED;
    if (cell?.isAC) {
      if (accepted && s.time < cell.runTime) cell.runTime = s.time;
      continue;
    }
    info[displayId] = { status: s.countedStatus, score: s.score ?? 0, isAC: accepted, runTime: accepted ? s.time : 0 };
    // A homework training's cell says whether its first solve was late and what it earns (a
    // training without a due time keeps HOJ's cell as it was).
    if (hw && accepted) {
      const credit = creditOf(hw, s.submitTime ?? new Date(0));
      Object.assign(info[displayId], { late: credit.late, credit: credit.counted ? credit.credit : 0 }, credit.counted ? {} : { counted: false });
    }
  }
  const cells = Object.values(info);
  if (cells.length === 0) return null;
  const counted = cells.filter((c) => c.isAC && c.counted !== false);
  return {
    ac: counted.length,
    totalRunTime: counted.reduce((sum, c) => sum + c.runTime, 0),
    onTimeAc: cells.filter((c) => c.isAC && !c.late).length,
    lateAc: cells.filter((c) => c.isAC && c.late).length,
    weightedScore: roundScore(counted.reduce((sum, c) => sum + (c.credit ?? 1), 0)),
    submissionInfo: info,
  };
}

async function displayIds(tid: number): Promise<Map<number, string>> {
  const list = await TrainingProblem.find({ tid }).select("pid displayId").lean<Array<{ pid: number; displayId: string }>>();
  return new Map(list.map((p) => [p.pid, p.displayId]));
}

async function homeworkOfTraining(tid: number): Promise<Homework | null> {
  const t = await Training.findById(tid).select(HOMEWORK_FIELDS).lean<HomeworkFields>();
  return t ? homeworkOf(t) : null;
}

const HOMEWORK_FIELDS = "dueAt hardEndAt lateRule latePenaltyPercent latePeriodHours lateFloorPercent";

/** Recomputes one user's row of a training (or removes it when nothing of theirs counts). */
export async function updateTrainingRow(tid: number, uid: string, known?: Map<number, string>, knownHw?: Homework | null): Promise<void> {
  const ids = known ?? (await displayIds(tid));
  const hw = knownHw !== undefined ? knownHw : await homeworkOfTraining(tid);
  const registration = await TrainingRegister.findById(trainingUserKey(tid, uid)).select("gmtCreate").lean<{ gmtCreate: Date }>();
  const made: Record<string, unknown>[] = [{ tid }];
  if (registration && ids.size > 0) made.push({ pid: { $in: [...ids.keys()] }, cid: 0, submitTime: { $lte: registration.gmtCreate } });
  const subs = await Submission.find({ uid, countedStatus: { $ne: null }, $or: made })
    .select("_id pid countedStatus score time submitTime")
    .lean<CountedSub[]>();
  const row = rankRowOf(subs, ids, hw);
  const key = `${tid}:${uid}`;
  if (!row) {
    await TrainingRank.deleteOne({ _id: key });
    return;
  }
  await TrainingRank.updateOne({ _id: key }, { $set: { tid, uid, ...row, gmtModified: new Date() } }, { upsert: true });
}

/** After a verdict of a submission made in a training: its author's row. A failure is logged, never the verdict's. */
export async function trainingVerdictApplied(tid: number, uid: string): Promise<void> {
  try {
    const training = await Training.findById(tid).select(HOMEWORK_FIELDS).lean<HomeworkFields>();
    if (!training) return;
    await updateTrainingRow(tid, uid, undefined, homeworkOf(training));
  } catch (err) {
    logger.error({ err, tid, uid }, "training rank row not updated");
  }
}

/**
 * Every row of a training again (its problems changed): the users with a row, and (a problem
 * added) those who submitted in the training to it or registered in the training.
 */
export async function rebuildTrainingRank(tid: number, addedPid?: number): Promise<void> {
  const ids = await displayIds(tid);
  const hw = await homeworkOfTraining(tid);
  const uids = new Set((await TrainingRank.find({ tid }).select("uid").lean<Array<{ uid: string }>>()).map((r) => r.uid));
  if (addedPid !== undefined) {
    for (const uid of (await Submission.distinct("uid", { pid: addedPid, tid })) as string[]) uids.add(uid);
    for (const r of await TrainingRegister.find({ tid }).select("uid").lean<Array<{ uid: string }>>()) uids.add(r.uid);
  }
  for (const uid of uids) await updateTrainingRow(tid, uid, ids, hw);
}

/** Users not ranked in a training (the policy's answer: its author and the super admins). */
async function unrankedUids(authorUid: string): Promise<string[]> {
  const unranked = await User.find({ role: { $in: unrankedRoles() } }).select("_id").lean<Array<{ _id: string }>>();
  return [authorUid, ...unranked.map((u) => u._id)];
}

/** A page of the training rank (30 a page); the training's admins see real names. */
export async function trainingRankPage(ts: TrainingScope, currentPage: number, limit: number) {
  requireTrainingEntry(ts);
  const training = ts.training;
  const tid = training._id;
  const showRealname = ts.standing.admin;
  const hw = homeworkOf(training);
  const filter = { tid, uid: { $nin: await unrankedUids(training.uid) } };
  const [total, rows] = await Promise.all([
    TrainingRank.countDocuments(filter),
    TrainingRank.find(filter)
      // A homework training ranks by what the solves earn; any other as HOJ does (its rows may
      // predate the weighted score).
      .sort(hw ? { weightedScore: -1, ac: -1, totalRunTime: 1, uid: 1 } : { ac: -1, totalRunTime: 1, uid: 1 })
      .skip((currentPage - 1) * limit)
      .limit(limit)
      .lean<TrainingRankDoc[]>(),
  ]);
  const users = await User.find({ _id: { $in: rows.map((r) => r.uid) } })
    .select("_id username realname nickname school gender avatar")
    .lean<Array<Pick<UserDoc, "_id" | "username" | "realname" | "nickname" | "school" | "gender" | "avatar">>>();
  const byId = new Map(users.map((u) => [u._id, u]));
  const records = rows.map((r, i) => {
    const u = byId.get(r.uid);
    return {
      rank: (currentPage - 1) * limit + i + 1,
      uid: r.uid,
      username: u?.username ?? "",
      realname: showRealname ? (u?.realname ?? "") : "",
      nickname: u?.nickname ?? "",
      school: u?.school ?? "",
      gender: u?.gender ?? "secrecy",
      avatar: u?.avatar ?? "",
      ac: r.ac,
      totalRunTime: r.totalRunTime,
      submissionInfo: r.submissionInfo ?? {},
      // Beside HOJ's fields: the solves by the due time and after it, and what they earn.
      onTimeAc: r.onTimeAc ?? r.ac,
      lateAc: r.lateAc ?? 0,
      weightedScore: r.weightedScore ?? r.ac,
    };
  });
  const problems = (await TrainingProblem.find({ tid }).select("pid displayId rank").lean<Array<{ pid: number; displayId: string; rank: number }>>()).sort(
    (a, b) => a.rank - b.rank,
  );
  return { records, total, size: limit, current: currentPage, showRealname, problems: problems.map((p) => p.displayId), homework: hw !== null };
}
