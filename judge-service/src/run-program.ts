import type { ExtraFile, RunOutcome, RunProgramResult, RunProgramTask, RunSpec } from "../../app/lib/judge-protocol";
import { compileProgram, extraFileCopyIn, InvalidTaskError } from "./compile";
import type { JudgeContext } from "./context";
import { CaseFiles } from "./kinds/case-files";
import { JUDGE_PROGRAM_ENV } from "./kinds/spj";
import { NotOnThisJudgeError } from "./judge";
import { languageRun } from "./languages";
import { MB, MS, type CopyInFile, type SandboxCmd, type SandboxResult } from "./sandbox";
import type { TestDataSet } from "./testdata";
import { truncateUtf8 } from "./verdict";

// Running one program many times and keeping its output: a package's generators (testlib, with the
// arguments of its test script), its validators (testlib or the package format's exit code 42), a
// model solution making the answers, alone or beside an interactor. Compiled once; each run has the
// task's limits; what it prints is handed back through `keep`, one run at a time.

export type KeepOutput = (index: number, output: Buffer) => Promise<void>;

/** A program ready to run: its command before the run's own arguments, and what it needs copied in. */
interface Prepared {
  command: string[];
  env: string[];
  procLimit: number;
  copyIn: Record<string, CopyInFile>;
  /** go-judge files to delete at the end (a language program's compile); checker binaries are cached. */
  owned: string[];
}

const MAX_RUNS = 1000;
const MAX_ARGS = 200;

/** A testlib program (generator, validator, interactor), compiled as checkers are and cached with them. */
async function prepare(
  ctx: JudgeContext,
  p: { language: string; code: string; testlib: boolean; extraFiles: ExtraFile[] },
  name: string,
  signal: AbortSignal,
): Promise<Prepared | { error: string; compileError: boolean }> {
  if (p.testlib) {
    const r = await ctx.checkers.get(ctx, p.language, p.code, p.extraFiles ?? [], signal);
    if (!r.ok) return { error: r.message, compileError: !r.systemError };
    return {
      command: [`./${name}`],
      env: JUDGE_PROGRAM_ENV,
      procLimit: ctx.settings.judgeProgramProcs,
      copyIn: { ...extraFileCopyIn(p.extraFiles ?? [], [name, "input", "answer", "tout"]), [name]: { fileId: r.fileId } },
      owned: [],
    };
  }
  throw new InvalidTaskError("only testlib programs are prepared here");
}

function outcomeOf(r: SandboxResult, stderr: string, outputBytes: number): RunOutcome {
  const status: RunOutcome["status"] =
    r.status === "Accepted"
      ? "ok"
      : r.status === "Nonzero Exit Status"
        ? "exit"
        : r.status === "Time Limit Exceeded"
          ? "time"
          : r.status === "Memory Limit Exceeded"
            ? "memory"
            : r.status === "Output Limit Exceeded"
              ? "output"
              : r.status === "Signalled"
                ? "signal"
                : "error";
  return {
    status,
    exitCode: r.exitStatus,
    timeMs: Math.round(r.time / 1e6),
    memoryKb: Math.round(r.memory / 1024),
    stderr: r.status === "Internal Error" || r.status === "File Error" ? truncateUtf8([r.error ?? "", stderr].filter(Boolean).join("\n"), 8192) : stderr,
    outputBytes,
  };
}

export async function runProgram(ctx: JudgeContext, task: RunProgramTask, keep: KeepOutput, signal: AbortSignal): Promise<RunProgramResult> {
  if (!Array.isArray(task.runs) || task.runs.length > MAX_RUNS) return { ok: false, compileError: false, message: `at most ${MAX_RUNS} runs a task` };
  for (const run of task.runs) {
    if (!Array.isArray(run.args) || run.args.length > MAX_ARGS || run.args.some((a) => typeof a !== "string" || a.includes("\0"))) {
      return { ok: false, compileError: false, message: "invalid run arguments" };
    }
  }
  const files = new CaseFiles(ctx.sandbox, ctx.settings.inlineMaxBytes);
  const sets = new Map<string, Promise<TestDataSet>>();
  const owned: string[] = [];
  try {
    let program: Prepared;
    let interactor: Prepared | null = null;
    try {
      const p = await prepareProgram(ctx, task, signal);
      if ("error" in p) return { ok: false, compileError: p.compileError, message: p.error };
      program = p;
      owned.push(...p.owned);
      if (task.interactor) {
        const it = await prepare(ctx, { ...task.interactor, testlib: true }, "interactor", signal);
        if ("error" in it) return { ok: false, compileError: it.compileError, message: `interactor: ${it.error}` };
        interactor = it;
      }
    } catch (err) {
      if (err instanceof InvalidTaskError) return { ok: false, compileError: false, message: err.message };
      throw err;
    }
    const dataFile = async (ref: { testData: string; name: string }): Promise<CopyInFile> => {
      let set = sets.get(ref.testData);
      if (!set) {
        set = ctx.testdata.acquire(ref.testData, signal);
        sets.set(ref.testData, set);
      }
      const d = await set;
      if (!d.has(ref.name)) throw new InvalidTaskError(`${ref.name} is not in the test data`);
      return files.ref(d.path(ref.name), d.size(ref.name), signal);
    };
    const stdinOf = async (run: RunSpec): Promise<CopyInFile> => {
      if (!run.stdin) return { content: "" };
      if ("content" in run.stdin) return { content: run.stdin.content };
      return dataFile(run.stdin);
    };
    const limits = {
      cpuLimit: task.limits.timeMs * MS,
      clockLimit: (task.limits.timeMs * ctx.settings.clockFactor + ctx.settings.clockExtraMs) * MS,
      memoryLimit: task.limits.memoryMb * MB,
      stackLimit: task.limits.memoryMb * MB,
    };
    const outMax = Math.max(1, task.limits.outputBytes);
    const errMax = ctx.settings.stderrBytes;
    const runs: RunOutcome[] = [];
    let kept = 0;
    for (const [index, run] of task.runs.entries()) {
      // Past the output a task may keep, the web side asks again for the rest.
      if (index > 0 && kept >= ctx.settings.runKeepBytes) break;
      let input: CopyInFile;
      let answer: CopyInFile = { content: "" };
      try {
        input = await stdinOf(run);
        if (run.answer) answer = await dataFile(run.answer);
      } catch (err) {
        if (err instanceof InvalidTaskError) return { ok: false, compileError: false, message: err.message };
        throw err;
      }
      const cmd: SandboxCmd = {
        args: [...program.command, ...run.args],
        env: program.env,
        ...limits,
        procLimit: program.procLimit,
        copyIn: program.copyIn,
      };
      if (!interactor) {
        const [r] = await ctx.sandbox.run(
          [{ ...cmd, files: [input, { name: "stdout", max: outMax }, { name: "stderr", max: errMax }], copyOutCached: task.keepOutput ? ["stdout"] : [], copyOut: ["stderr"] }],
          undefined,
          signal,
        );
        runs.push(await finishRun(ctx, r, r.files?.stderr ?? "", task.keepOutput ? "stdout" : null, index, keep, signal));
        kept += Math.max(0, runs[runs.length - 1].outputBytes);
        continue;
      }
      const [u, it] = await ctx.sandbox.run(
        [
          { ...cmd, files: [null, null, { name: "stderr", max: errMax, pipe: true }] },
          {
            args: ["./interactor", "input", "tout", "answer"],
            env: JUDGE_PROGRAM_ENV,
            files: [null, null, { name: "stderr", max: errMax, pipe: true }],
            ...limits,
            cpuLimit: 2 * limits.cpuLimit,
            clockLimit: 2 * limits.clockLimit,
            procLimit: interactor.procLimit,
            copyIn: { ...interactor.copyIn, input, answer },
            copyOutCached: task.keepOutput ? ["tout?"] : [],
          },
        ],
        [
          { in: { index: 0, fd: 1 }, out: { index: 1, fd: 0 } },
          { in: { index: 1, fd: 1 }, out: { index: 0, fd: 0 } },
        ],
        signal,
      );
      await ctx.sandbox.deleteAll(Object.values(u.fileIds ?? {}));
      const stderr = [u.files?.stderr ?? "", it.files?.stderr ? `interactor: ${it.files.stderr}` : ""].filter(Boolean).join("\n");
      // The program's own failure first, then the interactor's.
      const decisive = u.status !== "Accepted" ? u : it;
      runs.push(await finishRun(ctx, { ...decisive, fileIds: it.fileIds }, stderr, task.keepOutput ? "tout" : null, index, keep, signal));
      kept += Math.max(0, runs[runs.length - 1].outputBytes);
    }
    return { ok: true, runs };
  } finally {
    for (const s of sets.values()) void s.then((d) => d.release(), () => undefined);
    await Promise.all([ctx.sandbox.deleteAll(owned), files.dispose()]);
  }
}

async function prepareProgram(ctx: JudgeContext, task: RunProgramTask, signal: AbortSignal): Promise<Prepared | { error: string; compileError: boolean }> {
  if (task.testlib) return prepare(ctx, task, "prog", signal);
  const lang = languageRun(task.language);
  if (!lang || !ctx.languages.includes(task.language)) throw new NotOnThisJudgeError(`language ${JSON.stringify(task.language)} is not available on judge ${ctx.name}`);
  const artifacts = lang.compile(ctx.toolchains).artifacts;
  const extra = extraFileCopyIn(task.extraFiles ?? [], [lang.source, ...artifacts]);
  const compiled = await compileProgram(ctx, lang, task.code, extra, signal);
  if (!compiled.ok) return { error: compiled.message, compileError: !compiled.systemError };
  const copyIn: Record<string, CopyInFile> = { ...extra };
  for (const [file, fileId] of Object.entries(compiled.artifacts)) copyIn[file] = { fileId };
  const spec = lang.run(ctx.toolchains, { memoryMb: task.limits.memoryMb, stackMb: task.limits.memoryMb });
  return { command: spec.args, env: spec.env ?? [], procLimit: spec.procLimit, copyIn, owned: Object.values(compiled.artifacts) };
}

async function finishRun(
  ctx: JudgeContext,
  r: SandboxResult,
  stderr: string,
  outputName: string | null,
  index: number,
  keep: KeepOutput,
  signal: AbortSignal,
): Promise<RunOutcome> {
  const ids = r.fileIds ?? {};
  let bytes = -1;
  try {
    const id = outputName ? ids[outputName] : undefined;
    if (outputName && r.status === "Accepted") {
      const data = id ? await ctx.sandbox.downloadBytes(id, signal) : Buffer.alloc(0);
      if (data) {
        await keep(index, data);
        bytes = data.length;
      }
    }
  } finally {
    await ctx.sandbox.deleteAll(Object.values(ids));
  }
  return outcomeOf(r, truncateUtf8(stderr, ctx.settings.stderrBytes), bytes);
}
