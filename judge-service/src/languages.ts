import path from "node:path";
import { LANGUAGES } from "../../app/lib/languages";
import { goBuildEnv, type ToolchainId } from "./toolchains";

// How the judge compiles and runs each language under HOJ's names (the catalogue shown to users is
// app/lib/languages.ts). Commands follow HOJ's defaults; paths come from the probe (probe.ts), so
// they are where the sandbox really has the toolchain.

export interface ResolvedToolchain {
  id: ToolchainId;
  /** Absolute path of the executable inside the sandbox (symlinks resolved). */
  path: string;
  /** First line of its version output. */
  version: string;
}

export interface Toolchains {
  found: Partial<Record<ToolchainId, ResolvedToolchain>>;
  /** The read-only Go build cache when the sandbox has one. */
  goCache: string | null;
}

export interface CompileSpec {
  args: string[];
  env: string[];
  /** Files the compile leaves behind for the runs (kept in go-judge's store). */
  artifacts: string[];
  memoryMb: number;
  procLimit: number;
}

export interface RunSpec {
  args: string[];
  env: string[];
  procLimit: number;
}

export interface RunLimits {
  /** Effective limits of this language (already doubled where the rule says so). */
  memoryMb: number;
  stackMb: number;
}

export interface LanguageRun {
  name: string;
  toolchains: ToolchainId[];
  /** File name of the source inside the sandbox. */
  source: string;
  compile(tc: Toolchains): CompileSpec;
  run(tc: Toolchains, limits: RunLimits): RunSpec;
  /** Messages on stderr that mean the runtime ran out of its memory (heap limits below the sandbox's). */
  memoryMarkers?: RegExp[];
}

const BASE_ENV = ["PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "HOME=/tmp"];
const RUN_PROCS = 64;

function bin(tc: Toolchains, id: ToolchainId): string {
  const t = tc.found[id];
  if (!t) throw new Error(`toolchain ${id} is not available`);
  return t.path;
}

function sibling(tc: Toolchains, id: ToolchainId, name: string): string {
  return path.posix.join(path.posix.dirname(bin(tc, id)), name);
}

function native(run: (limits: RunLimits) => string[] = () => ["./main"]): LanguageRun["run"] {
  return (_tc, limits) => ({ args: run(limits), env: BASE_ENV, procLimit: RUN_PROCS });
}

function cFamily(name: string, compiler: "gcc" | "g++", std: string, o2: boolean): LanguageRun {
  const source = compiler === "gcc" ? "main.c" : "main.cpp";
  return {
    name,
    toolchains: [compiler],
    source,
    compile: (tc) => ({
      args: [bin(tc, compiler), "-DONLINE_JUDGE", "-w", "-fmax-errors=3", `-std=${std}`, ...(o2 ? ["-O2"] : []), source, "-lm", "-o", "main"],
      env: BASE_ENV,
      artifacts: ["main"],
      memoryMb: 1024,
      procLimit: 32,
    }),
    run: native(),
  };
}

function interpreted(
  name: string,
  id: ToolchainId,
  source: string,
  check: string[],
  o: { runArgs?: (limits: RunLimits) => string[]; memoryMarkers?: RegExp[] } = {},
): LanguageRun {
  return {
    name,
    toolchains: [id],
    source,
    // The "compile" is a syntax check; the runs copy the checked source.
    compile: (tc) => ({ args: [bin(tc, id), ...check, source], env: BASE_ENV, artifacts: [source], memoryMb: 512, procLimit: 32 }),
    run: (tc, limits) => ({ args: [bin(tc, id), ...(o.runArgs?.(limits) ?? []), source], env: BASE_ENV, procLimit: RUN_PROCS }),
    memoryMarkers: o.memoryMarkers,
  };
}

const PYTHON_MEMORY = [/^MemoryError\b/m];

const RUNS: LanguageRun[] = [
  cFamily("C", "gcc", "c11", false),
  cFamily("C With O2", "gcc", "c11", true),
  cFamily("C++", "g++", "c++14", false),
  cFamily("C++ With O2", "g++", "c++14", true),
  cFamily("C++ 17", "g++", "c++17", false),
  cFamily("C++ 17 With O2", "g++", "c++17", true),
  cFamily("C++ 20", "g++", "c++20", false),
  cFamily("C++ 20 With O2", "g++", "c++20", true),
  {
    name: "Java",
    toolchains: ["jdk"],
    source: "Main.java",
    // Classes (a solution may have nested or anonymous ones) are packed into one jar that every run
    // copies in.
    compile: (tc) => ({
      args: [
        "/bin/sh",
        "-c",
        `'${bin(tc, "jdk")}' -J-Xmx768m -J-XX:+UseSerialGC -J-XX:-UsePerfData -encoding UTF-8 -d classes Main.java && ` +
          `'${sibling(tc, "jdk", "jar")}' -J-XX:+UseSerialGC -J-XX:-UsePerfData cf Main.jar -C classes .`,
      ],
      env: BASE_ENV,
      artifacts: ["Main.jar"],
      memoryMb: 1536,
      procLimit: 128,
    }),
    run: (tc, limits) => ({
      args: [
        sibling(tc, "jdk", "java"),
        `-Xmx${limits.memoryMb}m`,
        `-Xss${Math.max(1, limits.stackMb)}m`,
        "-XX:+UseSerialGC",
        "-XX:-UsePerfData",
        "-Dfile.encoding=UTF-8",
        "-cp",
        "Main.jar",
        "Main",
      ],
      env: BASE_ENV,
      procLimit: RUN_PROCS,
    }),
    memoryMarkers: [/java\.lang\.OutOfMemoryError/],
  },
  interpreted("Python3", "python3", "main.py", ["-m", "py_compile"], { memoryMarkers: PYTHON_MEMORY }),
  interpreted("PyPy3", "pypy3", "main.py", ["-m", "py_compile"], { memoryMarkers: PYTHON_MEMORY }),
  interpreted("Python2", "python2", "main.py", ["-m", "py_compile"], { memoryMarkers: PYTHON_MEMORY }),
  {
    name: "Golang",
    toolchains: ["go"],
    source: "main.go",
    compile: (tc) => ({
      args: [bin(tc, "go"), "build", "-o", "main", "main.go"],
      env: goBuildEnv(tc.goCache ?? "/tmp/go-build"),
      artifacts: ["main"],
      memoryMb: 1024,
      procLimit: 128,
    }),
    run: native(),
  },
  {
    name: "JavaScript Node",
    toolchains: ["node"],
    source: "main.js",
    compile: (tc) => ({ args: [bin(tc, "node"), "--check", "main.js"], env: BASE_ENV, artifacts: ["main.js"], memoryMb: 512, procLimit: 64 }),
    run: (tc, limits) => ({
      args: [
        bin(tc, "node"),
        `--max-old-space-size=${limits.memoryMb}`,
        // V8 must hit its own guard before the thread's stack ends (a segfault otherwise).
        `--stack-size=${Math.max(984, Math.floor(limits.stackMb * 1024 * 0.8))}`,
        "main.js",
      ],
      env: BASE_ENV,
      procLimit: RUN_PROCS,
    }),
    memoryMarkers: [/JavaScript heap out of memory/, /Reached heap limit/],
  },
  {
    name: "Rust",
    toolchains: ["rustc"],
    source: "main.rs",
    compile: (tc) => ({
      args: [bin(tc, "rustc"), "-O", "--edition=2021", "-o", "main", "main.rs"],
      env: BASE_ENV,
      artifacts: ["main"],
      memoryMb: 1536,
      procLimit: 64,
    }),
    run: native(),
  },
  interpreted("PHP", "php", "main.php", ["-l"], {
    // PHP's own limit set to the language's, so running out of it is reported as such.
    runArgs: (limits) => ["-d", `memory_limit=${limits.memoryMb}M`],
    memoryMarkers: [/Allowed memory size of \d+ bytes exhausted/],
  }),
  interpreted("Ruby", "ruby", "main.rb", ["-c"], { memoryMarkers: [/NoMemoryError|failed to allocate memory/] }),
  {
    name: "C#",
    toolchains: ["mcs"],
    source: "main.cs",
    compile: (tc) => ({ args: [bin(tc, "mcs"), "-optimize+", "-out:main.exe", "main.cs"], env: BASE_ENV, artifacts: ["main.exe"], memoryMb: 1024, procLimit: 64 }),
    run: (tc) => ({ args: [sibling(tc, "mcs", "mono"), "main.exe"], env: BASE_ENV, procLimit: RUN_PROCS }),
    memoryMarkers: [/System\.OutOfMemoryException/],
  },
];

const BY_NAME = new Map(RUNS.map((r) => [r.name, r]));

export function languageRun(name: string): LanguageRun | undefined {
  return BY_NAME.get(name);
}

export function allLanguageRuns(): readonly LanguageRun[] {
  return RUNS;
}

/** Checkers and interactors are compiled optimised, C++ as C++17 (testlib needs C++11 or newer). */
export function checkerLanguage(language: string): LanguageRun | undefined {
  if (language === "C") return BY_NAME.get("C With O2");
  if (language === "C++") return BY_NAME.get("C++ 17 With O2");
  return undefined;
}

/** Languages whose toolchains were all found, in the catalogue's order. */
export function availableLanguages(tc: Toolchains): string[] {
  return LANGUAGES.map((l) => l.name).filter((n) => {
    const r = BY_NAME.get(n);
    return r !== undefined && r.toolchains.every((id) => tc.found[id] !== undefined);
  });
}
