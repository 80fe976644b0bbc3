import { JudgeStatus } from "~/lib/constants";
import { FirstAc, firstAcKey } from "~/models/first-ac.server";
import { Problem, STATUS_COUNTER } from "~/models/problem.server";
import { Submission } from "~/models/submission.server";
import { User } from "~/models/user.server";
import {
  applyEvents,
  COUNTER_FIELDS,
  countsInProblemBank,
  effectsOf,
  JUDGE_STATE_FIELDS,
  problemFacts,
  touchesCounters,
  type CounterField,
  type JudgeEvent,
  type JudgeState,
  type ProblemFacts,
} from "./judge-rules.server";
import { withLocks } from "./redis-lock.server";
import { publishStatus } from "./submission-status.server";

// Writing judging changes of one submission to the database. Every change (judge message, rejudge,
// cancel, manual judgement, the sweeper) comes through `applyJudgeEvents`, which reads the stored
// state, lets the pure rules (judge-rules.server.ts) compute the next one, and writes it with a
// compare-and-set on `rev`, holding the submission's lock: whichever web process applies a message,
// writes to one submission happen one after the other, in the order they were asked for.
//
// Changes that move the counters happen in this order, also holding locks on the problem and the
// user (so a recomputation never interleaves with an increment):
//   1. the submission: verdict, `countedStatus`, and `countersApplied = -1`;
//   2. the problem counters ($inc), the user's submitCount, solved list and OI score, first AC;
//   3. the submission: `countersApplied = attempt`.
// A crash between 1 and 3 leaves -1 behind. Whoever next touches that submission (the same message
// delivered again, another event, or the repair pass) then recomputes the problem's counters, the
// user's counters and the first-AC record exactly from the submissions instead of incrementing.

const NO_FACTS: ProblemFacts = { type: 0, difficulty: 0, fullScore: 0 };
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
  return doc ? normalise(doc) : null;
}

const factsCache = new Map<number, { at: number; facts: ProblemFacts }>();
/** Problem type, difficulty and full score change rarely: a few seconds of caching spares a read per verdict. */
const FACTS_TTL_MS = 5000;

export async function loadProblemFacts(pid: number): Promise<ProblemFacts> {
  const hit = factsCache.get(pid);
  if (hit && Date.now() - hit.at < FACTS_TTL_MS) return hit.facts;
  const p = await Problem.findById(pid).select("type difficulty testCases").lean();
  const facts = p ? problemFacts(p) : NO_FACTS;
  if (factsCache.size > 10_000) factsCache.clear();
  factsCache.set(pid, { at: Date.now(), facts });
  return facts;
}

/** Compare-and-set of the judging fields; false when another writer got there first. */
async function compareAndSet(s: JudgeState, set: Partial<JudgeState>): Promise<boolean> {
  const res = await Submission.updateOne(
    { _id: s._id, rev: s.rev === 0 ? { $in: [0, null] } : s.rev },
    { $set: set, $inc: { rev: 1 } },
  );
  return res.matchedCount === 1;
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
    const quick = await withLocks([submissionLock(submitId)], async (): Promise<ApplyOutcome | null> => {
      let s = await readJudgeState(submitId);
      for (let i = 0; i < MAX_CAS_RETRIES; i++) {
        if (!s) return { found: false, changed: false, state: null };
        // An interrupted counter change is finished first, on the careful path.
        if (s.countersApplied === -1) return null;
        const u = applyEvents(s, events, NO_FACTS, now());
        if (!u) return { found: true, changed: false, state: s };
        if (await compareAndSet(s, u.submissionUpdate)) {
          const after = { ...u.next, rev: s.rev + 1 };
          publishStatus(after);
          return { found: true, changed: true, state: after };
        }
        s = await readJudgeState(submitId);
      }
      throw new Error(`submission ${submitId}: too many concurrent writes`);
    });
    if (quick) return quick;
  }

  const first = await readJudgeState(submitId);
  if (!first) return { found: false, changed: false, state: null };
  const facts = await loadProblemFacts(first.pid);
  return withLocks(counterLocks(first), async () => {
    // The state read before taking the locks serves as the first guess: the compare-and-set
    // tells whether it is still current.
    let cur: JudgeState | null = first;
    for (let i = 0; i < MAX_CAS_RETRIES; i++) {
      if (i > 0) cur = await readJudgeState(submitId);
      if (!cur) return { found: false, changed: false, state: null };
      const u = applyEvents(cur, events, facts, now());
      let after = cur;
      if (u) {
        if (!(await compareAndSet(cur, u.submissionUpdate))) continue;
        after = { ...u.next, rev: cur.rev + 1 };
        publishStatus(after);
      }
      if (after.countersApplied === -1 && (await carryCounterChanges(cur, after))) {
        after = { ...after, countersApplied: after.attempt, rev: after.rev + 1 };
      }
      return { found: true, changed: !!u, state: after };
    }
    throw new Error(`submission ${submitId}: too many concurrent writes`);
  });
}

/**
 * Step 2 and 3 above, holding the locks. `before` is the state read before this change: if it was
 * already marked, an earlier change may be half done, so everything is recomputed.
 */
async function carryCounterChanges(before: JudgeState, after: JudgeState): Promise<boolean> {
  if (before.countersApplied === -1) {
    if (countsInProblemBank(after)) {
      await recomputeProblemCounters(after.pid);
      await recomputeUserCounters(after.uid);
    }
    await recomputeFirstAc(after.cid, after.uid, after.pid);
  } else {
    const e = effectsOf(before, after);
    if (Object.keys(e.problemCounters).length > 0) {
      await Problem.updateOne({ _id: after.pid }, { $inc: e.problemCounters });
    }
    if (e.solved === "add") {
      // Already solved: one write (the count); newly solved: a second one adds it to the list.
      const known = await User.updateOne({ _id: after.uid, solvedPids: after.pid }, { $inc: { submitCount: e.submitCount } });
      if (known.matchedCount === 0) {
        await User.updateOne(
          { _id: after.uid, solvedPids: { $ne: after.pid } },
          { $push: { solvedPids: after.pid }, $inc: { acCount: 1, submitCount: e.submitCount } },
        );
      }
    } else if (e.submitCount !== 0) {
      await User.updateOne({ _id: after.uid }, { $inc: { submitCount: e.submitCount } });
    }
    if (e.solved === "remove") {
      const other = await Submission.exists({
        uid: after.uid,
        pid: after.pid,
        cid: 0,
        gid: null,
        countedStatus: JudgeStatus.ACCEPTED,
        _id: { $ne: after._id },
      });
      if (!other) {
        await User.updateOne({ _id: after.uid, solvedPids: after.pid }, { $pull: { solvedPids: after.pid }, $inc: { acCount: -1 } });
      }
    }
    if (e.oiScore) await User.updateOne({ _id: after.uid }, { $set: { oiScore: await computeOiScore(after.uid) } });
    if (e.firstAc === "offer") await offerFirstAc(after);
    else if (e.firstAc === "withdraw") await recomputeFirstAc(after.cid, after.uid, after.pid);
  }
  const marked = await Submission.updateOne(
    { _id: after._id, countersApplied: -1, attempt: after.attempt, countedStatus: after.countedStatus },
    { $set: { countersApplied: after.attempt }, $inc: { rev: 1 } },
  );
  return marked.modifiedCount === 1;
}

/** The problem's counters, exactly, from its submissions outside contests (portable $group). */
export async function recomputeProblemCounters(pid: number): Promise<Record<CounterField, number>> {
  const rows = await Submission.aggregate<{ _id: number | null; n: number }>([
    { $match: { pid, cid: 0 } },
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
    { uid, cid: 0, gid: null, countedStatus: { $ne: null }, oiRankScore: { $gt: 0 } },
    { pid: 1, oiRankScore: 1 },
  ).lean<Array<{ pid: number; oiRankScore: number }>>();
  const best = new Map<number, number>();
  for (const r of rows) best.set(r.pid, Math.max(best.get(r.pid) ?? 0, r.oiRankScore));
  let sum = 0;
  for (const v of best.values()) sum += v;
  return sum;
}

/** The user's submitCount, solved list, acCount and OI score, exactly, from their submissions. */
export async function recomputeUserCounters(uid: string): Promise<void> {
  const submitCount = await Submission.countDocuments({ uid, cid: 0, countedStatus: { $ne: null } });
  const solved = (await Submission.distinct("pid", { uid, cid: 0, gid: null, countedStatus: JudgeStatus.ACCEPTED })) as number[];
  solved.sort((a, b) => a - b);
  const oiScore = await computeOiScore(uid);
  await User.updateOne({ _id: uid }, { $set: { submitCount, solvedPids: solved, acCount: solved.length, oiScore } });
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

/** Submissions whose counter changes were interrupted, untouched for at least `olderThanMs`. */
export async function findInterruptedCounterChanges(olderThanMs: number, limit = 200): Promise<number[]> {
  const rows = await Submission.find({ countersApplied: -1, gmtModified: { $lt: new Date(Date.now() - olderThanMs) } })
    .select("_id")
    .limit(limit)
    .lean<Array<{ _id: number }>>();
  return rows.map((r) => r._id);
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
    for (const id of ids) {
      const out = await applyJudgeEvents(id, []);
      if (out.state?.countersApplied !== -1) progress++;
    }
    repaired += progress;
    if (ids.length < 200 || progress === 0) break;
  }
  return repaired;
}
