import { describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import type { TaskCase } from "~/lib/judge-protocol";
import { cleanCompilerMessage } from "../../../judge-service/src/compile";
import { checkerDecision } from "../../../judge-service/src/kinds/spj";
import type { SandboxResult } from "../../../judge-service/src/sandbox";
import { classifyRun, truncateUtf8 } from "../../../judge-service/src/verdict";
import { RerunBudget, stoppedByWallClock, withWallReruns } from "../../../judge-service/src/wall-clock";

const limits = { timeMs: 1000, clockMs: 4000, memoryBytes: 256 << 20 };
const ms = 1e6;

function r(over: Partial<SandboxResult>): SandboxResult {
  return { status: "Accepted", exitStatus: 0, time: 10 * ms, runTime: 12 * ms, memory: 4 << 20, ...over };
}

describe("run verdicts", () => {
  it("a clean run within its limits", () => {
    expect(classifyRun(r({}), limits)).toEqual({ status: JudgeStatus.ACCEPTED, message: "", timeMs: 10, memoryKb: 4096 });
  });

  it("time: the sandbox's verdict, or CPU time past the limit, and wall time for sleepers", () => {
    expect(classifyRun(r({ status: "Time Limit Exceeded", exitStatus: 9, time: 1100 * ms }), limits).status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(classifyRun(r({ time: 1001 * ms }), limits).status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    const sleeper = classifyRun(r({ status: "Time Limit Exceeded", time: 2 * ms, runTime: 4000 * ms }), limits);
    expect(sleeper.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(sleeper.message).toMatch(/wall clock/i);
  });

  it("tells a run the wall clock stopped before its CPU time ran out from one past its CPU time", () => {
    const stopped = { status: "Time Limit Exceeded" as const, exitStatus: 9, runTime: 4000 * ms };
    expect(stoppedByWallClock(r({ ...stopped, time: 600 * ms }), 1000)).toBe(true);
    // However little it computed: a sleeper, or a program that never got a core.
    expect(stoppedByWallClock(r({ ...stopped, time: 3 * ms }), 1000)).toBe(true);
    expect(stoppedByWallClock(r({ ...stopped, time: 1000 * ms }), 1000)).toBe(false);
    expect(stoppedByWallClock(r({ ...stopped, time: 1100 * ms }), 1000)).toBe(false);
    expect(stoppedByWallClock(r({ time: 600 * ms }), 1000)).toBe(false);
  });

  describe("runs again with more wall time", () => {
    const settings = { wallReruns: 2, wallRerunFactor: 3 };
    /** Attempts whose CPU time follows `cpu(clockMs)`, each stopped by the wall clock until `doneBy` ms of CPU. */
    const program = (cpu: (clockMs: number) => number, doneBy = Infinity) => {
      const clocks: number[] = [];
      const attempt = async (clockMs: number) => {
        clocks.push(clockMs);
        const cpuMs = Math.min(cpu(clockMs), doneBy);
        return { value: cpuMs, wallStopped: cpuMs < doneBy, cpuMs: [cpuMs] };
      };
      return { clocks, attempt };
    };

    it("keeps the first attempt the wall clock did not stop", async () => {
      const p = program(() => 300, 300);
      expect(await withWallReruns({ settings, clockMs: 1000, attempt: p.attempt })).toEqual({ value: 300, clockMs: 1000, reruns: 0 });
      expect(p.clocks).toEqual([1000]);
    });

    it("gives a program starved of CPU more wall time until it ends, at most twice", async () => {
      // A tenth of a core: 700 ms of CPU take 7 s.
      const starved = program((clock) => clock / 10, 700);
      expect(await withWallReruns({ settings, clockMs: 1000, attempt: starved.attempt })).toEqual({ value: 700, clockMs: 9000, reruns: 2 });
      expect(starved.clocks).toEqual([1000, 3000, 9000]);
    });

    it("stops a sleeper after its reruns, frees what each attempt left, and spends the submission's budget", async () => {
      const budget = new RerunBudget();
      const discarded: number[] = [];
      const reruns: number[] = [];
      const sleeper = program(() => 2);
      const r = await withWallReruns({ settings, clockMs: 1000, attempt: sleeper.attempt, budget, discard: async (v) => void discarded.push(v), onRerun: (i) => reruns.push(i.clockMs) });
      expect(r).toEqual({ value: 2, clockMs: 9000, reruns: 2 });
      expect(discarded).toEqual([2, 2]);
      expect(reruns).toEqual([3000, 9000]);
      expect(budget.spent).toBe(true);
      // The submission's later runs are decided by their first attempt.
      const later = program((clock) => clock / 10, 700);
      expect(await withWallReruns({ settings, clockMs: 1000, attempt: later.attempt, budget })).toMatchObject({ reruns: 0, clockMs: 1000 });
    });

    it("leaves the budget alone when a rerun ended the run", async () => {
      const budget = new RerunBudget();
      await withWallReruns({ settings, clockMs: 1000, attempt: program((clock) => clock / 10, 700).attempt, budget });
      expect(budget.spent).toBe(false);
    });
  });

  it("memory: the sandbox's verdict, the peak at the limit, or the runtime's own message", () => {
    expect(classifyRun(r({ status: "Memory Limit Exceeded", exitStatus: 9 }), limits).status).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
    expect(classifyRun(r({ status: "Signalled", exitStatus: 9, memory: 256 << 20 }), limits).status).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
    const java = r({ status: "Nonzero Exit Status", exitStatus: 1 });
    const stderr = 'Exception in thread "main" java.lang.OutOfMemoryError: Java heap space';
    expect(classifyRun(java, limits, { memoryMarkers: [/java\.lang\.OutOfMemoryError/], stderr }).status).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
    expect(classifyRun(java, limits, { stderr }).status).toBe(JudgeStatus.RUNTIME_ERROR);
  });

  it("runtime errors: signals, exit codes, and output past its limit", () => {
    const segv = classifyRun(r({ status: "Signalled", exitStatus: 11 }), limits);
    expect(segv).toMatchObject({ status: JudgeStatus.RUNTIME_ERROR, message: "Killed by signal 11 (SIGSEGV)" });
    expect(classifyRun(r({ status: "Nonzero Exit Status", exitStatus: 3 }), limits)).toMatchObject({ status: JudgeStatus.RUNTIME_ERROR, message: "Exited with code 3" });
    // A flood runs until the time limit stops it: the flood is what is reported.
    const flood = classifyRun(r({ status: "Time Limit Exceeded", time: 1050 * ms }), limits, { outputExceeded: true });
    expect(flood).toMatchObject({ status: JudgeStatus.RUNTIME_ERROR, message: "Output limit exceeded" });
  });

  it("sandbox failures are System Errors", () => {
    expect(classifyRun(r({ status: "Internal Error", error: "execve failed" }), limits)).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, message: "sandbox: execve failed" });
  });
});

describe("checker exit codes", () => {
  const c: TaskCase = { index: 1, input: "1.in", output: "1.out", score: 20, groupNum: 0 };
  const run = (exitStatus: number, stderr = "", status: SandboxResult["status"] = exitStatus === 0 ? "Accepted" : "Nonzero Exit Status", stdout = "") =>
    r({ status, exitStatus, files: { stderr, stdout } });
  const OI = 1;
  const ACM = 0;

  it("maps testlib's codes and shows the text after testlib's verdict words", () => {
    expect(checkerDecision(run(0, "ok 3 numbers"), c, OI, 100)).toEqual({ status: JudgeStatus.ACCEPTED, score: 20, message: "3 numbers" });
    expect(checkerDecision(run(0, "ok"), c, OI, 100)).toEqual({ status: JudgeStatus.ACCEPTED, score: 20, message: "" });
    expect(checkerDecision(run(1, "wrong answer 1st numbers differ"), c, OI, 100)).toEqual({ status: JudgeStatus.WRONG_ANSWER, score: 0, message: "1st numbers differ" });
    expect(checkerDecision(run(2, "wrong output format Extra information in the output file"), c, OI, 100)).toEqual({
      status: JudgeStatus.PRESENTATION_ERROR,
      score: 0,
      message: "Extra information in the output file",
    });
    expect(checkerDecision(run(3, "FAIL answer file broken"), c, OI, 100)).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, message: "checker failed (exit code 3): FAIL answer file broken" });
    expect(checkerDecision(run(4), c, OI, 100).status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(checkerDecision(run(8, "unexpected eof Unexpected end of file - int32 expected"), c, OI, 100)).toMatchObject({
      status: JudgeStatus.WRONG_ANSWER,
      message: "Unexpected end of file - int32 expected",
    });
    // A checker of its own kind keeps its whole text.
    expect(checkerDecision(run(1, "expected 3, found 4"), c, OI, 100).message).toBe("expected 3, found 4");
    expect(checkerDecision(run(1, "okay this is wrong"), c, OI, 100).message).toBe("okay this is wrong");
    // Unknown exit codes are the checker's failure.
    expect(checkerDecision(run(5, "what"), c, OI, 100)).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, message: "checker failed (exit code 5): what" });
  });

  it("reads points as a percentage of the case's score, 100 being Accepted (HOJ's rule)", () => {
    expect(checkerDecision(run(7, "points 25 a quarter"), c, OI, 100)).toEqual({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 5, message: "a quarter" });
    expect(checkerDecision(run(7, "points 50"), c, OI, 100)).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 10 });
    expect(checkerDecision(run(7, "points 12.5 an eighth"), c, OI, 100)).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 3 });
    // A small value is a small percentage, not a fraction of the case.
    expect(checkerDecision(run(7, "points 1"), c, OI, 100)).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 0 });
    expect(checkerDecision(run(7, "points 100 all of it"), c, OI, 100)).toEqual({ status: JudgeStatus.ACCEPTED, score: 20, message: "all of it" });
    expect(checkerDecision(run(7, "points 150"), c, OI, 100)).toMatchObject({ status: JudgeStatus.ACCEPTED, score: 20 });
    expect(checkerDecision(run(7, "points 0 nothing"), c, OI, 100)).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, score: 0, message: "nothing" });
    expect(checkerDecision(run(7, "points -5"), c, OI, 100)).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, score: 0 });
    // HOJ's other form: the number on stdout, the message on stderr.
    expect(checkerDecision(run(7, "close enough", "Nonzero Exit Status", "40\n"), c, OI, 100)).toEqual({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 8, message: "close enough" });
    expect(checkerDecision(run(7, "", "Nonzero Exit Status", "75 most of it"), c, OI, 100)).toEqual({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 15, message: "most of it" });
    expect(checkerDecision(run(7, "60 from stderr"), c, OI, 100)).toEqual({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 12, message: "from stderr" });
    expect(checkerDecision(run(7, "no value"), c, OI, 100).status).toBe(JudgeStatus.SYSTEM_ERROR);
    // ACM has no partial points.
    expect(checkerDecision(run(7, "points 50"), c, ACM, 100).status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(checkerDecision(run(7, "points 100"), c, ACM, 100).status).toBe(JudgeStatus.ACCEPTED);
  });

  it("reads testlib's partially correct (n) as n percent, with exit code 16+n or n", () => {
    expect(checkerDecision(run(16 + 40, "partially correct (40) some"), c, OI, 100)).toEqual({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 8, message: "some" });
    expect(checkerDecision(run(40, "partially correct (40) some"), c, OI, 100)).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 8 });
    expect(checkerDecision(run(16 + 40), c, OI, 100)).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 8 });
    expect(checkerDecision(run(16 + 100), c, OI, 100).status).toBe(JudgeStatus.ACCEPTED);
    expect(checkerDecision(run(16), c, OI, 100).status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(checkerDecision(run(16 + 40), c, ACM, 100).status).toBe(JudgeStatus.WRONG_ANSWER);
    // The text alone does not make a partial score: the exit code must agree.
    expect(checkerDecision(run(1, "partially correct (40) some"), c, OI, 100).status).toBe(JudgeStatus.WRONG_ANSWER);
  });

  it("cuts long messages to the message size", () => {
    const d = checkerDecision(run(1, `wrong answer ${"x".repeat(500)}`), c, OI, 100);
    expect(d.message.startsWith("x".repeat(100))).toBe(true);
    expect(d.message).toMatch(/truncated/);
    expect(d.message.length).toBeLessThan(130);
  });

  it("a checker that crashes or runs out of time is a System Error", () => {
    expect(checkerDecision(run(11, "", "Signalled"), c, OI, 100).status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(checkerDecision(run(9, "", "Time Limit Exceeded"), c, OI, 100).message).toMatch(/time limit exceeded/);
  });
});

describe("messages", () => {
  it("cuts UTF-8 text without splitting a character", () => {
    expect(truncateUtf8("héllo", 2, "…")).toBe("h…");
    expect(truncateUtf8("short", 10)).toBe("short");
  });

  it("removes the sandbox's folder and the host's toolchain locations from compiler messages", () => {
    const tc = {
      found: { rustc: { id: "rustc" as const, path: "/home/ci/.rustup/toolchains/stable-x86_64/bin/rustc", version: "" }, gcc: { id: "gcc" as const, path: "/usr/bin/gcc", version: "" } },
      goCache: null,
    };
    const msg = "/w/main.cpp:3:5: error: x\n  --> /home/ci/.rustup/toolchains/stable-x86_64/lib/rustlib/src/core.rs\nIn file included from /usr/include/stdio.h";
    expect(cleanCompilerMessage(msg, tc, 1000)).toBe("main.cpp:3:5: error: x\n  --> <rustc>/lib/rustlib/src/core.rs\nIn file included from /usr/include/stdio.h");
  });
});
