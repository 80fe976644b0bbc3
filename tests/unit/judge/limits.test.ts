import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { JudgeContext } from "../../../judge-service/src/context";
import { DEFAULT_SETTINGS } from "../../../judge-service/src/settings";
import { userLimits } from "../../../judge-service/src/judge";
import { judgeProgramLimits } from "../../../judge-service/src/kinds/spj";
import { MB, MS } from "../../../judge-service/src/sandbox";
import { JUDGE_VERSION } from "../../../judge-service/src/version";

// The limits a run gets (spec section 9: C and C++ as stated, other languages doubled; checkers
// and interactors twice the user's) and the judge's own knobs.

const ctx = (settings: Partial<typeof DEFAULT_SETTINGS> = {}) => ({ settings: { ...DEFAULT_SETTINGS, ...settings } }) as JudgeContext;
const problem = { timeLimit: 1000, memoryLimit: 128, stackLimit: 64 };

describe("user program limits", () => {
  it("C and C++ get the stated time and memory", () => {
    for (const lang of ["C", "C With O2", "C++", "C++ 17 With O2", "C++ 20"]) {
      expect(userLimits(ctx(), lang, problem)).toMatchObject({ timeMs: 1000, memoryMb: 128, stackMb: 64 });
    }
  });

  it("every other language gets twice the time and twice the memory", () => {
    for (const lang of ["Java", "Python3", "PyPy3", "Python2", "Golang", "JavaScript Node", "Rust", "PHP", "Ruby", "C#"]) {
      expect(userLimits(ctx(), lang, problem)).toMatchObject({ timeMs: 2000, memoryMb: 256 });
    }
  });

  it("the wall clock follows the doubled time", () => {
    const s = ctx({ clockFactor: 3, clockExtraMs: 500 });
    expect(userLimits(s, "C", problem).clockMs).toBe(3500);
    expect(userLimits(s, "Python3", problem).clockMs).toBe(6500);
  });
});

describe("checker and interactor limits", () => {
  it("are twice the user's limits", () => {
    const limits = { timeMs: 3000, clockMs: 10_000, memoryMb: 512, stackMb: 128 };
    expect(judgeProgramLimits({ ctx: ctx(), limits })).toEqual({
      cpuLimit: 6000 * MS,
      clockLimit: 20_000 * MS,
      memoryLimit: 1024 * MB,
      stackLimit: 1024 * MB,
      procLimit: DEFAULT_SETTINGS.judgeProgramProcs,
    });
  });

  it("never fall below the configured floors", () => {
    const limits = { timeMs: 100, clockMs: 1100, memoryMb: 16, stackMb: 8 };
    expect(judgeProgramLimits({ ctx: ctx(), limits })).toMatchObject({ cpuLimit: 2000 * MS, clockLimit: 4000 * MS, memoryLimit: 256 * MB });
    const tuned = judgeProgramLimits({ ctx: ctx({ judgeProgramMinTimeMs: 500, judgeProgramMinMemoryMb: 64, judgeProgramProcs: 4 }), limits });
    expect(tuned).toMatchObject({ cpuLimit: 500 * MS, memoryLimit: 64 * MB, procLimit: 4 });
  });
});

describe("judge knobs", () => {
  it("keep their values as defaults", () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      testOutputBytes: 64 * 1024,
      judgeProgramOutputBytes: 16 * 1024,
      judgeProgramMinTimeMs: 2000,
      judgeProgramMinMemoryMb: 256,
      judgeProgramProcs: 16,
    });
  });

  it("the version a judge reports is the project's", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
    expect(JUDGE_VERSION).toBe(pkg.version);
  });
});
