import path from "node:path";
import { JudgeStatus } from "~/lib/constants";
import type { FinalMessage } from "~/lib/judge-protocol";

// The programs a package brings to show what it means (ICPC's submissions/<folder>/, Polygon's
// tagged solutions): which of our languages runs each, what verdict its folder or tag promises, and
// whether the verdict the judge gave keeps that promise.

/** What a folder or tag promises about a program's verdict. */
export type Expectation =
  // ICPC package folders.
  | "accepted"
  | "partially_accepted"
  | "wrong_answer"
  | "time_limit_exceeded"
  | "run_time_error"
  // Polygon tags besides accepted (main is accepted too).
  | "main"
  | "rejected"
  | "memory_limit_exceeded"
  | "presentation_error"
  | "time_limit_exceeded_or_accepted"
  | "time_limit_exceeded_or_memory_limit_exceeded";

export interface PackageProgram {
  /** Where it is in the package (`submissions/accepted/sol.cpp`, `solutions/wa.cpp`). */
  label: string;
  /** The folder or tag as the package says it. */
  group: string;
  expect: Expectation;
  /** Our language, or null when no judge offers one for it (the program is listed, not judged). */
  language: string | null;
  code: string;
}

/** Languages in order of preference for each kind of source; the first one a judge offers is used. */
const BY_EXTENSION: Record<string, string[]> = {
  ".c": ["C With O2", "C"],
  ".cpp": ["C++ 17 With O2", "C++ 20 With O2", "C++ With O2", "C++ 17", "C++ 20", "C++"],
  ".cc": ["C++ 17 With O2", "C++ 20 With O2", "C++ With O2", "C++ 17", "C++ 20", "C++"],
  ".cxx": ["C++ 17 With O2", "C++ 20 With O2", "C++ With O2", "C++ 17", "C++ 20", "C++"],
  ".c++": ["C++ 17 With O2", "C++ 20 With O2", "C++ With O2", "C++ 17", "C++ 20", "C++"],
  ".java": ["Java"],
  ".py": ["Python3", "PyPy3"],
  ".py3": ["Python3", "PyPy3"],
  ".py2": ["Python2"],
  ".go": ["Golang"],
  ".js": ["JavaScript Node"],
  ".rs": ["Rust"],
  ".php": ["PHP"],
  ".rb": ["Ruby"],
  ".cs": ["C#"],
};

/** Our language for a source file, among those offered; null when none fits. */
export function languageForFile(fileName: string, code: string, offered: ReadonlySet<string>): string | null {
  let ext = path.extname(fileName).toLowerCase();
  if (ext === ".py" && /^#!.*python2/.test(code)) ext = ".py2";
  return (BY_EXTENSION[ext] ?? []).find((l) => offered.has(l)) ?? null;
}

/** Our language for a Polygon source type (`cpp.g++17`, `java8`, `python.3`…). */
export function languageForPolygonType(type: string, fileName: string, code: string, offered: ReadonlySet<string>): string | null {
  const t = type.toLowerCase();
  const pick = (names: string[]) => names.find((l) => offered.has(l)) ?? null;
  if (t.startsWith("cpp.")) {
    if (/(20|23)\b/.test(t)) return pick(["C++ 20 With O2", "C++ 17 With O2", "C++ 20", "C++ 17"]);
    return pick(BY_EXTENSION[".cpp"]);
  }
  if (t.startsWith("c.")) return pick(BY_EXTENSION[".c"]);
  if (t.startsWith("java")) return pick(["Java"]);
  if (t.startsWith("python.2") || t === "python2") return pick(["Python2"]);
  if (t.startsWith("python.pypy3")) return pick(["PyPy3", "Python3"]);
  if (t.startsWith("python")) return pick(["Python3", "PyPy3"]);
  if (t.startsWith("go")) return pick(["Golang"]);
  if (t.startsWith("rust")) return pick(["Rust"]);
  if (t.startsWith("js")) return pick(["JavaScript Node"]);
  if (t.startsWith("csharp") || t.startsWith("cs.")) return pick(["C#"]);
  if (t.startsWith("php")) return pick(["PHP"]);
  if (t.startsWith("ruby")) return pick(["Ruby"]);
  return languageForFile(fileName, code, offered);
}

const FAILURES = new Set<number>([
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
]);

/** Whether a judged program keeps its folder's or tag's promise. */
export function keepsPromise(expect: Expectation, final: FinalMessage, caseCount: number): boolean {
  if (final.status === JudgeStatus.SYSTEM_ERROR || final.status === JudgeStatus.COMPILE_ERROR) return false;
  const statuses = final.cases.map((c) => c.status);
  const has = (s: number) => statuses.includes(s);
  const failures = statuses.filter((s) => s !== JudgeStatus.ACCEPTED);
  const allAccepted = failures.length === 0 && statuses.length === caseCount;
  const firstFailure = final.cases.find((c) => c.status !== JudgeStatus.ACCEPTED)?.status;
  switch (expect) {
    case "accepted":
    case "main":
      return allAccepted;
    case "partially_accepted":
      return final.status === JudgeStatus.PARTIAL_ACCEPTED;
    case "rejected":
      return !allAccepted && failures.every((s) => FAILURES.has(s) || s === JudgeStatus.PARTIAL_ACCEPTED);
    // The package format: wrong somewhere, never too slow and never crashing.
    case "wrong_answer":
      return (has(JudgeStatus.WRONG_ANSWER) || has(JudgeStatus.PRESENTATION_ERROR) || has(JudgeStatus.PARTIAL_ACCEPTED)) && !has(JudgeStatus.TIME_LIMIT_EXCEEDED) && !has(JudgeStatus.RUNTIME_ERROR) && !has(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
    // Too slow somewhere; may be wrong as well, never crashing.
    case "time_limit_exceeded":
      return has(JudgeStatus.TIME_LIMIT_EXCEEDED) && !has(JudgeStatus.RUNTIME_ERROR);
    case "run_time_error":
      return has(JudgeStatus.RUNTIME_ERROR) || (firstFailure === JudgeStatus.MEMORY_LIMIT_EXCEEDED && !has(JudgeStatus.WRONG_ANSWER));
    case "memory_limit_exceeded":
      return firstFailure === JudgeStatus.MEMORY_LIMIT_EXCEEDED;
    case "presentation_error":
      return firstFailure === JudgeStatus.PRESENTATION_ERROR;
    case "time_limit_exceeded_or_accepted":
      return failures.every((s) => s === JudgeStatus.TIME_LIMIT_EXCEEDED) && statuses.length === caseCount;
    case "time_limit_exceeded_or_memory_limit_exceeded":
      return failures.length > 0 && failures.every((s) => s === JudgeStatus.TIME_LIMIT_EXCEEDED || s === JudgeStatus.MEMORY_LIMIT_EXCEEDED);
  }
}
