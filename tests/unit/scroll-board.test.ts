import { describe, expect, it } from "vitest";
import { medalOf, replay, revealSteps, totalsOf, type ScrollCell, type ScrollRow } from "~/lib/scroll-board";

// The rolling scoreboard against a board worked out by hand.

const cell = (o: Partial<ScrollCell>): ScrollCell => ({ isAC: false, acTime: 0, errorNum: 0, tryNum: 0, score: 0, time: 0, judged: 0, ...o });
const rowOf = (uid: string, cells: Record<string, ScrollCell>): ScrollRow => ({ uid, name: uid, school: "", star: false, cells, ...totalsOf("acm", cells) });

describe("scroll board (ACM)", () => {
  // Sealed: ann solved 1 (600 s); bea solved nothing, a hidden try on 1 and on 2; cid a hidden try on 1.
  // Final: bea solves 1 at 3000 s after 1 rejected try (3000 + 1200), and 2 at 3300 s; cid's try on 1 was wrong.
  const sealed = [
    rowOf("ann", { "1": cell({ isAC: true, acTime: 600, judged: 1 }) }),
    rowOf("bea", { "1": cell({ errorNum: 1, tryNum: 1, judged: 1 }), "2": cell({ tryNum: 1 }) }),
    rowOf("cid", { "1": cell({ tryNum: 1 }) }),
  ];
  const finals = new Map<string, Record<string, ScrollCell>>([
    ["bea", { "1": cell({ isAC: true, acTime: 3000, errorNum: 1, judged: 2 }), "2": cell({ isAC: true, acTime: 3300, judged: 1 }) }],
    ["cid", { "1": cell({ errorNum: 1, judged: 1 }) }],
  ]);

  it("reveals from the bottom up, the lowest row's first hidden problem each time", () => {
    const steps = revealSteps("acm", sealed, finals, [1, 2]);
    // Order at the seal: ann (1 solved), then bea and cid tied at 0 (by id): cid is last.
    expect(steps.map((s) => `${s.uid}:${s.pid}`)).toEqual(["cid:1", "bea:1", "bea:2"]);
  });

  it("re-sorts after each step and ends at the final board", () => {
    const steps = revealSteps("acm", sealed, finals, [1, 2]);
    expect(replay("acm", sealed, steps, 0).map((r) => r.uid)).toEqual(["ann", "bea", "cid"]);
    // bea's first AC ties ann on 1 solved with more penalty (4200 > 600): still second.
    const afterTwo = replay("acm", sealed, steps, 2);
    expect(afterTwo.map((r) => [r.uid, r.ac, r.totalTime])).toEqual([
      ["ann", 1, 600],
      ["bea", 1, 4200],
      ["cid", 0, 0],
    ]);
    const final = replay("acm", sealed, steps, steps.length);
    expect(final.map((r) => [r.uid, r.ac, r.totalTime])).toEqual([
      ["bea", 2, 7500],
      ["ann", 1, 600],
      ["cid", 0, 0],
    ]);
  });

  it("gives medals by place from the gold, silver and bronze counts", () => {
    expect([1, 2, 3, 4].map((p) => medalOf(p, [1, 1, 1]))).toEqual(["gold", "silver", "bronze", null]);
    expect(medalOf(1, [0, 0, 0])).toBeNull();
  });
});

describe("scroll board (OI)", () => {
  it("sums scores and the time of full-mark problems, higher score first", () => {
    const a: ScrollRow = { uid: "a", name: "a", school: "", star: false, cells: {}, ac: 0, totalTime: 0, totalScore: 0 };
    const sealed = [{ ...a, uid: "x", cells: { "1": cell({ score: 40, judged: 1 }) }, totalScore: 40 }, { ...a, uid: "y", cells: { "1": cell({ tryNum: 1 }) } }];
    const finals = new Map([["y", { "1": cell({ isAC: true, score: 100, time: 30, judged: 1 }) }]]);
    const steps = revealSteps("oi", sealed, finals, [1]);
    const final = replay("oi", sealed, steps, steps.length);
    expect(final.map((r) => [r.uid, r.totalScore, r.totalTime])).toEqual([
      ["y", 100, 30],
      ["x", 40, 0],
    ]);
  });
});
