import { describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import type { CaseResult, TaskCase } from "~/lib/judge-protocol";
import { totalScore } from "~/lib/case-scores";
import { CasePlanner, earnedScore, summarize, type CaseMode } from "../../../judge-service/src/case-modes";

const AC = JudgeStatus.ACCEPTED;
const WA = JudgeStatus.WRONG_ANSWER;
const TLE = JudgeStatus.TIME_LIMIT_EXCEEDED;
const SE = JudgeStatus.SYSTEM_ERROR;
const PAC = JudgeStatus.PARTIAL_ACCEPTED;

function tc(index: number, score = 0, groupNum = 0): TaskCase {
  return { index, input: `${index}.in`, output: `${index}.out`, score, groupNum };
}

function res(c: TaskCase, status: number, score = status === AC ? c.score : 0, extra: Partial<CaseResult> = {}): CaseResult {
  return { index: c.index, status, time: 10 * c.index, memory: 100 * c.index, score, groupNum: c.groupNum, inputData: c.input, outputData: c.output, userOutput: "", message: `case ${c.index}`, ...extra };
}

/** Plays the planner like the shared flow does, given each case's verdict. */
function play(mode: CaseMode, cases: TaskCase[], verdict: (c: TaskCase) => [number, number?]): CaseResult[] {
  const planner = new CasePlanner(mode);
  const out: CaseResult[] = [];
  for (const c of cases) {
    if (!planner.shouldRun(c)) continue;
    const [status, score] = verdict(c);
    const r = res(c, status, score);
    out.push(r);
    planner.record(c, r);
  }
  return out;
}

describe("which cases run", () => {
  const cases = [tc(1, 10, 1), tc(2, 10, 1), tc(3, 10, 1), tc(4, 10, 2), tc(5, 10, 2)];
  const failTwo = (c: TaskCase): [number] => [c.index === 2 ? WA : AC];

  it("runs every case in default and subtask_average", () => {
    expect(play("default", cases, failTwo).map((r) => r.index)).toEqual([1, 2, 3, 4, 5]);
    expect(play("subtask_average", cases, failTwo).map((r) => r.index)).toEqual([1, 2, 3, 4, 5]);
  });

  it("stops everything at the first failure in ergodic_without_error", () => {
    expect(play("ergodic_without_error", cases, failTwo).map((r) => r.index)).toEqual([1, 2]);
  });

  it("stops only the failing group at its first case without points in subtask_lowest", () => {
    expect(play("subtask_lowest", cases, failTwo).map((r) => r.index)).toEqual([1, 2, 4, 5]);
    // A partly scored case keeps its group going.
    expect(play("subtask_lowest", cases, (c) => (c.index === 2 ? [PAC, 5] : [AC])).map((r) => r.index)).toEqual([1, 2, 3, 4, 5]);
  });

  it("stops after a System Error whatever the mode", () => {
    expect(play("default", cases, (c) => [c.index === 3 ? SE : AC]).map((r) => r.index)).toEqual([1, 2, 3]);
  });
});

describe("scores", () => {
  it("sums case scores in default mode", () => {
    const cases = [tc(1, 30), tc(2, 30), tc(3, 40)];
    expect(totalScore("default", cases)).toBe(100);
    expect(earnedScore("default", cases, [res(cases[0], AC), res(cases[1], WA), res(cases[2], AC)])).toBe(70);
  });

  it("takes each group's lowest case in subtask_lowest, cases not run counting zero", () => {
    const cases = [tc(1, 10, 1), tc(2, 10, 1), tc(3, 20, 2), tc(4, 20, 2)];
    expect(totalScore("subtask_lowest", cases)).toBe(30);
    expect(earnedScore("subtask_lowest", cases, [res(cases[0], AC), res(cases[2], AC), res(cases[3], AC)])).toBe(20);
    expect(earnedScore("subtask_lowest", cases, [res(cases[0], AC), res(cases[1], PAC, 4), res(cases[2], AC), res(cases[3], AC)])).toBe(24);
  });

  it("takes each group's rounded average in subtask_average", () => {
    const cases = [tc(1, 10, 1), tc(2, 10, 1), tc(3, 10, 1), tc(4, 25, 2), tc(5, 25, 2)];
    expect(totalScore("subtask_average", cases)).toBe(35);
    expect(earnedScore("subtask_average", cases, [res(cases[0], AC), res(cases[1], WA), res(cases[2], AC), res(cases[3], AC), res(cases[4], WA)])).toBe(7 + 13);
  });
});

describe("the final verdict", () => {
  const acm = 0;
  const oi = 1;

  it("ACM: the status of the first failing case, time and memory the maxima", () => {
    const cases = [tc(1), tc(2), tc(3)];
    const s = summarize(acm, "default", cases, [res(cases[2], WA), res(cases[0], AC), res(cases[1], TLE)]);
    expect(s).toEqual({ status: TLE, score: 0, time: 30, memory: 300, errorMessage: "case 2" });
    expect(summarize(acm, "default", cases, cases.map((c) => res(c, AC))).status).toBe(AC);
  });

  it("OI: Accepted when everything passes, Partial Accepted with some points, else the first failure", () => {
    const cases = [tc(1, 50), tc(2, 50)];
    expect(summarize(oi, "default", cases, [res(cases[0], AC), res(cases[1], AC)])).toMatchObject({ status: AC, score: 100 });
    expect(summarize(oi, "default", cases, [res(cases[0], AC), res(cases[1], WA)])).toMatchObject({ status: PAC, score: 50 });
    expect(summarize(oi, "default", cases, [res(cases[0], TLE), res(cases[1], WA)])).toMatchObject({ status: TLE, score: 0 });
  });

  it("OI: caps the score at the problem's total", () => {
    const cases = [tc(1, 50), tc(2, 50)];
    expect(summarize(oi, "default", cases, [res(cases[0], AC, 80), res(cases[1], AC, 70)]).score).toBe(100);
  });

  it("OI: a subtask run stopped early is not Accepted", () => {
    const cases = [tc(1, 10, 1), tc(2, 10, 1), tc(3, 10, 2)];
    const s = summarize(oi, "subtask_lowest", cases, [res(cases[0], WA), res(cases[2], AC)]);
    expect(s).toMatchObject({ status: PAC, score: 10 });
  });

  it("a System Error anywhere makes the whole result a System Error with its reason", () => {
    const cases = [tc(1, 50), tc(2, 50)];
    expect(summarize(oi, "default", cases, [res(cases[0], AC), res(cases[1], SE, 0, { message: "checker failed" })])).toMatchObject({
      status: SE,
      score: 0,
      errorMessage: "checker failed",
    });
  });
});
