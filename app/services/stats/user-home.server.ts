import { z } from "zod";
import { solvedTier, yearHeatmapDays } from "~/lib/calendar";
import { Problem } from "~/models/problem.server";
import { Submission } from "~/models/submission.server";
import { User, type UserDoc } from "~/models/user.server";
import { bankProblemsQuery, solvedListQuery } from "../access/policy.server";
import { DomainError } from "../errors.server";
import { usernameKey } from "../account/username.server";
import { userHeatmap } from "./stats.server";

// A user's home (/user-home, HOJ's /get-user-home-info and /get-user-calendar-heatmap): the
// profile, the kept counters, the solved list grouped by difficulty, the last year's heat map.

export const userRefSchema = z.object({
  uid: z.string().trim().max(64).optional().catch(undefined),
  username: z.string().trim().max(100).optional().catch(undefined),
});

export type UserRef = z.infer<typeof userRefSchema>;

const HOME_FIELDS =
  "_id username nickname school signature gender github blog avatar titleName titleColor submitCount acCount acSubmitCount oiScore solvedPids recentLoginTime status";

type HomeUser = Pick<
  UserDoc,
  | "_id"
  | "username"
  | "nickname"
  | "school"
  | "signature"
  | "gender"
  | "github"
  | "blog"
  | "avatar"
  | "titleName"
  | "titleColor"
  | "submitCount"
  | "acCount"
  | "acSubmitCount"
  | "oiScore"
  | "solvedPids"
  | "recentLoginTime"
  | "status"
>;

/** The user named by uid or username (uid first); the signed-in user when neither is given. */
export async function findHomeUser(ref: UserRef, viewerUid: string | null): Promise<HomeUser> {
  let doc: HomeUser | null = null;
  if (ref.uid) doc = await User.findById(ref.uid).select(HOME_FIELDS).lean<HomeUser>();
  else if (ref.username) doc = await User.findOne({ usernameLower: usernameKey(ref.username) }).select(HOME_FIELDS).lean<HomeUser>();
  else if (viewerUid) doc = await User.findById(viewerUid).select(HOME_FIELDS).lean<HomeUser>();
  else throw new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
  if (!doc) throw new DomainError("notFound", "home:user.noSuchUser");
  return doc;
}

export interface SolvedProblem {
  id: number;
  problemId: string;
  difficulty: number;
}

/** The user's solved problems that are public in the bank, by display id (one $in query). */
async function solvedProblems(pids: number[]): Promise<SolvedProblem[]> {
  if (pids.length === 0) return [];
  const docs = await Problem.find({ _id: { $in: pids }, $and: bankProblemsQuery() })
    .select("_id problemId difficulty")
    .lean<Array<{ _id: number; problemId: string; difficulty: number }>>();
  return docs.map((d) => ({ id: d._id, problemId: d.problemId, difficulty: d.difficulty ?? 0 })).sort((a, b) => a.id - b.id);
}

/**
 * Best OI rank score per OI problem (HOJ's scoreList). A user whose kept OI score is 0 has none, so
 * nothing is read; otherwise only the user's own submissions (by the author index alone: on the
 * development store a second equality could make it pick the contest index, which every bank
 * submission matches).
 */
async function oiScores(uid: string, oiScore: number): Promise<number[]> {
  if (!(oiScore > 0)) return [];
  const rows = await Submission.find({ uid, oiRankScore: { $gt: 0 } })
    .select("pid oiRankScore cid gid countedStatus")
    .lean<Array<{ pid: number; oiRankScore: number; cid: number; gid: number | null; countedStatus: number | null }>>();
  const solvedList = solvedListQuery();
  const best = new Map<number, number>();
  for (const r of rows) {
    if (r.cid !== solvedList.cid || (r.gid ?? null) !== solvedList.gid || r.countedStatus === null || r.countedStatus === undefined) continue;
    best.set(r.pid, Math.max(best.get(r.pid) ?? 0, r.oiRankScore));
  }
  return [...best.values()];
}

/** HOJ's UserHomeVo, plus the counters the page shows. */
export async function userHomeInfo(ref: UserRef, viewerUid: string | null) {
  return homeInfoOf(await findHomeUser(ref, viewerUid));
}

/** The user home page: the profile and the year's heat map, from one look-up of the user. */
export async function userHomePage(ref: UserRef, viewerUid: string | null, now = new Date()) {
  const u = await findHomeUser(ref, viewerUid);
  const [info, heatmap] = await Promise.all([homeInfoOf(u), userHeatmap(u._id, yearHeatmapDays(now), now)]);
  return { info, heatmap };
}

async function homeInfoOf(u: HomeUser) {
  const [solved, scoreList] = await Promise.all([solvedProblems(u.solvedPids ?? []), oiScores(u._id, u.oiScore ?? 0)]);
  const solvedGroupByDifficulty: Record<number, SolvedProblem[]> = {};
  for (const p of solved) (solvedGroupByDifficulty[p.difficulty] ??= []).push(p);
  return {
    uid: u._id,
    username: u.username,
    school: u.school,
    signature: u.signature,
    nickname: u.nickname,
    gender: u.gender,
    github: u.github,
    blog: u.blog,
    avatar: u.avatar,
    titleName: u.titleName || null,
    titleColor: u.titleColor || null,
    total: u.submitCount ?? 0,
    rating: null,
    scoreList,
    solvedList: solved.map((p) => p.problemId),
    solvedGroupByDifficulty,
    recentLoginTime: u.recentLoginTime ?? null,
    // Beyond HOJ's fields: the kept counters.
    solvedCount: u.acCount ?? 0,
    acSubmitCount: u.acSubmitCount ?? 0,
    oiScore: u.oiScore ?? 0,
    tier: solvedTier(u.acCount ?? 0),
    solvedProblems: solved,
  };
}

/** HOJ's UserCalendarHeatmapVO for the last year. */
export async function userYearHeatmap(ref: UserRef, viewerUid: string | null, now = new Date()) {
  const u = await findHomeUser(ref, viewerUid);
  return { uid: u._id, username: u.username, ...(await userHeatmap(u._id, yearHeatmapDays(now), now)) };
}
