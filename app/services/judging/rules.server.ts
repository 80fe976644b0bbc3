import { totalScore } from "~/lib/case-scores";
import { FINAL_STATUSES, JudgeStatus, ProblemType, RESUBMITTABLE_STATUSES } from "~/lib/constants";
import type { CaseResult, ResultMessage } from "~/lib/judge-protocol";
import { STATUS_COUNTER, type ProblemDoc } from "~/models/problem.server";
import type { SubmissionDoc } from "~/models/submission.server";
import { countsInBank, countsInSolvedList } from "../access/policy.server";

// The judging state machine of a submission, as pure functions: a judge message or an admin
// action, applied to the stored state, gives the next state and the changes to make elsewhere
// (problem counters, the user's solved list, first-AC records). No I/O here: the result applier
// and the admin actions (judge-results.server.ts) do the writes, in the order described there.
//
// Rules that make applying safe to repeat and to race:
// - a judge message counts only for the current `attempt`, and only while the submission is still
//   running (Pending, Compiling, Judging); once final, later messages of that attempt change nothing;
// - rejudge, cancel and manual judgement start a new attempt, so results still on their way for
//   the old one are ignored;
// - what a submission contributes to the counters is recorded on it (`countedStatus`), so a change
//   of verdict moves it from one bucket to another and `total` counts it once.

/** The fields of a submission the rules read and write. */
export type JudgeState = Pick<
  SubmissionDoc,
  | "_id"
  | "pid"
  | "uid"
  | "cid"
  | "gid"
  | "submitTime"
  | "status"
  | "score"
  | "time"
  | "memory"
  | "errorMessage"
  | "judger"
  | "oiRankScore"
  | "isManual"
  | "attempt"
  | "countedStatus"
  | "countersApplied"
  | "caseResults"
  | "rev"
  | "requeues"
  | "gmtModified"
>;

export const JUDGE_STATE_FIELDS =
  "_id pid uid cid tid gid submitTime status score time memory errorMessage judger oiRankScore isManual attempt countedStatus countersApplied caseResults rev requeues gmtModified";

/** What the rules need to know about the problem. */
export interface ProblemFacts {
  /** 0 ACM, 1 OI. */
  type: number;
  difficulty: number;
  /** OI full marks: what the case scores add up to under the problem's judge-case mode. */
  fullScore: number;
}

/** The problem fields problemFacts reads (select them when loading a problem for it). */
export const PROBLEM_FACT_FIELDS = "type difficulty judgeCaseMode testCases";

export function problemFacts(p: Pick<ProblemDoc, "type" | "difficulty" | "testCases"> & { judgeCaseMode?: string | null }): ProblemFacts {
  const fullScore = totalScore(p.judgeCaseMode, (p.testCases ?? []).map((c) => ({ score: c.score ?? 0, groupNum: c.groupNum ?? 0 })));
  return { type: p.type ?? ProblemType.ACM, difficulty: p.difficulty ?? 0, fullScore };
}

export type JudgeEvent =
  | { kind: "result"; msg: ResultMessage }
  | { kind: "rejudge" }
  /** The owner's resubmission (HOJ's /resubmit): a rejudge allowed only after the judging failed. */
  | { kind: "resubmit" }
  | { kind: "cancel" }
  | { kind: "manual"; status: number; score: number }
  /** The sweeper queues an attempt again whose task was lost (`requeues` as read, for compare-and-set). */
  | { kind: "requeue"; attempt: number; requeues: number }
  /** The sweeper gives up on an attempt whose task kept getting lost. */
  | { kind: "give-up"; attempt: number; reason: string };

/** Statuses a judge still moves (Submitting: a remote worker sending the code to its remote judge). */
export const RUNNING: ReadonlySet<number> = new Set([JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.SUBMITTING]);

const PROGRESS_RANK: Record<number, number> = {
  [JudgeStatus.PENDING]: 0,
  [JudgeStatus.COMPILING]: 1,
  // A remote worker submitting to the remote judge, before it waits for the verdict there.
  [JudgeStatus.SUBMITTING]: 1,
  [JudgeStatus.JUDGING]: 2,
};

/** Verdicts a judge may send in a final message. */
const JUDGE_VERDICTS: ReadonlySet<number> = new Set(
  [...FINAL_STATUSES].filter((s) => s !== JudgeStatus.CANCELLED),
);

/**
 * Statuses a super admin may set by hand (spec section 4: not Submitting, Submitted Unknown Result,
 * Not Submitted, Cancelled, Compile Error, Pending, Compiling or Judging).
 */
export const MANUAL_JUDGE_STATUSES: readonly number[] = [
  JudgeStatus.ACCEPTED,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.PARTIAL_ACCEPTED,
  JudgeStatus.SUBMITTED_FAILED,
];

/** Manual judgement is unavailable while the submission is judged, pending, or did not compile. */
export function canManualJudge(status: number): boolean {
  return (
    status !== JudgeStatus.JUDGING &&
    status !== JudgeStatus.COMPILING &&
    status !== JudgeStatus.PENDING &&
    status !== JudgeStatus.COMPILE_ERROR
  );
}

export function canResubmit(status: number): boolean {
  return RESUBMITTABLE_STATUSES.has(status);
}

export function canCancel(status: number): boolean {
  return status !== JudgeStatus.CANCELLED;
}

/** What a final status contributes to the counters: itself, or nothing (cancelled). */
export function countedStatusOf(status: number): number | null {
  return FINAL_STATUSES.has(status) && status !== JudgeStatus.CANCELLED ? status : null;
}

/**
 * OI rank score of a judged submission, spec section 9 as written: round(score * 0.1 + difficulty *
 * 2) for a submission that earned points. One that earned nothing (a compile error, every case
 * wrong) ranks nothing: the difficulty bonus rewards solving part of a hard problem, not trying it.
 * Only OI problems have one; a submission still running keeps the one it had, and a cancelled one
 * has none (it has no verdict and counts nowhere).
 */
export function oiRankScoreOf(p: ProblemFacts, score: number): number {
  if (p.type !== ProblemType.OI || !(score > 0)) return 0;
  return Math.round(score * 0.1 + p.difficulty * 2);
}

export type CounterField = "total" | "ac" | "wa" | "tle" | "mle" | "re" | "pe" | "ce" | "se" | "pa";
export const COUNTER_FIELDS: readonly CounterField[] = ["total", "ac", "wa", "tle", "mle", "re", "pe", "ce", "se", "pa"];

/** $inc of the problem counters when a submission's counted status moves from `from` to `to`. */
export function counterDeltas(from: number | null, to: number | null): Partial<Record<CounterField, number>> {
  const out: Partial<Record<CounterField, number>> = {};
  if (from === to) return out;
  const add = (field: CounterField | undefined, n: number) => {
    if (!field) return;
    out[field] = (out[field] ?? 0) + n;
    if (out[field] === 0) delete out[field];
  };
  if (from === null) add("total", 1);
  if (to === null) add("total", -1);
  if (from !== null) add(STATUS_COUNTER[from] as CounterField | undefined, -1);
  if (to !== null) add(STATUS_COUNTER[to] as CounterField | undefined, 1);
  return out;
}

export interface JudgeEffects {
  /** $inc on the problem document. */
  problemCounters: Partial<Record<CounterField, number>>;
  /** $inc of the user's submitCount. */
  submitCount: number;
  /** The problem enters ("add") or may leave ("remove": if no other accepted submission) the solved list. */
  solved: "add" | "remove" | null;
  /** The user's OI rank score has to be recomputed. */
  oiScore: boolean;
  /** This submission may be the user's first AC on the problem, or may no longer be. */
  firstAc: "offer" | "withdraw" | null;
  /**
   * An accepted submission counted in the bank comes ("add") or goes ("remove"): the user's
   * accepted-submission count and the day's accepted counters move (kept per day, stats/user-days).
   */
  bankAc: "add" | "remove" | null;
}

/** The changes elsewhere implied by a submission going from `before` to `after`. */
export function effectsOf(before: JudgeState, after: JudgeState): JudgeEffects {
  const from = before.countedStatus;
  const to = after.countedStatus;
  const bank = countsInBank(after);
  const wasAc = from === JudgeStatus.ACCEPTED;
  const isAc = to === JudgeStatus.ACCEPTED;
  const oiChanged = before.oiRankScore !== after.oiRankScore || (from === null) !== (to === null);
  return {
    problemCounters: bank ? counterDeltas(from, to) : {},
    submitCount: bank ? (from === null && to !== null ? 1 : from !== null && to === null ? -1 : 0) : 0,
    solved: countsInSolvedList(after) && wasAc !== isAc ? (isAc ? "add" : "remove") : null,
    oiScore: bank && oiChanged && (before.oiRankScore > 0 || after.oiRankScore > 0),
    firstAc: wasAc === isAc ? null : isAc ? "offer" : "withdraw",
    bankAc: bank && wasAc !== isAc ? (isAc ? "add" : "remove") : null,
  };
}

function maxOf(values: number[]): number {
  let m = 0;
  for (const v of values) if (Number.isFinite(v) && v > m) m = v;
  return m;
}

function sortCases(cases: CaseResult[]): CaseResult[] {
  return [...cases].sort((a, b) => a.index - b.index);
}

/**
 * Marks the counters as needing an update (countersApplied -1 in the next state) when what the
 * submission contributes changed. The writer journals such a change and stores the attempt instead.
 */
function withCounterMark(before: JudgeState, next: JudgeState): JudgeState {
  const changed = before.countedStatus !== next.countedStatus || before.oiRankScore !== next.oiRankScore;
  return { ...next, countersApplied: changed || before.countersApplied === -1 ? -1 : before.countersApplied };
}

/** One event applied to a state: the next state, or null when the event changes nothing. */
export function step(s: JudgeState, ev: JudgeEvent, p: ProblemFacts, now: Date): JudgeState | null {
  switch (ev.kind) {
    case "result":
      return applyMessage(s, ev.msg, p, now);
    case "resubmit":
      if (!canResubmit(s.status)) return null;
      return step(s, { kind: "rejudge" }, p, now);
    case "rejudge":
      return {
        ...s,
        attempt: s.attempt + 1,
        status: JudgeStatus.PENDING,
        score: 0,
        time: 0,
        memory: 0,
        errorMessage: "",
        judger: "",
        caseResults: [],
        isManual: false,
        requeues: 0,
        // What it contributes to the counters stays until the new verdict arrives and moves it.
        gmtModified: now,
      };
    case "cancel":
      if (!canCancel(s.status)) return null;
      return withCounterMark(s, {
        ...s,
        attempt: s.attempt + 1,
        status: JudgeStatus.CANCELLED,
        countedStatus: null,
        oiRankScore: 0,
        gmtModified: now,
      });
    case "manual": {
      if (!MANUAL_JUDGE_STATUSES.includes(ev.status) || !canManualJudge(s.status)) return null;
      const score = p.type === ProblemType.OI ? Math.max(0, Math.round(ev.score)) : 0;
      return withCounterMark(s, {
        ...s,
        attempt: s.attempt + 1,
        status: ev.status,
        score,
        oiRankScore: oiRankScoreOf(p, score),
        isManual: true,
        countedStatus: countedStatusOf(ev.status),
        gmtModified: now,
      });
    }
    case "requeue":
      if (ev.attempt !== s.attempt || ev.requeues !== s.requeues || !RUNNING.has(s.status)) return null;
      return { ...s, status: JudgeStatus.PENDING, judger: "", caseResults: [], requeues: s.requeues + 1, gmtModified: now };
    case "give-up":
      if (ev.attempt !== s.attempt || !RUNNING.has(s.status)) return null;
      return withCounterMark(s, {
        ...s,
        status: JudgeStatus.SYSTEM_ERROR,
        score: 0,
        time: 0,
        memory: 0,
        oiRankScore: oiRankScoreOf(p, 0),
        errorMessage: ev.reason,
        caseResults: [],
        countedStatus: JudgeStatus.SYSTEM_ERROR,
        gmtModified: now,
      });
  }
}

function applyMessage(s: JudgeState, msg: ResultMessage, p: ProblemFacts, now: Date): JudgeState | null {
  if (msg.attempt !== s.attempt || !RUNNING.has(s.status)) return null;
  switch (msg.type) {
    case "progress": {
      const rank = PROGRESS_RANK[msg.status];
      if (rank === undefined) return null;
      const current = PROGRESS_RANK[s.status] ?? 0;
      if (rank < current || (rank === current && s.judger === msg.judger)) return null;
      return { ...s, status: msg.status, judger: msg.judger, gmtModified: now };
    }
    case "case": {
      const r = msg.result;
      if (!r || !Number.isInteger(r.index) || s.caseResults.some((c) => c.index === r.index)) return null;
      return {
        ...s,
        status: JudgeStatus.JUDGING,
        judger: msg.judger || s.judger,
        caseResults: sortCases([...s.caseResults, r]),
        gmtModified: now,
      };
    }
    case "final": {
      const cases = sortCases(Array.isArray(msg.cases) ? msg.cases : []);
      const valid = JUDGE_VERDICTS.has(msg.status);
      const status = valid ? msg.status : JudgeStatus.SYSTEM_ERROR;
      const score = valid && p.type === ProblemType.OI ? Math.max(0, Number(msg.score) || 0) : 0;
      return withCounterMark(s, {
        ...s,
        status,
        score,
        time: maxOf([msg.time, ...cases.map((c) => c.time)]),
        memory: maxOf([msg.memory, ...cases.map((c) => c.memory)]),
        errorMessage: valid ? (msg.errorMessage ?? "") : `invalid verdict ${String(msg.status)} from judge ${msg.judger}`,
        judger: msg.judger || s.judger,
        caseResults: cases,
        oiRankScore: oiRankScoreOf(p, score),
        isManual: false,
        countedStatus: countedStatusOf(status),
        gmtModified: now,
      });
    }
    default:
      return null;
  }
}

const WRITABLE: ReadonlyArray<keyof JudgeState> = [
  "status",
  "score",
  "time",
  "memory",
  "errorMessage",
  "judger",
  "oiRankScore",
  "isManual",
  "attempt",
  "countedStatus",
  "countersApplied",
  "caseResults",
  "requeues",
  "gmtModified",
];

export interface JudgeUpdate {
  /** State after the events. */
  next: JudgeState;
  /** Fields to $set on the submission (compare-and-set on `rev`, which the writer increases). */
  submissionUpdate: Partial<JudgeState>;
  /** Changes elsewhere, from the counted status before to the one after. */
  effects: JudgeEffects;
  /** True when the counters must be brought up to date (countersApplied is -1 in `next`). */
  countersDirty: boolean;
}

/**
 * Applies events in order to a stored state. Returns null when nothing changes (a duplicate, an
 * old attempt, a message after the final verdict).
 */
export function applyEvents(state: JudgeState, events: JudgeEvent[], p: ProblemFacts, now: Date): JudgeUpdate | null {
  let cur = state;
  let changed = false;
  for (const ev of events) {
    const next = step(cur, ev, p, now);
    if (next) {
      cur = next;
      changed = true;
    }
  }
  if (!changed) return null;
  const submissionUpdate: Partial<JudgeState> = {};
  for (const k of WRITABLE) {
    if (!sameValue(state[k], cur[k])) (submissionUpdate as Record<string, unknown>)[k] = cur[k];
  }
  if (Object.keys(submissionUpdate).length === 0) return null;
  return { next: cur, submissionUpdate, effects: effectsOf(state, cur), countersDirty: cur.countersApplied === -1 };
}

/** The single-message form: a judge message applied to a stored state. */
export function applyResult(state: JudgeState, msg: ResultMessage, p: ProblemFacts, now = new Date()): JudgeUpdate | null {
  return applyEvents(state, [{ kind: "result", msg }], p, now);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

/** Whether an event can only be applied while holding the counter locks (it may change counters). */
export function touchesCounters(ev: JudgeEvent): boolean {
  if (ev.kind === "result") return ev.msg.type === "final";
  return ev.kind !== "requeue";
}
