import { describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import { homeworkOf } from "~/lib/homework";
import { rankRowOf } from "~/services/training/rank.server";

// A user's kept row of a training's rank from their judged submissions: with a homework rule the
// first accepted submission of a problem decides whether it was on time and what it earns.

const due = new Date("2031-03-01T12:00:00.000Z");
const at = (hours: number) => new Date(due.getTime() + hours * 3_600_000);
const ids = new Map([
  [1, "A"],
  [2, "B"],
  [3, "C"],
]);
const sub = (id: number, pid: number, status: number, hours: number, time = 10) => ({ _id: id, pid, countedStatus: status, score: 0, time, submitTime: at(hours) });

describe("a training's rank row", () => {
  it("keeps HOJ's cells and counts every solve on time without a due time", () => {
    const row = rankRowOf([sub(1, 1, JudgeStatus.ACCEPTED, 100), sub(2, 2, JudgeStatus.WRONG_ANSWER, 1)], ids);
    expect(row).toEqual({
      ac: 1,
      totalRunTime: 10,
      onTimeAc: 1,
      lateAc: 0,
      weightedScore: 1,
      submissionInfo: { A: { status: 0, score: 0, isAC: true, runTime: 10 }, B: { status: JudgeStatus.WRONG_ANSWER, score: 0, isAC: false, runTime: 0 } },
    });
  });

  it("splits on-time and late solves and weighs the late ones; the first solve decides", () => {
    const hw = homeworkOf({ dueAt: due, lateRule: "penalty", latePenaltyPercent: 25, latePeriodHours: 24, lateFloorPercent: 0 });
    const row = rankRowOf(
      [sub(1, 1, JudgeStatus.ACCEPTED, -1, 30), sub(2, 2, JudgeStatus.WRONG_ANSWER, -1), sub(3, 2, JudgeStatus.ACCEPTED, 30, 20), sub(4, 1, JudgeStatus.ACCEPTED, 50, 5), sub(5, 3, JudgeStatus.ACCEPTED, 24 * 10)],
      ids,
      hw,
    )!;
    expect(row).toMatchObject({ ac: 3, onTimeAc: 1, lateAc: 2, weightedScore: 1.5, totalRunTime: 35 });
    expect(row.submissionInfo.A).toMatchObject({ late: false, credit: 1, runTime: 5 });
    expect(row.submissionInfo.B).toMatchObject({ late: true, credit: 0.5 });
    // Four days late or more: nothing earned, still counted as a late solve.
    expect(row.submissionInfo.C).toMatchObject({ late: true, credit: 0 });
  });

  it("under the none rule a late solve is shown but not counted", () => {
    const hw = homeworkOf({ dueAt: due, lateRule: "none" });
    const row = rankRowOf([sub(1, 1, JudgeStatus.ACCEPTED, -1), sub(2, 2, JudgeStatus.ACCEPTED, 1)], ids, hw)!;
    expect(row).toMatchObject({ ac: 1, onTimeAc: 1, lateAc: 1, weightedScore: 1, totalRunTime: 10 });
    expect(row.submissionInfo.B).toMatchObject({ isAC: true, late: true, credit: 0, counted: false });
  });
});
