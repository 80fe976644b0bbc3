import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import type { TaskProblem } from "~/lib/judge-protocol";
import type { RunningJudge } from "../../../judge-service/src/consumer";
import {
  allResults,
  C_AB,
  judgeOnce,
  newRedis,
  problem,
  startDataServer,
  startTestJudge,
  storeCases,
  submission,
  testContext,
  testdata,
  trackSandbox,
  type DataServer,
  type SandboxTracker,
} from "./support";

// Every verdict and every judge-case mode, through Redis, in the real sandbox with real compilers.

let server: DataServer;
let redis: Redis;
let judge: RunningJudge;
let sandbox: SandboxTracker;

beforeAll(async () => {
  server = await startDataServer();
  redis = newRedis();
  // A small output limit and a short wall clock keep the floods and sleepers of this file quick.
  const ctx = await testContext(server.url, { outputLimitBytes: 1024 * 1024, clockExtraMs: 500 });
  sandbox = trackSandbox(ctx.sandbox);
  judge = await startTestJudge(server.url, { context: ctx });
});

afterAll(async () => {
  await judge?.stop({ graceMs: 1000 });
  await server?.close();
  redis?.disconnect();
});

async function abProblem(over: Partial<TaskProblem> = {}) {
  const { hash, cases } = await storeCases([
    { input: "1 2\n", output: "3\n" },
    { input: "100 -7\n", output: "93\n" },
  ]);
  return problem(hash, cases, over);
}

describe("verdicts", () => {
  it("accepts a correct program, with progress, one message per case, and time and memory", async () => {
    const task = submission("C", C_AB, await abProblem());
    const final = await judgeOnce(redis, task);
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
    expect(final.attempt).toBe(1);
    expect(final.judger).toBe(judge.name);
    expect(final.cases.map((c) => c.status)).toEqual([0, 0]);
    expect(final.cases[0]).toMatchObject({ index: 1, inputData: "1.in", outputData: "1.out", userOutput: "3\n" });
    expect(final.memory).toBeGreaterThan(0);
    expect(final.time).toBe(Math.max(...final.cases.map((c) => c.time)));
    expect(final.memory).toBe(Math.max(...final.cases.map((c) => c.memory)));
    const mine = (await allResults(redis)).filter((m) => m.submissionId === task.submissionId);
    expect(mine.map((m) => (m.type === "progress" ? `p${m.status}` : m.type))).toEqual(["p6", "p7", "case", "case", "final"]);
  });

  it("gives Wrong Answer and Presentation Error", async () => {
    const p = await abProblem();
    const [wa, pe, trailing] = await Promise.all([
      judgeOnce(redis, submission("C", `#include <stdio.h>\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d\\n",a-b);return 0;}`, p)),
      judgeOnce(redis, submission("C", `#include <stdio.h>\nint main(){int a,b;scanf("%d%d",&a,&b);printf("  %d\\n",a+b);return 0;}`, p)),
      judgeOnce(redis, submission("C", `#include <stdio.h>\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d   \\n\\n\\n",a+b);return 0;}`, p)),
    ]);
    expect(wa.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(pe.status).toBe(JudgeStatus.PRESENTATION_ERROR);
    // Trailing blanks are ignored with isRemoveEndBlank...
    expect(trailing.status).toBe(JudgeStatus.ACCEPTED);
    // ...and make a Presentation Error without it.
    const strict = await judgeOnce(redis, submission("C", `#include <stdio.h>\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d \\n",a+b);return 0;}`, await abProblem({ isRemoveEndBlank: false })));
    expect(strict.status).toBe(JudgeStatus.PRESENTATION_ERROR);
  });

  it("gives Time Limit Exceeded on CPU time and on wall time", async () => {
    const p = await abProblem({ timeLimit: 300 });
    const [cpu, sleeping] = await Promise.all([
      judgeOnce(redis, submission("C", `int main(){ volatile unsigned long x = 0; for (;;) x++; }`, p)),
      judgeOnce(redis, submission("C", `#include <unistd.h>\nint main(){ sleep(60); return 0; }`, p)),
    ]);
    expect(cpu.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(cpu.cases[0].time).toBeGreaterThanOrEqual(300);
    expect(sleeping.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(sleeping.cases[0].message).toMatch(/wall clock/i);
    expect(sleeping.cases[0].time).toBeLessThan(300);
  });

  it("gives Memory Limit Exceeded", async () => {
    const final = await judgeOnce(
      redis,
      submission(
        "C",
        `#include <stdlib.h>\n#include <stdio.h>\nint main(){ size_t n = 512u << 20; volatile char *p = malloc(n); for (size_t i = 0; i < n; i += 4096) p[i] = 1; printf("%d\\n", p[4096]); return 0; }`,
        await abProblem({ memoryLimit: 64 }),
      ),
    );
    expect(final.status).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
    expect(final.memory).toBeGreaterThanOrEqual(60 * 1024);
  });

  it("gives Runtime Error on a signal, a non-zero exit code, and too much output", async () => {
    const p = await abProblem({ timeLimit: 500 });
    const [segv, exit3, flood] = await Promise.all([
      judgeOnce(redis, submission("C", `int main(){ volatile int *p = 0; *p = 1; return 0; }`, p)),
      judgeOnce(redis, submission("C", `#include <stdio.h>\nint main(){ fprintf(stderr, "bad input\\n"); return 3; }`, p)),
      judgeOnce(redis, submission("C", `#include <stdio.h>\nint main(){ for (;;) fputs("0123456789012345678901234567890123456789\\n", stdout); }`, p)),
    ]);
    expect(segv.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(segv.cases[0].message).toContain("SIGSEGV");
    expect(exit3.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(exit3.cases[0].message).toContain("code 3");
    expect(exit3.cases[0].message).toContain("bad input");
    expect(flood.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(flood.cases[0].message).toMatch(/output limit/i);
    expect(flood.cases[0].userOutput.startsWith("0123456789")).toBe(true);
  });

  it("gives Compile Error with the compiler's message and no sandbox paths", async () => {
    const final = await judgeOnce(redis, submission("C++", `int main() { return undefined_name; }`, await abProblem()));
    expect(final.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(final.errorMessage).toContain("undefined_name");
    expect(final.errorMessage).toContain("main.cpp");
    expect(final.errorMessage).not.toContain("/w/");
    expect(final.cases).toEqual([]);
  });

  it("gives System Error with a reason when the test data does not exist", async () => {
    const p = problem("0123456789abcdef0123456789abcdef", [{ index: 1, input: "1.in", output: "1.out", score: 0, groupNum: 0 }]);
    const final = await judgeOnce(redis, submission("C", C_AB, p));
    expect(final.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(final.errorMessage).toMatch(/not found/);
  });

  it("takes the first failing case's status for ACM, running every case in default mode", async () => {
    const { hash, cases } = await storeCases([
      { input: "1 2\n", output: "3\n" },
      { input: "5 5\n", output: "11\n" },
      { input: "0 0\n", output: "1\n" },
    ]);
    // Case 2 sleeps (TLE), case 3 is wrong: the first failure decides.
    const code = `#include <stdio.h>\n#include <unistd.h>\nint main(){int a,b;scanf("%d%d",&a,&b); if (a == 5) for(;;); printf("%d\\n",a+b);return 0;}`;
    const final = await judgeOnce(redis, submission("C", code, problem(hash, cases, { timeLimit: 200 })));
    expect(final.cases.map((c) => c.status)).toEqual([0, 1, -1]);
    expect(final.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
  });
});

describe("large outputs", () => {
  it("compares a large output as it streams, finding a difference at its very end", async () => {
    const n = 1_000_000;
    const lines: string[] = [];
    for (let i = 1; i <= n; i++) lines.push(String(i * 7));
    const { hash, cases } = await storeCases([{ input: `${n}\n`, output: `${lines.join("\n")}\n` }]);
    const p = problem(hash, cases, { timeLimit: 3000 });
    const print = (last: string) =>
      `#include <stdio.h>\nint main(){ int n; scanf("%d", &n); for (int i = 1; i < n; i++) printf("%d\\n", i * 7); printf(${last}); return 0; }`;
    const [ok, wrong] = await Promise.all([
      judgeOnce(redis, submission("C With O2", print(`"%d\\n", n * 7`), p)),
      judgeOnce(redis, submission("C With O2", print(`"%d\\n", n * 7 + 1`), p)),
    ]);
    expect(ok.status).toBe(JudgeStatus.ACCEPTED);
    expect(ok.cases[0].userOutput.startsWith("7\n14\n21\n")).toBe(true);
    expect(ok.cases[0].userOutput.length).toBeLessThanOrEqual(2048);
    expect(wrong.status).toBe(JudgeStatus.WRONG_ANSWER);
  });
});

describe("large and binary inputs", () => {
  it("feeds inputs too large or not text to travel inline", async () => {
    const numbers = Array.from({ length: 200_000 }, (_, i) => i % 1000);
    const sum = numbers.reduce((a, b) => a + b, 0);
    const binary = Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x41]);
    const { hash, cases } = await storeCases([{ input: `${numbers.length}\n${numbers.join(" ")}\n`, output: `${sum}\n` }]);
    const binHash = await (
      await testdata()
    ).storeTestData([
      { name: "1.in", data: binary },
      { name: "1.out", data: Buffer.from("5 255 254 0 128 65\n") },
    ]);
    const code = `#include <stdio.h>\nint main(){ int n; long long s = 0, x; if (scanf("%d", &n) != 1) return 1; while (n-- > 0 && scanf("%lld", &x) == 1) s += x; printf("%lld\\n", s); return 0; }`;
    const big = await judgeOnce(redis, submission("C", code, problem(hash, cases)));
    expect(big.status).toBe(JudgeStatus.ACCEPTED);
    const bytes = `#include <stdio.h>\nint main(){ unsigned char b[16]; size_t n = fread(b, 1, sizeof b, stdin); printf("%zu", n); for (size_t i = 0; i < n; i++) printf(" %d", b[i]); printf("\\n"); return 0; }`;
    const raw = await judgeOnce(redis, submission("C", bytes, problem(binHash, [{ index: 1, input: "1.in", output: "1.out", score: 0, groupNum: 0 }])));
    expect(raw.status).toBe(JudgeStatus.ACCEPTED);
  });
});

describe("OI scores and judge-case modes", () => {
  // The program prints a+b, so a case passes when its answer is a+b and fails otherwise.
  const pass = (n: number) => ({ input: `${n} 1\n`, output: `${n + 1}\n` });
  const fail = (n: number) => ({ input: `${n} 1\n`, output: `${n + 2}\n` });

  it("sums case scores (Partial Accepted) in default mode and caps at the total", async () => {
    const { hash, cases } = await storeCases([
      { ...pass(1), score: 30 },
      { ...fail(2), score: 30 },
      { ...pass(3), score: 40 },
    ]);
    const final = await judgeOnce(redis, submission("C", C_AB, problem(hash, cases, { type: 1 })));
    expect(final.status).toBe(JudgeStatus.PARTIAL_ACCEPTED);
    expect(final.score).toBe(70);
    expect(final.cases).toHaveLength(3);
    const all = await judgeOnce(redis, submission("C", C_AB, problem(hash, cases.map((c) => ({ ...c, input: "1.in", output: "1.out" })), { type: 1 })));
    expect(all.status).toBe(JudgeStatus.ACCEPTED);
    expect(all.score).toBe(100);
  });

  it("gives the first failure's status when an OI submission scores nothing", async () => {
    const { hash, cases } = await storeCases([
      { ...fail(1), score: 50 },
      { ...fail(2), score: 50 },
    ]);
    const final = await judgeOnce(redis, submission("C", C_AB, problem(hash, cases, { type: 1 })));
    expect(final.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(final.score).toBe(0);
  });

  it("stops at the first failure in ergodic_without_error", async () => {
    const { hash, cases } = await storeCases([pass(1), fail(2), pass(3)]);
    const final = await judgeOnce(redis, submission("C", C_AB, problem(hash, cases, { judgeCaseMode: "ergodic_without_error" })));
    expect(final.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(final.cases.map((c) => c.index)).toEqual([1, 2]);
  });

  it("scores a group by its lowest case and stops the group at its first zero in subtask_lowest", async () => {
    const { hash, cases } = await storeCases([
      { ...pass(1), score: 10, group: 1 },
      { ...fail(2), score: 10, group: 1 },
      { ...pass(3), score: 10, group: 1 },
      { ...pass(4), score: 20, group: 2 },
      { ...pass(5), score: 20, group: 2 },
    ]);
    const final = await judgeOnce(redis, submission("C", C_AB, problem(hash, cases, { type: 1, judgeCaseMode: "subtask_lowest" })));
    expect(final.cases.map((c) => c.index)).toEqual([1, 2, 4, 5]);
    expect(final.score).toBe(20);
    expect(final.status).toBe(JudgeStatus.PARTIAL_ACCEPTED);
    expect(final.cases.find((c) => c.index === 4)?.groupNum).toBe(2);
  });

  it("scores a group by the rounded average of its cases in subtask_average", async () => {
    const { hash, cases } = await storeCases([
      { ...pass(1), score: 10, group: 1 },
      { ...fail(2), score: 10, group: 1 },
      { ...pass(3), score: 10, group: 1 },
      { ...pass(4), score: 20, group: 2 },
      { ...fail(5), score: 20, group: 2 },
    ]);
    const final = await judgeOnce(redis, submission("C", C_AB, problem(hash, cases, { type: 1, judgeCaseMode: "subtask_average" })));
    expect(final.cases).toHaveLength(5);
    expect(final.score).toBe(7 + 10);
    expect(final.status).toBe(JudgeStatus.PARTIAL_ACCEPTED);
  });
});

describe("files beside the program", () => {
  it("reads and writes the named files in file IO problems", async () => {
    const p = await abProblem({ isFileIO: true, ioReadFileName: "sum.in", ioWriteFileName: "sum.out" });
    const code = `#include <stdio.h>\nint main(){ FILE *in = fopen("sum.in", "r"), *out = fopen("sum.out", "w"); long long a, b; if (!in || !out) return 2; fscanf(in, "%lld %lld", &a, &b); fprintf(out, "%lld\\n", a + b); fclose(out); return 0; }`;
    const ok = await judgeOnce(redis, submission("C", code, p));
    expect(ok.status).toBe(JudgeStatus.ACCEPTED);
    expect(ok.cases[0].userOutput).toBe("3\n");
    // Printing to the screen instead of the file leaves the file empty.
    const stdout = await judgeOnce(redis, submission("C", `#include <stdio.h>\nint main(){ FILE *in = fopen("sum.in", "r"); long long a, b; fscanf(in, "%lld %lld", &a, &b); printf("%lld\\n", a + b); return 0; }`, p));
    expect(stdout.status).toBe(JudgeStatus.WRONG_ANSWER);
  });

  it("places userExtraFiles beside the program for compiling and running", async () => {
    const p = await abProblem({
      userExtraFiles: [
        { name: "add.h", content: "static long long add(long long a, long long b) { return a + b; }\n" },
        { name: "offset.txt", content: "0\n" },
      ],
    });
    const code = `#include <stdio.h>\n#include "add.h"\nint main(){ long long a, b, k; FILE *f = fopen("offset.txt", "r"); if (!f || fscanf(f, "%lld", &k) != 1) return 4; scanf("%lld %lld", &a, &b); printf("%lld\\n", add(a, b) + k); return 0; }`;
    const final = await judgeOnce(redis, submission("C", code, p));
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
  });

  it("refuses extra files and file IO names that would replace the program", async () => {
    const final = await judgeOnce(redis, submission("C", C_AB, await abProblem({ userExtraFiles: [{ name: "../main.c", content: "x" }] })));
    expect(final.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(final.errorMessage).toMatch(/extra file/);
    const io = await judgeOnce(redis, submission("C", C_AB, await abProblem({ isFileIO: true, ioReadFileName: "main", ioWriteFileName: "out.txt" })));
    expect(io.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(io.errorMessage).toMatch(/file IO name main/);
  });
});

describe("go-judge's file store", () => {
  it("keeps nothing of the judgings above: binaries, inputs and outputs are all deleted", async () => {
    // Binaries, outputs and large inputs of every test above went into the store...
    expect(sandbox.ids.size).toBeGreaterThan(20);
    // ...and go-judge has none of them any more.
    expect(await sandbox.stillStored()).toEqual([]);
  });
});
