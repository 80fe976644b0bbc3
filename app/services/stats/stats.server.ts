import { dayKey, lastDays } from "~/lib/calendar";
import { User, type UserDoc } from "~/models/user.server";
import { cacheKey, kept } from "../platform/query-cache.server";
import { daysOf, userDaysSince } from "./user-days.server";

// What the home page and the user home read from the kept day counters (user-days.server.ts),
// never from the submissions: the 7-day AC ranking, the last week's submission statistics, heat
// maps. The site-wide figures are kept in Redis for a few seconds (they sum every user's day).

const SITE_FIGURES_MS = 10_000;
export const SEVEN_DAY_RANK_SIZE = 10;

/** The fields of a user a ranking row shows (HOJ's ACMRankVO / OIRankVO). */
export const RANK_USER_FIELDS = "_id username nickname signature avatar titleName titleColor realname school gender acCount submitCount oiScore";
export type RankUser = Pick<
  UserDoc,
  "_id" | "username" | "nickname" | "signature" | "avatar" | "titleName" | "titleColor" | "realname" | "school" | "gender" | "acCount" | "submitCount" | "oiScore"
>;

export function rankUserJson(u: RankUser) {
  return {
    uid: u._id,
    username: u.username,
    nickname: u.nickname,
    realname: u.realname,
    signature: u.signature,
    avatar: u.avatar,
    titleName: u.titleName || null,
    titleColor: u.titleColor || null,
  };
}

export interface SevenDayRow {
  uid: string;
  username: string;
  nickname: string;
  avatar: string;
  titleName: string | null;
  titleColor: string | null;
  /** Problems accepted in the last 7 days (today included). */
  ac: number;
}

/** The 7-day AC ranking: problems accepted per user over the last 7 days, top 10 (HOJ's ACMRankVO list). */
export function sevenDayAcRank(now = new Date()): Promise<SevenDayRow[]> {
  const days = lastDays(now, 7);
  return kept(cacheKey("seven-day-ac", days), { minTtlMs: SITE_FIGURES_MS }, async () => {
    const rows = await daysOf(days);
    const solved = new Map<string, Set<number>>();
    for (const r of rows) {
      if (!r.acPids || r.acPids.length === 0) continue;
      let s = solved.get(r.uid);
      if (!s) solved.set(r.uid, (s = new Set()));
      for (const p of r.acPids) s.add(p);
    }
    const top = [...solved.entries()]
      .map(([uid, s]) => ({ uid, ac: s.size }))
      .sort((a, b) => b.ac - a.ac || (a.uid < b.uid ? -1 : 1))
      .slice(0, SEVEN_DAY_RANK_SIZE);
    const users = await User.find({ _id: { $in: top.map((t) => t.uid) }, status: 0 }).select(RANK_USER_FIELDS).lean<RankUser[]>();
    const byId = new Map(users.map((u) => [u._id, u]));
    return top.flatMap((t) => {
      const u = byId.get(t.uid);
      if (!u) return [];
      const j = rankUserJson(u);
      return [{ uid: j.uid, username: j.username, nickname: j.nickname, avatar: j.avatar, titleName: j.titleName, titleColor: j.titleColor, ac: t.ac }];
    });
  });
}

/** HOJ's SubmissionStatisticsVO: the last 7 days (MM-DD, oldest first), accepted and total submissions per day. */
export interface WeekStatistics {
  dateStrList: string[];
  acCountList: number[];
  totalCountList: number[];
}

export function lastWeekStatistics(now = new Date()): Promise<WeekStatistics> {
  const days = lastDays(now, 7);
  return kept(cacheKey("last-week-stats", days), { minTtlMs: SITE_FIGURES_MS }, async () => {
    const rows = await daysOf(days);
    const ac = new Map<string, number>();
    const total = new Map<string, number>();
    for (const r of rows) {
      ac.set(r.day, (ac.get(r.day) ?? 0) + r.acs);
      total.set(r.day, (total.get(r.day) ?? 0) + r.submits);
    }
    return {
      dateStrList: days.map((d) => d.slice(5)),
      acCountList: days.map((d) => ac.get(d) ?? 0),
      totalCountList: days.map((d) => total.get(d) ?? 0),
    };
  });
}

export interface Heatmap {
  /** YYYY-MM-DD of the last day (today). */
  endDate: string;
  /** Every day from the first to endDate, oldest first. */
  dataList: Array<{ date: string; count: number }>;
}

/** A user's submissions per day over the last `days` days, ending today. */
export async function userHeatmap(uid: string, days: number, now = new Date()): Promise<Heatmap> {
  const keys = lastDays(now, days);
  const kept = await userDaysSince(uid, keys[0]);
  return { endDate: dayKey(now), dataList: keys.map((date) => ({ date, count: kept.get(date)?.submits ?? 0 })) };
}
