import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import type { FinalMessage, TaskProblem } from "~/lib/judge-protocol";
import type { JudgeContext } from "../../../judge-service/src/context";
import { judgeSubmission } from "../../../judge-service/src/judge";
import { MS, type SandboxCmd, type SandboxResult } from "../../../judge-service/src/sandbox";
import type { JudgeSettings } from "../../../judge-service/src/settings";
import { slowdown, startCpuLoad, type CpuLoad } from "./cpu-load";
import { problem, startDataServer, storeCases, submission, testContext, type DataServer } from "./support";

// Verdicts on a busy host. While this file runs, processes spin on every core at the judge's own
// niceness (cpu-load.ts), so the judged programs get a fraction of a core. Programs that stay within
// their CPU time are Accepted however long they wait for a core; a program past its CPU time, and
// one that sleeps or blocks forever, still get Time Limit Exceeded, the sleeper within a bounded
// time. The limits are decided as wall-clock.ts says.

/** The CPU time limit of every problem here, and what the correct programs compute: 80 % of it. */
const LIMIT_MS = 500;
const SPIN_MS = 400;

// A+B after SPIN_MS of its own CPU time (clock() counts CPU time, not waiting for a core).
const SPIN_AB = `#include <stdio.h>
#include <time.h>
int main(void) {
  long long a, b;
  if (scanf("%lld %lld", &a, &b) != 2) return 1;
  while (clock() < (clock_t)CLOCKS_PER_SEC * ${SPIN_MS} / 1000);
  printf("%lld\\n", a + b);
  return 0;
}
`;

const CHECKER = `#include <stdio.h>
int main(int argc, char **argv) {
  FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
  long long want, got;
  if (!out || !ans || fscanf(ans, "%lld", &want) != 1) { fprintf(stderr, "checker setup broken"); return 3; }
  if (fscanf(out, "%lld", &got) != 1) { fprintf(stderr, "no number"); return 1; }
  if (got != want) { fprintf(stderr, "expected %lld, found %lld", want, got); return 1; }
  fprintf(stderr, "ok");
  return 0;
}
`;

// Computes 300 ms itself before it asks (the user's program waits meanwhile, using no CPU time), then
// wants the sum back.
const INTERACTOR = `#include <stdio.h>
#include <time.h>
int main(int argc, char **argv) {
  FILE *in = fopen(argv[1], "r"), *ans = fopen(argv[3], "r");
  long long a, b, want, got;
  if (!in || !ans || fscanf(in, "%lld %lld", &a, &b) != 2 || fscanf(ans, "%lld", &want) != 1) { fprintf(stderr, "bad data"); return 3; }
  while (clock() < CLOCKS_PER_SEC * 3 / 10);
  printf("%lld %lld\\n", a, b);
  fflush(stdout);
  if (scanf("%lld", &got) != 1) { fprintf(stderr, "no answer"); return 1; }
  if (got != want) { fprintf(stderr, "expected %lld, found %lld", want, got); return 1; }
  fprintf(stderr, "ok");
  return 0;
}
`;

const SLEEPER = `#include <unistd.h>\nint main(void) { for (;;) pause(); }`;

interface Recorded {
  cmd: SandboxCmd[];
  results: SandboxResult[];
}

let server: DataServer;
let ctx: JudgeContext;
let load: CpuLoad;
let hostSlowdown = 0;
const runs: Recorded[] = [];
const problems = {} as Record<"plain" | "spj" | "interactive" | "sleepPlain" | "sleepInteractive", TaskProblem>;
/** The sleepers' CPU time limit: their wall clock, and what they cost, follow it. */
const SLEEP_LIMIT_MS = 200;

beforeAll(async () => {
  server = await startDataServer();
  ctx = await testContext(server.url);
  const run = ctx.sandbox.run.bind(ctx.sandbox);
  ctx.sandbox.run = async (cmd, pipeMapping, signal) => {
    const results = await run(cmd, pipeMapping, signal);
    runs.push({ cmd, results });
    return results;
  };
  const { hash, cases } = await storeCases([
    { input: "1 2\n", output: "3\n" },
    { input: "40 2\n", output: "42\n" },
  ]);
  problems.plain = problem(hash, cases, { timeLimit: LIMIT_MS });
  problems.spj = problem(hash, cases, { timeLimit: LIMIT_MS, judgeMode: "spj", spjLanguage: "C", spjCode: CHECKER });
  problems.interactive = problem(hash, cases, { timeLimit: LIMIT_MS, judgeMode: "interactive", spjLanguage: "C", spjCode: INTERACTOR });
  problems.sleepPlain = { ...problems.plain, timeLimit: SLEEP_LIMIT_MS, cases: cases.slice(0, 1) };
  problems.sleepInteractive = { ...problems.interactive, timeLimit: SLEEP_LIMIT_MS };
  // Four spinners a core; they outlive no test run by much even if this file never gets to afterAll.
  load = startCpuLoad({ perCore: 4, forMs: 300_000 });
  hostSlowdown = slowdown(300);
});

afterAll(async () => {
  load?.stop();
  await server?.close();
});

const withSettings = (over: Partial<JudgeSettings>): JudgeContext => ({ ...ctx, settings: { ...ctx.settings, ...over } });

function judge(c: JudgeContext, code: string, p: TaskProblem): Promise<FinalMessage> {
  return judgeSubmission(c, submission("C", code, p), async () => undefined, new AbortController().signal);
}

/** The user's program in a /run request (cmd 0; its CPU limit is the problem's). */
const userRuns = (from: number, limitMs = LIMIT_MS) => runs.slice(from).filter((r) => r.cmd[0].cpuLimit === limitMs * MS);
const wallStopped = (r: Recorded) => r.results.some((x, i) => x.status === "Time Limit Exceeded" && x.time < r.cmd[i].cpuLimit);

async function correctRounds(c: JudgeContext, rounds: number) {
  const finals = await Promise.all(
    Array.from({ length: rounds }, () => [judge(c, SPIN_AB, problems.plain), judge(c, SPIN_AB, problems.spj), judge(c, SPIN_AB, problems.interactive)]).flat(),
  );
  for (const f of finals) {
    expect(f.errorMessage).toBe("");
    expect(f.cases.map((x) => [x.status, x.message])).toEqual([
      [JudgeStatus.ACCEPTED, expect.any(String)],
      [JudgeStatus.ACCEPTED, expect.any(String)],
    ]);
    expect(f.status).toBe(JudgeStatus.ACCEPTED);
    // The time shown is the program's CPU time: what it computed, not how long it waited for a core
    // or for the interactor.
    for (const x of f.cases) {
      expect(x.time).toBeGreaterThanOrEqual(SPIN_MS - 5);
      expect(x.time).toBeLessThanOrEqual(LIMIT_MS);
    }
  }
}

describe("on a busy host", () => {
  it("the programs judged here get a fraction of a core", () => {
    // With four spinners a core, computing takes several times its CPU time in wall time.
    expect(hostSlowdown).toBeGreaterThan(2);
  });

  it("correct programs close to their CPU limit are Accepted, plain, with a checker and interactive, time after time", { timeout: 240_000 }, async () => {
    await correctRounds(ctx, 3);
  });

  it("they stay Accepted with a wall clock as short as the CPU limit: reruns with more wall time keep them so", { timeout: 240_000 }, async () => {
    const from = runs.length;
    // Four reruns (81 times the CPU limit at the last) so that the test holds however many other test
    // files share the host with the spinners; the default two suffice with the default wall clock.
    await correctRounds(withSettings({ clockFactor: 1, clockExtraMs: 0, wallReruns: 4 }), 2);
    // The host, not the programs, made the wall clock stop them: they were run again.
    const stopped = userRuns(from).filter(wallStopped);
    expect(stopped.length).toBeGreaterThan(0);
    for (const r of stopped) expect(r.results[0].time).toBeLessThan(LIMIT_MS * MS);
  });

  it("a program past its CPU time is Time Limit Exceeded, on CPU time", { timeout: 180_000 }, async () => {
    const slow = SPIN_AB.replace(`${SPIN_MS} / 1000`, `${3 * LIMIT_MS} / 1000`);
    expect(slow).not.toBe(SPIN_AB);
    const [plain, loop, pair] = await Promise.all([
      judge(ctx, slow, problems.plain),
      judge(ctx, `int main(void) { volatile unsigned long x = 0; for (;;) x++; }`, problems.spj),
      judge(ctx, slow, problems.interactive),
    ]);
    for (const f of [plain, loop, pair]) {
      expect(f.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
      expect(f.cases[0].time).toBeGreaterThanOrEqual(LIMIT_MS);
      expect(f.cases[0].message).not.toMatch(/wall clock/i);
    }
  });

  it("a program that sleeps forever, alone or beside an interactor that waits for it, is Time Limit Exceeded within a bounded time", { timeout: 180_000 }, async () => {
    const from = runs.length;
    const started = Date.now();
    const [plain, pair] = await Promise.all([judge(ctx, SLEEPER, problems.sleepPlain), judge(ctx, SLEEPER, problems.sleepInteractive)]);
    const elapsed = Date.now() - started;
    for (const f of [plain, pair]) {
      expect(f.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
      for (const x of f.cases) {
        expect(x.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
        expect(x.message).toMatch(/wall clock/i);
        expect(x.time).toBeLessThan(SLEEP_LIMIT_MS);
      }
    }
    expect(pair.cases).toHaveLength(2);
    // The plain one's case and the pair's first case had their two reruns (three and nine times the
    // wall clock); having slept through them, the pair's second case had none.
    const s = ctx.settings;
    const clockMs = SLEEP_LIMIT_MS * s.clockFactor + s.clockExtraMs;
    const [once, thrice, nineTimes] = [clockMs, clockMs * s.wallRerunFactor, clockMs * s.wallRerunFactor ** 2];
    expect(userRuns(from, SLEEP_LIMIT_MS).map((r) => r.cmd[0].clockLimit / MS).sort((a, b) => a - b)).toEqual([once, once, once, thrice, thrice, nineTimes, nineTimes]);
    // That is all the time they took, but for compiles.
    expect(elapsed).toBeLessThan(once + thrice + nineTimes + once + 30_000);
  });
});
