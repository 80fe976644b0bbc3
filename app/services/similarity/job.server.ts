import { randomBytes } from "node:crypto";
import { FINAL_STATUSES, JudgeStatus } from "~/lib/constants";
import { reserveSeq } from "~/models/counter.server";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { SimilarityCheck, SimilarityPair, type PairSide, type SimilarityCheckDoc, type SimilarityPairDoc } from "~/models/similarity.server";
import { Submission } from "~/models/submission.server";
import { logger } from "../platform/logger.server";
import { redis, rkey } from "../platform/redis.server";
import { codeTemplates } from "../problem/problems.server";
import { Comparer, comparisonLanguage, type ComparedPair } from "./dolos.server";
import type { SimilarityPlace } from "./places.server";

// The background job of a similarity check: the programs of the place (per participant and
// problem the latest accepted one, or every final one), grouped by problem and language family,
// each group compared pairwise in a worker thread with the problem's code template left out; the
// most similar pairs are kept with their fragments. One check runs per place at a time across web
// processes (a Redis key renewed while it runs); the check's heartbeat tells a page when a job
// died with its process.

/** Pairs kept per group of programs, most similar first. */
export const KEEP_PAIRS = 300;
/** Pairs below this similarity are not worth a teacher's look. */
export const MIN_SIMILARITY = 0.1;
const JOB_TTL_MS = 60_000;
/** A running check whose heartbeat is older than this was interrupted. */
export const HEARTBEAT_STALE_MS = 3 * JOB_TTL_MS;

const RENEW = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/** Verdicts of a judged program (not a judging that failed or was cancelled). */
const JUDGED = new Set([...FINAL_STATUSES].filter((s) => s !== JudgeStatus.CANCELLED && s !== JudgeStatus.SYSTEM_ERROR && s !== JudgeStatus.SUBMITTED_FAILED));

type Program = { _id: number; pid: number; uid: string; username: string; language: string; code: string };

function jobKey(place: Pick<SimilarityPlace, "kind" | "id">): string {
  return rkey("similarity-job", `${place.kind}:${place.id}`);
}

/** Whether a check of the place is running now (in any web process). */
export async function checkRunning(place: Pick<SimilarityPlace, "kind" | "id">): Promise<boolean> {
  return (await redis().exists(jobKey(place))) === 1;
}

/** Takes the place's job key; false when a check of it runs already. */
export async function claimPlace(place: Pick<SimilarityPlace, "kind" | "id">): Promise<{ token: string } | null> {
  const token = randomBytes(12).toString("hex");
  return (await redis().set(jobKey(place), token, "PX", JOB_TTL_MS, "NX")) === "OK" ? { token } : null;
}

/** Gives the place's job key back (a check that could not be stored). */
export async function releasePlace(place: Pick<SimilarityPlace, "kind" | "id">, claim: { token: string }): Promise<void> {
  await redis().eval(RELEASE, 1, jobKey(place), claim.token);
}

/** The programs a check compares: latest accepted per participant and problem, or every judged one. */
async function programsOf(place: SimilarityPlace, check: Pick<SimilarityCheckDoc, "pid" | "mode">): Promise<Program[]> {
  const pids = check.pid === null ? place.problems.map((p) => p.pid) : [check.pid];
  const status = check.mode === "accepted" ? JudgeStatus.ACCEPTED : { $in: [...JUDGED] };
  const rows = await Submission.find({ ...place.submissions, pid: { $in: pids }, status })
    .select("_id pid uid username language code")
    .sort({ _id: -1 })
    .lean<Program[]>();
  if (check.mode === "final") return rows;
  const seen = new Set<string>();
  return rows.filter((s) => {
    const key = `${s.uid}:${s.pid}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The code the programs of a family started from: the problem's templates of those languages. */
function templateOf(problem: Pick<ProblemDoc, "codeTemplates"> | undefined, languages: Set<string>): string | null {
  if (!problem) return null;
  const texts = [...new Set(Object.values(codeTemplates(problem, [...languages])).filter((t) => t.trim()))];
  return texts.length ? texts.join("\n") : null;
}

function lineCount(code: string): number {
  return code.split("\n").length;
}

function pairDoc(id: number, checkId: number, pid: number, displayId: string, family: string, p: ComparedPair, byId: Map<number, Program>): SimilarityPairDoc {
  const side = (sid: number): PairSide => {
    const s = byId.get(sid)!;
    return { sid, uid: s.uid, username: s.username, language: s.language, lines: lineCount(s.code) };
  };
  const longestFragment = p.fragments.reduce<ComparedPair["fragments"][number] | null>((best, f) => (!best || f.kgrams > best.kgrams ? f : best), null);
  // The earlier submission on the left: who came first reads more naturally.
  const swap = p.left > p.right;
  const fragments = p.fragments.map((f) => (swap ? { ls: f.rs, lc: f.rc, le: f.re, lec: f.rec, rs: f.ls, rc: f.lc, re: f.le, rec: f.lec, kgrams: f.kgrams } : f));
  return {
    _id: id,
    checkId,
    pid,
    displayId,
    family,
    similarity: p.similarity,
    longest: p.longest,
    longestLines: longestFragment ? longestFragment.le - longestFragment.ls + 1 : 0,
    left: side(swap ? p.right : p.left),
    right: side(swap ? p.left : p.right),
    fragments,
  };
}

async function runGroups(check: SimilarityCheckDoc, place: SimilarityPlace, comparer: Comparer): Promise<void> {
  const programs = await programsOf(place, check);
  const groups = new Map<string, Program[]>();
  for (const s of programs) {
    const key = `${s.pid}\u0000${comparisonLanguage(s.language)}`;
    const list = groups.get(key);
    if (list) list.push(s);
    else groups.set(key, [s]);
  }
  // A group needs two authors to hold a pair worth reporting.
  const work = [...groups.entries()].filter(([, list]) => new Set(list.map((s) => s.uid)).size >= 2);
  const problems = await Problem.find({ _id: { $in: [...new Set(programs.map((s) => s.pid))] } })
    .select("_id codeTemplates")
    .lean<Array<Pick<ProblemDoc, "_id" | "codeTemplates">>>();
  const problemById = new Map(problems.map((p) => [p._id, p]));
  const displayIdOf = new Map(place.problems.map((p) => [p.pid, p.displayId]));
  await SimilarityCheck.updateOne({ _id: check._id }, { $set: { groups: work.length, files: programs.length, heartbeatAt: new Date() } });
  for (const [key, list] of work) {
    const [pidText, family] = key.split("\u0000");
    const pid = Number(pidText);
    const byId = new Map(list.map((s) => [s._id, s]));
    const result = await comparer.compare({
      language: family,
      files: list.map((s) => ({ key: s._id, owner: s.uid, code: s.code })),
      template: templateOf(problemById.get(pid), new Set(list.map((s) => s.language))),
      keepPairs: KEEP_PAIRS,
      minSimilarity: MIN_SIMILARITY,
    });
    if (result.pairs.length) {
      const first = await reserveSeq("similarity_pair", result.pairs.length);
      await SimilarityPair.insertMany(
        result.pairs.map((p, i) => pairDoc(first + i, check._id, pid, displayIdOf.get(pid) ?? String(pid), family, p, byId)),
        { ordered: false },
      );
    }
    await SimilarityCheck.updateOne(
      { _id: check._id },
      { $inc: { groupsDone: 1, compared: result.compared, kept: result.pairs.length }, $set: { heartbeatAt: new Date() } },
    );
  }
}

const running = new Map<number, Promise<void>>();

/**
 * Runs a queued check in the background, holding the place's job key (claimed by the caller); the
 * check ends done, or failed with a translated reason.
 */
export function runCheckInBackground(check: SimilarityCheckDoc, place: SimilarityPlace, claim: { token: string }): void {
  const key = jobKey(place);
  const renew = setInterval(() => {
    void redis().eval(RENEW, 1, key, claim.token, String(JOB_TTL_MS)).catch(() => undefined);
    void SimilarityCheck.updateOne({ _id: check._id, status: "running" }, { $set: { heartbeatAt: new Date() } }).catch(() => undefined);
  }, JOB_TTL_MS / 4);
  const job = (async () => {
    const comparer = new Comparer();
    try {
      await SimilarityCheck.updateOne({ _id: check._id }, { $set: { status: "running", startedAt: new Date(), heartbeatAt: new Date() } });
      await runGroups(check, place, comparer);
      await SimilarityCheck.updateOne({ _id: check._id }, { $set: { status: "done", finishedAt: new Date(), heartbeatAt: new Date() } });
    } catch (err) {
      logger.error({ err, checkId: check._id }, "a similarity check failed");
      await SimilarityCheck.updateOne({ _id: check._id }, { $set: { status: "failed", error: "similarity:failed", finishedAt: new Date() } }).catch(() => undefined);
    } finally {
      clearInterval(renew);
      await comparer.close().catch(() => undefined);
      await redis().eval(RELEASE, 1, key, claim.token).catch(() => undefined);
      running.delete(check._id);
    }
  })();
  running.set(check._id, job);
}

/** The job this process runs for a check, if any (tests wait for it). */
export function runningCheck(checkId: number): Promise<void> | undefined {
  return running.get(checkId);
}
