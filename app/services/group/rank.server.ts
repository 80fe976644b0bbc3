import { z } from "zod";
import { JudgeStatus, PAGE_SIZE } from "~/lib/constants";
import { MemberAuth } from "~/lib/group";
import { Contest } from "~/models/contest.server";
import { Group } from "~/models/group.server";
import { GroupRank } from "~/models/group-rank.server";
import { GroupMember } from "~/models/group-member.server";
import { Submission } from "~/models/submission.server";
import { Training } from "~/models/training.server";
import { TrainingRank } from "~/models/training-rank.server";
import { User } from "~/models/user.server";
import { contestResultsPublicAt, type Viewer } from "../access/policy.server";
import { logger } from "../platform/logger.server";
import { RANK_USER_FIELDS, rankUserJson, type RankUser } from "../stats/stats.server";
import { RankType, SEARCH_USER_MAX, type RankRow } from "../stats/ranks.server";
import { groupForMember } from "./groups.server";

// A group's rank (spec sections 2 and 7; HOJ's GET /get-group-rank-list): its members only, from
// what they did in the group's own problems, trainings and contests. ACM: problems solved, then
// fewer submissions; OI: the best OI score per problem summed, then problems solved. Members
// without a submission are listed too. One kept row per member (`group_ranks`), recomputed from
// that member's judged submissions in the group whenever one of their verdicts is applied
// (app/services/judging/apply.server.ts calls `groupVerdictApplied`), as the contest boards and
// the training ranks are; the page reads the rows.
// When the group has homework trainings (with a due time), each row adds the member's solves in
// them on time and late, from the trainings' kept rank rows.

export const groupRankSchema = z.object({
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).catch(PAGE_SIZE.groupRank).default(PAGE_SIZE.groupRank),
  type: z.coerce.number().int().min(0).max(1).catch(RankType.ACM).default(RankType.ACM),
  searchUser: z.string().trim().max(SEARCH_USER_MAX).catch("").default(""),
});
export type GroupRankQuery = z.infer<typeof groupRankSchema>;

interface Tally {
  uid: string;
  ac: number;
  total: number;
  score: number;
}

type CountedSub = { pid: number; countedStatus: number; oiRankScore?: number | null };

/** A member's figures from their judged submissions in the group (pure). */
export function groupRankRowOf(subs: readonly CountedSub[]): { ac: number; total: number; score: number } {
  const solved = new Set<number>();
  const best = new Map<number, number>();
  for (const r of subs) {
    if (r.countedStatus === JudgeStatus.ACCEPTED) solved.add(r.pid);
    const s = r.oiRankScore ?? 0;
    if (s > (best.get(r.pid) ?? 0)) best.set(r.pid, s);
  }
  let score = 0;
  for (const v of best.values()) score += v;
  return { ac: solved.size, total: subs.length, score };
}

/**
 * Where a group's work is stored: submissions carrying its id, and (stored before a training's or
 * a contest's group was written on its submissions) those made in its trainings and contests.
 */
async function groupWorkQuery(gid: number): Promise<Record<string, unknown>[]> {
  const [tids, cids] = await Promise.all([Training.distinct("_id", { gid }) as Promise<number[]>, Contest.distinct("_id", { gid }) as Promise<number[]>]);
  const or: Record<string, unknown>[] = [{ gid }];
  if (tids.length) or.push({ tid: { $in: tids } });
  if (cids.length) or.push({ cid: { $in: cids } });
  return or;
}

type ContestTimes = { _id: number; sealRank: boolean; sealRankTime: Date | null; startTime: Date; endTime: Date; autoRealRank: boolean; gmtModified?: Date };

/** The group's contests, with what decides whether their results are public yet. */
function groupContests(gid: number): Promise<ContestTimes[]> {
  return Contest.find({ gid }).select("sealRank sealRankTime startTime endTime autoRealRank gmtModified").lean<ContestTimes[]>();
}

/** The group's work that counts on its rank now (one query for every member's row it recomputes). */
async function countedWork(gid: number, now: Date): Promise<Record<string, unknown>> {
  const [work, contests] = await Promise.all([groupWorkQuery(gid), groupContests(gid)]);
  const open = contests.filter((c) => contestResultsPublicAt(c, now)).map((c) => c._id);
  return { $and: [{ $or: work }, { $or: [{ cid: { $in: [0, null] } }, { cid: { $in: open } }] }] };
}

/**
 * Recomputes one member's row of a group's rank. A contest's submissions count only while its
 * results are open to its viewers (contestResultsPublicAt: not behind a seal): the rank is read by
 * every member, and a sealed contest's verdicts are not theirs to learn.
 */
export async function updateGroupRankRow(gid: number, uid: string, counted?: Record<string, unknown>): Promise<void> {
  const subs = await Submission.find({ uid, countedStatus: { $ne: null }, ...(counted ?? (await countedWork(gid, new Date()))) })
    .select("pid countedStatus oiRankScore")
    .lean<CountedSub[]>();
  const row = groupRankRowOf(subs);
  await GroupRank.updateOne({ _id: `${gid}:${uid}` }, { $set: { gid, uid, ...row, gmtModified: new Date() } }, { upsert: true });
}

/** The group a submission was made in: its own id, else its training's or its contest's group. */
async function groupOfSubmission(sub: { gid?: number | null; tid?: number; cid?: number }): Promise<number | null> {
  if (sub.gid !== null && sub.gid !== undefined && sub.gid > 0) return sub.gid;
  if ((sub.cid ?? 0) > 0) return (await Contest.findById(sub.cid).select("gid").lean<{ gid: number | null }>())?.gid ?? null;
  if ((sub.tid ?? 0) > 0) return (await Training.findById(sub.tid).select("gid").lean<{ gid: number | null }>())?.gid ?? null;
  return null;
}

/** After a verdict of a submission: its author's row of its group's rank, if it was made in a group. A failure is logged, never the verdict's. */
export async function groupVerdictApplied(sub: { gid?: number | null; tid?: number; cid?: number; uid: string }): Promise<void> {
  try {
    const gid = await groupOfSubmission(sub);
    if (gid === null || !(await Group.exists({ _id: gid }))) return;
    await updateGroupRankRow(gid, sub.uid);
  } catch (err) {
    logger.error({ err, gid: sub.gid, uid: sub.uid }, "group rank row not updated");
  }
}

/**
 * Rows kept while one of the group's contests was sealed are recomputed once it opens, when the rank
 * is next read (a contest's end or an admin's unsealing is no verdict, so nothing moved them then).
 */
async function countUnsealedContests(gid: number): Promise<void> {
  const now = new Date();
  let since = 0;
  for (const c of await groupContests(gid)) {
    if (!contestResultsPublicAt(c, now)) continue;
    const sealedUntilEnd = c.sealRank && c.sealRankTime && c.endTime <= now ? c.endTime.getTime() : 0;
    since = Math.max(since, sealedUntilEnd, c.gmtModified?.getTime() ?? 0);
  }
  if (!since) return;
  const stale = (await GroupRank.distinct("uid", { gid, gmtModified: { $lt: new Date(since) } })) as string[];
  if (stale.length === 0) return;
  const counted = await countedWork(gid, now);
  for (const uid of stale) await updateGroupRankRow(gid, uid, counted);
}

/** Every member's tally (their kept row, or nothing yet), sorted for the rank's type. */
async function tallies(gid: number, type: number): Promise<Tally[]> {
  await countUnsealedContests(gid);
  const [members, rows] = await Promise.all([
    GroupMember.find({ gid, auth: { $gte: MemberAuth.MEMBER } })
      .select("uid")
      .lean<Array<{ uid: string }>>(),
    GroupRank.find({ gid }).select("uid ac total score").lean<Array<Tally>>(),
  ]);
  const byUid = new Map(rows.map((r) => [r.uid, r]));
  const list = members.map((m): Tally => {
    const r = byUid.get(m.uid);
    return { uid: m.uid, ac: r?.ac ?? 0, total: r?.total ?? 0, score: r?.score ?? 0 };
  });
  list.sort((a, b) => (type === RankType.OI ? b.score - a.score || b.ac - a.ac : b.ac - a.ac || a.total - b.total) || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  return list;
}

/**
 * The members' solves in the group's shown homework trainings (those with a due time), on time and
 * late, summed from the trainings' kept rank rows; null when the group has no such training.
 */
async function homeworkTallies(gid: number, uids: string[]): Promise<Map<string, { onTime: number; late: number }> | null> {
  const tids = (await Training.find({ gid, status: true, dueAt: { $ne: null } }).select("_id").lean<Array<{ _id: number }>>()).map((t) => t._id);
  if (tids.length === 0) return null;
  const rows = uids.length
    ? await TrainingRank.find({ tid: { $in: tids }, uid: { $in: uids } }).select("uid onTimeAc lateAc").lean<Array<{ uid: string; onTimeAc?: number; lateAc?: number }>>()
    : [];
  const out = new Map<string, { onTime: number; late: number }>();
  for (const r of rows) {
    const t = out.get(r.uid) ?? { onTime: 0, late: 0 };
    t.onTime += r.onTimeAc ?? 0;
    t.late += r.lateAc ?? 0;
    out.set(r.uid, t);
  }
  return out;
}

/** A page of the group's rank, for its members (HOJ's IPage of ACMRankVO / OIRankVO with each row's place). */
export async function groupRankList(viewer: Viewer, gid: number, q: GroupRankQuery) {
  await groupForMember(gid, viewer);
  {
    const all = await tallies(gid, q.type);
    const users = await User.find({ _id: { $in: all.map((t) => t.uid) } })
      .select(RANK_USER_FIELDS)
      .lean<RankUser[]>();
    const byId = new Map(users.map((u) => [u._id, u]));
    let ranked = all.flatMap((t, i) => {
      const u = byId.get(t.uid);
      return u ? [{ t, u, place: i + 1 }] : [];
    });
    const needle = q.searchUser.toLowerCase();
    if (needle) ranked = ranked.filter(({ u }) => u.username.toLowerCase().includes(needle) || (u.nickname ?? "").toLowerCase().includes(needle));
    const start = (q.currentPage - 1) * q.limit;
    const shown = ranked.slice(start, start + q.limit);
    const homework = await homeworkTallies(
      gid,
      shown.map(({ t }) => t.uid),
    );
    const records: Array<RankRow & { homeworkOnTime?: number; homeworkLate?: number }> = shown.map(({ t, u, place }) => ({
      ...rankUserJson(u),
      rank: place,
      ac: t.ac,
      total: t.total,
      score: t.score,
      rating: null,
      // Beside HOJ's fields: solves in the group's homework trainings by their due times and after.
      ...(homework ? { homeworkOnTime: homework.get(t.uid)?.onTime ?? 0, homeworkLate: homework.get(t.uid)?.late ?? 0 } : {}),
    }));
    return { records, total: ranked.length, size: q.limit, current: q.currentPage, gid, homework: homework !== null };
  }
}
