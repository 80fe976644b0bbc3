import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import { LANGUAGES } from "~/lib/languages";
import type { RunningJudge } from "../../../judge-service/src/consumer";
import { judgeOnce, newRedis, problem, startDataServer, startTestJudge, storeCases, submission, testContext, type DataServer } from "./support";

// Every language this machine's sandbox can run: found by probing inside the sandbox, A+B accepted at
// 256 MB, the catalogue's template (a skeleton) compiling and running, and a program that keeps
// allocating gets Memory Limit Exceeded, whatever the runtime's own heap rules.

let server: DataServer;
let redis: Redis;
let judge: RunningJudge;

beforeAll(async () => {
  server = await startDataServer();
  redis = newRedis();
  judge = await startTestJudge(server.url, { context: await testContext(server.url) });
});

afterAll(async () => {
  await judge?.stop({ graceMs: 1000 });
  await server?.close();
  redis?.disconnect();
});

const MEMORY_HOGS: Record<string, string> = {
  C: `#include <stdlib.h>\n#include <string.h>\nint main(){ for (;;) { char *p = malloc(1 << 20); memset(p, 1, 1 << 20); } }`,
  "C++": `#include <vector>\nint main(){ std::vector<std::vector<char>> v; for (;;) v.emplace_back(1 << 20, 1); }`,
  Java: `import java.util.*;\npublic class Main { public static void main(String[] a) { List<int[]> l = new ArrayList<>(); for (;;) { int[] x = new int[1 << 18]; Arrays.fill(x, 1); l.add(x); } } }`,
  Python3: `a = []\nwhile True:\n    a.append(bytearray(b"x") * (1 << 20))\n`,
  PyPy3: `a = []\nwhile True:\n    a.append(bytearray(b"x") * (1 << 20))\n`,
  Python2: `a = []\nwhile True:\n    a.append("x" * (1 << 20))\n`,
  Golang: `package main\n\nfunc main() {\n\tvar all [][]byte\n\tfor {\n\t\tb := make([]byte, 1<<20)\n\t\tfor i := range b {\n\t\t\tb[i] = 1\n\t\t}\n\t\tall = append(all, b)\n\t}\n}\n`,
  "JavaScript Node": `const a = [];\nfor (;;) a.push(new Array(1 << 16).fill(1.5));\n`,
  Rust: `fn main() { let mut v: Vec<Vec<u8>> = Vec::new(); loop { v.push(vec![1u8; 1 << 20]); } }`,
  PHP: `<?php\n$a = [];\nwhile (true) { $a[] = str_repeat("x", 1 << 20); }\n`,
  Ruby: `a = []\nloop { a << "x" * (1 << 20) }\n`,
  "C#": `using System; using System.Collections.Generic;\npublic class Program { public static void Main() { var l = new List<byte[]>(); while (true) { var b = new byte[1 << 20]; for (int i = 0; i < b.Length; i += 4096) b[i] = 1; l.Add(b); } } }`,
};

const A_PLUS_B: Record<string, string> = {
  C: `#include <stdio.h>\nint main() { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); return 0; }\n`,
  "C++": `#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << std::endl; return 0; }\n`,
  Java: `import java.util.Scanner;\npublic class Main { public static void main(String[] args) { Scanner in = new Scanner(System.in); int a = in.nextInt(), b = in.nextInt(); System.out.println(a + b); } }\n`,
  Python3: `a, b = map(int, input().split())\nprint(a + b)\n`,
  PyPy3: `a, b = map(int, input().split())\nprint(a + b)\n`,
  Python2: `a, b = map(int, raw_input().split())\nprint a + b\n`,
  Golang: `package main\n\nimport "fmt"\n\nfunc main() {\n\tvar a, b int\n\tfmt.Scan(&a, &b)\n\tfmt.Println(a + b)\n}\n`,
  "JavaScript Node": `const v = require("fs").readFileSync(0, "utf8").trim().split(/\\s+/).map(Number);\nconsole.log(v[0] + v[1]);\n`,
  Rust: `use std::io::Read;\nfn main() { let mut s = String::new(); std::io::stdin().read_to_string(&mut s).unwrap(); let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect(); println!("{}", v[0] + v[1]); }\n`,
  PHP: `<?php\nfscanf(STDIN, "%d %d", $a, $b);\necho $a + $b, "\\n";\n`,
  Ruby: `a, b = gets.split.map(&:to_i)\nputs a + b\n`,
  "C#": `using System;\npublic class Program { public static void Main() { string[] s = Console.ReadLine().Split(); Console.WriteLine(int.Parse(s[0]) + int.Parse(s[1])); } }\n`,
};

function aPlusBFor(language: string): string {
  if (A_PLUS_B[language]) return A_PLUS_B[language];
  return language.startsWith("C++") ? A_PLUS_B["C++"] : A_PLUS_B.C;
}

function hogFor(language: string): string {
  if (MEMORY_HOGS[language]) return MEMORY_HOGS[language];
  return language.startsWith("C++") ? MEMORY_HOGS["C++"] : MEMORY_HOGS.C;
}

describe("languages", () => {
  it("finds every toolchain this machine has, by probing inside the sandbox", () => {
    const langs = judge.context.languages;
    for (const name of ["C", "C With O2", "C++", "C++ With O2", "C++ 17", "C++ 17 With O2", "C++ 20", "C++ 20 With O2", "Java", "Python3", "Python2", "Golang", "JavaScript Node", "Rust"]) {
      expect(langs).toContain(name);
    }
    // In the catalogue's order, and only names of the catalogue.
    expect(langs).toEqual(LANGUAGES.map((l) => l.name).filter((n) => langs.includes(n)));
    expect(judge.info().languages).toEqual(langs);
  });

  it("accepts A+B in every advertised language with 256 MB", { timeout: 240_000 }, async () => {
    const { hash, cases } = await storeCases([
      { input: "1 2\n", output: "3\n" },
      { input: "123456 654321\n", output: "777777\n" },
    ]);
    const p = problem(hash, cases, { memoryLimit: 256, timeLimit: 2000 });
    const results = await Promise.all(
      judge.context.languages.map(async (name) => {
        const final = await judgeOnce(redis, submission(name, aPlusBFor(name), p), 180_000);
        return [name, final.status, final.errorMessage] as const;
      }),
    );
    expect(results).toEqual(judge.context.languages.map((name) => [name, JudgeStatus.ACCEPTED, ""]));
  });

  it("compiles and runs the catalogue's template in every advertised language (it prints nothing, so Wrong Answer)", { timeout: 240_000 }, async () => {
    const { hash, cases } = await storeCases([{ input: "1 2\n", output: "3\n" }]);
    const p = problem(hash, cases, { memoryLimit: 256, timeLimit: 2000 });
    const results = await Promise.all(
      judge.context.languages.map(async (name) => {
        const template = LANGUAGES.find((l) => l.name === name)!.template;
        const final = await judgeOnce(redis, submission(name, template, p), 180_000);
        return [name, final.status] as const;
      }),
    );
    expect(results).toEqual(judge.context.languages.map((name) => [name, JudgeStatus.WRONG_ANSWER]));
  });

  it("gives Memory Limit Exceeded to a program that keeps allocating, in every language", { timeout: 240_000 }, async () => {
    const { hash, cases } = await storeCases([{ input: "1 2\n", output: "3\n" }]);
    const p = problem(hash, cases, { memoryLimit: 64, timeLimit: 3000 });
    const langs = judge.context.languages.filter((l) => !/With O2|^C\+\+ \d/.test(l));
    const results = await Promise.all(
      langs.map(async (name) => {
        const final = await judgeOnce(redis, submission(name, hogFor(name), p), 180_000);
        return [name, final.status] as const;
      }),
    );
    expect(results).toEqual(langs.map((name) => [name, JudgeStatus.MEMORY_LIMIT_EXCEEDED]));
  });

  it("doubles time and memory for languages other than C and C++", async () => {
    const { hash, cases } = await storeCases([{ input: "\n", output: "ok\n" }]);
    const p = problem(hash, cases, { memoryLimit: 64, timeLimit: 500 });
    // 90 MB against 64 MB stated; 0.75 s of CPU against 0.5 s stated.
    const [c, py, cSlow, pySlow] = await Promise.all([
      judgeOnce(redis, submission("C", `#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\nint main(){ char *p = malloc(90 << 20); memset(p, 1, 90 << 20); puts(p[100] == 1 ? "ok" : "no"); return 0; }`, p)),
      judgeOnce(redis, submission("Python3", `b = bytearray(b"x") * (90 << 20)\nprint("ok" if b[100] == 120 else "no")\n`, p)),
      judgeOnce(redis, submission("C", `#include <stdio.h>\n#include <time.h>\nint main(){ while (clock() < CLOCKS_PER_SEC * 3 / 4); puts("ok"); return 0; }`, p)),
      judgeOnce(redis, submission("Python3", `import time\nwhile time.process_time() < 0.75:\n    pass\nprint("ok")\n`, p)),
    ]);
    expect(c.status).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
    expect(py.status).toBe(JudgeStatus.ACCEPTED);
    expect(cSlow.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(pySlow.status).toBe(JudgeStatus.ACCEPTED);
    expect(pySlow.time).toBeGreaterThanOrEqual(750);
    expect(pySlow.time).toBeLessThan(1000);
  });

  it("gives Compile Error for syntax errors in interpreted languages too", async () => {
    const { hash, cases } = await storeCases([{ input: "1 2\n", output: "3\n" }]);
    const p = problem(hash, cases);
    const [py, js, java] = await Promise.all([
      judgeOnce(redis, submission("Python3", "def f(:\n  pass\n", p)),
      judgeOnce(redis, submission("JavaScript Node", "function (\n", p)),
      judgeOnce(redis, submission("Java", "public class Main { void f( }", p)),
    ]);
    expect(py.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(py.errorMessage).toContain("SyntaxError");
    expect(js.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(java.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(java.errorMessage).toContain("Main.java");
  });
});
