import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import { COMPILE_RESULT_KEY, type CompileCheckResult, type TaskProblem } from "~/lib/judge-protocol";
import type { RunningJudge } from "../../../judge-service/src/consumer";
import { checkCompile, judgeSubmission } from "../../../judge-service/src/judge";
import {
  C_AB,
  CPP_AB,
  enqueue,
  judgeOnce,
  newRedis,
  prefix,
  problem,
  startDataServer,
  startTestJudge,
  storeCases,
  submission,
  testContext,
  trackSandbox,
  waitFor,
  type DataServer,
  type SandboxTracker,
} from "./support";

// Special judges (testlib argument order and exit codes), interactive problems, compile checks.
// testlib.h is not installed here, so these checkers are plain C/C++ that keep testlib's conventions.

let server: DataServer;
let redis: Redis;
let judge: RunningJudge;
let sandbox: SandboxTracker;

beforeAll(async () => {
  server = await startDataServer();
  redis = newRedis();
  const ctx = await testContext(server.url);
  sandbox = trackSandbox(ctx.sandbox);
  judge = await startTestJudge(server.url, { context: ctx });
});

afterAll(async () => {
  await judge?.stop({ graceMs: 1000 });
  await server?.close();
  redis?.disconnect();
});

// Accepts a number within the tolerance read from a judge extra file beside the checker.
const TOLERANCE_CHECKER = `#include <cmath>
#include <cstdio>
int main(int argc, char **argv) {
  if (argc < 4) return 3;
  FILE *in = fopen(argv[1], "r"), *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r"), *tol = fopen("tolerance.txt", "r");
  double a, b, eps;
  if (!in || !out || !ans || !tol || fscanf(ans, "%lf", &a) != 1 || fscanf(tol, "%lf", &eps) != 1) { fprintf(stderr, "checker setup broken"); return 3; }
  if (fscanf(out, "%lf", &b) != 1) { fprintf(stderr, "no number in the output"); return 2; }
  if (std::fabs(a - b) <= eps) { fprintf(stderr, "ok %.4f", b); return 0; }
  fprintf(stderr, "expected %.4f, found %.4f", a, b);
  return 1;
}
`;

async function spjProblem(over: Partial<TaskProblem> = {}) {
  const { hash, cases } = await storeCases([
    { input: "1 2\n", output: "3\n" },
    { input: "10 20\n", output: "30\n" },
  ]);
  return problem(hash, cases, {
    judgeMode: "spj",
    spjLanguage: "C++",
    spjCode: TOLERANCE_CHECKER,
    judgeExtraFiles: [{ name: "tolerance.txt", content: "0.01\n" }],
    ...over,
  });
}

const printing = (expr: string) => `#include <stdio.h>\nint main(){ double a, b; scanf("%lf %lf", &a, &b); ${expr}; return 0; }`;

describe("special judge", () => {
  it("accepts what the checker accepts, and reports Wrong Answer and Presentation Error from its exit code", async () => {
    const p = await spjProblem();
    const [ac, wa, pe] = await Promise.all([
      judgeOnce(redis, submission("C", printing(`printf("%.3f\\n", a + b + 0.004)`), p)),
      judgeOnce(redis, submission("C", printing(`printf("%.3f\\n", a + b + 1)`), p)),
      judgeOnce(redis, submission("C", printing(`printf("three\\n")`), p)),
    ]);
    expect(ac.status).toBe(JudgeStatus.ACCEPTED);
    expect(ac.cases[0].message).toBe("ok 3.0040");
    expect(ac.cases[0].userOutput).toBe("3.004\n");
    expect(wa.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(wa.cases[0].message).toBe("expected 3.0000, found 4.0000");
    expect(pe.status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(pe.errorMessage).toBe("no number in the output");
  });

  it("gives partial points from exit code 7 (testlib's points) in OI", async () => {
    const pointsChecker = `#include <cstdio>
int main(int argc, char **argv) {
  FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
  long long a, b;
  if (fscanf(ans, "%lld", &a) != 1) return 3;
  if (fscanf(out, "%lld", &b) != 1) return 1;
  if (a == b) return 0;
  if (b == a + 1) { fprintf(stderr, "points 0.5 off by one"); return 7; }
  return 1;
}
`;
    const { hash, cases } = await storeCases([
      { input: "1 2\n", output: "3\n", score: 10 },
      { input: "5 5\n", output: "10\n", score: 10 },
    ]);
    const p = problem(hash, cases, { type: 1, judgeMode: "spj", spjLanguage: "C++", spjCode: pointsChecker });
    // Off by one on the second case only.
    const final = await judgeOnce(redis, submission("C", printing(`printf("%.0f\\n", a == 5 ? a + b + 1 : a + b)`), p));
    expect(final.cases.map((c) => [c.status, c.score])).toEqual([
      [JudgeStatus.ACCEPTED, 10],
      [JudgeStatus.PARTIAL_ACCEPTED, 5],
    ]);
    expect(final.cases[1].message).toContain("off by one");
    expect(final.status).toBe(JudgeStatus.PARTIAL_ACCEPTED);
    expect(final.score).toBe(15);
  });

  it("turns a checker failure (exit code 3) into System Error with its message", async () => {
    const p = await spjProblem({ spjLanguage: "C", spjCode: `#include <stdio.h>\nint main(void){ fprintf(stderr, "checker bug"); return 3; }` });
    const final = await judgeOnce(redis, submission("C", C_AB, p));
    expect(final.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(final.errorMessage).toContain("checker bug");
    // Nothing after a judge failure is worth running.
    expect(final.cases).toHaveLength(1);
  });

  it("gives System Error when the checker does not compile", async () => {
    const final = await judgeOnce(redis, submission("C", C_AB, await spjProblem({ spjCode: "int main( {" })));
    expect(final.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(final.errorMessage).toMatch(/special judge does not compile/);
  });

  it("compiles a checker once and reuses it", async () => {
    const p = await spjProblem({ spjCode: `${TOLERANCE_CHECKER}// reuse\n` });
    // Compiles of this checker: its source copied into a run.
    const compiles = () => sandbox.runs.filter((cmd) => cmd.some((c) => (c.copyIn?.["main.cpp"] as { content?: string } | undefined)?.content === p.spjCode)).length;
    const checkerRuns = () => sandbox.runs.filter((cmd) => cmd.some((c) => c.args[0] === "./checker")).length;
    const before = checkerRuns();
    const first = await judgeOnce(redis, submission("C", printing(`printf("%.2f\\n", a + b)`), p));
    expect(compiles()).toBe(1);
    const second = await judgeOnce(redis, submission("C", printing(`printf("%.2f\\n", a + b)`), p));
    expect([first.status, second.status]).toEqual([0, 0]);
    // Four cases checked, one compile.
    expect(checkerRuns() - before).toBe(4);
    expect(compiles()).toBe(1);
    const key = judge.context.checkers.key("C++", p.spjCode!, p.judgeExtraFiles);
    // The compiled binary is also kept on disk for the next start.
    expect(existsSync(judge.context.checkers.binaryPath(key)!)).toBe(true);
  });
});

// The secret number is in the input; the program guesses with "? x" and answers with "! x".
const INTERACTOR = `#include <cstdio>
int main(int argc, char **argv) {
  FILE *in = fopen(argv[1], "r"), *ans = fopen(argv[3], "r");
  long long n, expected;
  if (!in || !ans || fscanf(in, "%lld", &n) != 1 || fscanf(ans, "%lld", &expected) != 1) return 3;
  for (int q = 0; q < 40; q++) {
    char op; long long x;
    if (scanf(" %c %lld", &op, &x) != 2) { fprintf(stderr, "unexpected end of the program's output"); return 1; }
    if (op == '!') {
      if (x == expected) { fprintf(stderr, "found %lld in %d queries", x, q); return 0; }
      fprintf(stderr, "wrong guess %lld", x); return 1;
    }
    printf("%s\\n", x < n ? "<" : x > n ? ">" : "=");
    fflush(stdout);
  }
  fprintf(stderr, "too many queries");
  return 1;
}
`;

const GUESSER = `#include <cstdio>
int main() {
  long long lo = 1, hi = 1000000000;
  while (lo < hi) {
    long long mid = (lo + hi) / 2;
    printf("? %lld\\n", mid); fflush(stdout);
    char r[4]; if (scanf("%3s", r) != 1) return 1;
    if (r[0] == '=') { lo = hi = mid; break; }
    if (r[0] == '<') lo = mid + 1; else hi = mid - 1;
  }
  printf("! %lld\\n", lo); fflush(stdout);
  return 0;
}
`;

describe("interactive problems", () => {
  async function interactiveProblem() {
    const { hash, cases } = await storeCases([
      { input: "123456789\n", output: "123456789\n" },
      { input: "1\n", output: "1\n" },
    ]);
    return problem(hash, cases, { judgeMode: "interactive", spjLanguage: "C++", spjCode: INTERACTOR });
  }

  it("accepts a program the interactor accepts", async () => {
    const final = await judgeOnce(redis, submission("C++", GUESSER, await interactiveProblem()));
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
    expect(final.cases[0].message).toMatch(/^found 123456789 in \d+ queries$/);
  });

  it("gives System Error with the interactor's message when the interactor fails (exit code 3)", async () => {
    const p = { ...(await interactiveProblem()), spjCode: `#include <cstdio>\nint main(){ fprintf(stderr, "interactor bug"); return 3; }` };
    const final = await judgeOnce(redis, submission("C++", GUESSER, p));
    expect(final.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(final.errorMessage).toContain("interactor bug");
    expect(final.cases).toHaveLength(1);
  });

  it("gives the points the interactor awards (exit code 7) in OI", async () => {
    // "points 50" of a 100-point case is half of it, however the value is read (share or points).
    const halves = INTERACTOR.replace(`{ fprintf(stderr, "found %lld in %d queries", x, q); return 0; }`, `{ fprintf(stderr, "points 50 found in %d queries", q); return 7; }`);
    expect(halves).not.toBe(INTERACTOR);
    const { hash, cases } = await storeCases([
      { input: "99\n", output: "99\n", score: 100 },
      { input: "7\n", output: "7\n", score: 100 },
    ]);
    const p = problem(hash, cases, { type: 1, judgeMode: "interactive", spjLanguage: "C++", spjCode: halves });
    const final = await judgeOnce(redis, submission("C++", GUESSER, p));
    expect(final.cases.map((c) => [c.status, c.score])).toEqual([
      [JudgeStatus.PARTIAL_ACCEPTED, 50],
      [JudgeStatus.PARTIAL_ACCEPTED, 50],
    ]);
    expect(final.status).toBe(JudgeStatus.PARTIAL_ACCEPTED);
    expect(final.score).toBe(100);
  });

  it("gives the interactor twice the user's time and memory", async () => {
    // Floors low enough that only the doubling gives the interactor what it uses: 0.45 s of CPU and
    // 96 MB, against the user's 0.3 s and 64 MB.
    const ctx = { ...judge.context, settings: { ...judge.context.settings, judgeProgramMinTimeMs: 100, judgeProgramMinMemoryMb: 16 } };
    const heavy = INTERACTOR.replace(
      "int main(int argc, char **argv) {",
      `#include <cstdlib>\n#include <cstring>\n#include <ctime>\nint main(int argc, char **argv) {\n  char *big = (char *)malloc(96 << 20); memset(big, 1, 96 << 20);\n  while (clock() < CLOCKS_PER_SEC * 45 / 100);\n  if (big[12345] != 1) return 3;`,
    );
    const p = { ...(await interactiveProblem()), spjCode: heavy, timeLimit: 300, memoryLimit: 64 };
    const final = await judgeSubmission(ctx, submission("C++", GUESSER, p), async () => undefined, new AbortController().signal);
    expect(final.cases.map((c) => [c.status, c.message.replace(/\d+ queries/, "n queries")])).toEqual([
      [JudgeStatus.ACCEPTED, "found 123456789 in n queries"],
      [JudgeStatus.ACCEPTED, "found 1 in n queries"],
    ]);
    // With only the user's limits the same interactor fails.
    const single = { ...ctx, settings: { ...ctx.settings, judgeProgramMinTimeMs: 100 } };
    const tight = await judgeSubmission(single, submission("C++", GUESSER, { ...p, timeLimit: 150, memoryLimit: 32 }), async () => undefined, new AbortController().signal);
    expect(tight.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(tight.errorMessage).toMatch(/interactor failed/);
  });

  it("gives the interactor's Wrong Answer", async () => {
    const final = await judgeOnce(redis, submission("C++", `#include <cstdio>\nint main(){ printf("! 42\\n"); fflush(stdout); return 0; }`, await interactiveProblem()));
    expect(final.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(final.errorMessage).toBe("wrong guess 42");
  });

  it("runs a pair again with more wall time when the machine, not the program, was slow, as other cases are", async () => {
    // A wall clock of 0.3 × the time limit stops a program that computes for 0.4 s while it still
    // computes, which is what a busy machine does to a program within its limits.
    const ctx = { ...judge.context, settings: { ...judge.context.settings, clockFactor: 0.3, clockExtraMs: 0, starvedClockFactor: 20 } };
    const busy = (code: string) => code.replace("int main() {", "#include <ctime>\nint main() {\n  while (clock() < CLOCKS_PER_SEC * 4 / 10);");
    const signal = new AbortController().signal;
    const publish = async () => undefined;
    const interactive = { ...(await interactiveProblem()), timeLimit: 1000 };
    const { hash, cases } = await storeCases([{ input: "1 2\n", output: "3\n" }]);
    const plain = problem(hash, cases, { timeLimit: 1000 });
    const [pair, single] = await Promise.all([
      judgeSubmission(ctx, submission("C++", busy(GUESSER), interactive), publish, signal),
      judgeSubmission(ctx, submission("C++", busy(CPP_AB), plain), publish, signal),
    ]);
    expect(single.status).toBe(JudgeStatus.ACCEPTED);
    expect(pair.cases.map((x) => x.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]);
    expect(pair.cases.every((x) => x.time >= 350)).toBe(true);
  });

  it("gives Time Limit Exceeded to a program that stops answering", async () => {
    const p = { ...(await interactiveProblem()), timeLimit: 300 };
    const final = await judgeOnce(redis, submission("C++", `int main(){ volatile long x = 0; for (;;) x++; }`, p));
    expect(final.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
  });
});

describe("compile checks of checkers and interactors", () => {
  async function compileResult(key: string): Promise<CompileCheckResult> {
    const k = `${prefix()}${COMPILE_RESULT_KEY}:${key}`;
    const raw = await waitFor(`compile result ${key}`, () => redis.get(k), 60_000);
    expect(await redis.ttl(k)).toBeGreaterThan(0);
    return JSON.parse(raw) as CompileCheckResult;
  }

  it("reports a checker that compiles and one that does not", async () => {
    await enqueue(redis, { kind: "compile", key: "good", purpose: "spj", language: "C++", code: TOLERANCE_CHECKER, extraFiles: [], enqueuedAt: Date.now() });
    await enqueue(redis, { kind: "compile", key: "bad", purpose: "interactive", language: "C", code: "int main() { return nope; }", extraFiles: [], enqueuedAt: Date.now() });
    expect(await compileResult("good")).toEqual({ ok: true, message: "" });
    const bad = await compileResult("bad");
    expect(bad.ok).toBe(false);
    expect(bad.message).toContain("nope");
    expect(bad.message).not.toContain("/w/");
  });

  it("offers testlib.h to checkers when the judge has one", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "testlib-"));
    const header = path.join(dir, "testlib.h");
    writeFileSync(header, "#define JUDGE_TESTLIB_PRESENT 1\n");
    const ctx = await testContext(server.url, {}, { testlibPath: header });
    const code = `#include "testlib.h"\n#if JUDGE_TESTLIB_PRESENT != 1\n#error no testlib\n#endif\nint main() { return 0; }\n`;
    const signal = new AbortController().signal;
    expect(await checkCompile(ctx, { kind: "compile", key: "t", purpose: "spj", language: "C++", code, extraFiles: [], enqueuedAt: 0 }, signal)).toEqual({ ok: true, message: "" });
    // Without it, the same checker does not compile.
    const plain = await checkCompile(judge.context, { kind: "compile", key: "u", purpose: "spj", language: "C++", code, extraFiles: [], enqueuedAt: 0 }, signal);
    expect(plain.ok).toBe(false);
    await ctx.checkers.dispose(ctx);
  });
});

describe("languages of checkers", () => {
  it("compiles C and C++ checkers and runs them against C++ solutions", async () => {
    const cChecker = `#include <stdio.h>\nint main(int c, char **v){ FILE *o = fopen(v[2], "r"), *a = fopen(v[3], "r"); long long x, y; if (fscanf(a, "%lld", &x) != 1) return 3; if (fscanf(o, "%lld", &y) != 1) return 2; return x == y ? 0 : 1; }`;
    const final = await judgeOnce(redis, submission("C++ 17", CPP_AB, await spjProblem({ spjLanguage: "C", spjCode: cChecker, judgeExtraFiles: [] })));
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
  });
});

describe("go-judge's file store", () => {
  it("keeps only the compiled checkers and interactors, and nothing once they are dropped", async () => {
    const kept = await sandbox.stillStored();
    // What go-judge still has of this judge is the compiled checkers and interactors.
    expect(kept.length).toBeGreaterThan(0);
    expect(new Set(kept)).toEqual(judge.context.sandbox.liveFiles);
    await judge.context.checkers.dispose(judge.context);
    expect(await sandbox.stillStored()).toEqual([]);
  });
});
