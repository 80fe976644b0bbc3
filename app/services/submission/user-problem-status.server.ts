import { randomBytes } from "node:crypto";
import { JudgeStatus } from "~/lib/constants";
import { Submission } from "~/models/submission.server";
import { bankCountedQuery, countsInBank, type ScopeIds } from "../access/policy.server";
import { scopeForRequest } from "../group/scope.server";
import { logger } from "../platform/logger.server";
import { singleFlight } from "../platform/query-cache.server";
import { redis, rkey } from "../platform/redis.server";

// The signed-in user's status on each problem of a page (HOJ's get-user-problem-status): accepted
// wins, otherwise the latest submission's status. It is asked for on every problem list and problem
// page a signed-in user loads, and read from the submissions it costs every one of the user's
// submissions on FerretDB (which cannot push the pid list down), so each web process keeps the
// answers it has computed, per user, until that user's submissions change.
//
// Every change of a user's submissions (a new one, each judging write) stores a new random
// version for the user in Redis after the write; kept answers carry the version they were computed
// under and are used only while it is still the user's version. Versions are random rather than
// counted, so one that expired and came back can never match an old answer. Redis being down only
// costs the keeping: the answer is read from the submissions.

export interface UserProblemStatus {
  /** 0 accepted, -10 never submitted, else the latest submission's status. */
  status: number;
  score: number | null;
}

const VERSION_TTL_S = 7 * 24 * 3600;
/** Users whose answers a process keeps, and how long at most (a safety net for writes made around the site). */
const KEPT_USERS = 5000;
const KEPT_MS = 10 * 60_000;

interface Kept {
  version: string;
  at: number;
  statuses: Map<number, UserProblemStatus>;
}
const keptByUser = new Map<string, Kept>();

function versionKey(uid: string): string {
  return rkey("user-problem-status", uid);
}

/** Called after any write that can change a user's status on a problem (awaited: the next page must see it). */
export async function userSubmissionsChanged(uid: string): Promise<void> {
  keptByUser.delete(uid);
  try {
    await redis().set(versionKey(uid), randomBytes(9).toString("base64url"), "EX", VERSION_TTL_S);
  } catch (err) {
    logger.warn({ err, uid }, "could not mark a user's problem statuses changed");
  }
}

type StatusFields = { uid: string; cid: number; gid?: number | null; status: number; score?: number | null };

/**
 * Called after a submission is stored (`before` null) or its judging fields are written: marks the
 * user's statuses changed when the write can change them (a submission outside contests whose
 * status or score moved; a case result alone moves neither).
 */
export async function submissionWritten(before: StatusFields | null, after: StatusFields): Promise<void> {
  if (!countsInBank(after)) return;
  if (before && before.status === after.status && (before.score ?? null) === (after.score ?? null)) return;
  await userSubmissionsChanged(after.uid);
}

async function readStatuses(uid: string, pids: readonly number[]): Promise<Map<number, UserProblemStatus>> {
  const out = new Map<number, UserProblemStatus>();
  if (pids.length === 0) return out;
  const subs = await Submission.find({ uid, pid: { $in: pids }, ...bankCountedQuery() })
    .sort({ _id: -1 })
    .select("pid status score")
    .lean<Array<{ pid: number; status: number; score: number }>>();
  for (const s of subs) {
    const seen = out.get(s.pid);
    if (s.status === JudgeStatus.ACCEPTED) {
      if (!seen || seen.status !== JudgeStatus.ACCEPTED) out.set(s.pid, { status: JudgeStatus.ACCEPTED, score: s.score ?? null });
    } else if (!seen) {
      out.set(s.pid, { status: s.status, score: s.score ?? null });
    }
  }
  for (const pid of pids) if (!out.has(pid)) out.set(pid, { status: JudgeStatus.NOT_SUBMITTED, score: null });
  return out;
}

export async function userProblemStatus(uid: string, pids: readonly number[]): Promise<Map<number, UserProblemStatus>> {
  const wanted = [...new Set(pids.filter((p) => Number.isInteger(p)))];
  if (wanted.length === 0) return new Map();
  let version: string;
  try {
    version = (await redis().get(versionKey(uid))) ?? "-";
  } catch (err) {
    logger.warn({ err, uid }, "problem statuses read without keeping");
    return readStatuses(uid, wanted);
  }
  const found = keptByUser.get(uid);
  const usable = found && found.version === version && Date.now() - found.at <= KEPT_MS;
  const kept: Kept = usable ? found : { version, at: Date.now(), statuses: new Map() };
  if (!usable) {
    keptByUser.delete(uid);
    keptByUser.set(uid, kept);
    if (keptByUser.size > KEPT_USERS) keptByUser.delete(keptByUser.keys().next().value as string);
  }
  const missing = wanted.filter((pid) => !kept.statuses.has(pid));
  if (missing.length > 0) {
    // The same page asked for by several requests at once is read once.
    const read = await singleFlight(`user-problem-status:${uid}:${version}:${missing.join(",")}`, () => readStatuses(uid, missing));
    for (const [pid, s] of read) kept.statuses.set(pid, s);
  }
  return new Map(wanted.map((pid) => [pid, kept.statuses.get(pid) as UserProblemStatus]));
}

/** The statuses of problems of a list in a scope (the bank's; others once they are built). */
export async function problemStatusesIn(user: { _id: string; role: number }, ids: ScopeIds, pids: readonly number[]): Promise<Map<number, UserProblemStatus>> {
  // A group's list: its members only (the group's refusal for the others).
  await scopeForRequest(ids, user);
  return userProblemStatus(user._id, pids);
}
