import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The bundled testlib.h on its own, compiled with the host's g++ as C++11 (the oldest standard it
// promises) with warnings as errors, and run outside the sandbox: every reader, its failure
// verdicts and exit codes, the verdict protocol, patterns, helpers, and the interactor, generator
// and validator registrations. tests/fixtures/testlib/probe.cpp holds the scenarios.

const HEADER_DIR = path.resolve("judge-service/sandbox");
const PROBE = path.resolve("tests/fixtures/testlib/probe.cpp");

let dir: string;
let probe: string;

/** g++ with these arguments, asynchronously: a compile takes seconds, during which the worker must stay responsive. */
function gxx(args: string[]): Promise<{ status: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile("g++", args, (error, _stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stderr }));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "testlib-probe-"));
  probe = path.join(dir, "probe");
  const built = await gxx(["-std=c++11", "-O1", "-Wall", "-Wextra", "-Werror", "-pedantic", `-I${HEADER_DIR}`, PROBE, "-o", probe]);
  expect(built.stderr).toBe("");
  expect(built.status).toBe(0);
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stderr: string;
  stdout: string;
}

let nextRun = 0;

/** Runs one checker scenario on the given input, user output and answer. */
function check(scenario: string, output: string, o: { input?: string; answer?: string; resultFile?: boolean } = {}): Run & { result?: string } {
  const id = nextRun++;
  const files = ["input", "output", "answer"].map((f) => path.join(dir, `${id}.${f}`));
  writeFileSync(files[0], o.input ?? "");
  writeFileSync(files[1], output);
  writeFileSync(files[2], o.answer ?? "");
  const resultFile = path.join(dir, `${id}.result`);
  const args = o.resultFile ? [...files, resultFile] : files;
  const r = spawnSync(probe, args, { encoding: "utf8", env: { ...process.env, TESTLIB_SCENARIO: scenario }, timeout: 20_000 });
  return { code: r.status, stderr: r.stderr, stdout: r.stdout, result: o.resultFile ? readFileSync(resultFile, "utf8") : undefined };
}

function runAs(scenario: string, args: string[], stdin = ""): Run {
  const r = spawnSync(probe, args, { encoding: "utf8", input: stdin, env: { ...process.env, TESTLIB_SCENARIO: scenario }, timeout: 20_000 });
  return { code: r.status, stderr: r.stderr, stdout: r.stdout };
}

const verdict = (r: Run) => [r.code, r.stderr];

describe("checker verdicts", () => {
  it("compares integer sequences: ok, wrong answer with testlib's message, extra output", () => {
    expect(verdict(check("compare", "1 2\n3\n", { answer: "1 2 3\n" }))).toEqual([0, "ok 3 numbers"]);
    expect(verdict(check("compare", "1 5 3", { answer: "1 2 3" }))).toEqual([1, "wrong answer 2nd numbers differ - expected: '2', found: '5'"]);
    expect(verdict(check("compare", "1 2", { answer: "1 2 3" }))).toEqual([1, "wrong answer answer has more numbers than the output: 2 found"]);
    // After quitf(_ok) the output must hold nothing more than blanks.
    expect(verdict(check("compare", "1 2 3 4\n", { answer: "1 2 3" }))).toEqual([2, "wrong output format Extra information in the output file"]);
    expect(verdict(check("compare", "1 2 3 \n\n\t \n", { answer: "1 2 3" }))).toEqual([0, "ok 3 numbers"]);
    expect(verdict(check("compare", "1 two 3", { answer: "1 2 3" }))).toEqual([2, "wrong output format Expected int64, but \"two\" found"]);
  });

  it("ranged integers: out of range is a wrong answer, malformed or missing is a wrong output format", () => {
    expect(verdict(check("int", "7"))).toEqual([0, "ok read 7"]);
    expect(verdict(check("int", "11"))).toEqual([1, "wrong answer Integer parameter [name=x] equals to 11, violates the range [1, 10]"]);
    expect(verdict(check("int-unnamed", "0"))).toEqual([1, "wrong answer Integer 0 violates the range [1, 10]"]);
    expect(verdict(check("int", "abc"))).toEqual([2, 'wrong output format Expected int32, but "abc" found']);
    expect(verdict(check("int", "05"))).toEqual([2, 'wrong output format Expected int32, but "05" found']);
    expect(verdict(check("int", "-0"))).toEqual([2, 'wrong output format Expected int32, but "-0" found']);
    expect(verdict(check("int", "+5"))).toEqual([2, 'wrong output format Expected int32, but "+5" found']);
    expect(verdict(check("int", "2147483648"))).toEqual([2, 'wrong output format Expected int32, but "2147483648" found']);
    expect(verdict(check("int", "  \n"))).toEqual([2, "wrong output format Unexpected end of file - int32 expected"]);
    expect(verdict(check("long", "-9223372036854775808"))).toEqual([0, "ok read -9223372036854775808"]);
    expect(verdict(check("long", "9223372036854775808"))).toEqual([2, 'wrong output format Expected int64, but "9223372036854775808" found']);
    expect(verdict(check("ulong", "18446744073709551615"))).toEqual([0, "ok read 18446744073709551615"]);
    expect(verdict(check("ulong", "18446744073709551616"))).toEqual([2, 'wrong output format Expected uint64, but "18446744073709551616" found']);
    expect(verdict(check("ulong", "-1"))[0]).toBe(2);
  });

  it("vectors name the element that fails", () => {
    expect(verdict(check("ints", "1 2\n3 4", { input: "4" }))).toEqual([0, "ok 4 values, last 4"]);
    expect(verdict(check("ints", "1 2 9 4", { input: "4" }))).toEqual([1, "wrong answer Integer element a[3] equals to 9, violates the range [1, 5]"]);
    expect(verdict(check("ints", "1 2", { input: "4" }))).toEqual([2, "wrong output format Unexpected end of file - int32 expected"]);
  });

  it("doubles, plain and strict", () => {
    expect(verdict(check("double", "0.5"))).toEqual([0, "ok read 0.500000"]);
    expect(verdict(check("double", "-1e-3"))).toEqual([0, "ok read -0.001000"]);
    expect(verdict(check("double", ".25"))).toEqual([0, "ok read 0.250000"]);
    expect(verdict(check("double", "1.5"))).toEqual([1, "wrong answer Double parameter [name=d] equals to 1.5, violates the range [-1, 1]"]);
    for (const bad of ["nan", "inf", "0x10", "1e", "-", ".", "1,5"]) expect(verdict(check("double", bad)), bad).toEqual([2, `wrong output format Expected double, but "${bad}" found`]);
    expect(verdict(check("strict-double", "1.50"))).toEqual([0, "ok read 1.50"]);
    for (const bad of ["1.5", "1.500", "01.50", "1.", "1e0"]) expect(check("strict-double", bad).code, bad).toBe(2);
    expect(verdict(check("strict-double", "-0.00"))).toEqual([2, 'wrong output format Redundant minus in "-0.00"']);
    expect(verdict(check("strict-double", "10.01"))[0]).toBe(1);
  });

  it("tokens with patterns", () => {
    expect(verdict(check("token", "hello"))).toEqual([0, "ok read hello"]);
    expect(verdict(check("token", "Hello"))).toEqual([1, 'wrong answer Token parameter [name=word] equals to "Hello", doesn\'t correspond to pattern "[a-z]{1,10}"']);
    expect(check("token", "abcdefghijk").code).toBe(1);
    expect(verdict(check("tokens", "YES NO\nYES"))).toEqual([0, "ok YES,NO,YES"]);
    expect(verdict(check("tokens", "YES maybe NO"))).toEqual([1, 'wrong answer Token element answer[2] equals to "maybe", doesn\'t correspond to pattern "YES|NO"']);
  });

  it("matches the documented pattern subset", () => {
    const table = [
      ["[a-z]{1,10}", "abc", 1],
      ["[a-z]{1,10}", "<empty>", 0],
      ["[a-z]{1,10}", "abcdefghijk", 0],
      ["[a-z]{2}", "ab", 1],
      ["[a-z]{2}", "abc", 0],
      ["[a-z]{2,}", "abcdefgh", 1],
      ["[a-z]{2,}", "a", 0],
      ["YES|NO", "NO", 1],
      ["YES|NO", "YESNO", 0],
      ["[1-9][0-9]{0,8}|0", "0", 1],
      ["[1-9][0-9]{0,8}|0", "007", 0],
      ["[1-9][0-9]{0,8}|0", "123456789", 1],
      ["[1-9][0-9]{0,8}|0", "1234567890", 0],
      ["-?[0-9]+", "-12", 1],
      ["-?[0-9]+", "--12", 0],
      ["(ab|c)+", "abcab", 1],
      ["(ab|c)+", "abca", 0],
      ["(ab|c)*", "<empty>", 1],
      ["x(yz){2}", "xyzyz", 1],
      ["x(yz){2}", "xyz", 0],
      ["[^a-z]+", "ABC123", 1],
      ["[^a-z]+", "ABc", 0],
      ["a.b", "a.b", 1],
      ["a.b", "axb", 0],
      ["a\\.b\\|", "a.b|", 1],
      ["[a\\-z]", "-", 1],
      ["[a\\-z]", "z", 1],
      ["[a\\-z]", "b", 0],
      ["[-a]+", "a-a", 1],
      ["colou?r", "color", 1],
      ["colou?r", "colour", 1],
      ["((a|b)c)+d", "acbcd", 1],
      ["[a-z]{1,100000}", "x".repeat(5000), 1],
      ["(a|aa)+b", `${"a".repeat(3000)}`, 0],
    ] as const;
    // "[a\-z]" is one of a, -, z.
    const r = check("patterns", table.map(([p, s, m]) => `${p} ${s} ${m}`).join("\n"));
    expect(verdict(r)).toEqual([0, `ok ${table.length} patterns`]);
  });

  it("lines, characters, end of line and end of file", () => {
    expect(verdict(check("lines", "first line\r\nsecond one\n"))).toEqual([0, "ok [first line] [second one] eof []"]);
    expect(verdict(check("lines", "x\nSecond\n"))).toEqual([1, 'wrong answer Line parameter [name=second] equals to "Second", doesn\'t correspond to pattern "[a-z ]+"']);
    expect(verdict(check("chars", "a b  \n42\n"))).toEqual([0, "ok a eoln 42"]);
    expect(verdict(check("chars", "a c\n42\n"))).toEqual([2, "wrong output format Unexpected character 'c', but 'b' expected"]);
    expect(verdict(check("chars", "a b 42\n"))).toEqual([0, "ok a no-eoln 42"]);
    expect(verdict(check("chars", "a b\n42 7\n"))).toEqual([2, "wrong output format Expected EOLN"]);
    expect(verdict(check("chars", "a b\n42\n\n"))).toEqual([2, "wrong output format Expected EOF"]);
    expect(verdict(check("read-eof", "5"))).toEqual([0, "ok at the end"]);
    expect(verdict(check("read-eof", "5\n"))).toEqual([2, "wrong output format Expected EOF"]);
  });

  it("a failure to read the input or the answer is the checker's FAIL, naming the file", () => {
    const bad = check("input-broken", "", { input: "x" });
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/^FAIL Expected int32, but "x" found \(.*\.input\)$/);
    const range = check("answer-range", "", { answer: "3" });
    expect(range.code).toBe(3);
    expect(range.stderr).toMatch(/^FAIL Integer parameter \[name=expected\] equals to 3, violates the range \[1, 2\] \(.*\.answer\)$/);
  });

  it("points, partial results, failures and the other ways to quit", () => {
    expect(verdict(check("points", ""))).toEqual([7, "points 50 half of 10"]);
    expect(verdict(check("points-fraction", ""))).toEqual([7, "points 0.5"]);
    expect(verdict(check("partial", ""))).toEqual([16 + 30, "partially correct (30) thirty percent"]);
    expect(verdict(check("partial-dirty", "1 2"))).toEqual([2, "wrong output format Extra information in the output file"]);
    expect(verdict(check("fail", ""))).toEqual([3, "FAIL the checker gave up"]);
    expect(verdict(check("ensure", "", { input: "3" }))).toEqual([3, 'FAIL Condition failed: "n > 5"']);
    expect(verdict(check("ouf-ensuref", "3"))).toEqual([1, "wrong answer x must be even, 3 is not"]);
    expect(verdict(check("ouf-ensuref", "4"))).toEqual([0, "ok even"]);
    expect(verdict(check("no-quit", ""))).toEqual([3, "FAIL Checker must end with quit or quitf call."]);
    expect(verdict(check("quitif", ""))).toEqual([1, "wrong answer this one 2"]);
    expect(verdict(check("test-case", ""))).toEqual([1, "wrong answer bad value (test case 3)"]);
    expect(verdict(check("helpers", ""))).toEqual([0, "ok helpers"]);
  });

  it("writes the verdict to the result file when one is given", () => {
    const r = check("compare", "1 9", { answer: "1 2", resultFile: true });
    expect([r.code, r.stderr, r.result]).toEqual([1, "", "wrong answer 2nd numbers differ - expected: '2', found: '9'"]);
  });

  it("refuses a wrong command line", () => {
    const r = runAs("compare", ["only-one"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^FAIL Program must be run with the following arguments/);
  });
});

describe("source compatibility", () => {
  // The common checker style: everything of the standard library after the header, `using namespace
  // std`, and a helper of its own that newer testlib versions also define.
  const CHECKER_STYLE = `#include "testlib.h"
#include <bits/stdc++.h>
using namespace std;
vector<string> split(const string& s, char c) { vector<string> r(1); for (char x : s) { if (x == c) r.push_back(""); else r.back() += x; } return r; }
int main(int argc, char* argv[]) {
  registerTestlibCmd(argc, argv);
  string line = ouf.readLine();
  vector<string> parts = split(line, ',');
  set<string> seen(parts.begin(), parts.end());
  if (seen.size() != parts.size()) quitf(_wa, "%s repeats", line.c_str());
  quitf(_ok, "%d parts", (int)parts.size());
}
`;

  it.each(["c++17", "c++20"])("compiles the usual checker style as %s", async (std) => {
    const source = path.join(dir, `style-${std}.cpp`);
    writeFileSync(source, CHECKER_STYLE);
    const r = await gxx([`-std=${std}`, "-fsyntax-only", `-I${HEADER_DIR}`, source]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  }, 120_000);
});

describe("interactor, generator and validator", () => {
  it("talks to the program through stdin and stdout and logs to tout", () => {
    const input = path.join(dir, "secret.in");
    const log = path.join(dir, "secret.log");
    writeFileSync(input, "37\n");
    const won = runAs("interactor", [input, log], "50\n25\n37\n");
    expect([won.code, won.stderr, won.stdout]).toEqual([0, "ok found in 3", ">\n<\n=\n"]);
    expect(readFileSync(log, "utf8")).toBe("50\n25\n37\n");
    const lost = runAs("interactor", [input, log], "1\n2\n3\n4\n5\n6\n7\n");
    expect([lost.code, lost.stderr]).toEqual([1, "wrong answer too many guesses"]);
    // The program stopped talking: its output ended early.
    const quiet = runAs("interactor", [input, log], "50\n");
    expect([quiet.code, quiet.stderr]).toEqual([2, "wrong output format Unexpected end of file - int32 expected"]);
    const silly = runAs("interactor", [input, log], "500\n");
    expect([silly.code, silly.stderr]).toEqual([1, "wrong answer Integer parameter [name=guess] equals to 500, violates the range [1, 100]"]);
    // Without the log file argument it cannot run.
    expect(runAs("interactor", [input]).code).toBe(3);
  });

  it("a generator's rnd depends on its arguments only", () => {
    const a = runAs("generator", ["7", "big"]);
    const b = runAs("generator", ["7", "big"]);
    const c = runAs("generator", ["8", "big"]);
    expect([a.code, a.stderr]).toEqual([0, ""]);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).not.toBe(c.stdout);
    const perm = a.stdout.trim().split(" ").slice(4, 9).map(Number);
    expect([...perm].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it("a validator reads strictly and must read to the end", () => {
    expect(runAs("validator", [], "3 abc\n")).toMatchObject({ code: 0, stdout: "valid 3\n" });
    const twoSpaces = runAs("validator", [], "3  abc\n");
    expect(twoSpaces.code).toBe(3);
    expect(twoSpaces.stderr).toMatch(/^FAIL Unexpected white-space - token expected/);
    expect(runAs("validator", [], "3 abc\n\n").code).toBe(3);
    expect(runAs("validator", [], "11 abc\n").code).toBe(3);
    expect(runAs("validator-no-eof", [], "3 abc\n")).toMatchObject({ code: 3, stderr: "FAIL Validator must end with readEof call." });
  });

  it("a validator reads --testset, --group and --testCase, and writes the test overview log", () => {
    const log = path.join(dir, "overview.log");
    const input = "2\n3\n-1000000000 5 1000000000\n0.5\n2\n7 7\n1\n";
    const r = runAs("validator-overview", ["--testset", "pretests", "--group=big", "--testOverviewLogFileName", log, "--testCase", "4"], input);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, "pretests big 4\n", ""]);
    expect(readFileSync(log, "utf8")).toBe(
      [
        '"a": min-value-hit max-value-hit',
        '"n":',
        '"p": max-value-hit',
        '"t":',
        'constant-bounds "a": -10^9 10^9',
        'constant-bounds "n": 1 200000',
        'constant-bounds "p": 0 1',
        'constant-bounds "t": 1 3',
        'variable "a"',
        'variable "n"',
        'variable "t"',
        'variable "~p"',
        'feature "all-equal": hit',
        'feature "huge":',
        "",
      ].join("\n"),
    );
    // The defaults: testset "tests", no group, no test case; the log on stdout when asked so.
    const plain = runAs("validator-overview", ["--testOverviewLogFileName", "stdout"], "1\n1\n5\n0\n");
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('"n": min-value-hit\n');
    // "~p" leaves its lower bound out of the analysis.
    expect(plain.stdout).toContain('"p":\n');
    expect(plain.stdout.split("\n")[0]).toBe("tests  -1");
    // Bounds that depend on the group are reported as varying (?) only when they differ between reads.
    const small = runAs("validator-overview", ["--group", "small", "--testOverviewLogFileName", "stdout"], "1\n5\n1 1 1 1 1\n1\n");
    expect(small.stdout).toContain('"n": max-value-hit\n');
    expect(small.stdout).toContain('constant-bounds "n": 1 5\n');
    // A rejected input leaves an empty log; the message names the test case.
    writeFileSync(log, "old");
    const bad = runAs("validator-overview", ["--group", "small", "--testOverviewLogFileName", log], "2\n1\n3\n0\n6\n");
    expect([bad.code, bad.stderr]).toEqual([3, "FAIL Integer parameter [name=n] equals to 6, violates the range [1, 5] (stdin) (test case 2)"]);
    expect(readFileSync(log, "utf8")).toBe("");
    expect(runAs("validator-undeclared-feature", [], "")).toMatchObject({ code: 3, stderr: "FAIL Feature nowhere didn't registered via addFeature(feature)." });
    expect(runAs("validator-overview", ["--testCase", "x"], "").code).toBe(3);
  });
});

describe("the rest of testlib's public API", () => {
  it("quitpi gives points as text", () => {
    expect(verdict(check("quitpi", "40"))).toEqual([7, "points 40 of 100"]);
    expect(verdict(check("quitpi", "12.5"))).toEqual([7, "points 12.5 of 100"]);
  });

  it("quitscr writes its message and goes on; nothing goes to the screen with a result file", () => {
    expect(verdict(check("quitscr", ""))).toEqual([0, "shown 1ok after quitscr"]);
    const withFile = check("quitscr", "", { resultFile: true });
    expect([withFile.code, withFile.stderr, withFile.result]).toEqual([0, "", "ok after quitscr"]);
  });

  it("stringToLongLong and its kin read strict numbers and fail on the stream given", () => {
    expect(verdict(check("string-to", "-9223372036854775808\n", { input: "ll" }))).toEqual([0, "ok -9223372036854775808"]);
    expect(verdict(check("string-to", "007\n", { input: "ll" }))).toEqual([2, 'wrong output format Expected integer, but "007" found']);
    expect(verdict(check("string-to", "9223372036854775808\n", { input: "ll" }))).toEqual([2, 'wrong output format Expected integer, but "9223372036854775808" found']);
    expect(verdict(check("string-to", "18446744073709551615\n", { input: "ull" }))).toEqual([0, "ok 18446744073709551615"]);
    expect(verdict(check("string-to", "-1\n", { input: "ull" }))).toEqual([2, 'wrong output format Expected integer, but "-1" found']);
    expect(verdict(check("string-to", "2.5e1\n", { input: "d" }))).toEqual([0, "ok 25.000"]);
    expect(verdict(check("string-to", "x\n", { input: "d" }))).toEqual([2, 'wrong output format Expected double, but "x" found']);
    expect(verdict(check("string-to", "3.25\n", { input: "sd" }))).toEqual([0, "ok 3.250"]);
    expect(verdict(check("string-to", "3.125\n", { input: "sd" }))).toEqual([2, 'wrong output format Expected strict double, but "3.125" found']);
    // On the answer it is the checker's failure.
    expect(check("string-to", "1a\n", { input: "ans" }).code).toBe(3);
  });

  it("a double too large for its type is infinite, as in testlib, not a format error", () => {
    expect(verdict(check("double-overflow", "1e400"))).toEqual([0, "ok plus infinity"]);
    expect(verdict(check("double-overflow", "-1e400"))).toEqual([0, "ok minus infinity"]);
    expect(verdict(check("double-overflow", "1 1e400"))).toEqual([1, "wrong answer Double parameter [name=y] equals to inf, violates the range [-1000000000, 1000000000]"]);
    expect(verdict(check("double-overflow", "1 nan"))).toEqual([2, 'wrong output format Expected double, but "nan" found']);
    expect(verdict(check("double-overflow", "1 2"))).toEqual([0, "ok 1.0 2.0"]);
  });

  it("toHumanReadableString, also in the bounds of range messages", () => {
    expect(verdict(check("human", "1000000000"))).toEqual([0, "ok in range"]);
    expect(verdict(check("human", "1000000001"))).toEqual([1, "wrong answer Integer parameter [name=big] equals to 1000000001, violates the range [1, 10^9]"]);
  });
});
