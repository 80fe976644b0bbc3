import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUN_OUTPUT_KEY, RUN_RESULT_KEY, type RunProgramResult, type RunProgramTask } from "~/lib/judge-protocol";
import type { JudgeContext } from "../../../judge-service/src/context";
import type { RunningJudge } from "../../../judge-service/src/consumer";
import { runProgram } from "../../../judge-service/src/run-program";
import { enqueue, newRedis, prefix, startDataServer, startTestJudge, storeCases, testContext, waitFor, type DataServer } from "./support";

// `run` tasks: a package's program compiled once and run many times, with arguments and stdin,
// each output kept for the web side; failures say how the program ended and what it wrote on stderr.

let server: DataServer;
let ctx: JudgeContext;
let redis: Redis;
let judge: RunningJudge;

beforeAll(async () => {
  server = await startDataServer();
  ctx = await testContext(server.url, { runKeepBytes: 30 });
  redis = newRedis();
  judge = await startTestJudge(server.url);
});

afterAll(async () => {
  await judge?.stop({ graceMs: 1000 });
  await ctx?.checkers.dispose(ctx);
  await server?.close();
  redis?.disconnect();
});

const GEN = `#include "testlib.h"
#include <cstdio>
int main(int argc, char* argv[]) {
  registerGen(argc, argv, 1);
  int n = opt<int>("n");
  if (n > 5) { fprintf(stderr, "n = %d is too big\\n", n); return 3; }
  for (int i = 0; i < n; i++) printf("%d ", rnd.next(1, 9));
  printf("\\n");
}
`;

const ECHO_SUM = `a, b = map(int, input().split())
print(a + b)
`;

function task(over: Partial<RunProgramTask>): RunProgramTask {
  return {
    kind: "run",
    key: `k${Math.random().toString(36).slice(2)}`,
    language: "C++",
    code: GEN,
    testlib: true,
    extraFiles: [],
    runs: [],
    limits: { timeMs: 2000, memoryMb: 256, outputBytes: 1024 * 1024 },
    keepOutput: true,
    enqueuedAt: Date.now(),
    ...over,
  };
}

async function run(t: RunProgramTask) {
  const kept = new Map<number, string>();
  const result = await runProgram(ctx, t, async (i, data) => void kept.set(i, data.toString()), new AbortController().signal);
  return { result, kept };
}

describe("running a package's programs", () => {
  it("runs a testlib generator with each command line; the same arguments give the same test", async () => {
    const { result, kept } = await run(task({ runs: [{ args: ["-n", "3"], stdin: null }, { args: ["-n", "4"], stdin: null }, { args: ["-n", "3"], stdin: null }] }));
    expect(result.ok).toBe(true);
    expect([...kept.keys()]).toEqual([0, 1, 2]);
    expect(kept.get(0)).toMatch(/^(\d ){3}\n$/);
    expect(kept.get(1)).toMatch(/^(\d ){4}\n$/);
    expect(kept.get(2)).toBe(kept.get(0));
  });

  it("says how a failing run ended and what it wrote on stderr, and keeps nothing of it", async () => {
    const { result, kept } = await run(task({ runs: [{ args: ["-n", "9"], stdin: null }] }));
    expect(result).toMatchObject({ ok: true, runs: [{ status: "exit", exitCode: 3, stderr: "n = 9 is too big\n", outputBytes: -1 }] });
    expect(kept.size).toBe(0);
  });

  it("reports a program that does not compile", async () => {
    const { result } = await run(task({ code: "int main( {" }));
    expect(result).toMatchObject({ ok: false, compileError: true });
  });

  it("runs a program in a judge language over files of a stored data set", async () => {
    const { hash } = await storeCases([
      { input: "1 2\n", output: "" },
      { input: "40 2\n", output: "" },
    ]);
    const { result, kept } = await run(
      task({ language: "Python3", code: ECHO_SUM, testlib: false, runs: [1, 2].map((i) => ({ args: [], stdin: { testData: hash, name: `${i}.in` } })) }),
    );
    expect(result.ok).toBe(true);
    expect([kept.get(0), kept.get(1)]).toEqual(["3\n", "42\n"]);
  });

  it("ends a task early once its kept output reaches the budget; the rest is asked for again", async () => {
    const runs = Array.from({ length: 6 }, () => ({ args: ["-n", "5"], stdin: null }));
    const { result, kept } = await run(task({ runs }));
    // 11 bytes a run, 30 bytes a task: three runs, then the task ends.
    expect(result.ok && result.runs.length).toBe(3);
    expect(kept.size).toBe(3);
  });

  it("goes through Redis: the outputs under their keys, then the result", async () => {
    const t = task({ runs: [{ args: ["-n", "2"], stdin: null }] });
    await enqueue(redis, t, "test");
    const raw = await waitFor("the run's result", () => redis.get(`${prefix()}${RUN_RESULT_KEY}:${t.key}`), 90_000);
    expect((JSON.parse(raw) as RunProgramResult).ok).toBe(true);
    expect(await redis.get(`${prefix()}${RUN_OUTPUT_KEY}:${t.key}:0`)).toMatch(/^(\d ){2}\n$/);
  });
});
