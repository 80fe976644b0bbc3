import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import type { FinalMessage } from "~/lib/judge-protocol";
import { compileProgram } from "../../../judge-service/src/compile";
import type { JudgeContext } from "../../../judge-service/src/context";
import { judgeSubmission } from "../../../judge-service/src/judge";
import { allLanguageRuns, languageRun } from "../../../judge-service/src/languages";
import { buildPchOnHost, pchKey, pchVariants, sandboxPchDir } from "../../../judge-service/src/pch";
import { MB, MS } from "../../../judge-service/src/sandbox";
import { problem, startDataServer, storeCases, submission, testContext, type DataServer } from "./support";

// Precompiled headers (judge-service/src/pch.ts): built into the sandbox's folder, really taken by
// g++, and judging exactly as without them.

let server: DataServer;
let withPch: JudgeContext;
let without: JudgeContext;
const pchDir = process.env.JUDGE_PCH_DIR!;

const CXX_AB = `#include <bits/stdc++.h>
using namespace std;
int main() { long long a, b; cin >> a >> b; cout << a + b << endl; return 0; }
`;

beforeAll(async () => {
  server = await startDataServer();
  // Compiles of the whole library without its header take seconds of CPU: on a busy machine the
  // default wall clock of a compile could end them, and the two ways must be compared on the program.
  const roomy = { compileTimeMs: 60_000 };
  withPch = await testContext(server.url, roomy);
  without = await testContext(server.url, roomy, { pch: false });
  // The first run on a machine builds them all (a minute or two); later runs find them.
  await withPch.pch.settled;
}, 600_000);

afterAll(async () => {
  await server?.close();
});

function cVariants(ctx: JudgeContext) {
  return pchVariants().filter((v) => v.languages.some((l) => ctx.languages.includes(l)));
}

/** What g++ reports with -H: `! <file>.gch` when it takes a precompiled header (`x` when not valid). */
async function headerTrace(ctx: JudgeContext, language: string, code: string, folder?: string): Promise<string> {
  const lang = languageRun(language)!;
  const spec = lang.compile(ctx.toolchains);
  const dir = folder ?? ctx.pch.includeDir(lang);
  const [r] = await ctx.sandbox.run([
    {
      args: [spec.args[0], ...(dir ? ["-I", dir] : []), "-H", ...spec.args.slice(1)],
      env: spec.env,
      files: [{ content: "" }, { name: "stdout", max: 1 << 20, pipe: true }, { name: "stderr", max: 1 << 20, pipe: true }],
      cpuLimit: 20_000 * MS,
      clockLimit: 60_000 * MS,
      memoryLimit: 1024 * MB,
      procLimit: 32,
      copyIn: { [lang.source]: { content: code } },
    },
  ]);
  expect(r.status).toBe("Accepted");
  return r.files?.stderr ?? "";
}

describe("precompiled headers", () => {
  it("exist for every C and C++ language, one per set of compile flags", () => {
    const c = allLanguageRuns().filter((l) => l.toolchains[0] === "gcc" || l.toolchains[0] === "g++");
    expect(c.length).toBe(8);
    for (const l of c) expect(l.pch?.flags).toEqual(l.compile({ found: { gcc: { id: "gcc", path: "/x/gcc", version: "" }, "g++": { id: "g++", path: "/x/g++", version: "" } }, goCache: null }).args.slice(1, -4));
    const keys = pchVariants().map((v) => v.key);
    expect(keys).toEqual(["c-c11", "c-c11-O2", "cxx-c++14", "cxx-c++14-O2", "cxx-c++17", "cxx-c++17-O2", "cxx-c++20", "cxx-c++20-O2"]);
  });

  it("are built into the judge's folder, which the sandbox shows read-only, and g++ takes them", async () => {
    expect(withPch.pch.readyKeys()).toEqual(cVariants(withPch).map((v) => v.key).sort());
    expect(withPch.pch.readyKeys().length).toBeGreaterThan(0);
    for (const v of cVariants(withPch)) {
      expect(existsSync(path.join(pchDir, v.key, `${v.spec.header}.gch`))).toBe(true);
      const stamp = JSON.parse(readFileSync(path.join(pchDir, v.key, "stamp.json"), "utf8")) as { flags: string[] };
      expect(stamp.flags).toEqual(v.spec.flags);
      const lang = v.spec.compiler === "g++" ? "int main() { return 0; }" : "int main(void) { return 0; }";
      const trace = await headerTrace(withPch, v.languages[0], `#include <${v.spec.header}>\n${lang}\n`);
      expect(trace.split("\n")[0]).toBe(`! ${sandboxPchDir(v.key)}/${v.spec.header}.gch`);
    }
    // Read-only inside the sandbox.
    const [r] = await withPch.sandbox.run([
      {
        args: ["/bin/sh", "-c", `touch ${sandboxPchDir("cxx-c++17-O2")}/x`],
        env: ["PATH=/usr/bin:/bin"],
        files: [{ content: "" }, { name: "stdout", max: 1024, pipe: true }, { name: "stderr", max: 1024, pipe: true }],
        cpuLimit: 2000 * MS,
        clockLimit: 5000 * MS,
        memoryLimit: 64 * MB,
        procLimit: 8,
      },
    ]);
    expect(r.status).not.toBe("Accepted");
    expect(r.files?.stderr).toMatch(/Read-only/i);
  }, 300_000);

  it("a header built with other flags is not taken: each variant has its own", async () => {
    // C++ 17 without O2 given the O2 variant's folder: g++ marks it invalid (x) and reads the header.
    const trace = await headerTrace(withPch, "C++ 17", CXX_AB, sandboxPchDir("cxx-c++17-O2"));
    expect(trace.split("\n")[0]).toBe(`x ${sandboxPchDir("cxx-c++17-O2")}/bits/stdc++.h.gch`);
  }, 120_000);

  it("make the A+B compile several times cheaper", async () => {
    const lang = languageRun("C++ 17 With O2")!;
    const times = { pch: [] as number[], plain: [] as number[] };
    for (let i = 0; i < 2; i++) {
      for (const [k, ctx] of [["pch", withPch], ["plain", without]] as const) {
        const r = await compileProgram(ctx, lang, CXX_AB, {});
        expect(r.ok).toBe(true);
        if (r.ok) {
          times[k].push(r.timeMs);
          await ctx.sandbox.deleteAll(Object.values(r.artifacts));
        }
      }
    }
    expect(Math.min(...times.pch) * 2).toBeLessThan(Math.min(...times.plain));
  }, 300_000);

  // Each program judged with and without: same verdict, same message, same output.
  const programs: Array<{ what: string; language: string; code: string; status: number }> = [
    { what: "A+B with the whole library", language: "C++ 17 With O2", code: CXX_AB, status: JudgeStatus.ACCEPTED },
    { what: "A+B in C", language: "C With O2", code: `#include <stdio.h>\nint main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); return 0; }\n`, status: JudgeStatus.ACCEPTED },
    {
      what: "a macro defined before the include that changes the library (its debug mode)",
      language: "C++",
      code: `#define _GLIBCXX_DEBUG\n#include <bits/stdc++.h>\nint main() { std::vector<int> v(2); long long a, b; std::cin >> a >> b; if (a == 40) v[5] = 1; std::cout << a + b << std::endl; }\n`,
      status: JudgeStatus.RUNTIME_ERROR,
    },
    {
      what: "the header included twice",
      language: "C++ 20",
      code: `#include <bits/stdc++.h>\n#include <bits/stdc++.h>\nusing namespace std;\nint main() { long long a, b; cin >> a >> b; cout << a + b << endl; }\n`,
      status: JudgeStatus.ACCEPTED,
    },
    {
      what: "what the compile flags define",
      language: "C++ 17",
      code: `#include <bits/stdc++.h>\nint main() { long long a, b; std::cin >> a >> b;\n#ifdef __OPTIMIZE__\n  a += 1000;\n#endif\n#ifndef ONLINE_JUDGE\n  a += 1;\n#endif\n  std::cout << a + b + (__cplusplus == 201703L ? 0 : 7) << std::endl; }\n`,
      status: JudgeStatus.ACCEPTED,
    },
    { what: "a syntax error", language: "C++ 17 With O2", code: `#include <bits/stdc++.h>\nint main() { int a = ; }\n`, status: JudgeStatus.COMPILE_ERROR },
    {
      what: "an error inside the library's templates",
      language: "C++ With O2",
      code: `#include <bits/stdc++.h>\nusing namespace std;\nstruct P { int x; };\nint main() { vector<P> v(3); sort(v.begin(), v.end()); map<P, int> m; m[P{1}] = 2; }\n`,
      status: JudgeStatus.COMPILE_ERROR,
    },
    { what: "a C error", language: "C", code: `#include <stdio.h>\nint main(void) { printf("%d\\n", undefined_name); return 0; }\n`, status: JudgeStatus.COMPILE_ERROR },
  ];

  it.each(programs)("judge $what exactly as without them", async ({ language, code, status }) => {
    const { hash, cases } = await storeCases([
      { input: "1 2\n", output: "3\n" },
      { input: "40 2\n", output: "42\n" },
    ]);
    const p = problem(hash, cases);
    // Addresses differ from run to run (a debug-mode message prints one).
    const plain = (text: string) => text.replace(/0x[0-9a-f]+/g, "0x…");
    const strip = (f: FinalMessage) => ({ status: f.status, errorMessage: plain(f.errorMessage), cases: f.cases.map((c) => [c.index, c.status, c.userOutput, plain(c.message)]) });
    const a = await judgeSubmission(withPch, submission(language, code, p), async () => undefined, new AbortController().signal);
    const b = await judgeSubmission(without, submission(language, code, p), async () => undefined, new AbortController().signal);
    expect(a.status).toBe(status);
    expect(strip(a)).toEqual(strip(b));
    if (status === JudgeStatus.COMPILE_ERROR) expect(a.errorMessage).toMatch(/error/);
  }, 300_000);

  it("a stale or missing one is built again at start, and compiles go without it meanwhile", async () => {
    const key = "c-c11";
    if (!withPch.pch.readyKeys().includes(key)) return;
    // Another compiler's stamp: stale.
    const stampFile = path.join(pchDir, key, "stamp.json");
    const stamp = JSON.parse(readFileSync(stampFile, "utf8")) as Record<string, unknown>;
    writeFileSync(stampFile, JSON.stringify({ ...stamp, compiler: "gcc 1.0" }));
    const fresh = await testContext(server.url);
    const c = languageRun("C")!;
    // Until it is built again, C compiles without it; the other variants are in use at once.
    expect(fresh.pch.includeDir(c)).toBeNull();
    await fresh.pch.settled;
    expect(fresh.pch.includeDir(c)).toBe(sandboxPchDir(key));
    expect(JSON.parse(readFileSync(stampFile, "utf8")).compiler).not.toBe("gcc 1.0");

    // Missing altogether.
    rmSync(path.join(pchDir, key), { recursive: true, force: true });
    const again = await testContext(server.url);
    await again.pch.settled;
    expect(again.pch.readyKeys()).toContain(key);
    expect(existsSync(path.join(pchDir, key, "stdio.h.gch"))).toBe(true);
  }, 300_000);

  it("a judge that cannot write the sandbox's folder uses what is fresh there and builds nothing", async () => {
    const key = "c-c11-O2";
    if (!withPch.pch.readyKeys().includes(key)) return;
    const stampFile = path.join(pchDir, key, "stamp.json");
    const good = readFileSync(stampFile, "utf8");
    writeFileSync(stampFile, JSON.stringify({ ...JSON.parse(good), flags: ["-O3"] }));
    try {
      const elsewhere = await testContext(server.url, {}, { pchDir: mkdtempSync(path.join(os.tmpdir(), "oj-other-pch-")) });
      await elsewhere.pch.settled;
      expect(elsewhere.pch.readyKeys()).not.toContain(key);
      expect(elsewhere.pch.readyKeys()).toContain("c-c11");
      expect(JSON.parse(readFileSync(stampFile, "utf8")).flags).toEqual(["-O3"]);
    } finally {
      writeFileSync(stampFile, good);
    }
  }, 120_000);

  it("are off with JUDGE_PCH=0", async () => {
    await without.pch.settled;
    expect(without.pch.readyKeys()).toEqual([]);
    expect(without.pch.includeDir(languageRun("C++ 17 With O2")!)).toBeNull();
  });

  it("can be built on the sandbox's own machine, as the sandbox image does", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "oj-host-pch-"));
    try {
      const gcc = execFileSync("/bin/sh", ["-c", "readlink -f $(command -v gcc)"]).toString().trim();
      const built = await buildPchOnHost(dir, { gcc });
      expect(built).toEqual(["c-c11", "c-c11-O2"]);
      // Fresh: nothing to do the second time.
      expect(await buildPchOnHost(dir, { gcc })).toEqual([]);
      const v = pchVariants().find((x) => x.key === "c-c11-O2")!;
      writeFileSync(path.join(dir, "main.c"), "#include <stdio.h>\nint main(void) { return 0; }\n");
      const r = execFileSync("/bin/sh", ["-c", `${gcc} ${v.spec.flags.join(" ")} -I ${path.join(dir, v.key)} -H -fsyntax-only main.c 2>&1 | head -n 1`], { cwd: dir, encoding: "utf8" });
      expect(r.trim()).toBe(`! ${path.join(dir, v.key)}/stdio.h.gch`);
      expect(pchKey(v.spec)).toBe("c-c11-O2");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
