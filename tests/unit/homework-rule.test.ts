import { describe, expect, it } from "vitest";
import { creditOf, homeworkOf, roundScore, timeLeft } from "~/lib/homework";

// The homework rule of a training: a solve's credit by when it was made against the due time,
// the late rule (none, or a penalty per started period down to a floor) and the hard end.

const due = new Date("2031-03-01T12:00:00.000Z");
const at = (hours: number) => new Date(due.getTime() + hours * 3_600_000);

describe("homework rule", () => {
  it("counts everything on time when the training has no due time", () => {
    expect(homeworkOf({})).toBeNull();
    expect(homeworkOf({ dueAt: null, lateRule: "penalty" })).toBeNull();
    expect(creditOf(null, at(10_000))).toEqual({ credit: 1, late: false, counted: true });
  });

  it("counts a solve up to and at the due time in full", () => {
    const hw = homeworkOf({ dueAt: due, lateRule: "penalty" });
    expect(creditOf(hw, at(-5))).toEqual({ credit: 1, late: false, counted: true });
    expect(creditOf(hw, due)).toEqual({ credit: 1, late: false, counted: true });
  });

  it("does not count a late solve under the none rule, but marks it late", () => {
    const hw = homeworkOf({ dueAt: due, lateRule: "none" });
    expect(creditOf(hw, at(0.01))).toEqual({ credit: 0, late: true, counted: false });
    // An unknown or missing rule is the strict one.
    expect(creditOf(homeworkOf({ dueAt: due }), at(1))).toEqual({ credit: 0, late: true, counted: false });
  });

  it("takes a percentage per started period after the due time", () => {
    const hw = homeworkOf({ dueAt: due, lateRule: "penalty", latePenaltyPercent: 10, latePeriodHours: 24, lateFloorPercent: 0 });
    expect(creditOf(hw, new Date(due.getTime() + 60_000))).toEqual({ credit: 0.9, late: true, counted: true });
    expect(creditOf(hw, at(24)).credit).toBe(0.9);
    expect(creditOf(hw, at(24.5)).credit).toBe(0.8);
    expect(creditOf(hw, at(72)).credit).toBe(0.7);
    const hourly = homeworkOf({ dueAt: due, lateRule: "penalty", latePenaltyPercent: 25, latePeriodHours: 1, lateFloorPercent: 0 });
    expect(creditOf(hourly, at(2)).credit).toBe(0.5);
  });

  it("never goes below the floor, and a floor of 0 still counts the solve as late", () => {
    const floored = homeworkOf({ dueAt: due, lateRule: "penalty", latePenaltyPercent: 30, latePeriodHours: 24, lateFloorPercent: 40 });
    expect(creditOf(floored, at(24)).credit).toBe(0.7);
    expect(creditOf(floored, at(48)).credit).toBe(0.4);
    expect(creditOf(floored, at(24 * 30)).credit).toBe(0.4);
    const zero = homeworkOf({ dueAt: due, lateRule: "penalty", latePenaltyPercent: 50, latePeriodHours: 24, lateFloorPercent: 0 });
    expect(creditOf(zero, at(24 * 5))).toEqual({ credit: 0, late: true, counted: true });
  });

  it("counts nothing after the hard end", () => {
    const hw = homeworkOf({ dueAt: due, hardEndAt: at(48), lateRule: "penalty", latePenaltyPercent: 10, latePeriodHours: 24, lateFloorPercent: 0 });
    expect(creditOf(hw, at(47)).credit).toBe(0.8);
    expect(creditOf(hw, at(48)).counted).toBe(true);
    expect(creditOf(hw, at(48.01))).toEqual({ credit: 0, late: true, counted: false });
  });

  it("keeps weighted sums readable", () => {
    expect(roundScore(0.1 + 0.2 + 0.9)).toBe(1.2);
  });

  it("says how long is left until the due time", () => {
    const now = new Date(due.getTime() - (2 * 86_400_000 + 3 * 3_600_000 + 5 * 60_000 + 30_000));
    expect(timeLeft(due, now)).toEqual({ overdue: false, days: 2, hours: 3, minutes: 5 });
    expect(timeLeft(due, due)).toEqual({ overdue: true, days: 0, hours: 0, minutes: 0 });
    expect(timeLeft(due, at(1)).overdue).toBe(true);
  });
});
