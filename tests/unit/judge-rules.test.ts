import { describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import type { CaseResult, FinalMessage, ResultMessage, TaskCase } from "~/lib/judge-protocol";
import {
  applyEvents,
  applyResult,
  canManualJudge,
  counterDeltas,
  MANUAL_JUDGE_STATUSES,
  oiRankScoreOf,
  problemFacts,
  type JudgeState,
  type ProblemFacts,
} from "~/services/judging/rules.server";
import { summarize } from "../../judge-service/src/case-modes";

const ACM: ProblemFacts = { type: 0, difficulty: 1, fullScore: 0 };
const OI: ProblemFacts = { type: 1, difficulty: 2, fullScore: 100 };
const T0 = new Date("2024-01-01T00:00:00Z");
const T1 = new Date("2024-01-01T00:00:05Z");

function pending(over: Partial<JudgeState> = {}): JudgeState {
  return {
    _id: 7,
    pid: 3,
    uid: "u1",
    cid: 0,
    gid: null,
    submitTime: T0,
    status: JudgeStatus.PENDING,
    score: 0,
    time: 0,
    memory: 0,
    errorMessage: "",
    judger: "",
    oiRankScore: 0,
    isManual: false,
    attempt: 1,
    countedStatus: null,
    countersApplied: 0,
    caseResults: [],
    rev: 0,
    requeues: 0,
    gmtModified: T0,
    ...over,
  };
}

function caseResult(index: number, status = 0, over: Partial<CaseResult> = {}): CaseResult {
  return { index, status, time: index * 3, memory: 1000 + index, score: 0, groupNum: 0, inputData: `${index}.in`, outputData: `${index}.out`, userOutput: "", message: "", ...over };
}

function final(over: Partial<FinalMessage> = {}): FinalMessage {
  const cases = over.cases ?? [caseResult(1), caseResult(2)];
  return { type: "final", submissionId: 7, attempt: 1, judger: "j1", status: 0, score: 0, time: 0, memory: 0, errorMessage: "", cases, ...over };
}

const progress = (status: number, attempt = 1): ResultMessage => ({ type: "progress", submissionId: 7, attempt, status, judger: "j1" });
const caseMsg = (index: number, attempt = 1): ResultMessage => ({ type: "case", submissionId: 7, attempt, judger: "j1", result: caseResult(index) });

/** Applies and returns the next state, failing the test when nothing changed. */
function next(s: JudgeState, msg: ResultMessage, p = ACM): JudgeState {
  const u = applyResult(s, msg, p, T1);
  expect(u).not.toBeNull();
  return u!.next;
}

describe("progress messages", () => {
  it("move a running submission forward: Pending, Compiling, Judging", () => {
    const a = next(pending(), progress(JudgeStatus.COMPILING));
    expect(a.status).toBe(JudgeStatus.COMPILING);
    expect(a.judger).toBe("j1");
    const b = next(a, progress(JudgeStatus.JUDGING));
    expect(b.status).toBe(JudgeStatus.JUDGING);
    const u = applyResult(b, progress(JudgeStatus.JUDGING), ACM, T1);
    expect(u).toBeNull();
  });

  it("never move backwards, nor change a final submission", () => {
    const judging = pending({ status: JudgeStatus.JUDGING, judger: "j1" });
    expect(applyResult(judging, progress(JudgeStatus.COMPILING), ACM, T1)).toBeNull();
    const done = pending({ status: JudgeStatus.ACCEPTED, countedStatus: 0, countersApplied: 1 });
    expect(applyResult(done, progress(JudgeStatus.JUDGING), ACM, T1)).toBeNull();
  });

  it("ignore statuses that are not progress and older attempts", () => {
    expect(applyResult(pending(), progress(JudgeStatus.ACCEPTED), ACM, T1)).toBeNull();
    expect(applyResult(pending({ attempt: 2 }), progress(JudgeStatus.COMPILING, 1), ACM, T1)).toBeNull();
  });

  it("touch no counters", () => {
    const u = applyResult(pending(), progress(JudgeStatus.COMPILING), ACM, T1)!;
    expect(u.countersDirty).toBe(false);
    expect(u.effects.problemCounters).toEqual({});
    expect(u.submissionUpdate).toEqual({ status: JudgeStatus.COMPILING, judger: "j1", gmtModified: T1 });
  });
});

describe("case messages", () => {
  it("add the case in index order and mark the submission Judging", () => {
    const a = next(pending(), caseMsg(2));
    const b = next(a, caseMsg(1));
    expect(b.status).toBe(JudgeStatus.JUDGING);
    expect(b.caseResults.map((c) => c.index)).toEqual([1, 2]);
  });

  it("ignore a case already recorded, of an old attempt, or after the verdict", () => {
    const a = next(pending(), caseMsg(1));
    expect(applyResult(a, caseMsg(1), ACM, T1)).toBeNull();
    expect(applyResult(pending({ attempt: 2 }), caseMsg(1, 1), ACM, T1)).toBeNull();
    const done = next(a, final());
    expect(applyResult(done, caseMsg(3), ACM, T1)).toBeNull();
  });
});

describe("final messages", () => {
  it("store the verdict, the maxima of time and memory, the cases and what it counts as", () => {
    const cases = [caseResult(1, 0, { time: 12, memory: 900 }), caseResult(2, 0, { time: 30, memory: 700 })];
    const u = applyResult(pending({ status: JudgeStatus.JUDGING }), final({ cases, errorMessage: "" }), ACM, T1)!;
    expect(u.next).toMatchObject({ status: 0, time: 30, memory: 900, judger: "j1", countedStatus: 0, countersApplied: -1, oiRankScore: 0, score: 0 });
    expect(u.next.caseResults).toHaveLength(2);
    expect(u.countersDirty).toBe(true);
    expect(u.effects).toEqual({ problemCounters: { total: 1, ac: 1 }, submitCount: 1, solved: "add", oiScore: false, firstAc: "offer", bankAc: "add" });
  });

  it("applied twice, change nothing the second time", () => {
    const once = next(pending(), final());
    expect(applyResult(once, final(), ACM, T1)).toBeNull();
    expect(applyResult(once, final({ status: JudgeStatus.WRONG_ANSWER }), ACM, T1)).toBeNull();
  });

  it("of an older attempt are ignored", () => {
    expect(applyResult(pending({ attempt: 3 }), final({ attempt: 2 }), ACM, T1)).toBeNull();
  });

  it("put a wrong answer in its bucket, not in the solved list", () => {
    const u = applyResult(pending(), final({ status: JudgeStatus.WRONG_ANSWER, errorMessage: "wrong on 2" }), ACM, T1)!;
    expect(u.next.errorMessage).toBe("wrong on 2");
    expect(u.effects).toEqual({ problemCounters: { total: 1, wa: 1 }, submitCount: 1, solved: null, oiScore: false, firstAc: null, bankAc: null });
  });

  it("count a compile error with no cases", () => {
    const u = applyResult(pending({ status: JudgeStatus.COMPILING }), final({ status: JudgeStatus.COMPILE_ERROR, cases: [], errorMessage: "a.cpp:1: error" }), ACM, T1)!;
    expect(u.next).toMatchObject({ status: JudgeStatus.COMPILE_ERROR, time: 0, memory: 0, caseResults: [] });
    expect(u.effects.problemCounters).toEqual({ total: 1, ce: 1 });
  });

  it("give an OI score and the OI rank score of spec section 9, round(score * 0.1 + difficulty * 2)", () => {
    const full = applyResult(pending(), final({ score: 100 }), OI, T1)!;
    expect(full.next.score).toBe(100);
    expect(full.next.oiRankScore).toBe(14); // round(100 * 0.1 + 2 * 2)
    expect(full.effects.oiScore).toBe(true);
    const partial = applyResult(pending(), final({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 50 }), OI, T1)!;
    expect(partial.next.oiRankScore).toBe(9); // round(50 * 0.1 + 2 * 2)
    expect(partial.effects.problemCounters).toEqual({ total: 1, pa: 1 });
    const none = applyResult(pending(), final({ status: JudgeStatus.WRONG_ANSWER, score: 0 }), OI, T1)!;
    expect(none.next.oiRankScore).toBe(0); // nothing earned, nothing ranked
  });

  it("keep no score on ACM problems", () => {
    expect(next(pending(), final({ score: 100 })).score).toBe(0);
  });

  it("turn a verdict that is not final into System Error with a reason", () => {
    const u = applyResult(pending(), final({ status: JudgeStatus.PENDING }), ACM, T1)!;
    expect(u.next.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(u.next.errorMessage).toMatch(/invalid verdict/);
    expect(u.effects.problemCounters).toEqual({ total: 1, se: 1 });
  });
});

describe("several messages applied at once", () => {
  it("give the same state as one by one", () => {
    const msgs: ResultMessage[] = [progress(JudgeStatus.COMPILING), progress(JudgeStatus.JUDGING), caseMsg(1), caseMsg(2), final()];
    let s = pending();
    for (const m of msgs) s = applyResult(s, m, ACM, T1)?.next ?? s;
    const all = applyEvents(pending(), msgs.map((msg) => ({ kind: "result" as const, msg })), ACM, T1)!;
    expect(all.next).toEqual(s);
    expect(all.effects.problemCounters).toEqual({ total: 1, ac: 1 });
  });

  it("ignore a duplicate inside the batch", () => {
    const all = applyEvents(pending(), [final(), final({ status: JudgeStatus.WRONG_ANSWER })].map((msg) => ({ kind: "result" as const, msg })), ACM, T1)!;
    expect(all.next.status).toBe(JudgeStatus.ACCEPTED);
  });
});

describe("rejudge", () => {
  const accepted = () => ({ ...next(pending(), final()), countersApplied: 1 });

  it("starts a new attempt as Pending with the result cleared, still counted as before", () => {
    const u = applyEvents(accepted(), [{ kind: "rejudge" }], ACM, T1)!;
    expect(u.next).toMatchObject({ attempt: 2, status: JudgeStatus.PENDING, score: 0, time: 0, memory: 0, caseResults: [], judger: "", countedStatus: 0 });
    expect(u.countersDirty).toBe(false);
    expect(u.effects.problemCounters).toEqual({});
  });

  it("moves the count from the old bucket to the new one when the new verdict arrives", () => {
    const re = applyEvents(accepted(), [{ kind: "rejudge" }], ACM, T1)!.next;
    const u = applyResult(re, final({ attempt: 2, status: JudgeStatus.WRONG_ANSWER }), ACM, T1)!;
    expect(u.effects).toEqual({ problemCounters: { ac: -1, wa: 1 }, submitCount: 0, solved: "remove", oiScore: false, firstAc: "withdraw", bankAc: "remove" });
  });

  it("makes results of the old attempt ignored", () => {
    const re = applyEvents(accepted(), [{ kind: "rejudge" }], ACM, T1)!.next;
    expect(applyResult(re, final({ attempt: 1, status: JudgeStatus.WRONG_ANSWER }), ACM, T1)).toBeNull();
    expect(applyResult(re, progress(JudgeStatus.JUDGING, 1), ACM, T1)).toBeNull();
  });

  it("to the same verdict moves nothing", () => {
    const re = applyEvents(accepted(), [{ kind: "rejudge" }], ACM, T1)!.next;
    const u = applyResult(re, final({ attempt: 2 }), ACM, T1)!;
    expect(u.countersDirty).toBe(false);
    expect(u.effects.problemCounters).toEqual({});
    expect(u.effects.solved).toBeNull();
  });

  it("keeps an interrupted counter change marked", () => {
    const dirty = { ...next(pending(), final()), countersApplied: -1 };
    expect(applyEvents(dirty, [{ kind: "rejudge" }], ACM, T1)!.next.countersApplied).toBe(-1);
  });
});

describe("resubmit", () => {
  it("is a rejudge allowed only after a System Error or Submitted Failed", () => {
    const failed = { ...next(pending(), final({ status: JudgeStatus.SYSTEM_ERROR })), countersApplied: 1 };
    const u = applyEvents(failed, [{ kind: "resubmit" }], ACM, T1)!;
    expect(u.next).toMatchObject({ attempt: 2, status: JudgeStatus.PENDING, errorMessage: "", countedStatus: JudgeStatus.SYSTEM_ERROR });
    expect(u.effects.problemCounters).toEqual({});
    const sf = { ...failed, status: JudgeStatus.SUBMITTED_FAILED, countedStatus: JudgeStatus.SUBMITTED_FAILED };
    expect(applyEvents(sf, [{ kind: "resubmit" }], ACM, T1)?.next.status).toBe(JudgeStatus.PENDING);
    for (const status of [JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER, JudgeStatus.COMPILE_ERROR, JudgeStatus.PENDING, JudgeStatus.JUDGING, JudgeStatus.CANCELLED]) {
      expect(applyEvents({ ...failed, status }, [{ kind: "resubmit" }], ACM, T1), String(status)).toBeNull();
    }
  });

  it("moves the count once when the new verdict arrives", () => {
    const failed = { ...next(pending(), final({ status: JudgeStatus.SYSTEM_ERROR })), countersApplied: 1 };
    const re = applyEvents(failed, [{ kind: "resubmit" }], ACM, T1)!.next;
    const u = applyResult(re, final({ attempt: 2 }), ACM, T1)!;
    expect(u.effects).toMatchObject({ problemCounters: { se: -1, ac: 1 }, submitCount: 0, solved: "add" });
  });
});

describe("cancel", () => {
  it("makes the submission Cancelled and takes it out of the counters", () => {
    const accepted = { ...next(pending(), final()), countersApplied: 1 };
    const u = applyEvents(accepted, [{ kind: "cancel" }], ACM, T1)!;
    expect(u.next).toMatchObject({ status: JudgeStatus.CANCELLED, attempt: 2, countedStatus: null, countersApplied: -1 });
    expect(u.effects).toEqual({ problemCounters: { total: -1, ac: -1 }, submitCount: -1, solved: "remove", oiScore: false, firstAc: "withdraw", bankAc: "remove" });
  });

  it("of a pending submission moves no counter, and later results are ignored", () => {
    const u = applyEvents(pending({ status: JudgeStatus.JUDGING }), [{ kind: "cancel" }], ACM, T1)!;
    expect(u.countersDirty).toBe(false);
    expect(applyResult(u.next, final({ attempt: 1 }), ACM, T1)).toBeNull();
    expect(applyResult(u.next, final({ attempt: 2 }), ACM, T1)).toBeNull();
  });

  it("twice changes nothing", () => {
    const once = applyEvents(pending(), [{ kind: "cancel" }], ACM, T1)!.next;
    expect(applyEvents(once, [{ kind: "cancel" }], ACM, T1)).toBeNull();
  });
});

describe("manual judgement", () => {
  const wrong = () => ({ ...next(pending(), final({ status: JudgeStatus.WRONG_ANSWER })), countersApplied: 1 });

  it("sets the chosen status and score, marks it manual and moves the counters", () => {
    const u = applyEvents(wrong(), [{ kind: "manual", status: JudgeStatus.ACCEPTED, score: 0 }], ACM, T1)!;
    expect(u.next).toMatchObject({ status: 0, isManual: true, attempt: 2, countedStatus: 0, countersApplied: -1 });
    expect(u.effects).toEqual({ problemCounters: { wa: -1, ac: 1 }, submitCount: 0, solved: "add", oiScore: false, firstAc: "offer", bankAc: "add" });
  });

  it("keeps the score on OI problems and derives the OI rank score", () => {
    const u = applyEvents(wrong(), [{ kind: "manual", status: JudgeStatus.PARTIAL_ACCEPTED, score: 30 }], OI, T1)!;
    expect(u.next).toMatchObject({ score: 30, oiRankScore: Math.round(30 * 0.1 + 2 * 2) });
    expect(u.effects.oiScore).toBe(true);
  });

  it("refuses the statuses of the specification and the running or compile-error states", () => {
    for (const status of [
      JudgeStatus.SUBMITTING,
      JudgeStatus.SUBMITTED_UNKNOWN_RESULT,
      JudgeStatus.NOT_SUBMITTED,
      JudgeStatus.CANCELLED,
      JudgeStatus.COMPILE_ERROR,
      JudgeStatus.PENDING,
      JudgeStatus.COMPILING,
      JudgeStatus.JUDGING,
    ]) {
      expect(MANUAL_JUDGE_STATUSES).not.toContain(status);
      expect(applyEvents(wrong(), [{ kind: "manual", status, score: 0 }], ACM, T1)).toBeNull();
    }
    for (const status of [JudgeStatus.JUDGING, JudgeStatus.COMPILING, JudgeStatus.COMPILE_ERROR, JudgeStatus.PENDING]) {
      expect(canManualJudge(status)).toBe(false);
      expect(applyEvents(pending({ status }), [{ kind: "manual", status: 0, score: 0 }], ACM, T1)).toBeNull();
    }
    expect(canManualJudge(JudgeStatus.CANCELLED)).toBe(true);
  });

  it("makes later results of the judged attempt ignored", () => {
    const m = applyEvents(wrong(), [{ kind: "manual", status: 0, score: 0 }], ACM, T1)!.next;
    expect(applyResult(m, final({ attempt: 1, status: JudgeStatus.WRONG_ANSWER }), ACM, T1)).toBeNull();
  });
});

describe("sweeper events", () => {
  it("requeue counts only once per read and only for the running attempt", () => {
    const s = pending({ status: JudgeStatus.JUDGING, caseResults: [caseResult(1)] });
    const u = applyEvents(s, [{ kind: "requeue", attempt: 1, requeues: 0 }], ACM, T1)!;
    expect(u.next).toMatchObject({ requeues: 1, status: JudgeStatus.PENDING, caseResults: [] });
    expect(applyEvents(u.next, [{ kind: "requeue", attempt: 1, requeues: 0 }], ACM, T1)).toBeNull();
    expect(applyEvents(s, [{ kind: "requeue", attempt: 2, requeues: 0 }], ACM, T1)).toBeNull();
  });

  it("give-up ends the attempt as System Error with the reason", () => {
    const u = applyEvents(pending(), [{ kind: "give-up", attempt: 1, reason: "lost" }], ACM, T1)!;
    expect(u.next).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, errorMessage: "lost", countedStatus: JudgeStatus.SYSTEM_ERROR });
    expect(u.effects.problemCounters).toEqual({ total: 1, se: 1 });
    expect(applyEvents(u.next, [{ kind: "give-up", attempt: 1, reason: "lost" }], ACM, T1)).toBeNull();
  });
});

describe("where a submission counts", () => {
  it("contest submissions move no problem or user counters, but keep first-AC records", () => {
    const u = applyResult(pending({ cid: 5 }), final(), ACM, T1)!;
    expect(u.effects).toEqual({ problemCounters: {}, submitCount: 0, solved: null, oiScore: false, firstAc: "offer", bankAc: null });
  });

  it("group problems count for the problem but not in the solved list", () => {
    const u = applyResult(pending({ gid: 9 }), final(), ACM, T1)!;
    expect(u.effects.problemCounters).toEqual({ total: 1, ac: 1 });
    expect(u.effects.solved).toBeNull();
  });
});

describe("counter deltas", () => {
  it("count a submission once in total and move it between buckets", () => {
    expect(counterDeltas(null, 0)).toEqual({ total: 1, ac: 1 });
    expect(counterDeltas(0, -1)).toEqual({ ac: -1, wa: 1 });
    expect(counterDeltas(1, null)).toEqual({ total: -1, tle: -1 });
    expect(counterDeltas(2, 2)).toEqual({});
    expect(counterDeltas(null, null)).toEqual({});
    expect(counterDeltas(null, JudgeStatus.SUBMITTED_FAILED)).toEqual({ total: 1 });
    expect(counterDeltas(3, -3)).toEqual({ re: -1, pe: 1 });
    expect(counterDeltas(4, 8)).toEqual({ se: -1, pa: 1 });
    expect(counterDeltas(-2, 2)).toEqual({ ce: -1, mle: 1 });
  });

  it("OI rank score is round(score * 0.1 + difficulty * 2) on OI problems and zero on ACM ones", () => {
    expect(oiRankScoreOf(ACM, 100)).toBe(0);
    expect(oiRankScoreOf(OI, 0)).toBe(0);
    expect(oiRankScoreOf(OI, 1)).toBe(4); // round(0.1 + 4)
    expect(oiRankScoreOf(OI, 35)).toBe(8); // round(3.5 + 4)
    expect(oiRankScoreOf({ type: 1, difficulty: 0, fullScore: 100 }, 100)).toBe(10);
    expect(oiRankScoreOf({ type: 1, difficulty: 1, fullScore: 100 }, 44)).toBe(6); // round(4.4 + 2)
  });
});

describe("OI full marks under subtask modes", () => {
  // Two groups: group 1 has cases worth 10, 20 and 30; group 2 cases worth 15 and 25.
  const testCases = [
    { score: 10, groupNum: 1 },
    { score: 20, groupNum: 1 },
    { score: 30, groupNum: 1 },
    { score: 15, groupNum: 2 },
    { score: 25, groupNum: 2 },
  ];
  const taskCases: TaskCase[] = testCases.map((c, i) => ({ index: i + 1, input: `${i + 1}.in`, output: `${i + 1}.out`, ...c }));
  const allPassed = taskCases.map((c) => caseResult(c.index, JudgeStatus.ACCEPTED, { score: c.score, groupNum: c.groupNum }));
  const facts = (judgeCaseMode: string) => problemFacts({ type: 1, difficulty: 1, judgeCaseMode, testCases: testCases.map((c) => ({ ...c, input: "", output: "" })) } as Parameters<typeof problemFacts>[0]);

  it("subtask_lowest: the sum of each group's lowest case, as the judge scores a full-marks run", () => {
    expect(facts("subtask_lowest").fullScore).toBe(10 + 15);
    expect(summarize(1, "subtask_lowest", taskCases, allPassed).score).toBe(facts("subtask_lowest").fullScore);
  });

  it("subtask_average: the sum of each group's rounded average, as the judge scores a full-marks run", () => {
    expect(facts("subtask_average").fullScore).toBe(20 + 20);
    expect(summarize(1, "subtask_average", taskCases, allPassed).score).toBe(facts("subtask_average").fullScore);
  });

  it("default: the sum of every case", () => {
    expect(facts("default").fullScore).toBe(100);
    expect(summarize(1, "default", taskCases, allPassed).score).toBe(100);
  });
});
