import { describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import { AwardType, DEFAULT_AWARDS } from "~/lib/contest";
import { awardCuts, awardOf, rankSorted } from "~/services/contest/ranking.server";
import { acmRule } from "~/services/contest/rules/acm.server";
import { oiRule } from "~/services/contest/rules/oi.server";
import type { RuleContest, RuleSubmission } from "~/services/contest/rules/rule.server";
import { boardSealedAt, contestStatusAt } from "~/services/access/policy.server";

// The contest rules against hand-worked boards: the contest starts at 12:00, the board seals at
// 13:00 and the contest ends at 14:00.

const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
const min = (m: number) => new Date(T0 + m * 60_000);
const contest: RuleContest = { startTime: min(0), endTime: min(120), sealRankTime: min(60), oiRankScoreType: "Recent" };
let nextId = 1;
const sub = (pid: number, m: number, status: number, score = 0, time = 0): RuleSubmission => ({ _id: nextId++, pid, submitTime: min(m), status, score, time });
const { WRONG_ANSWER: WA, ACCEPTED: AC, COMPILE_ERROR: CE, SYSTEM_ERROR: SE, PENDING, PARTIAL_ACCEPTED: PAC, TIME_LIMIT_EXCEEDED: TLE } = JudgeStatus;

describe("ACM", () => {
  const subs = [
    sub(1, 10, WA),
    sub(1, 15, CE), // no penalty, but a try in the cell's count (HOJ counts every submission)
    sub(1, 30, AC), // 1800 s + one rejected try: 3000
    sub(1, 40, WA), // after the AC: ignored
    sub(2, 5, SE), // costs nothing
    sub(2, 20, TLE),
    sub(2, 70, AC), // after the seal: 4200 s + one try = 5400 (live); a pending try while sealed
    sub(3, 130, AC), // after the end: only with after-contest submissions
    sub(4, -5, AC), // before the start: never counts
  ];

  it("counts solved problems and penalties: AC time plus 20 minutes per rejected try before it", () => {
    const row = acmRule.computeRow(contest, "live", subs);
    expect(row.ac).toBe(2);
    expect(row.totalTime).toBe(3000 + 5400);
    expect(row.cells["1"]).toMatchObject({ isAC: true, acTime: 1800, errorNum: 1, judged: 4 });
    expect(row.cells["2"]).toMatchObject({ isAC: true, acTime: 4200, errorNum: 1 });
    expect(row.cells["3"]).toBeUndefined();
    expect(row.cells["4"]).toBeUndefined();
  });

  it("shows what came after the seal only as pending tries on the sealed copy", () => {
    const row = acmRule.computeRow(contest, "sealed", subs);
    expect(row.ac).toBe(1);
    expect(row.totalTime).toBe(3000);
    expect(row.cells["2"]).toMatchObject({ isAC: false, errorNum: 1, tryNum: 1 });
  });

  it("takes after-contest submissions in only when asked, marked as such", () => {
    const row = acmRule.computeRow(contest, "all", subs);
    expect(row.ac).toBe(3);
    expect(row.cells["3"]).toMatchObject({ isAC: true, isAfterContest: true, acTime: 7800 });
  });

  it("shows a submission still judged as a try, not as a rejection", () => {
    const row = acmRule.computeRow(contest, "live", [sub(1, 10, WA), sub(1, 12, PENDING)]);
    expect(row.cells["1"]).toMatchObject({ isAC: false, errorNum: 1, tryNum: 1 });
  });

  it("sorts by solved count, then by penalty; equal boards share a key", () => {
    const a = acmRule.sortScore({ ac: 3, totalTime: 9000, totalScore: 0 });
    const b = acmRule.sortScore({ ac: 2, totalTime: 100, totalScore: 0 });
    const c = acmRule.sortScore({ ac: 3, totalTime: 8000, totalScore: 0 });
    expect(c).toBeLessThan(a);
    expect(a).toBeLessThan(b);
    expect(acmRule.sortScore({ ac: 3, totalTime: 9000, totalScore: 0 })).toBe(a);
  });
});

describe("OI", () => {
  const subs = [sub(1, 10, PAC, 60, 30), sub(1, 20, AC, 100, 50), sub(1, 30, PAC, 30, 40), sub(2, 5, CE, 0), sub(2, 50, AC, 100, 70)];

  it("Recent takes each problem's latest judged score", () => {
    const row = oiRule.computeRow(contest, "live", subs);
    expect(row.cells["1"]).toMatchObject({ score: 30, isAC: false });
    expect(row.totalScore).toBe(130);
    expect(row.totalTime).toBe(70);
  });

  it("Highest takes each problem's best score; time counts for full marks only", () => {
    const row = oiRule.computeRow({ ...contest, oiRankScoreType: "Highest" }, "live", subs);
    expect(row.cells["1"]).toMatchObject({ score: 100, isAC: true, time: 50 });
    expect(row.totalScore).toBe(200);
    expect(row.totalTime).toBe(120);
  });

  it("hides everything after the seal on the sealed copy", () => {
    const row = oiRule.computeRow(contest, "sealed", [...subs, sub(3, 61, AC, 100, 10)]);
    expect(row.cells["3"]).toMatchObject({ score: 0, tryNum: 1 });
    expect(row.totalScore).toBe(130);
  });

  it("gives an ACM-type problem full marks (100) on AC and 0 otherwise, whatever score its cases stored", () => {
    const acm = { ...contest, acmPids: new Set([4]) };
    const row = oiRule.computeRow(acm, "live", [sub(4, 10, WA, 0, 20), sub(4, 20, AC, 0, 30), sub(1, 25, PAC, 40, 10)]);
    expect(row.cells["4"]).toMatchObject({ score: 100, isAC: true, time: 30 });
    expect(row.totalScore).toBe(140);
    expect(row.totalTime).toBe(30);
    const failed = oiRule.computeRow(acm, "live", [sub(4, 10, AC, 0, 20), sub(4, 20, WA, 0, 30)]);
    expect(failed.cells["4"]).toMatchObject({ score: 0, isAC: false });
    const highest = oiRule.computeRow({ ...acm, oiRankScoreType: "Highest" }, "live", [sub(4, 10, AC, 0, 20), sub(4, 20, WA, 0, 30)]);
    expect(highest.cells["4"]).toMatchObject({ score: 100, isAC: true });
    expect(highest.totalScore).toBe(100);
  });

  it("sorts by total score, then total time", () => {
    expect(oiRule.sortScore({ ac: 0, totalScore: 200, totalTime: 500 })).toBeLessThan(oiRule.sortScore({ ac: 0, totalScore: 200, totalTime: 600 }));
    expect(oiRule.sortScore({ ac: 0, totalScore: 201, totalTime: 99999 })).toBeLessThan(oiRule.sortScore({ ac: 0, totalScore: 200, totalTime: 0 }));
  });
});

describe("ranks and awards", () => {
  it("gives star users -1 without pushing anyone down, and ties one rank", () => {
    const rows = [
      { star: false, sortScore: 1 },
      { star: true, sortScore: 2 },
      { star: false, sortScore: 3 },
      { star: false, sortScore: 3 },
      { star: false, sortScore: 4 },
    ];
    expect(rankSorted(rows)).toEqual([1, -1, 2, 2, 4]);
  });

  it("cuts 10/20/30 percent cumulatively, rounded down, and a tie at a cut wins the better award", () => {
    const cuts = awardCuts(AwardType.PROPORTION, DEFAULT_AWARDS.map((a) => ({ ...a })), 10);
    expect(cuts.map((c) => c.last)).toEqual([1, 3, 6]);
    const names = [1, 3, 3, 5, 6, 7].map((r) => awardOf(r, true, cuts)?.name ?? null);
    expect(names).toEqual(["Gold", "Silver", "Silver", "Bronze", "Bronze", null]);
    // Ranks 3 and 3 straddle nothing here; a tie across the gold cut: both rank 1.
    expect([1, 1].map((r) => awardOf(r, true, cuts)?.name)).toEqual(["Gold", "Gold"]);
    expect(awardCuts(AwardType.PROPORTION, DEFAULT_AWARDS.map((a) => ({ ...a })), 9).map((c) => c.last)).toEqual([0, 2, 5]);
  });

  it("counts by number, and gives nothing to a row that solved nothing or to none", () => {
    const cuts = awardCuts(AwardType.NUMBER, [{ priority: 1, name: "G", background: "", color: "", num: 2 }, { priority: 2, name: "S", background: "", color: "", num: 1 }], 50);
    expect(cuts.map((c) => c.last)).toEqual([2, 3]);
    expect(awardOf(3, true, cuts)?.name).toBe("S");
    expect(awardOf(1, false, cuts)).toBeNull();
    expect(awardCuts(AwardType.NONE, DEFAULT_AWARDS.map((a) => ({ ...a })), 10)).toEqual([]);
  });
});

describe("contest clock and seal", () => {
  const c = { startTime: min(0), endTime: min(120), sealRank: true, sealRankTime: min(60), autoRealRank: true };
  it("goes scheduled, running, ended", () => {
    expect([min(-1), min(0), min(119), min(120)].map((t) => contestStatusAt(c, t))).toEqual([-1, 0, 0, 1]);
  });
  it("seals from the seal time, and unseals at the end unless autoRealRank is off", () => {
    expect(boardSealedAt(c, min(59))).toBe(false);
    expect(boardSealedAt(c, min(60))).toBe(true);
    expect(boardSealedAt(c, min(121))).toBe(false);
    expect(boardSealedAt({ ...c, autoRealRank: false }, min(121))).toBe(true);
    expect(boardSealedAt({ ...c, sealRank: false }, min(90))).toBe(false);
  });
});
