import { describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import type { CaseResult, FinalMessage } from "~/lib/judge-protocol";
import { splitCommand } from "~/services/problem/import/polygon.server";
import { latexToMarkdown } from "~/services/problem/package/latex.server";
import { keepsPromise, languageForFile, languageForPolygonType } from "~/services/problem/package/programs.server";

// The pure rules of package imports: statements from LaTeX, generator command lines, which of our
// languages runs a package's program, and what a folder or tag promises about a verdict.

describe("LaTeX statements as Markdown", () => {
  it("keeps formulas KaTeX renders and turns text commands, lists, sections and tables into Markdown", () => {
    const r = latexToMarkdown(
      [
        "\\problemname{Two Sums}",
        "Given $a$ and $b$ with $|a| \\le 10^9$, print \\textbf{their sum} and {\\it nothing else}. ``Quoted'' -- 50\\% off~now.",
        "",
        "\\begin{enumerate}",
        "\\item first $x_1$",
        "\\item second",
        "\\end{enumerate}",
        "\\[ \\sum_{i=1}^n i \\]",
        "\\section*{Input}",
        "One line with \\texttt{a} and \\emph{b}.",
        "\\begin{tabular}{|c|c|}",
        "\\hline",
        "a & b \\\\",
        "1 & 2 \\\\",
        "\\end{tabular}",
      ].join("\n"),
    );
    expect(r.title).toBe("Two Sums");
    expect(r.dropped).toEqual([]);
    expect(r.markdown).toBe(
      [
        "Given $a$ and $b$ with $|a| \\le 10^9$, print **their sum** and *nothing else*. “Quoted” – 50% off\u00a0now.",
        "",
        "1. first $x_1$",
        "2. second",
        "",
        "$$",
        "\\sum_{i=1}^n i",
        "$$",
        "",
        "## Input",
        "",
        "One line with `a` and *b*.",
        "",
        "| a | b |",
        "| --- | --- |",
        "| 1 | 2 |",
      ].join("\n"),
    );
  });

  it("names what it cannot carry over: unknown commands and environments keep their text, broken formulas become code", () => {
    const r = latexToMarkdown("Keep \\fancy{this text}. \\begin{weird}inside\\end{weird} $\\notamacro{x}$ % a comment\n");
    expect(r.markdown).toBe("Keep this text.\n\ninside\n\n`\\notamacro{x}`");
    expect([...r.dropped].sort()).toEqual(["$\\notamacro{x}$", "\\begin{weird}", "\\fancy"]);
  });

  it("embeds images it is given and names those it is not", () => {
    const r = latexToMarkdown("\\includegraphics[width=5cm]{pic} \\illustration{0.3}{tree.png}{A tree}", { image: (n) => (n === "pic.png" ? "data:image/png;base64,AA==" : null) });
    expect(r.markdown).toContain("![](data:image/png;base64,AA==)");
    expect(r.markdown).toContain("*A tree*");
    expect(r.dropped).toEqual(["\\includegraphics{tree.png}"]);
  });

  it("reads the plain name comment when the name has formulas", () => {
    expect(latexToMarkdown("%% plainproblemname: x^2 + y^2\n\\problemname{$x^2+y^2$}\nText.").title).toBe("x^2 + y^2");
  });
});

describe("generator command lines", () => {
  it("splits arguments as a shell does for simple quoting", () => {
    expect(splitCommand("gen -n 10 -max 1000000000")).toEqual(["gen", "-n", "10", "-max", "1000000000"]);
    expect(splitCommand(`gen "a b" 'c d' e\\ `)).toEqual(["gen", "a b", "c d", "e\\"]);
  });
});

describe("languages of a package's programs", () => {
  const offered = new Set(["C With O2", "C++ 17 With O2", "C++ 20 With O2", "Python3", "Java"]);
  it("takes the first offered language for a file's kind", () => {
    expect(languageForFile("sol.cpp", "", offered)).toBe("C++ 17 With O2");
    expect(languageForFile("sol.c", "", offered)).toBe("C With O2");
    expect(languageForFile("sol.py", "print(1)", offered)).toBe("Python3");
    expect(languageForFile("sol.py", "#!/usr/bin/python2\nprint 1", offered)).toBeNull();
    expect(languageForFile("sol.rs", "", offered)).toBeNull();
  });
  it("reads Polygon's source types", () => {
    expect(languageForPolygonType("cpp.g++17", "a.cpp", "", offered)).toBe("C++ 17 With O2");
    expect(languageForPolygonType("cpp.gcc14-64-msys2-g++23", "a.cpp", "", offered)).toBe("C++ 20 With O2");
    expect(languageForPolygonType("java11", "A.java", "", offered)).toBe("Java");
    expect(languageForPolygonType("python.3", "a.py", "", offered)).toBe("Python3");
  });
});

describe("what a folder or tag promises", () => {
  const final = (statuses: number[], status = statuses.find((s) => s !== JudgeStatus.ACCEPTED) ?? JudgeStatus.ACCEPTED): FinalMessage => ({
    type: "final",
    submissionId: 0,
    attempt: 0,
    judger: "j",
    status,
    score: 0,
    time: 0,
    memory: 0,
    errorMessage: "",
    cases: statuses.map((s, i) => ({ index: i + 1, status: s }) as CaseResult),
  });
  const { ACCEPTED: AC, WRONG_ANSWER: WA, TIME_LIMIT_EXCEEDED: TLE, RUNTIME_ERROR: RE, COMPILE_ERROR: CE } = JudgeStatus;

  it("accepted: every case accepted", () => {
    expect(keepsPromise("accepted", final([AC, AC]), 2)).toBe(true);
    expect(keepsPromise("accepted", final([AC]), 2)).toBe(false);
    expect(keepsPromise("main", final([AC, WA]), 2)).toBe(false);
  });
  it("wrong_answer: wrong somewhere, never too slow, never crashing", () => {
    expect(keepsPromise("wrong_answer", final([AC, WA]), 2)).toBe(true);
    expect(keepsPromise("wrong_answer", final([WA, TLE]), 2)).toBe(false);
    expect(keepsPromise("wrong_answer", final([AC, AC]), 2)).toBe(false);
  });
  it("time_limit_exceeded: too slow somewhere, maybe wrong, never crashing", () => {
    expect(keepsPromise("time_limit_exceeded", final([WA, TLE]), 2)).toBe(true);
    expect(keepsPromise("time_limit_exceeded", final([TLE, RE]), 2)).toBe(false);
  });
  it("run_time_error, a compile error and Polygon's either-or tags", () => {
    expect(keepsPromise("run_time_error", final([AC, RE]), 2)).toBe(true);
    expect(keepsPromise("run_time_error", final([], CE), 2)).toBe(false);
    expect(keepsPromise("time_limit_exceeded_or_accepted", final([AC, AC]), 2)).toBe(true);
    expect(keepsPromise("time_limit_exceeded_or_accepted", final([AC, TLE]), 2)).toBe(true);
    expect(keepsPromise("time_limit_exceeded_or_accepted", final([WA, TLE]), 2)).toBe(false);
    expect(keepsPromise("rejected", final([AC, WA]), 2)).toBe(true);
  });
});
