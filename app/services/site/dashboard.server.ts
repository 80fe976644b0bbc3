import { JUDGE_STALE_MS, JUDGES_KEY, type JudgeInfo } from "~/lib/judge-protocol";
import { Problem } from "~/models/problem.server";
import { Session } from "~/models/session.server";
import { Submission } from "~/models/submission.server";
import { User } from "~/models/user.server";
import { logger } from "../platform/logger.server";
import { redis, rkey } from "../platform/redis.server";

export interface DashboardStats {
  users: number;
  problems: number;
  submissionsToday: number;
  submissionsTotal: number;
  /** Judges with a recent heartbeat; null when Redis cannot be asked. */
  judgesOnline: number | null;
}

/** Midnight of the server's day containing `now`. */
export function startOfDay(now: Date): Date {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d;
}

/** Judges whose last heartbeat is recent (judge-service keeps one entry per process). */
export async function countOnlineJudges(now = Date.now()): Promise<number | null> {
  try {
    const all = await redis().hgetall(rkey(JUDGES_KEY));
    let n = 0;
    for (const raw of Object.values(all)) {
      try {
        const info = JSON.parse(raw) as Partial<JudgeInfo>;
        if (typeof info.heartbeatAt === "number" && now - info.heartbeatAt <= JUDGE_STALE_MS) n++;
      } catch {
        // An entry that is not JSON is not a live judge.
      }
    }
    return n;
  } catch (err) {
    logger.warn({ err }, "could not read the judge list");
    return null;
  }
}

export async function dashboardStats(now = new Date()): Promise<DashboardStats> {
  const [users, problems, submissionsToday, submissionsTotal, judgesOnline] = await Promise.all([
    User.countDocuments({}),
    Problem.countDocuments({}),
    Submission.countDocuments({ submitTime: { $gte: startOfDay(now) } }),
    Submission.countDocuments({}),
    countOnlineJudges(now.getTime()),
  ]);
  return { users, problems, submissionsToday, submissionsTotal, judgesOnline };
}

/** GET /ojapi/admin/dashboard/get-dashboard-info: HOJ's three figures (contests are not built: none). */
export async function hojDashboardInfo(now = new Date()) {
  const stats = await dashboardStats(now);
  return { userNum: stats.users, todayJudgeNum: stats.submissionsToday, recentContestNum: 0, problemNum: stats.problems, judgesOnline: stats.judgesOnline };
}

/**
 * POST /ojapi/admin/dashboard/get-sessions: the signed-in user's previous sign-in (the one
 * before the current, else the current), as HOJ's dashboard shows it under "Last login". The
 * session's id is its secret and is never answered.
 */
export async function previousSignIn(uid: string) {
  const recent = await Session.find({ uid }).sort({ createdAt: -1 }).limit(2).select("uid ip userAgent createdAt lastSeenAt").lean();
  const s = recent[1] ?? recent[0];
  if (!s) return null;
  return { uid: s.uid, ip: s.ip, userAgent: s.userAgent, gmtCreate: s.createdAt, gmtModified: s.lastSeenAt };
}
