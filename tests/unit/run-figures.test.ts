import { describe, expect, it } from "vitest";
import { runFigures, shownScore } from "~/lib/format";

// What the submission lists (the status list, the records of a contest, a training and a group,
// the problem page's own submissions, the detail) show of a run: nothing until it is judged, and a
// score only for points earned short of Accepted.

describe("a submission's figures in the lists", () => {
  it("shows no time or memory while the submission is pending, compiling, judging or submitting", () => {
    for (const status of [5, 6, 7, 9]) expect(runFigures({ status, time: 0, memory: 0 })).toEqual({ time: "-", memory: "-" });
    expect(runFigures({ status: 0, time: 12, memory: 2048 })).toEqual({ time: "12 ms", memory: "2 MB" });
    expect(runFigures({ status: -1, time: null, memory: null })).toEqual({ time: "-", memory: "-" });
  });

  it("shows a score only when points were earned short of Accepted", () => {
    expect(shownScore({ status: -1, score: 0 })).toBeNull();
    expect(shownScore({ status: -1, score: null })).toBeNull();
    expect(shownScore({ status: 0, score: 100 })).toBeNull();
    expect(shownScore({ status: 8, score: 50 })).toBe(50);
  });
});
