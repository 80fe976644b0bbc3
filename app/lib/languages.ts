import { remoteOjOf } from "./problem";

// The language catalogue under HOJ's names (shared by the site and the judge). What a judge can
// actually run is what it advertises (JudgeInfo.languages); the site offers only those. The judge's
// own run configuration for each name lives in judge-service/src/languages.ts.

export interface LanguageInfo {
  /** HOJ's name, used in submissions, problems and the API. */
  name: string;
  /** Shown in the help page and the language picker. */
  description: string;
  /**
   * The compile command as shown to users ({src_path}, {exe_path} stand for the file names). It is
   * the judge's own command (judge-service/src/languages.ts) with the toolchain at its usual place;
   * a unit test holds the two together. For interpreted languages it is their syntax check.
   */
  compileCommand: string;
  /** Editor mode of CodeMirror. */
  mode: "c" | "cpp" | "java" | "python" | "go" | "javascript" | "rust" | "php" | "ruby" | "csharp";
  /** C and C++ get the stated limits; every other language gets them doubled (spec section 9). */
  cFamily: boolean;
  /** Source file extension. */
  extension: string;
  /**
   * Default code template: a skeleton to write into (the usual includes and an empty main), never a
   * solution. A problem's own template, set by its admins, is used instead where there is one.
   */
  template: string;
}

const C_TEMPLATE = `#include <stdio.h>

int main() {

    return 0;
}
`;

const CPP_TEMPLATE = `#include <iostream>
using namespace std;

int main() {

    return 0;
}
`;

const PY_TEMPLATE = `def main():
    pass


main()
`;

function c(name: string, std: string, o2: boolean): LanguageInfo {
  return {
    name,
    description: `GCC (${std}${o2 ? ", -O2" : ""})`,
    compileCommand: `/usr/bin/gcc -DONLINE_JUDGE${o2 ? " -O2" : ""} -w -fmax-errors=1 -std=${std} {src_path} -lm -o {exe_path}`,
    mode: "c",
    cFamily: true,
    extension: "c",
    template: C_TEMPLATE,
  };
}

function cpp(name: string, std: string, o2: boolean): LanguageInfo {
  return {
    name,
    description: `G++ (${std}${o2 ? ", -O2" : ""})`,
    compileCommand: `/usr/bin/g++ -DONLINE_JUDGE${o2 ? " -O2" : ""} -w -fmax-errors=1 -std=${std} {src_path} -lm -o {exe_path}`,
    mode: "cpp",
    cFamily: true,
    extension: "cpp",
    template: CPP_TEMPLATE,
  };
}

export const LANGUAGES: readonly LanguageInfo[] = [
  c("C", "c11", false),
  c("C With O2", "c11", true),
  cpp("C++", "c++14", false),
  cpp("C++ With O2", "c++14", true),
  cpp("C++ 17", "c++17", false),
  cpp("C++ 17 With O2", "c++17", true),
  cpp("C++ 20", "c++20", false),
  cpp("C++ 20 With O2", "c++20", true),
  {
    name: "Java",
    description: "OpenJDK",
    compileCommand:
      "/usr/bin/javac -J-Xmx256m -J-XX:+UseSerialGC -J-XX:-UsePerfData -encoding utf-8 {src_path} && /usr/bin/jar -J-Xmx256m -J-XX:+UseSerialGC -J-XX:-UsePerfData -cvf {exe_path} *.class",
    mode: "java",
    cFamily: false,
    extension: "java",
    template: `import java.util.*;

public class Main {
    public static void main(String[] args) {

    }
}
`,
  },
  {
    name: "Python3",
    description: "CPython 3",
    compileCommand: "/usr/bin/python3 -m py_compile {src_path}",
    mode: "python",
    cFamily: false,
    extension: "py",
    template: PY_TEMPLATE,
  },
  {
    name: "PyPy3",
    description: "PyPy 3",
    compileCommand: "/usr/bin/pypy3 -m py_compile {src_path}",
    mode: "python",
    cFamily: false,
    extension: "py",
    template: PY_TEMPLATE,
  },
  {
    name: "Python2",
    description: "CPython 2.7",
    compileCommand: "/usr/bin/python2 -m py_compile {src_path}",
    mode: "python",
    cFamily: false,
    extension: "py",
    template: PY_TEMPLATE,
  },
  {
    name: "Golang",
    description: "Go",
    compileCommand: "/usr/bin/go build -o {exe_path} {src_path}",
    mode: "go",
    cFamily: false,
    extension: "go",
    template: `package main

func main() {

}
`,
  },
  {
    name: "JavaScript Node",
    description: "Node.js",
    compileCommand: "/usr/bin/node --check {src_path}",
    mode: "javascript",
    cFamily: false,
    extension: "js",
    template: `const input = require("fs").readFileSync(0, "utf8");

`,
  },
  {
    name: "Rust",
    description: "rustc",
    compileCommand: "/usr/bin/rustc -O --edition=2021 -o {exe_path} {src_path}",
    mode: "rust",
    cFamily: false,
    extension: "rs",
    template: `fn main() {

}
`,
  },
  {
    name: "PHP",
    description: "PHP",
    compileCommand: "/usr/bin/php -l {src_path}",
    mode: "php",
    cFamily: false,
    extension: "php",
    template: `<?php

`,
  },
  {
    name: "Ruby",
    description: "Ruby",
    compileCommand: "/usr/bin/ruby -c {src_path}",
    mode: "ruby",
    cFamily: false,
    extension: "rb",
    template: `input = $stdin.read

`,
  },
  {
    name: "C#",
    description: "Mono C#",
    compileCommand: "/usr/bin/mcs -optimize+ -out:{exe_path} {src_path}",
    mode: "csharp",
    cFamily: false,
    extension: "cs",
    template: `using System;

public class Program {
    public static void Main() {

    }
}
`,
  },
];

const BY_NAME = new Map(LANGUAGES.map((l) => [l.name, l]));

export function languageInfo(name: string): LanguageInfo | undefined {
  return BY_NAME.get(name);
}

/** Editor languages offered by default on a new problem (spec section 5). */
export const DEFAULT_PROBLEM_LANGUAGES = ["C", "C++", "Java", "Python3", "Python2"] as const;
export const DEFAULT_EDITOR_LANGUAGE = "C++";

/** Limits for a language as shown and as enforced: C/C++ as stated, others doubled. */
export function effectiveLimits(language: string, timeLimitMs: number, memoryLimitMb: number): { time: number; memory: number } {
  const info = languageInfo(language);
  const factor = info && !info.cFamily ? 2 : 1;
  return { time: timeLimitMs * factor, memory: memoryLimitMb * factor };
}

export interface LimitsRow {
  /** "cFamily" for C/C++ as stated, "others" doubled; "all" when one rule holds for all. */
  kind: "cFamily" | "others" | "all";
  time: number;
  memory: number;
}

/**
 * Limits as shown on a problem page: C/C++ as stated, other languages doubled; CF and GYM
 * problems as is. Only rows for languages the problem accepts are returned.
 */
export function displayedLimits(p: { problemId: string; isRemote: boolean; timeLimit: number; memoryLimit: number; languages: readonly string[] }): LimitsRow[] {
  const oj = p.isRemote ? remoteOjOf(p.problemId) : null;
  if (oj === "CF" || oj === "GYM") return [{ kind: "all", time: p.timeLimit, memory: p.memoryLimit }];
  const langs = p.languages.length ? p.languages : ["C++"];
  const hasC = langs.some((l) => languageInfo(l)?.cFamily ?? false);
  const other = langs.find((l) => !(languageInfo(l)?.cFamily ?? false));
  const rows: LimitsRow[] = [];
  if (hasC) rows.push({ kind: other ? "cFamily" : "all", time: p.timeLimit, memory: p.memoryLimit });
  if (other) {
    const l = effectiveLimits(other, p.timeLimit, p.memoryLimit);
    rows.push({ kind: hasC ? "others" : "all", time: l.time, memory: l.memory });
  }
  return rows;
}

/** Checker and interactor languages (spec: SPJ language C by default). */
export const SPJ_LANGUAGES = ["C", "C++"] as const;
/** How a checker or interactor decides: testlib's exit codes, or the ICPC package format's 42 / 43. */
export const SPJ_PROTOCOLS = ["testlib", "kattis"] as const;
