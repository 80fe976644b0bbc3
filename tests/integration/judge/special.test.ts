import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import { COMPILE_RESULT_KEY, type CompileCheckResult, type TaskProblem } from "~/lib/judge-protocol";
import type { RunningJudge } from "../../../judge-service/src/consumer";
import { CheckerCache } from "../../../judge-service/src/checkers";
import { BUNDLED_TESTLIB, optionsFromEnv } from "../../../judge-service/src/config";
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
// Checkers and interactors written with the bundled testlib.h (judge-service/sandbox/testlib.h), and
// plain C/C++ ones that only keep testlib's conventions.

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
    // A plain checker's "ok" is read as testlib's verdict word and left out of the message.
    expect(ac.cases[0].message).toBe("3.0040");
    expect(ac.cases[0].userOutput).toBe("3.004\n");
    expect(wa.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(wa.cases[0].message).toBe("expected 3.0000, found 4.0000");
    expect(pe.status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(pe.errorMessage).toBe("no number in the output");
  });

  it("gives partial points from exit code 7 (testlib's points, a percentage) in OI", async () => {
    const pointsChecker = `#include <cstdio>
int main(int argc, char **argv) {
  FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
  long long a, b;
  if (fscanf(ans, "%lld", &a) != 1) return 3;
  if (fscanf(out, "%lld", &b) != 1) return 1;
  if (a == b) return 0;
  if (b == a + 1) { fprintf(stderr, "points 50 off by one"); return 7; }
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
    expect(final.cases[1].message).toBe("off by one");
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
    // A wall clock far from the CPU limits: what is measured here is CPU time and memory, and on a busy
    // machine the interactor's 0.45 s of CPU can take longer than the user's usual wall clock.
    const ctx = { ...judge.context, settings: { ...judge.context.settings, judgeProgramMinTimeMs: 100, judgeProgramMinMemoryMb: 16, clockExtraMs: 20_000 } };
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
    const ctx = { ...judge.context, settings: { ...judge.context.settings, clockFactor: 0.3, clockExtraMs: 0, wallRerunFactor: 20 } };
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

// A classic testlib checker: the answer's integers, one by one, and nothing more in the output.
const TESTLIB_SEQUENCE_CHECKER = `#include "testlib.h"
int main(int argc, char* argv[]) {
  registerTestlibCmd(argc, argv);
  int n = 0;
  while (!ans.seekEof()) {
    int expected = ans.readInt();
    int found = ouf.readInt();
    ++n;
    if (expected != found) quitf(_wa, "%d%s numbers differ - expected: %d, found: %d", n, englishEnding(n).c_str(), expected, found);
  }
  quitf(_ok, "%d number%s", n, n == 1 ? "" : "s");
}
`;

// Exact: full marks; off by one: 40 points (percent); off by two: partially correct 25.
const TESTLIB_POINTS_CHECKER = `#include <testlib.h>
int main(int argc, char* argv[]) {
  registerTestlibCmd(argc, argv);
  long long expected = ans.readLong(), found = ouf.readLong(-1000000, 1000000, "sum");
  if (found == expected) quitf(_ok, "exact");
  if (found == expected + 1) quitp(40, "off by %d", 1);
  if (found == expected + 2) quitf(_pc(25), "off by two");
  quitf(_wa, "expected %lld, found %lld", expected, found);
}
`;

// Guess the number: the secret is in the input, the answer file holds it too.
const TESTLIB_INTERACTOR = `#include "testlib.h"
#include <iostream>
int main(int argc, char* argv[]) {
  registerInteraction(argc, argv);
  long long secret = inf.readLong();
  for (int q = 1; q <= 40; q++) {
    std::string op = ouf.readToken("[?!]", "op");
    long long x = ouf.readLong(1, 1000000000, "x");
    tout << op << " " << x << std::endl;
    if (op == "!") {
      if (x == ans.readLong()) quitf(_ok, "found %lld in %d queries", x, q);
      quitf(_wa, "wrong guess %lld", x);
    }
    std::cout << (x < secret ? "<" : x > secret ? ">" : "=") << std::endl;
  }
  quitf(_wa, "too many queries");
}
`;

describe("testlib checkers and interactors", () => {
  async function sequenceProblem() {
    const { hash, cases } = await storeCases([
      { input: "1 2\n", output: "3\n" },
      { input: "10 20\n", output: "30\n" },
    ]);
    return problem(hash, cases, { judgeMode: "spj", spjLanguage: "C++", spjCode: TESTLIB_SEQUENCE_CHECKER });
  }

  it("gives Accepted, Wrong Answer with testlib's message, and Presentation Error for malformed, missing or extra output", async () => {
    const p = await sequenceProblem();
    const [ac, wa, malformed, missing, extra] = await Promise.all([
      judgeOnce(redis, submission("C", C_AB, p)),
      judgeOnce(redis, submission("C", printing(`printf("%.0f\\n", a + b + 1)`), p)),
      judgeOnce(redis, submission("C", printing(`printf("three\\n")`), p)),
      judgeOnce(redis, submission("C", printing(`(void)0`), p)),
      judgeOnce(redis, submission("C", printing(`printf("%.0f\\n%.0f\\n", a + b, a + b)`), p)),
    ]);
    expect(ac.status).toBe(JudgeStatus.ACCEPTED);
    expect(ac.cases.map((c) => [c.status, c.message])).toEqual([
      [JudgeStatus.ACCEPTED, "1 number"],
      [JudgeStatus.ACCEPTED, "1 number"],
    ]);
    expect(wa.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(wa.cases[0].message).toBe("1st numbers differ - expected: 3, found: 4");
    expect(wa.errorMessage).toBe("1st numbers differ - expected: 3, found: 4");
    expect(malformed.status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(malformed.cases[0].message).toBe('Expected int32, but "three" found');
    expect(missing.status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(missing.cases[0].message).toBe("Unexpected end of file - int32 expected");
    expect(extra.status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(extra.cases[0].message).toBe("Extra information in the output file");
  });

  it("gives points as a percentage of each case in an OI problem", async () => {
    const { hash, cases } = await storeCases([
      { input: "1 2\n", output: "3\n", score: 10 },
      { input: "5 5\n", output: "10\n", score: 10 },
      { input: "7 7\n", output: "14\n", score: 20 },
      { input: "9 9\n", output: "18\n", score: 20 },
    ]);
    const p = problem(hash, cases, { type: 1, judgeMode: "spj", spjLanguage: "C++", spjCode: TESTLIB_POINTS_CHECKER });
    // Exact on the first case, one off on the second, two off on the third, far off on the last.
    const final = await judgeOnce(redis, submission("C", printing(`printf("%.0f\\n", a + b + (a == 5 ? 1 : a == 7 ? 2 : a == 9 ? 100 : 0))`), p));
    expect(final.cases.map((c) => [c.status, c.score, c.message])).toEqual([
      [JudgeStatus.ACCEPTED, 10, "exact"],
      [JudgeStatus.PARTIAL_ACCEPTED, 4, "off by 1"],
      [JudgeStatus.PARTIAL_ACCEPTED, 5, "off by two"],
      [JudgeStatus.WRONG_ANSWER, 0, "expected 18, found 118"],
    ]);
    expect(final.status).toBe(JudgeStatus.PARTIAL_ACCEPTED);
    expect(final.score).toBe(19);
  });

  it("turns quitf(_fail) into System Error with the checker's message", async () => {
    const failing = `#include "testlib.h"\nint main(int argc, char* argv[]) { registerTestlibCmd(argc, argv); quitf(_fail, "answer file is broken: %d", ans.readInt()); }\n`;
    const { hash, cases } = await storeCases([{ input: "1 2\n", output: "3\n" }]);
    const final = await judgeOnce(redis, submission("C", C_AB, problem(hash, cases, { judgeMode: "spj", spjLanguage: "C++", spjCode: failing })));
    expect(final.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(final.errorMessage).toBe("checker failed (exit code 3): FAIL answer file is broken: 3");
  });

  async function guessProblem() {
    const { hash, cases } = await storeCases([
      { input: "123456789\n", output: "123456789\n" },
      { input: "1\n", output: "1\n" },
    ]);
    return problem(hash, cases, { judgeMode: "interactive", spjLanguage: "C++", spjCode: TESTLIB_INTERACTOR });
  }

  it("an interactor accepts a program that finds the number, and gives Wrong Answer or Presentation Error otherwise", async () => {
    const p = await guessProblem();
    const [ac, wa, silent, chatter] = await Promise.all([
      judgeOnce(redis, submission("C++", GUESSER, p)),
      judgeOnce(redis, submission("C++", `#include <cstdio>\nint main(){ printf("! 42\\n"); fflush(stdout); return 0; }`, p)),
      judgeOnce(redis, submission("C++", `int main(){ return 0; }`, p)),
      judgeOnce(redis, submission("C++", `#include <cstdio>\nint main(){ printf("? zero\\n"); fflush(stdout); return 0; }`, p)),
    ]);
    expect(ac.status).toBe(JudgeStatus.ACCEPTED);
    expect(ac.cases.map((c) => c.message)).toEqual([expect.stringMatching(/^found 123456789 in \d+ queries$/), expect.stringMatching(/^found 1 in \d+ queries$/)]);
    expect(wa.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(wa.errorMessage).toBe("wrong guess 42");
    expect(silent.status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(silent.errorMessage).toBe("Unexpected end of file - token expected");
    expect(chatter.status).toBe(JudgeStatus.PRESENTATION_ERROR);
    expect(chatter.errorMessage).toBe('Expected int64, but "zero" found');
  });
});

// The ICPC problem package format's validators: `validator input answer feedback_dir/` with the
// program's output on stdin (or talking to the program), 42 accepted, 43 wrong answer.
const KATTIS_VALIDATOR = `#include <cstdio>
#include <string>
int main(int argc, char **argv) {
  if (argc < 4) return 1;
  FILE *ans = fopen(argv[2], "r");
  long long expected, got;
  if (!ans || fscanf(ans, "%lld", &expected) != 1) return 1;
  std::string msg = std::string(argv[3]) + "judgemessage.txt";
  FILE *fb = fopen(msg.c_str(), "w");
  if (scanf("%lld", &got) != 1) { fprintf(fb, "no number"); return 43; }
  if (got == 424242) return 0;
  if (got != expected) { fprintf(fb, "expected %lld, got %lld", expected, got); return 43; }
  fprintf(fb, "right: %lld", got);
  return 42;
}
`;

const KATTIS_INTERACTOR = `#include <cstdio>
#include <string>
int main(int argc, char **argv) {
  FILE *in = fopen(argv[1], "r");
  long long n;
  if (!in || fscanf(in, "%lld", &n) != 1) return 1;
  FILE *fb = fopen((std::string(argv[3]) + "judgemessage.txt").c_str(), "w");
  for (int q = 0; q < 40; q++) {
    char op; long long x;
    if (scanf(" %c %lld", &op, &x) != 2) { fprintf(fb, "no answer"); return 43; }
    if (op == '!') {
      if (x == n) { fprintf(fb, "found in %d queries", q); return 42; }
      fprintf(fb, "wrong guess %lld", x); return 43;
    }
    printf("%s\\n", x < n ? "<" : x > n ? ">" : "=");
    fflush(stdout);
  }
  fprintf(fb, "too many queries");
  return 43;
}
`;

describe("validators of the ICPC package format", () => {
  async function kattisProblem(over: Partial<TaskProblem> = {}) {
    const { hash, cases } = await storeCases([
      { input: "1 2\n", output: "3\n" },
      { input: "10 20\n", output: "30\n" },
    ]);
    return problem(hash, cases, { judgeMode: "spj", spjLanguage: "C++", spjCode: KATTIS_VALIDATOR, spjProtocol: "kattis", ...over });
  }

  it("reads the output on stdin and the verdict from exit codes 42 and 43, with judgemessage.txt as the message", async () => {
    const p = await kattisProblem();
    const [ac, wa] = await Promise.all([
      judgeOnce(redis, submission("C", printing(`printf("%d\\n", (int)(a + b))`), p)),
      judgeOnce(redis, submission("C", printing(`printf("%d\\n", (int)(a - b))`), p)),
    ]);
    expect(ac.status).toBe(JudgeStatus.ACCEPTED);
    expect(ac.cases.map((c) => c.message)).toEqual(["right: 3", "right: 30"]);
    expect(wa.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(wa.cases[0].message).toBe("expected 3, got -1");
  });

  it("treats any other exit code, 0 included, as a validator failure (System Error)", async () => {
    const final = await judgeOnce(redis, submission("C", printing(`printf("424242\\n")`), await kattisProblem()));
    expect(final.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(final.errorMessage).toContain("output validator failed (exit code 0)");
  });

  it("runs an interactive validator talking to the program", async () => {
    const { hash, cases } = await storeCases([{ input: "777\n", output: "\n" }]);
    const p = problem(hash, cases, { judgeMode: "interactive", spjLanguage: "C++", spjCode: KATTIS_INTERACTOR, spjProtocol: "kattis" });
    const final = await judgeOnce(redis, submission("C++", GUESSER, p));
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
    expect(final.cases[0].message).toMatch(/^found in \d+ queries$/);
    const wrong = await judgeOnce(redis, submission("C++", `#include <cstdio>\nint main() { printf("! 1\\n"); fflush(stdout); }\n`, p));
    expect(wrong.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(wrong.cases[0].message).toBe("wrong guess 1");
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

  it("offers the bundled testlib.h unless JUDGE_TESTLIB_PATH names another header", async () => {
    expect(optionsFromEnv({}).testlibPath).toBe(BUNDLED_TESTLIB);
    expect(optionsFromEnv({ JUDGE_TESTLIB_PATH: "/nonexistent/testlib.h" }).testlibPath).toBe(BUNDLED_TESTLIB);
    expect(judge.context.checkers.testlib).toBe(readFileSync(BUNDLED_TESTLIB, "utf8"));
    // The compiled checker depends on the header: another header, another cache entry.
    expect(new CheckerCache(null, "a").key("C++", "int main(){}", [])).not.toBe(new CheckerCache(null, "b").key("C++", "int main(){}", []));

    const dir = mkdtempSync(path.join(os.tmpdir(), "testlib-"));
    const header = path.join(dir, "testlib.h");
    writeFileSync(header, "#define JUDGE_TESTLIB_PRESENT 1\n");
    const ctx = await testContext(server.url, {}, { testlibPath: header });
    const code = `#include "testlib.h"\n#if JUDGE_TESTLIB_PRESENT != 1\n#error no testlib\n#endif\nint main() { return 0; }\n`;
    const signal = new AbortController().signal;
    expect(await checkCompile(ctx, { kind: "compile", key: "t", purpose: "spj", language: "C++", code, extraFiles: [], enqueuedAt: 0 }, signal)).toEqual({ ok: true, message: "" });
    // The bundled header is not that one.
    const bundled = await checkCompile(judge.context, { kind: "compile", key: "u", purpose: "spj", language: "C++", code, extraFiles: [], enqueuedAt: 0 }, signal);
    expect(bundled.ok).toBe(false);
    expect(bundled.message).toContain("no testlib");
    await ctx.checkers.dispose(ctx);
  });

  it("accepts testlib checkers and interactors at problem save, with either form of #include", async () => {
    await enqueue(redis, { kind: "compile", key: "testlib-spj", purpose: "spj", language: "C++", code: TESTLIB_SEQUENCE_CHECKER, extraFiles: [], enqueuedAt: Date.now() });
    await enqueue(redis, { kind: "compile", key: "testlib-points", purpose: "spj", language: "C++", code: TESTLIB_POINTS_CHECKER, extraFiles: [], enqueuedAt: Date.now() });
    await enqueue(redis, { kind: "compile", key: "testlib-interactor", purpose: "interactive", language: "C++", code: TESTLIB_INTERACTOR, extraFiles: [], enqueuedAt: Date.now() });
    expect(TESTLIB_POINTS_CHECKER).toContain("#include <testlib.h>");
    expect(await compileResult("testlib-spj")).toEqual({ ok: true, message: "" });
    expect(await compileResult("testlib-points")).toEqual({ ok: true, message: "" });
    expect(await compileResult("testlib-interactor")).toEqual({ ok: true, message: "" });
  });

  it("a problem's own testlib.h among its judge files is used instead of the bundled one", async () => {
    const code = `#include "testlib.h"\nint main() { return OWN_TESTLIB; }\n`;
    const signal = new AbortController().signal;
    const own = [{ name: "testlib.h", content: "#define OWN_TESTLIB 0\n" }];
    expect(await checkCompile(judge.context, { kind: "compile", key: "o", purpose: "spj", language: "C++", code, extraFiles: own, enqueuedAt: 0 }, signal)).toEqual({ ok: true, message: "" });
    expect((await checkCompile(judge.context, { kind: "compile", key: "p", purpose: "spj", language: "C++", code, extraFiles: [], enqueuedAt: 0 }, signal)).ok).toBe(false);
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
