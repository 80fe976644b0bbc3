import { z } from "zod";
import { PAGE_SIZE } from "~/lib/constants";
import { MemberAuth } from "~/lib/group";
import { GroupMember } from "~/models/group-member.server";
import { Submission } from "~/models/submission.server";
import { Training } from "~/models/training.server";
import { TrainingRank } from "~/models/training-rank.server";
import { User } from "~/models/user.server";
import type { Viewer } from "../access/policy.server";
import { cacheKey, kept } from "../platform/query-cache.server";
import { RANK_USER_FIELDS, rankUserJson, type RankUser } from "../stats/stats.server";
import { RankType, SEARCH_USER_MAX, type RankRow } from "../stats/ranks.server";
import { groupForMember } from "./groups.server";

// A group's rank (spec sections 2 and 7; HOJ's GET /get-group-rank-list): its members only, from
// their judged submissions in the group outside contests. ACM: problems solved, then fewer
// submissions; OI: the best OI score per problem summed, then problems solved. Members without a
// submission are listed too. One query on the group's submissions (gid index), kept a few seconds.
// When the group has homework trainings (with a due time), each row adds the member's solves in
// them on time and late, from the trainings' kept rank rows.

export const groupRankSchema = z.object({
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).catch(PAGE_SIZE.groupRank).default(PAGE_SIZE.groupRank),
  type: z.coerce.number().int().min(0).max(1).catch(RankType.ACM).default(RankType.ACM),
  searchUser: z.string().trim().max(SEARCH_USER_MAX).catch("").default(""),
});
export type GroupRankQuery = z.infer<typeof groupRankSchema>;

const RANK_KEPT_MS = 3_000;

interface Tally {
  uid: string;
  ac: number;
  total: number;
  score: number;
}

/** Every member's tally, sorted for the rank's type. */
async function tallies(gid: number, type: number): Promise<Tally[]> {
  const members = await GroupMember.find({ gid, auth: { $gte: MemberAuth.MEMBER } })
    .select("uid")
    .lean<Array<{ uid: string }>>();
  const byUid = new Map<string, Tally & { solved: Set<number>; best: Map<number, number> }>();
  for (const m of members) byUid.set(m.uid, { uid: m.uid, ac: 0, total: 0, score: 0, solved: new Set(), best: new Map() });
  const rows = await Submission.find({ gid, cid: 0, countedStatus: { $ne: null } }, { uid: 1, pid: 1, countedStatus: 1, oiRankScore: 1 }).lean<
    Array<{ uid: string; pid: number; countedStatus: number; oiRankScore?: number }>
  >();
  for (const r of rows) {
    const t = byUid.get(r.uid);
    if (!t) continue; // not (or no longer) a member
    t.total += 1;
    if (r.countedStatus === 0) t.solved.add(r.pid);
    const s = r.oiRankScore ?? 0;
    if (s > (t.best.get(r.pid) ?? 0)) t.best.set(r.pid, s);
  }
  const list = [...byUid.values()].map((t) => {
    let score = 0;
    for (const v of t.best.values()) score += v;
    return { uid: t.uid, ac: t.solved.size, total: t.total, score };
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
  return kept(cacheKey("group-rank", { gid, ...q }), { minTtlMs: RANK_KEPT_MS }, async () => {
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
  });
}
