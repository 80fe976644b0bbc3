import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import type { CaseMessage, FinalMessage, TaskProblem } from "~/lib/judge-protocol";
import type { JudgeContext } from "../../../judge-service/src/context";
import { judgeSubmission } from "../../../judge-service/src/judge";
import { problem, startDataServer, storeCases, submission, testContext, type DataServer } from "./support";

// A submission's cases on the judge's free slots (run-cases.ts): the same verdicts, scores, figures
// and published case messages as one case after the other, in every judge-case mode; and the time a
// case measures does not grow when another runs beside it.

let server: DataServer;
let parallel: JudgeContext;
let oneByOne: JudgeContext;
/** The most user programs that ran at once in the sandbox, per context. */
const peak = new Map<JudgeContext, number>();

function watchRuns(ctx: JudgeContext): void {
  let running = 0;
  peak.set(ctx, 0);
  const run = ctx.sandbox.run.bind(ctx.sandbox);
  ctx.sandbox.run = async (cmd, pipeMapping, signal) => {
    const user = cmd.some((c) => c.args[0] === "./main");
    if (user) peak.set(ctx, Math.max(peak.get(ctx)!, ++running));
    try {
      return await run(cmd, pipeMapping, signal);
    } finally {
      if (user) running--;
    }
  };
}

beforeAll(async () => {
  server = await startDataServer();
  parallel = await testContext(server.url, {}, { concurrency: 2, parallelCases: true });
  oneByOne = await testContext(server.url, {}, { concurrency: 2, parallelCases: false });
  watchRuns(parallel);
  watchRuns(oneByOne);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

// A fixed amount of work per case (about 50 ms here), a wrong answer when n is a multiple of 5,
// an endless loop for n = 7.
const WORKER = `#include <stdio.h>
int main(void) {
  long long n; if (scanf("%lld", &n) != 1) return 1;
  volatile unsigned long long x = 0;
  for (unsigned long long i = 0; i < 150000000ULL; i++) x += i;
  if (n == 7) for (;;) x++;
  printf("%lld\\n", n % 5 == 0 ? n + 1 : n * 2);
  return 0;
}
`;

async function workerProblem(over: Partial<TaskProblem>): Promise<TaskProblem> {
  const { hash, cases } = await storeCases(
    Array.from({ length: 10 }, (_, i) => ({ input: `${i + 1}\n`, output: `${(i + 1) * 2}\n`, score: 10, group: i < 4 ? 1 : i < 8 ? 2 : 3 })),
  );
  return problem(hash, cases, { timeLimit: 2000, ...over });
}

async function judge(ctx: JudgeContext, p: TaskProblem, code = WORKER) {
  const published: CaseMessage[] = [];
  const final = await judgeSubmission(ctx, submission("C With O2", code, p), async (m) => void (m.type === "case" && published.push(m)), new AbortController().signal);
  return { final, published };
}

const shape = (f: FinalMessage) => ({
  status: f.status,
  score: f.score,
  cases: f.cases.map((c) => ({ index: c.index, status: c.status, score: c.score, userOutput: c.userOutput })),
});

describe("cases in parallel", () => {
  const modes: Array<{ mode: TaskProblem["judgeCaseMode"]; type: number }> = [
    { mode: "default", type: 0 },
    { mode: "default", type: 1 },
    { mode: "ergodic_without_error", type: 0 },
    { mode: "ergodic_without_error", type: 1 },
    { mode: "subtask_lowest", type: 1 },
    { mode: "subtask_average", type: 1 },
  ];

  it.each(modes)("judge $mode (type $type) exactly as one case after the other", async ({ mode, type }) => {
    const p = await workerProblem({ judgeCaseMode: mode, type });
    const a = await judge(oneByOne, p);
    const b = await judge(parallel, p);
    expect(shape(b.final)).toEqual(shape(a.final));
    expect(b.published.map((m) => m.result.index)).toEqual(a.published.map((m) => m.result.index));
    expect(b.final.cases.map((c) => c.index)).toEqual(b.published.map((m) => m.result.index));
    // Case 7 runs into its limit, case 5 is wrong.
    expect(a.final.cases.find((c) => c.index === 7)?.status ?? JudgeStatus.TIME_LIMIT_EXCEEDED).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(a.final.cases.find((c) => c.index === 5)?.status ?? JudgeStatus.WRONG_ANSWER).toBe(JudgeStatus.WRONG_ANSWER);
    if (mode === "ergodic_without_error") expect(b.final.cases.map((c) => c.index)).toEqual([1, 2, 3, 4, 5]);
    if (mode === "subtask_lowest") expect(b.final.cases.map((c) => c.index)).toEqual([1, 2, 3, 4, 5, 9, 10]);
  }, 180_000);

  it("run at once only when switched on, and measure the same time and memory", async () => {
    const p = await workerProblem({ judgeCaseMode: "default", type: 0 });
    const accepted = `#include <stdio.h>
int main(void) {
  long long n; if (scanf("%lld", &n) != 1) return 1;
  volatile unsigned long long x = 0;
  for (unsigned long long i = 0; i < 400000000ULL; i++) x += i;
  printf("%lld\\n", n * 2);
  return 0;
}
`;
    const times = { parallel: [] as number[], oneByOne: [] as number[] };
    const memory = { parallel: [] as number[], oneByOne: [] as number[] };
    peak.set(parallel, 0);
    peak.set(oneByOne, 0);
    // Alternating, so a change of the machine's load weighs on both.
    for (let round = 0; round < 3; round++) {
      for (const [name, ctx] of [["oneByOne", oneByOne], ["parallel", parallel]] as const) {
        const { final } = await judge(ctx, p, accepted);
        expect(final.status).toBe(JudgeStatus.ACCEPTED);
        times[name].push(...final.cases.map((c) => c.time));
        memory[name].push(...final.cases.map((c) => c.memory));
      }
    }
    expect(peak.get(oneByOne)).toBe(1);
    expect(peak.get(parallel)).toBe(2);
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const [tp, ts] = [median(times.parallel), median(times.oneByOne)];
    const [bp, bs] = [Math.min(...times.parallel), Math.min(...times.oneByOne)];
    console.warn(`case time: one by one median ${ts} ms, best ${bs} ms; in parallel median ${tp} ms, best ${bp} ms`);
    // The CPU time of each run is its own: two on two cores take what one takes alone. The best of 30
    // runs is the figure least moved by other work on the machine; the median moves with it more.
    expect(bp).toBeLessThanOrEqual(bs * 1.15 + 10);
    expect(tp).toBeLessThanOrEqual(ts * 1.5 + 15);
    expect(median(memory.parallel)).toBeLessThanOrEqual(median(memory.oneByOne) * 1.1 + 256);
  }, 300_000);
});
