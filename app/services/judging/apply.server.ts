import { JudgeStatus } from "~/lib/constants";
import { CounterJournal } from "~/models/counter-journal.server";
import { FirstAc, firstAcKey } from "~/models/first-ac.server";
import { Problem, STATUS_COUNTER } from "~/models/problem.server";
import { Submission } from "~/models/submission.server";
import { User } from "~/models/user.server";
import { bankCountedQuery, countsInBank, keptRankingOf, solvedListQuery } from "../access/policy.server";
import {
  applyEvents,
  COUNTER_FIELDS,
  effectsOf,
  JUDGE_STATE_FIELDS,
  PROBLEM_FACT_FIELDS,
  problemFacts,
  RUNNING,
  touchesCounters,
  type CounterField,
  type JudgeEvent,
  type JudgeState,
  type ProblemFacts,
} from "./rules.server";
import { logger } from "../platform/logger.server";
import { redis, rkey } from "../platform/redis.server";
import { withLocks } from "../platform/redis-lock.server";
import { isFerretDb } from "../platform/store.server";
import { publishStatus } from "../submission/status.server";
import { submissionWritten } from "../submission/user-problem-status.server";
import { updateParticipant } from "../contest/board.server";
import { groupVerdictApplied } from "../group/rank.server";
import { trainingVerdictApplied } from "../training/rank.server";
import { carryDayChange, recomputeUserDays } from "../stats/user-days.server";

// Writing judging changes of one submission to the database. Every change (judge message, rejudge,
// cancel, manual judgement, the sweeper) comes through `applyJudgeEvents`, which takes the stored
// state, lets the pure rules (judge-rules.server.ts) compute the next one, and writes it with a
// compare-and-set on `rev`, holding the submission's lock: whichever web process applies a message,
// writes to one submission happen one after the other.
//
// A change that moves the counters (a new verdict, cancel, manual judgement) happens in this order,
// also holding locks on the problem and the user (so a recomputation never interleaves with an
// increment):
//   1. a journal entry for the submission (judge_counter_journal): a change is in progress;
//   2. the submission: verdict, `countedStatus`, `countersApplied = attempt`;
//   3. the problem counters ($inc), the user's submitCount, solved list and OI score, first AC;
//   4. the journal entry is removed (entries of finished changes are removed together a moment
//      later, one write for many; a change of the same submission meanwhile takes the entry over).
// A crash in between leaves the entry behind. The next change of that submission finds it (its own
// entry cannot be written) and the repair pass lists such entries; either then recomputes the
// problem's counters, the user's counters and the first-AC record exactly from the submissions
// instead of incrementing. The journal is a small collection of its own: on FerretDB a write of a
// submission costs tens of milliseconds (and, with any condition besides _id, time in proportion
// to the number of submissions), so the mark costs no second write of the submission.

const NO_FACTS: ProblemFacts = { type: 0, difficulty: 0, fullScore: 0 };
/**
 * Judging locks are renewed while their holder writes, however slow the store (on FerretDB they are
 * what keeps two writers of one submission apart); those of a web process that died, or lost Redis
 * while holding them, are free again after 15 s.
 */
const LOCK_OPTIONS = { ttlMs: 15_000, waitMs: 60_000 };
const MAX_CAS_RETRIES = 50;

export interface ApplyOutcome {
  /** False when no such submission exists. */
  found: boolean;
  /** True when the submission was written. */
  changed: boolean;
  /** The state after applying (null when not found). */
  state: JudgeState | null;
}

function normalise(doc: JudgeState): JudgeState {
  return {
    ...doc,
    gid: doc.gid ?? null,
    score: doc.score ?? 0,
    time: doc.time ?? 0,
    memory: doc.memory ?? 0,
    errorMessage: doc.errorMessage ?? "",
    judger: doc.judger ?? "",
    oiRankScore: doc.oiRankScore ?? 0,
    isManual: doc.isManual ?? false,
    attempt: doc.attempt ?? 1,
    countedStatus: doc.countedStatus ?? null,
    countersApplied: doc.countersApplied ?? 0,
    caseResults: doc.caseResults ?? [],
    rev: doc.rev ?? 0,
    requeues: doc.requeues ?? 0,
  };
}

export async function readJudgeState(submitId: number): Promise<JudgeState | null> {
  const doc = await Submission.findById(submitId).select(JUDGE_STATE_FIELDS).lean<JudgeState>();
  if (!doc) return null;
  rememberKey(doc);
  return normalise(doc);
}

// Problem and user of a submission never change: known once, they name its locks without a read
// (on FerretDB a read of a recent submission costs in proportion to the number of submissions).
type SubmissionKey = Pick<JudgeState, "_id" | "pid" | "uid" | "cid"> & { tid?: number; gid?: number | null };
const keys = new Map<number, SubmissionKey>();

function rememberKey(s: SubmissionKey): void {
  if (keys.size >= 50_000) keys.delete(keys.keys().next().value as number);
  keys.set(s._id, { _id: s._id, pid: s.pid, uid: s.uid, cid: s.cid, tid: s.tid ?? 0, gid: s.gid ?? null });
}

async function submissionKey(submitId: number): Promise<SubmissionKey | null> {
  const known = keys.get(submitId);
  if (known) return known;
  const doc = await Submission.findById(submitId).select("_id pid uid cid tid gid").lean<SubmissionKey>();
  if (doc) rememberKey(doc);
  return doc;
}

const factsCache = new Map<number, { at: number; facts: ProblemFacts }>();
/** Problem type, difficulty and full score change rarely: a few seconds of caching spares a read per verdict. */
const FACTS_TTL_MS = 5000;

export async function loadProblemFacts(pid: number): Promise<ProblemFacts> {
  const hit = factsCache.get(pid);
  if (hit && Date.now() - hit.at < FACTS_TTL_MS) return hit.facts;
  const p = await Problem.findById(pid).select(PROBLEM_FACT_FIELDS).lean();
  const facts = p ? problemFacts(p) : NO_FACTS;
  if (factsCache.size > 10_000) factsCache.clear();
  factsCache.set(pid, { at: Date.now(), facts });
  return facts;
}

/**
 * Compare-and-set of the judging fields; false when another writer got there first. On FerretDB
 * the filter is the id alone: its conditional updates are not atomic anyway (the submission's lock
 * is what keeps writers apart), and any condition besides _id makes it examine every submission
 * (at a thousand submissions, 400 ms instead of 20).
 */
async function compareAndSet(s: JudgeState, set: Partial<JudgeState>): Promise<boolean> {
  const ferret = await isFerretDb();
  // Announced before the write: a writer that dies in between leaves a revision nobody holds.
  if (ferret) await announceRev(s._id, s.rev + 1);
  const filter = ferret ? { _id: s._id } : { _id: s._id, rev: s.rev === 0 ? { $in: [0, null] } : s.rev };
  const res = await Submission.updateOne(filter, { $set: set, $inc: { rev: 1 } });
  return res.matchedCount === 1;
}

// On FerretDB a read of a recent submission by its numeric id examines the whole table (1.24's
// SQLite store pushes down only string and ObjectId ids): at 600 submissions ~0.5 s. So each web
// process keeps the last state it wrote or read of submissions still being judged, and uses it
// instead of reading when it is provably current: every writer (holding the submission's lock)
// first announces in Redis the revision it is about to write, so a kept state whose revision is
// the announced one was written by nobody else since. On MongoDB the stored state is read.
const stateCache = new Map<number, JudgeState>();
const STATE_CACHE_SIZE = 5000;
const REV_KEY = "judge:rev";
const REV_TTL_S = 24 * 3600;

function announceRev(submitId: number, rev: number): Promise<unknown> {
  return redis().set(rkey(REV_KEY, submitId), String(rev), "EX", REV_TTL_S);
}

function keepState(s: JudgeState): void {
  stateCache.delete(s._id);
  if (!RUNNING.has(s.status)) return;
  stateCache.set(s._id, s);
  if (stateCache.size > STATE_CACHE_SIZE) stateCache.delete(stateCache.keys().next().value as number);
}

/** The state of a submission, held under its lock: the kept one if provably current, else read. */
async function currentState(submitId: number): Promise<JudgeState | null> {
  if (!(await isFerretDb())) return readJudgeState(submitId);
  const kept = stateCache.get(submitId);
  if (kept) {
    const announced = await redis().get(rkey(REV_KEY, submitId));
    if (announced !== null && Number(announced) === kept.rev) return kept;
  }
  const s = await readJudgeState(submitId);
  if (s) {
    await announceRev(submitId, s.rev);
    keepState(s);
  } else {
    stateCache.delete(submitId);
  }
  return s;
}

/** A submission just stored by createSubmission in this process (before its task is queued). */
export async function rememberNewSubmission(doc: JudgeState): Promise<void> {
  const s = normalise(doc);
  rememberKey(s);
  try {
    if (await isFerretDb()) {
      await announceRev(s._id, s.rev);
      keepState(s);
    }
  } catch {
    // Only a saving: without it the first result reads the submission.
  }
}

function submissionLock(submitId: number): string {
  return `judge-sub:${submitId}`;
}

function counterLocks(s: Pick<JudgeState, "_id" | "pid" | "uid">): string[] {
  return [`judge-counters:p:${s.pid}`, `judge-counters:u:${s.uid}`, submissionLock(s._id)];
}

/**
 * Applies events, in order, to one submission. Every write holds the submission's lock; anything
 * that can move counters also holds the problem's and the user's. The compare-and-set on `rev`
 * alone would be enough on MongoDB, but FerretDB (1.24, SQLite) does not make a conditional update
 * atomic against a concurrent one, so writers to one document are kept apart by the locks.
 */
export async function applyJudgeEvents(submitId: number, events: JudgeEvent[], now = () => new Date()): Promise<ApplyOutcome> {
  if (!events.some(touchesCounters)) {
    return withLocks([submissionLock(submitId)], async () => {
      for (let i = 0; i < MAX_CAS_RETRIES; i++) {
        const s = await currentState(submitId);
        if (!s) return { found: false, changed: false, state: null };
        const u = applyEvents(s, events, NO_FACTS, now());
        if (!u) return { found: true, changed: false, state: s };
        if (await compareAndSet(s, u.submissionUpdate)) {
          const after = { ...u.next, rev: s.rev + 1 };
          keepState(after);
          publishStatus(after);
          await submissionWritten(s, after);
          return { found: true, changed: true, state: after };
        }
        stateCache.delete(submitId);
      }
      throw new Error(`submission ${submitId}: too many concurrent writes`);
    }, LOCK_OPTIONS);
  }

  const key = await submissionKey(submitId);
  if (!key) return { found: false, changed: false, state: null };
  const facts = await loadProblemFacts(key.pid);
  const outcome = await applyCounted(key, submitId, events, facts, now);
  // The kept ranking the submission belongs to (a contest's board, a training's rank): the
  // author's rows, recomputed from their submissions (so a result delivered again changes
  // nothing), after every change that can move a verdict.
  const ranking = outcome.found ? keptRankingOf(key) : null;
  if (ranking?.kind === "contest") await updateParticipant(ranking.cid, key.uid);
  else if (ranking?.kind === "training") await trainingVerdictApplied(ranking.tid, key.uid);
  // And its group's rank, when it was made in a group (its problems, trainings or contests).
  if (outcome.found) await groupVerdictApplied(key);
  return outcome;
}

function applyCounted(key: SubmissionKey, submitId: number, events: JudgeEvent[], facts: ProblemFacts, now: () => Date): Promise<ApplyOutcome> {
  return withLocks(counterLocks(key), async () => {
    // Whether this call wrote the journal entry, and whether one was there already.
    let journaled = false;
    let interrupted = false;
    for (let i = 0; i < MAX_CAS_RETRIES; i++) {
      // Taken under the locks: the state may have changed while waiting for them.
      const cur = await currentState(submitId);
      if (!cur) {
        if (journaled) finishCounterChange(submitId);
        return { found: false, changed: false, state: null };
      }
      const u = applyEvents(cur, events, facts, now());
      if (!u) {
        if (journaled ? interrupted : !finishedEntries.has(submitId) && (await CounterJournal.exists({ _id: submitId }))) {
          // E.g. a verdict delivered again after a crash: finish what that crash left.
          await settleCounters(cur, cur, true);
        } else if (journaled) {
          // Another writer got there first and nothing is left to change.
          finishCounterChange(submitId);
        }
        return { found: true, changed: false, state: cur };
      }
      const set = { ...u.submissionUpdate };
      if (u.countersDirty) {
        if (!journaled) {
          interrupted = !(await beginCounterChange(cur));
          journaled = true;
        }
        set.countersApplied = u.next.attempt;
      }
      if (!(await compareAndSet(cur, set))) {
        stateCache.delete(submitId);
        continue;
      }
      const after = { ...u.next, ...set, rev: cur.rev + 1 };
      keepState(after);
      publishStatus(after);
      await submissionWritten(cur, after);
      if (journaled) await settleCounters(cur, after, interrupted);
      return { found: true, changed: true, state: after };
    }
    throw new Error(`submission ${submitId}: too many concurrent writes`);
  }, LOCK_OPTIONS);
}

/** Journal entries of finished changes, removed together by `flushFinishedCounterChanges`. */
const finishedEntries = new Set<number>();
const FINISHED_FLUSH_MS = 200;
const FINISHED_FLUSH_MAX = 100;
let finishedTimer: NodeJS.Timeout | null = null;
let finishedFlushing: Promise<void> = Promise.resolve();

/** Step 4: the change is complete; its entry goes with the next removal. */
function finishCounterChange(submitId: number): void {
  finishedEntries.add(submitId);
  if (finishedEntries.size >= FINISHED_FLUSH_MAX) void flushFinishedCounterChanges();
  else finishedTimer ??= setTimeout(() => void flushFinishedCounterChanges(), FINISHED_FLUSH_MS);
}

/**
 * Removes the journal entries of finished changes. One that cannot be removed stays for the
 * repair pass, which recomputes its counters: exact, so harmless.
 */
export async function flushFinishedCounterChanges(): Promise<void> {
  if (finishedTimer) clearTimeout(finishedTimer);
  finishedTimer = null;
  const ids = [...finishedEntries];
  finishedEntries.clear();
  if (ids.length === 0) return finishedFlushing;
  const run = finishedFlushing.then(async () => {
    try {
      await CounterJournal.deleteMany({ _id: { $in: ids } });
    } catch (err) {
      logger.warn({ err, count: ids.length }, "finished counter changes left to the repair pass");
    }
  });
  finishedFlushing = run;
  return run;
}

/** Step 1: the journal entry. False when one is there already (an earlier change was interrupted). */
async function beginCounterChange(s: JudgeState): Promise<boolean> {
  // The entry of a finished change not yet removed: this change takes it over.
  if (finishedEntries.delete(s._id)) return true;
  try {
    await CounterJournal.create({ _id: s._id, pid: s.pid, uid: s.uid, cid: s.cid, attempt: s.attempt, at: new Date() });
    return true;
  } catch (err) {
    if ((err as { code?: number }).code === 11000) return false;
    throw err;
  }
}

/**
 * Steps 3 and 4, holding the locks: the counters move from what `before` counted to what `after`
 * counts, or, when an earlier change was interrupted, everything is recomputed.
 */
async function settleCounters(before: JudgeState, after: JudgeState, recompute: boolean): Promise<void> {
  if (recompute) await recomputeAround(after);
  else await carryCounterChanges(before, after);
  finishCounterChange(after._id);
}

async function recomputeAround(s: Pick<JudgeState, "cid" | "uid" | "pid">): Promise<void> {
  if (countsInBank(s)) {
    await recomputeProblemCounters(s.pid);
    await recomputeUserCounters(s.uid);
  }
  await recomputeFirstAc(s.cid, s.uid, s.pid);
}

/** Step 3 by increments: what changes when the submission's counted status goes from before to after. */
async function carryCounterChanges(before: JudgeState, after: JudgeState): Promise<void> {
  const e = effectsOf(before, after);
  if (Object.keys(e.problemCounters).length > 0) {
    await Problem.updateOne({ _id: after.pid }, { $inc: e.problemCounters });
  }
  // The user's counts in one write where it can be: submissions, accepted submissions.
  const userInc: Record<string, number> = {};
  if (e.submitCount !== 0) userInc.submitCount = e.submitCount;
  if (e.bankAc) userInc.acSubmitCount = e.bankAc === "add" ? 1 : -1;
  if (e.solved === "add") {
    // Already solved: one write (the counts); newly solved: a second one adds it to the list.
    const known = await User.updateOne({ _id: after.uid, solvedPids: after.pid }, { $inc: userInc });
    if (known.matchedCount === 0) {
      await User.updateOne(
        { _id: after.uid, solvedPids: { $ne: after.pid } },
        { $push: { solvedPids: after.pid }, $inc: { ...userInc, acCount: 1 } },
      );
    }
  } else if (Object.keys(userInc).length > 0) {
    await User.updateOne({ _id: after.uid }, { $inc: userInc });
  }
  if (e.solved === "remove") {
    const other = await Submission.exists({
      uid: after.uid,
      pid: after.pid,
      ...solvedListQuery(),
      countedStatus: JudgeStatus.ACCEPTED,
      _id: { $ne: after._id },
    });
    if (!other) {
      await User.updateOne({ _id: after.uid, solvedPids: after.pid }, { $pull: { solvedPids: after.pid }, $inc: { acCount: -1 } });
    }
  }
  await carryDayChange({ uid: after.uid, pid: after.pid, submitId: after._id, submitTime: after.submitTime, submits: e.submitCount, ac: e.bankAc });
  if (e.oiScore) await User.updateOne({ _id: after.uid }, { $set: { oiScore: await computeOiScore(after.uid) } });
  if (e.firstAc === "offer") await offerFirstAc(after);
  else if (e.firstAc === "withdraw") await recomputeFirstAc(after.cid, after.uid, after.pid);
}

/** The problem's counters, exactly, from its submissions outside contests (portable $group). */
export async function recomputeProblemCounters(pid: number): Promise<Record<CounterField, number>> {
  const rows = await Submission.aggregate<{ _id: number | null; n: number }>([
    { $match: { pid, ...bankCountedQuery() } },
    { $group: { _id: "$countedStatus", n: { $sum: 1 } } },
  ]);
  const counts = Object.fromEntries(COUNTER_FIELDS.map((f) => [f, 0])) as Record<CounterField, number>;
  for (const row of rows) {
    if (row._id === null || row._id === undefined) continue;
    counts.total += row.n;
    const field = STATUS_COUNTER[row._id] as CounterField | undefined;
    if (field) counts[field] += row.n;
  }
  await Problem.updateOne({ _id: pid }, { $set: counts });
  return counts;
}

/** The user's OI rank score: the best OI rank score per problem, summed. */
export async function computeOiScore(uid: string): Promise<number> {
  // FerretDB's $group has no $max: the per-problem maximum is taken here.
  const rows = await Submission.find(
    { uid, ...solvedListQuery(), countedStatus: { $ne: null }, oiRankScore: { $gt: 0 } },
    { pid: 1, oiRankScore: 1 },
  ).lean<Array<{ pid: number; oiRankScore: number }>>();
  const best = new Map<number, number>();
  for (const r of rows) best.set(r.pid, Math.max(best.get(r.pid) ?? 0, r.oiRankScore));
  let sum = 0;
  for (const v of best.values()) sum += v;
  return sum;
}

/** The user's submitCount, solved list, acCount, accepted submissions, OI score and day counters, exactly, from their submissions. */
export async function recomputeUserCounters(uid: string): Promise<void> {
  const submitCount = await Submission.countDocuments({ uid, ...bankCountedQuery(), countedStatus: { $ne: null } });
  const acSubmitCount = await Submission.countDocuments({ uid, ...bankCountedQuery(), countedStatus: JudgeStatus.ACCEPTED });
  const solved = (await Submission.distinct("pid", { uid, ...solvedListQuery(), countedStatus: JudgeStatus.ACCEPTED })) as number[];
  solved.sort((a, b) => a - b);
  const oiScore = await computeOiScore(uid);
  await User.updateOne({ _id: uid }, { $set: { submitCount, acSubmitCount, solvedPids: solved, acCount: solved.length, oiScore } });
  await recomputeUserDays(uid);
}

/** The first-AC record of (contest, user, problem): the earliest accepted submission, or none. */
export async function recomputeFirstAc(cid: number, uid: string, pid: number): Promise<void> {
  const key = firstAcKey(cid, uid, pid);
  const earliest = await Submission.find({ uid, pid, cid, countedStatus: JudgeStatus.ACCEPTED })
    .sort({ submitTime: 1, _id: 1 })
    .limit(1)
    .select("_id submitTime")
    .lean<Array<{ _id: number; submitTime: Date }>>();
  if (earliest.length === 0) {
    await FirstAc.deleteOne({ _id: key });
    return;
  }
  await FirstAc.updateOne(
    { _id: key },
    { $set: { cid, uid, pid, submitId: earliest[0]._id, time: earliest[0].submitTime } },
    { upsert: true },
  );
}

/** Records an accepted submission as the first AC unless an earlier one is recorded: one write. */
async function offerFirstAc(s: JudgeState): Promise<void> {
  const key = firstAcKey(s.cid, s.uid, s.pid);
  try {
    // Matches nothing when an earlier (or this) submission is recorded: the insert then hits the key.
    await FirstAc.updateOne(
      { _id: key, time: { $gt: s.submitTime } },
      { $set: { cid: s.cid, uid: s.uid, pid: s.pid, submitId: s._id, time: s.submitTime } },
      { upsert: true },
    );
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
  }
}

/** Submissions whose counter changes were interrupted at least `olderThanMs` ago. */
export async function findInterruptedCounterChanges(olderThanMs: number, limit = 200): Promise<number[]> {
  const rows = await CounterJournal.find({ at: { $lt: new Date(Date.now() - olderThanMs) } })
    .select("_id")
    .limit(limit)
    .lean<Array<{ _id: number }>>();
  return rows.map((r) => r._id);
}

/** Finishes one interrupted counter change by recomputing; returns whether its entry is gone. */
export async function repairCounterChange(submitId: number): Promise<boolean> {
  const entry = await CounterJournal.findById(submitId).lean();
  if (!entry) return true;
  const locks = [`judge-counters:p:${entry.pid}`, `judge-counters:u:${entry.uid}`, submissionLock(submitId)];
  return withLocks(locks, async () => {
    if (!(await CounterJournal.exists({ _id: submitId }))) return true;
    await recomputeAround(entry);
    await CounterJournal.deleteOne({ _id: submitId });
    return true;
  }, LOCK_OPTIONS);
}

/**
 * The repair pass: finishes interrupted counter changes (recomputing exactly), a page at a time,
 * until none is left or a page makes no progress.
 */
export async function repairInterruptedCounterChanges(olderThanMs: number, maxPages = 50): Promise<number> {
  let repaired = 0;
  for (let page = 0; page < maxPages; page++) {
    const ids = await findInterruptedCounterChanges(olderThanMs);
    let progress = 0;
    for (const id of ids) if (await repairCounterChange(id)) progress++;
    repaired += progress;
    if (ids.length < 200 || progress === 0) break;
  }
  return repaired;
}

/**
 * Users stored before the accepted-submission and per-day counters were kept get all their counters
 * computed once from their submissions (started in the background at each start; a user done has
 * the field, so a later start finds nobody). Holds the user's counter lock, as the applier does.
 */
export async function backfillKeptUserCounters(): Promise<number> {
  let done = 0;
  const tried = new Set<string>();
  for (;;) {
    const rows = await User.find({ acSubmitCount: { $exists: false }, _id: { $nin: [...tried] } })
      .select("_id")
      .limit(100)
      .lean<Array<{ _id: string }>>();
    if (rows.length === 0) return done;
    for (const r of rows) {
      tried.add(r._id);
      await withLocks([`judge-counters:u:${r._id}`], () => recomputeUserCounters(r._id), LOCK_OPTIONS);
      done++;
    }
  }
}
