import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { doubleBits, TestlibRandom } from "../../support/testlib-random";

// The generator side of the bundled testlib.h: Polygon problems build their tests by running their
// generators, so a generator must write here the very test it writes on Polygon. Real testlib cannot
// run here, so the expected values come from two places, each named where it is used:
//   - testlib's own reproducibility test: the outputs its repository publishes for its rnd smoke
//     generator (MikeMirzayanov/testlib, tests/test-003_run-rnd/refs/r1 and r2, the command lines
//     "10 100" and "100 1000"), copied into tests/fixtures/testlib/testlib-smoke.*.txt;
//   - a reference model written apart from the header, in TypeScript with BigInt, from testlib's
//     documented algorithm (tests/support/testlib-random.ts), run on many command lines.
// The fixtures are compiled with the host's g++ and run outside the sandbox.

const HEADER_DIR = path.resolve("judge-service/sandbox");
const FIXTURES = path.resolve("tests/fixtures/testlib");
const PROGRAMS = ["gen-sequence", "gen-testlib-smoke", "gen-tree", "gen-opts"];

let dir: string;

/** Compiles a fixture with warnings as errors; asynchronously, as a compile takes seconds. */
function compile(name: string, std = "c++17", out = path.join(dir, name)): Promise<{ status: number; stderr: string }> {
  const source = path.join(FIXTURES, `${name}.cpp`);
  const args = [`-std=${std}`, "-O1", "-Wall", "-Wextra", "-Werror", "-pedantic", `-I${HEADER_DIR}`, source, "-o", out];
  return new Promise((resolve) => {
    execFile("g++", args, (error, _stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stderr }));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "testlib-gen-"));
  for (const built of await Promise.all(PROGRAMS.map((name) => compile(name)))) expect(built).toEqual({ status: 0, stderr: "" });
}, 240_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(program: string, args: string[], env: Record<string, string> = {}): Run {
  const r = spawnSync(path.join(dir, program), args, { encoding: "utf8", env: { ...process.env, ...env }, timeout: 20_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const times = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

const PATTERNS = ["[a-z]{5,10}", "(YES|NO)", "a|bc|[x-z]{2}", "[1-9][0-9]{0,5}", "hello world", "x?y{2}z{0}", "[a\\-c]{6}"];

/** What tests/fixtures/testlib/gen-sequence.cpp prints, computed by the reference model. */
function expectedSequence(args: string[], version: number | "none"): string {
  const r = version === "none" ? new TestlibRandom(-1) : TestlibRandom.forCommandLine(args, version);
  const lines: string[] = [];
  const line = (name: string, values: Array<number | bigint | string>) => lines.push(`${name}:${values.map((v) => ` ${v}`).join("")}`);
  line("range", times(12, () => r.range(1, 1000000)));
  line("int", times(12, () => r.int(1000)));
  line("pow2", times(6, () => r.int(1024)));
  line("long", times(6, () => r.long(1000000000000n)));
  line("longrange", times(6, () => r.longRange(-5n, 5n)));
  line("unsigned", [r.int(10), r.longRange(5n, 9n), r.long(7n)]);
  line("double", [...times(6, () => r.double()), ...times(3, () => r.doubleUpTo(2.5)), ...times(3, () => r.doubleRange(-1, 1))].map(doubleBits));
  line("wnext", [r.wint(100, 3), r.wint(100, -3), r.wint(100, 0), r.wint(1000000, 30), r.wint(1000000, -30), r.wlong(10n ** 12n, 2), r.wlong(10n ** 12n, -40), r.wrange(1, 10, 2)]);
  line("wdouble", [r.wdouble(2, 3), r.wdouble(2, -3), r.wdouble(2, 30)].map(doubleBits));
  const ten = times(10, (i) => i * 7);
  line("any", [ten[r.int(10)], ten[r.wint(10, 2)], ten[r.wint(10, -2)]]);
  line("perm", r.perm(8));
  line("perm1", r.perm(6, 1));
  const shuffled = [...ten];
  r.shuffle(shuffled);
  line("shuffle", shuffled);
  line("distinct-few", r.distinct(5, 1, 1000));
  line("distinct-all", r.distinct(10, 1, 10));
  line("distinct-upper", r.distinct(4, 0, 19));
  line("partition", r.partition(5, 20));
  line("partition-min", r.partition(4, 30, 2));
  for (const p of PATTERNS) lines.push(`pattern: ${r.pattern(p)}`);
  line("negated", [...Buffer.from(r.pattern("[^a-z]{6}"), "latin1")]);
  r.setSeed(12345n);
  line("seeded", times(5, () => r.range(1, 100)));
  return lines.join("\n") + "\n";
}

/** Command lines: hand-picked ones (options, UTF-8 bytes above 127, empty and long arguments) and drawn ones. */
function commandLines(): string[][] {
  const picked = [
    [],
    ["1"],
    ["10", "100"],
    ["-n=5"],
    ["--n", "5"],
    ["-n5", "-m", "7"],
    ["-n", "100000", "-t", "1000", "-w", "1000000000"],
    ["Привет", "мир"],
    ["a b", "c"],
    ["", "x"],
    ["x".repeat(1000)],
    ["ÿ€", "日本"],
  ];
  // A fixed little LCG, so the drawn command lines are the same on every run.
  let state = 20240601;
  const draw = (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  const alphabet = "abcxyzABC0123456789-=_.";
  const drawn = times(24, () => times(draw(5), () => times(draw(13), () => alphabet[draw(alphabet.length)]).join("")));
  return [...picked, ...drawn];
}

describe("testlib's random generator", () => {
  it("prints what real testlib prints for its own reproducibility test", () => {
    // Expected: MikeMirzayanov/testlib tests/test-003_run-rnd/refs/r1/stdout ("10 100") and
    // refs/r2/stdout ("100 1000"), as published there.
    for (const [args, file] of [
      [["10", "100"], "testlib-smoke.10-100.txt"],
      [["100", "1000"], "testlib-smoke.100-1000.txt"],
    ] as const) {
      const published = readFileSync(path.join(FIXTURES, file), "utf8").replace(/\r\n/g, "\n");
      const r = run("gen-testlib-smoke", [...args]);
      expect([r.code, r.stderr]).toEqual([0, ""]);
      expect(r.stdout).toBe(published);
    }
  });

  it("the reference model agrees with the published values, so both are testlib's algorithm", () => {
    // The first lines of refs/r1 (see above): a tree drawn with wnext, a pattern, a double, and ranges.
    const published = readFileSync(path.join(FIXTURES, "testlib-smoke.10-100.txt"), "utf8").replace(/\r\n/g, "\n").split("\n");
    const r = TestlibRandom.forCommandLine(["10", "100"], 1);
    const n = 10;
    const parent = [0, ...times(n - 1, (i) => r.wint(i + 1, 100))];
    const label = times(n, (i) => i);
    const rest = label.slice(1);
    r.shuffle(rest);
    label.splice(1, n - 1, ...rest);
    const edges = times(n - 1, (k) => (r.int(2) ? [label[k + 1], label[parent[k + 1]]] : [label[parent[k + 1]], label[k + 1]]));
    r.shuffle(edges);
    const computed = [
      String(n),
      ...edges.map(([a, b]) => `${a + 1} ${b + 1}`),
      r.pattern("[a-z]{100}"),
      r.doubleUpTo(3.1415).toFixed(4),
      String(r.longRange(12345678901234n, 82345678901234n)),
      String(r.longRange(1345678901234n, 8345678901234n)),
      String(r.longRange(134567n, 834567n)),
      String(r.range(134567, 834567)),
    ];
    expect(computed).toEqual(published.slice(0, computed.length));
  });

  it("draws as the reference model for many command lines, in versions 0 and 1", () => {
    const lines = commandLines();
    expect(lines.length).toBeGreaterThan(30);
    for (const args of lines) {
      for (const version of [0, 1]) {
        const r = run("gen-sequence", args, { TESTLIB_RND_VERSION: String(version) });
        expect(r.code, `${version} ${JSON.stringify(args)}: ${r.stderr}`).toBe(0);
        expect(r.stdout, `version ${version}, arguments ${JSON.stringify(args)}`).toBe(expectedSequence(args, version));
      }
    }
  });

  it("the versions differ only where 63 bits are drawn; without registerGen the seed is testlib's default", () => {
    const v0 = run("gen-sequence", ["7"], { TESTLIB_RND_VERSION: "0" }).stdout.split("\n");
    const v1 = run("gen-sequence", ["7"], { TESTLIB_RND_VERSION: "1" }).stdout.split("\n");
    expect(v0[1]).toBe(v1[1]); // next(1000): 31-bit draws only
    expect(v0[0]).not.toBe(v1[0]); // next(1, 1000000) draws a long long
    // registerGen(argc, argv) without a version is version 0, with a note on stderr, as in testlib.
    const legacy = run("gen-sequence", ["7"], { TESTLIB_RND_VERSION: "legacy" });
    expect(legacy.stdout).toBe(v0.join("\n"));
    expect(legacy.stderr).toContain("version 0");
    expect(run("gen-sequence", ["anything"], { TESTLIB_RND_VERSION: "none" }).stdout).toBe(expectedSequence([], "none"));
  });

  it("generates from patterns as testlib reads them, and fails where testlib fails", () => {
    const patterns = ["[a-z]{1,3}|[0-9]{4}", "(a|b|c)", "\\[x\\]{2}[ab]?", "[a-c-]{5}", "[0-9a-fA-F]{8}", "a b\\ c", "[aab]{10}", "colou?r"];
    for (const p of patterns) {
      const r = run("gen-sequence", ["pattern", p], { TESTLIB_PATTERN: p });
      const model = TestlibRandom.forCommandLine(["pattern", p], 1);
      expect([r.code, r.stdout], p).toEqual([0, times(5, () => model.pattern(p) + "\n").join("")]);
    }
    expect(run("gen-sequence", [], { TESTLIB_PATTERN: "[a-z]+" })).toMatchObject({
      code: 3,
      stderr: "FAIL pattern::next(random_t& rnd): can't process character '*' for generation",
    });
    expect(run("gen-sequence", [], { TESTLIB_PATTERN: "x(yz)+" })).toMatchObject({ code: 3, stderr: 'FAIL pattern: Illegal pattern (or part) "yz)+"' });
    expect(run("gen-sequence", [], { TESTLIB_PATTERN: "[a-z]{5,2}" })).toMatchObject({ code: 3, stderr: 'FAIL pattern: Illegal pattern (or part) "[a-z]{5,2}"' });
  });
});

/** The test gen-tree writes for these options, computed by the reference model. */
function expectedTree(args: string[], n: number, t: number, maxWeight: number, label: string): string {
  const r = TestlibRandom.forCommandLine(args, 1);
  const parent = [-1, ...times(n - 1, (i) => r.wint(i + 1, t))];
  const name = r.perm(n, 1);
  const edges = times(n - 1, (k) => (r.int(2) === 0 ? [name[k + 1], name[parent[k + 1]]] : [name[parent[k + 1]], name[k + 1]]));
  r.shuffle(edges);
  return [`${n} ${label}`, ...edges.map(([a, b]) => `${a} ${b} ${r.range(1, maxWeight)}`)].join("\n") + "\n";
}

function isTree(text: string, n: number): boolean {
  const rows = text.trim().split("\n").slice(1).map((l) => l.split(" ").map(Number));
  const root = times(n + 1, (i) => i);
  const find = (x: number): number => (root[x] === x ? x : (root[x] = find(root[x])));
  let joined = 0;
  for (const [a, b] of rows) {
    if (!(a >= 1 && a <= n && b >= 1 && b <= n) || find(a) === find(b)) return false;
    root[find(a)] = find(b);
    joined++;
  }
  return joined === n - 1;
}

describe("a Polygon-style generator", () => {
  it("compiles warning-free as C++11, 14, 17 and 20", async () => {
    const standards = ["c++11", "c++14", "c++20"];
    const built = await Promise.all(standards.map((std) => compile("gen-tree", std, path.join(dir, `gen-tree-${std}`))));
    expect(built).toEqual(standards.map(() => ({ status: 0, stderr: "" })));
  }, 240_000);

  it("writes the same test for the same arguments and another for other arguments", () => {
    const args = ["-n", "200", "-t", "5", "-w", "1000"];
    const first = run("gen-tree", args);
    expect([first.code, first.stderr]).toEqual([0, ""]);
    expect(run("gen-tree", args).stdout).toBe(first.stdout);
    expect(isTree(first.stdout, 200)).toBe(true);
    expect(first.stdout).toBe(expectedTree(args, 200, 5, 1000, "tree"));
    // Any change of the command line is another seed, even one the generator does not read itself.
    for (const other of [
      ["-n", "200", "-t", "-5", "-w", "1000"],
      ["-n", "200", "-t", "5", "-w", "1000", "-label", "tree"],
      ["-n=200", "-t=5", "-w=1000"],
    ]) {
      const r = run("gen-tree", other);
      expect(r.code).toBe(0);
      expect(isTree(r.stdout, 200)).toBe(true);
      expect(r.stdout).not.toBe(first.stdout);
    }
    // A long chain (t = 1000 takes the power path of wnext) and a star-like tree, both as the model says.
    for (const t of [1000, -1000]) {
      const a = ["-n", "1000", "-t", String(t), "-label", "deep"];
      expect(run("gen-tree", a).stdout).toBe(expectedTree(a, 1000, t, 1000000000, "deep"));
    }
  });

  it("an option given but never read, or a missing one, is a clear FAIL", () => {
    expect(run("gen-tree", ["-n", "5", "-weight", "9"])).toMatchObject({ code: 3, stderr: "FAIL Opts: unused key 'weight'" });
    expect(run("gen-tree", ["-t", "5"])).toMatchObject({ code: 3, stderr: "FAIL Opts: unknown key 'n'", stdout: "" });
    expect(run("gen-tree", ["-n", "0"])).toMatchObject({ code: 3, stderr: "FAIL n must be positive, 0 given" });
  });
});

describe("command-line options", () => {
  const read = (args: string[], reads: string, env: Record<string, string> = {}) => run("gen-opts", args, { TESTLIB_OPT_READS: reads, ...env });

  it("reads every form testlib accepts", () => {
    const r = read(
      ["7", "-n=5", "--big", "12e11", "-p", "2.5e-1", "-name", "tree", "-k3", "-neg", "-9", "-flag"],
      "int@1,string@0,int:n,ll:big,double:p,string:name,int:k,int:neg,bool:flag,bool:absent,has:absent,int:absent=42,string:label=x,int@20=9",
    );
    expect(r.stderr).toBe("");
    expect(r.stdout.split("\n")).toEqual(["7", path.join(dir, "gen-opts"), "5", "1200000000000", "0.25", "tree", "3", "-9", "1", "0", "no", "42", "x", "9", ""]);
    expect(r.code).toBe(0);
    // Extremes of the integer types, and numbers written with an exponent.
    const edges = read(["-a", "-2147483648", "-b", "4294967295", "-c", "-9223372036854775808", "-d", "1.5e3", "-e", "3E+2"], "int:a,uint:b,ll:c,int:d,double:e");
    expect(edges.stdout.split("\n")).toEqual(["-2147483648", "4294967295", "-9223372036854775808", "1500", "300", ""]);
  });

  it("says what is wrong with a missing or malformed option", () => {
    const cases: Array<[string[], string, string]> = [
      [[], "int:n", "Opts: unknown key 'n'"],
      [["-n=abc"], "int:n", "Opts: expected integer but 'abc' found"],
      [["-n", "2147483648"], "int:n", "Opts: integer overflow: expected integer but '2147483648' found"],
      [["-n", "15e-1"], "int:n", "Opts: expected integer but '15e-1' found"],
      [["-n", "1e3e4"], "int:n", "Opts: expected typical exponential notation but '1e3e4' found"],
      [["-u", "-1"], "uint:u", "Opts: expected non-negative integer but '-1' found"],
      [["-p", "1.2.3"], "double:p", "Opts: expected float number but '1.2.3' found"],
      [["-flag=maybe"], "bool:flag", "Opts: key 'flag': expected bool true/false or 0/1 but 'maybe' found"],
      [["yes"], "bool@1", "Opts: opt by index '1': expected bool true/false or 0/1 but 'yes' found"],
      [["1"], "int@5", "Opts: index '5' is out of range [0,2)"],
    ];
    for (const [args, reads, message] of cases) expect(read(args, reads), `${reads} ${args.join(" ")}`).toMatchObject({ code: 3, stdout: "", stderr: `FAIL ${message}` });
  });

  it("after has_opt or a default, an unread option fails at the end unless suppressed; without them it is ignored", () => {
    // The test is written first: the check runs when the generator ends (testlib's test-005_opts behaves so).
    expect(read(["-n", "2", "-mm", "3"], "int:n=1,int:m=2")).toMatchObject({ code: 3, stdout: "2\n2\n", stderr: "FAIL Opts: unused key 'mm'" });
    expect(read(["-n", "2", "-mm", "3"], "int:n=1", { TESTLIB_OPT_SUPPRESS: "1" })).toMatchObject({ code: 0, stdout: "2\n", stderr: "" });
    expect(read(["-n", "2", "-mm", "3"], "int:n")).toMatchObject({ code: 0, stdout: "2\n", stderr: "" });
  });
});
