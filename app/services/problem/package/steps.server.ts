import { writeFile } from "node:fs/promises";
import { JUDGE_STATUS_INFO, JudgeStatus } from "~/lib/constants";
import type { ExtraFile, RunOutcome } from "~/lib/judge-protocol";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { toTaskProblem } from "../../judging/queue.server";
import { ImportParseError, type ImportMessage } from "../import/common.server";
import { removeTestData, storeTestDataSources } from "../testdata.server";
import { checkOnJudge, NoJudgeError, runOnJudge } from "./judge-client.server";
import type { PackageCheck } from "../import/common.server";
import { keepsPromise, type PackageProgram } from "./programs.server";

// The steps a package import takes on a judge: inputs checked by the package's validators, a
// program run over the inputs for its output (answers, generated tests), the package's own
// programs judged on the stored problem. Each step reports progress and, on failure, names the
// test, the program and what the program said.

export type Step = (m: ImportMessage) => void | Promise<void>;

/** A program that decides whether an input is valid (testlib's exit code 0, or the ICPC format's 42). */
export interface InputValidator {
  name: string;
  language: string;
  code: string;
  testlib: boolean;
  extraFiles: ExtraFile[];
  validExit: 0 | 42;
}

export interface InputFile {
  /** Name in the temporary data set (a safe file name). */
  name: string;
  /** Where the bytes are. */
  path: string;
  /** How the report names the test (`secret/group1/03.in`, test 7). */
  label: string;
  /** Arguments for validators of this test (the group's flags). */
  args: string[];
}

/** Runs in one judge task: a program is compiled once per task (checkers' cache aside). */
const RUNS_PER_TASK = 200;

/** Limits of package programs (generators, validators, model solutions making answers). */
export const TOOL_LIMITS = { timeMs: 10_000, memoryMb: 1024, outputBytes: 64 * 1024 * 1024 };

/** The first lines of what a program said, for a refusal. */
function said(o: RunOutcome | undefined, fallback = ""): string {
  const text = (o?.stderr ?? "").trim() || fallback;
  return text.length > 1500 ? `${text.slice(0, 1500)}…` : text;
}

export function outcomeText(o: RunOutcome): string {
  if (o.status === "exit") return `exit code ${o.exitCode}`;
  if (o.status === "signal") return `signal ${o.exitCode}`;
  return o.status === "time" ? "time limit" : o.status === "memory" ? "memory limit" : o.status === "output" ? "output limit" : o.status;
}

/** Stores the files as a data set of their own for the judge to read, and removes it afterwards. */
export async function withDataSet<T>(files: Array<{ name: string; path: string }>, fn: (hash: string) => Promise<T>): Promise<T> {
  const stored = await storeTestDataSources(files.map((f) => ({ name: f.name, path: f.path })));
  try {
    return await fn(stored.hash);
  } finally {
    if (stored.created && !(await Problem.exists({ testCaseHash: stored.hash }))) await removeTestData(stored.hash);
  }
}

/** Runs every validator over every input; the first invalid input refuses the import. */
export async function validateInputs(validators: InputValidator[], inputs: InputFile[], step: Step): Promise<void> {
  if (validators.length === 0 || inputs.length === 0) return;
  await withDataSet(inputs, async (hash) => {
    for (const v of validators) {
      await step({ key: "import.steps.validating", params: { name: v.name, count: inputs.length } });
      for (let from = 0; from < inputs.length; from += RUNS_PER_TASK) {
        const part = inputs.slice(from, from + RUNS_PER_TASK);
        const answer = await runOnJudge({
          language: v.language,
          code: v.code,
          testlib: v.testlib,
          extraFiles: v.extraFiles,
          runs: part.map((f) => ({ args: f.args, stdin: { testData: hash, name: f.name } })),
          limits: { ...TOOL_LIMITS, outputBytes: 1 },
          keepOutput: false,
        });
        const r = answer.result;
        if (!r.ok) throw new ImportParseError(r.compileError ? "import.errors.programCompile" : "import.errors.programFailed", { name: v.name, message: r.message.slice(0, 1500) });
        for (const [i, o] of r.runs.entries()) {
          const valid = v.validExit === 0 ? o.status === "ok" : o.status === "exit" && o.exitCode === 42;
          if (!valid) {
            throw new ImportParseError("import.errors.inputInvalid", { test: part[i].label, name: v.name, result: outcomeText(o), message: said(o) });
          }
        }
      }
    }
  });
}

/**
 * Runs a program once per entry of `runs` and writes each output to its target file; refuses with
 * the run's label when one fails.
 */
export async function produceOutputs(
  program: { name: string; language: string; code: string; testlib: boolean; extraFiles: ExtraFile[] },
  runs: OutputRun[],
  interactor: { language: string; code: string; extraFiles: ExtraFile[] } | null,
  failKey: string,
): Promise<void> {
  let from = 0;
  while (from < runs.length) from += await produceSome(program, runs.slice(from, from + RUNS_PER_TASK), interactor, failKey);
}

type OutputRun = { args: string[]; stdin: { testData: string; name: string } | null; target: string; label: string; answer?: { testData: string; name: string } | null };

/** Runs what the judge takes of `runs` in one task; returns how many were done. */
async function produceSome(
  program: { name: string; language: string; code: string; testlib: boolean; extraFiles: ExtraFile[] },
  runs: OutputRun[],
  interactor: { language: string; code: string; extraFiles: ExtraFile[] } | null,
  failKey: string,
): Promise<number> {
  const answer = await runOnJudge({
    language: program.language,
    code: program.code,
    testlib: program.testlib,
    extraFiles: program.extraFiles,
    runs: runs.map((r) => ({ args: r.args, stdin: r.stdin, answer: r.answer ?? null })),
    limits: TOOL_LIMITS,
    keepOutput: true,
    interactor,
  });
  try {
    const r = answer.result;
    if (!r.ok) throw new ImportParseError(r.compileError ? "import.errors.programCompile" : "import.errors.programFailed", { name: program.name, message: r.message.slice(0, 1500) });
    for (const [i, o] of r.runs.entries()) {
      const data = o.status === "ok" ? await answer.output(i) : null;
      if (!data) throw new ImportParseError(failKey, { test: runs[i].label, name: program.name, result: outcomeText(o), message: said(o) });
      await writeFile(runs[i].target, data);
    }
    // A judge always does at least one run; fewer than asked means its output budget was reached.
    if (r.runs.length === 0) throw new ImportParseError("import.errors.programFailed", { name: program.name, message: "no run was done" });
    return r.runs.length;
  } finally {
    await answer.dispose();
  }
}

function statusName(status: number): string {
  return JUDGE_STATUS_INFO[status]?.name ?? String(status);
}

/**
 * Judges the package's programs on the stored problem. With `timeFromAccepted`, the accepted ones
 * run first with a generous limit and the problem's time limit becomes the slowest of them times
 * the multiplier, rounded up to whole seconds (the ICPC format's rule); the others run after.
 */
export async function judgePrograms(
  doc: ProblemDoc,
  programs: PackageProgram[],
  step: Step,
  warnings: ImportMessage[],
  timeFromAccepted: { multiplier: number; provisionalMs: number } | null,
): Promise<PackageCheck[]> {
  const checks = new Map<PackageProgram, PackageCheck>();
  let problem = doc;
  const judge = async (p: PackageProgram, n: number, total: number) => {
    await step({ key: "import.steps.judging", params: { name: p.label, done: n, total } });
    if (!p.language) {
      checks.set(p, { label: p.label, group: p.group, language: null, status: null, score: 0, timeMs: 0, ok: false, note: { key: "import.checks.noLanguage" } });
      warnings.push({ key: "import.warnings.programNotJudged", params: { name: p.label } });
      return;
    }
    const final = await checkOnJudge(p.language, p.code, toTaskProblem(problem));
    const ok = keepsPromise(p.expect, final, problem.testCases.length);
    const check: PackageCheck = { label: p.label, group: p.group, language: p.language, status: final.status, score: final.score, timeMs: final.time, ok };
    if (!ok) {
      check.note = final.status === JudgeStatus.COMPILE_ERROR || final.status === JudgeStatus.SYSTEM_ERROR ? { key: "import.checks.failedToRun", params: { message: final.errorMessage.slice(0, 500) } } : { key: "import.checks.mismatch" };
      warnings.push({ key: "import.warnings.verdictMismatch", params: { name: p.label, group: p.group, status: statusName(final.status) } });
    }
    checks.set(p, check);
  };
  try {
    const first = timeFromAccepted ? programs.filter((p) => p.expect === "accepted" || p.expect === "main") : [];
    let n = 0;
    if (timeFromAccepted) {
      problem = { ...problem, timeLimit: timeFromAccepted.provisionalMs };
      for (const p of first) await judge(p, ++n, programs.length);
      const times = first.map((p) => checks.get(p)).filter((c): c is PackageCheck => !!c && c.ok).map((c) => c.timeMs);
      const limitMs = times.length ? Math.max(1000, Math.ceil((Math.max(...times) * timeFromAccepted.multiplier) / 1000) * 1000) : doc.timeLimit;
      if (!times.length) warnings.push({ key: "import.warnings.timeLimitKept", params: { ms: doc.timeLimit } });
      else warnings.push({ key: "import.warnings.timeLimitFromAccepted", params: { ms: limitMs, slowest: Math.max(...times), multiplier: timeFromAccepted.multiplier } });
      await Problem.updateOne({ _id: doc._id }, { $set: { timeLimit: limitMs } });
      problem = { ...doc, timeLimit: limitMs };
    }
    for (const p of programs) if (!first.includes(p)) await judge(p, ++n, programs.length);
  } catch (err) {
    if (!(err instanceof NoJudgeError)) throw err;
    warnings.push({ key: "import.warnings.programsNotJudged" });
  }
  // A program that got past compiling to a verdict was judged with the checker or interactor: it compiles.
  const judgedWithChecker = [...checks.values()].some((c) => c.status !== null && c.status !== JudgeStatus.SYSTEM_ERROR && c.status !== JudgeStatus.COMPILE_ERROR);
  if (doc.judgeMode !== "default" && judgedWithChecker) await Problem.updateOne({ _id: doc._id }, { $set: { spjCompileOk: true } });
  return programs.map(
    (p) => checks.get(p) ?? { label: p.label, group: p.group, language: p.language, status: null, score: 0, timeMs: 0, ok: false, note: { key: "import.checks.notJudged" } },
  );
}
