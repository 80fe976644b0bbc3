import path from "node:path";
import { LANGUAGES } from "../../app/lib/languages";
import { goBuildEnv, type ToolchainId } from "./toolchains";

// How the judge compiles and runs each language under HOJ's names (the catalogue shown to users is
// app/lib/languages.ts, whose compileCommand must render to the same command: a unit test holds
// them together). Compile commands and compile limits are HOJ's published language table
// (JudgeServer language.yml); paths come from the probe (probe.ts), so they are where the sandbox
// really has the toolchain. Deliberate differences, each for a reason:
// - C++ 20 is compiled with -std=c++20; HOJ writes -std=c++2a, the name older GCC releases knew for
//   the same standard.
// - Java: the compiler's and jar's JVMs get a heap cap and the serial collector (-J flags) so they
//   stay inside the compile memory limit; runs get -Xmx (the language's memory limit, so running
//   out of heap is reported as Memory Limit Exceeded), -Xss from the stack limit, the serial
//   collector and no perf data file, where HOJ passes none of these.
// - Python 2/3 and PyPy3 run main.py after HOJ's py_compile check; HOJ runs the cached .pyc, whose
//   name depends on the interpreter's version. Same program, same behaviour.
// - JavaScript Node, PHP and Ruby have no compile step in HOJ; here their syntax check (node --check,
//   php -l, ruby -c) runs as the compile step, so a syntax error is a Compile Error with the
//   interpreter's message rather than a Runtime Error. Node gets --max-old-space-size and
//   --stack-size from the limits and PHP its memory_limit, so running out of memory is reported as
//   such.
// - Rust is compiled with --edition=2021 (rustc alone defaults to the 2015 edition, which current
//   solutions do not compile with).
// - Checkers and interactors: HOJ's SPJ/INTERACTIVE flags and limits, but C++ as C++17 (testlib
//   needs C++11 or newer; its current releases are built with C++17).

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
  /** CPU time, wall clock and memory of the compile (HOJ's per-language compile limits). */
  cpuMs: number;
  wallMs: number;
  memoryMb: number;
  procLimit: number;
}

/** HOJ's compile limits: CPU time (ms), wall clock (ms), memory (MB). */
interface CompileLimits {
  cpuMs: number;
  wallMs: number;
  memoryMb: number;
}

const C_COMPILE: CompileLimits = { cpuMs: 5000, wallMs: 10_000, memoryMb: 256 };
const CPP_COMPILE: CompileLimits = { cpuMs: 10_000, wallMs: 20_000, memoryMb: 512 };
const JAVA_COMPILE: CompileLimits = { cpuMs: 10_000, wallMs: 20_000, memoryMb: 512 };
const PYTHON_COMPILE: CompileLimits = { cpuMs: 5000, wallMs: 10_000, memoryMb: 256 };
const GO_COMPILE: CompileLimits = { cpuMs: 5000, wallMs: 10_000, memoryMb: 512 };
const CSHARP_COMPILE: CompileLimits = { cpuMs: 5000, wallMs: 10_000, memoryMb: 512 };
const RUST_COMPILE: CompileLimits = { cpuMs: 5000, wallMs: 10_000, memoryMb: 512 };
/** HOJ has no compile step for these; their syntax check gets Python's limits. */
const SYNTAX_CHECK: CompileLimits = { cpuMs: 5000, wallMs: 10_000, memoryMb: 256 };
const SPJ_C_COMPILE: CompileLimits = { cpuMs: 10_000, wallMs: 20_000, memoryMb: 512 };
const SPJ_CPP_COMPILE: CompileLimits = { cpuMs: 15_000, wallMs: 30_000, memoryMb: 512 };

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
  /** The header precompiled for this language (pch.ts), with exactly its compile flags. */
  pch?: PchSpec;
}

/** A header precompiled with a language's compile flags (the flags between the compiler and the source). */
export interface PchSpec {
  compiler: "gcc" | "g++";
  /** As included: `bits/stdc++.h`. */
  header: string;
  flags: string[];
}

const BASE_ENV = ["PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "HOME=/tmp"];
const RUN_PROCS = 64;

function bin(tc: Toolchains, id: ToolchainId): string {
  const t = tc.found[id];
  if (!t) throw new Error(`toolchain ${id} is not available`);
  return t.path;
}

/** A path as a word of a shell command (quoted only when it needs to be). */
function shellWord(p: string): string {
  return /^[\w./+-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`;
}

function sibling(tc: Toolchains, id: ToolchainId, name: string): string {
  return path.posix.join(path.posix.dirname(bin(tc, id)), name);
}

function native(run: (limits: RunLimits) => string[] = () => ["./main"]): LanguageRun["run"] {
  return (_tc, limits) => ({ args: run(limits), env: BASE_ENV, procLimit: RUN_PROCS });
}

function cFamily(
  name: string,
  compiler: "gcc" | "g++",
  std: string,
  o: { o2: boolean; maxErrors?: number; limits?: CompileLimits; precompiled?: boolean },
): LanguageRun {
  const source = compiler === "gcc" ? "main.c" : "main.cpp";
  const limits = o.limits ?? (compiler === "gcc" ? C_COMPILE : CPP_COMPILE);
  const flags = ["-DONLINE_JUDGE", ...(o.o2 ? ["-O2"] : []), "-w", `-fmax-errors=${o.maxErrors ?? 1}`, `-std=${std}`];
  return {
    name,
    toolchains: [compiler],
    source,
    compile: (tc) => ({
      args: [bin(tc, compiler), ...flags, source, "-lm", "-o", "main"],
      env: BASE_ENV,
      artifacts: ["main"],
      ...limits,
      procLimit: 32,
    }),
    run: native(),
    // What most solutions include first: the whole C++ library, or stdio.h.
    pch: o.precompiled === false ? undefined : { compiler, header: compiler === "g++" ? "bits/stdc++.h" : "stdio.h", flags },
  };
}

function interpreted(
  name: string,
  id: ToolchainId,
  source: string,
  check: string[],
  o: { runArgs?: (limits: RunLimits) => string[]; memoryMarkers?: RegExp[]; limits: CompileLimits },
): LanguageRun {
  return {
    name,
    toolchains: [id],
    source,
    // The "compile" is a syntax check; the runs copy the checked source.
    compile: (tc) => ({ args: [bin(tc, id), ...check, source], env: BASE_ENV, artifacts: [source], ...o.limits, procLimit: 32 }),
    run: (tc, limits) => ({ args: [bin(tc, id), ...(o.runArgs?.(limits) ?? []), source], env: BASE_ENV, procLimit: RUN_PROCS }),
    memoryMarkers: o.memoryMarkers,
  };
}

const PYTHON_MEMORY = [/^MemoryError\b/m];

/** JVM options of javac and jar: a heap that leaves room in the compile memory limit, one GC thread. */
const COMPILER_JVM = "-J-Xmx256m -J-XX:+UseSerialGC -J-XX:-UsePerfData";

const RUNS: LanguageRun[] = [
  cFamily("C", "gcc", "c11", { o2: false }),
  cFamily("C With O2", "gcc", "c11", { o2: true }),
  cFamily("C++", "g++", "c++14", { o2: false }),
  cFamily("C++ With O2", "g++", "c++14", { o2: true }),
  cFamily("C++ 17", "g++", "c++17", { o2: false }),
  cFamily("C++ 17 With O2", "g++", "c++17", { o2: true }),
  cFamily("C++ 20", "g++", "c++20", { o2: false }),
  cFamily("C++ 20 With O2", "g++", "c++20", { o2: true }),
  {
    name: "Java",
    toolchains: ["jdk"],
    source: "Main.java",
    // Classes (a solution may have nested or anonymous ones) are packed into one jar that every run
    // copies in.
    compile: (tc) => ({
      args: ["/bin/sh", "-c", `${shellWord(bin(tc, "jdk"))} ${COMPILER_JVM} -encoding utf-8 Main.java && ${shellWord(sibling(tc, "jdk", "jar"))} ${COMPILER_JVM} -cvf Main.jar *.class`],
      env: BASE_ENV,
      artifacts: ["Main.jar"],
      ...JAVA_COMPILE,
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
  interpreted("Python3", "python3", "main.py", ["-m", "py_compile"], { memoryMarkers: PYTHON_MEMORY, limits: PYTHON_COMPILE }),
  interpreted("PyPy3", "pypy3", "main.py", ["-m", "py_compile"], { memoryMarkers: PYTHON_MEMORY, limits: PYTHON_COMPILE }),
  interpreted("Python2", "python2", "main.py", ["-m", "py_compile"], { memoryMarkers: PYTHON_MEMORY, limits: PYTHON_COMPILE }),
  {
    name: "Golang",
    toolchains: ["go"],
    source: "main.go",
    compile: (tc) => ({
      args: [bin(tc, "go"), "build", "-o", "main", "main.go"],
      env: goBuildEnv(tc.goCache ?? "/tmp/go-build"),
      artifacts: ["main"],
      ...GO_COMPILE,
      procLimit: 128,
    }),
    run: native(),
  },
  {
    name: "JavaScript Node",
    toolchains: ["node"],
    source: "main.js",
    compile: (tc) => ({ args: [bin(tc, "node"), "--check", "main.js"], env: BASE_ENV, artifacts: ["main.js"], ...SYNTAX_CHECK, procLimit: 64 }),
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
      ...RUST_COMPILE,
      procLimit: 64,
    }),
    run: native(),
  },
  interpreted("PHP", "php", "main.php", ["-l"], {
    // PHP's own limit set to the language's, so running out of it is reported as such.
    runArgs: (limits) => ["-d", `memory_limit=${limits.memoryMb}M`],
    memoryMarkers: [/Allowed memory size of \d+ bytes exhausted/],
    limits: SYNTAX_CHECK,
  }),
  interpreted("Ruby", "ruby", "main.rb", ["-c"], { memoryMarkers: [/NoMemoryError|failed to allocate memory/], limits: SYNTAX_CHECK }),
  {
    name: "C#",
    toolchains: ["mcs"],
    source: "Main.cs",
    compile: (tc) => ({ args: [bin(tc, "mcs"), "-optimize+", "-out:main", "Main.cs"], env: BASE_ENV, artifacts: ["main"], ...CSHARP_COMPILE, procLimit: 64 }),
    run: (tc) => ({ args: [sibling(tc, "mcs", "mono"), "main"], env: BASE_ENV, procLimit: RUN_PROCS }),
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

/** Checkers and interactors (HOJ's SPJ-C and SPJ-C++, C++ as C++17: testlib needs C++11 or newer). */
const CHECKER_RUNS: Record<string, LanguageRun> = {
  C: cFamily("SPJ-C", "gcc", "c11", { o2: true, maxErrors: 3, limits: SPJ_C_COMPILE, precompiled: false }),
  "C++": cFamily("SPJ-C++", "g++", "c++17", { o2: true, maxErrors: 3, limits: SPJ_CPP_COMPILE, precompiled: false }),
};

export function checkerLanguage(language: string): LanguageRun | undefined {
  return CHECKER_RUNS[language];
}

/** Languages whose toolchains were all found, in the catalogue's order. */
export function availableLanguages(tc: Toolchains): string[] {
  return LANGUAGES.map((l) => l.name).filter((n) => {
    const r = BY_NAME.get(n);
    return r !== undefined && r.toolchains.every((id) => tc.found[id] !== undefined);
  });
}
