import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/lib/languages";
import { allLanguageRuns, checkerLanguage, languageRun, type Toolchains } from "../../../judge-service/src/languages";
import { TOOLCHAINS } from "../../../judge-service/src/toolchains";

// The compile commands shown to users (app/lib/languages.ts) are the judge's own
// (judge-service/src/languages.ts), and the compile limits are HOJ's published ones.

/** Every toolchain where the displayed commands say it is. */
const USUAL: Toolchains = {
  found: Object.fromEntries(
    TOOLCHAINS.map((t) => {
      const name = { jdk: "javac", python2: "python2" }[t.id as string] ?? t.id;
      return [t.id, { id: t.id, path: `/usr/bin/${name}`, version: "" }];
    }),
  ),
  goCache: null,
};

/** The judge's compile command as one line (a shell script as written). */
function rendered(args: string[]): string {
  return args[0] === "/bin/sh" && args[1] === "-c" ? args[2] : args.join(" ");
}

describe("language catalogue and judge", () => {
  it("know the same languages", () => {
    expect(allLanguageRuns().map((r) => r.name)).toEqual(LANGUAGES.map((l) => l.name));
  });

  for (const info of LANGUAGES) {
    it(`${info.name}: the displayed compile command is the judge's`, () => {
      const run = languageRun(info.name)!;
      const spec = run.compile(USUAL);
      const shown = info.compileCommand.replaceAll("{src_path}", run.source).replaceAll("{exe_path}", spec.artifacts[0]);
      expect(rendered(spec.args)).toBe(shown);
    });
  }

  it("compile with HOJ's flags", () => {
    const cmd = (name: string) => rendered(languageRun(name)!.compile(USUAL).args);
    expect(cmd("C")).toBe("/usr/bin/gcc -DONLINE_JUDGE -w -fmax-errors=1 -std=c11 main.c -lm -o main");
    expect(cmd("C With O2")).toBe("/usr/bin/gcc -DONLINE_JUDGE -O2 -w -fmax-errors=1 -std=c11 main.c -lm -o main");
    expect(cmd("C++")).toBe("/usr/bin/g++ -DONLINE_JUDGE -w -fmax-errors=1 -std=c++14 main.cpp -lm -o main");
    expect(cmd("C++ 17 With O2")).toBe("/usr/bin/g++ -DONLINE_JUDGE -O2 -w -fmax-errors=1 -std=c++17 main.cpp -lm -o main");
    expect(cmd("Golang")).toBe("/usr/bin/go build -o main main.go");
    expect(cmd("C#")).toBe("/usr/bin/mcs -optimize+ -out:main Main.cs");
    expect(cmd("Python3")).toBe("/usr/bin/python3 -m py_compile main.py");
    expect(cmd("Java")).toMatch(/^\/usr\/bin\/javac .*-encoding utf-8 Main\.java && \/usr\/bin\/jar .*-cvf Main\.jar \*\.class$/);
    expect(rendered(checkerLanguage("C")!.compile(USUAL).args)).toBe("/usr/bin/gcc -DONLINE_JUDGE -O2 -w -fmax-errors=3 -std=c11 main.c -lm -o main");
  });

  it("compile under HOJ's per-language limits", () => {
    const limits = (run: ReturnType<typeof languageRun>) => {
      const s = run!.compile(USUAL);
      return [s.cpuMs, s.wallMs, s.memoryMb];
    };
    const hoj: Record<string, number[]> = {
      C: [5000, 10_000, 256],
      "C With O2": [5000, 10_000, 256],
      "C++": [10_000, 20_000, 512],
      "C++ With O2": [10_000, 20_000, 512],
      "C++ 17": [10_000, 20_000, 512],
      "C++ 17 With O2": [10_000, 20_000, 512],
      "C++ 20": [10_000, 20_000, 512],
      "C++ 20 With O2": [10_000, 20_000, 512],
      Java: [10_000, 20_000, 512],
      Python3: [5000, 10_000, 256],
      PyPy3: [5000, 10_000, 256],
      Python2: [5000, 10_000, 256],
      Golang: [5000, 10_000, 512],
      Rust: [5000, 10_000, 512],
      "C#": [5000, 10_000, 512],
      // No compile step in HOJ: their syntax check gets Python's limits.
      "JavaScript Node": [5000, 10_000, 256],
      PHP: [5000, 10_000, 256],
      Ruby: [5000, 10_000, 256],
    };
    expect(Object.fromEntries(LANGUAGES.map((l) => [l.name, limits(languageRun(l.name))]))).toEqual(hoj);
    expect(limits(checkerLanguage("C"))).toEqual([10_000, 20_000, 512]);
    expect(limits(checkerLanguage("C++"))).toEqual([15_000, 30_000, 512]);
  });
});
