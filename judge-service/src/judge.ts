import { JudgeStatus, LIMITS } from "../../app/lib/constants";
import type {
  CaseMessage,
  CheckTask,
  CompileCheckResult,
  CompileCheckTask,
  FinalMessage,
  ProgressMessage,
  SubmissionTask,
  TestJudgeResult,
  TestTask,
} from "../../app/lib/judge-protocol";
import { effectiveLimits } from "../../app/lib/languages";
import { compareStreams, type CompareVerdict } from "./compare";
import { compileProgram, extraFileCopyIn, InvalidTaskError } from "./compile";
import type { JudgeContext } from "./context";
import { CaseFiles } from "./kinds/case-files";
import { userIo } from "./kinds/file-io";
import { kindFor } from "./kinds";
import type { Job, UserLimits } from "./kinds/types";
import { outputHead, runMessage, runUser, type UserProgram } from "./kinds/user-run";
import { languageRun, type LanguageRun } from "./languages";
import { runCases } from "./run-cases";
import { chunksOf } from "./sandbox";
import { RerunBudget } from "./wall-clock";
import { TestDataMissingError, type TestDataSet } from "./testdata";
import { headText, truncateUtf8 } from "./verdict";

// Judging one task, without knowing where it came from: the Redis consumer (consumer.ts) and the
// benchmark's direct path (runDirect) call these.

/** The task cannot run on this judge (its language is missing here); another judge may take it. */
export class NotOnThisJudgeError extends Error {}

export type Publish = (m: ProgressMessage | CaseMessage) => Promise<void>;

export function userLimits(ctx: JudgeContext, language: string, p: { timeLimit: number; memoryLimit: number; stackLimit: number }): UserLimits {
  const eff = effectiveLimits(language, p.timeLimit, p.memoryLimit);
  const timeMs = Math.max(1, Math.round(eff.time));
  const memoryMb = Math.max(1, Math.round(eff.memory));
  const stackMb = Math.max(1, Math.min(Math.round(p.stackLimit || 128), memoryMb));
  return { timeMs, clockMs: timeMs * ctx.settings.clockFactor + ctx.settings.clockExtraMs, memoryMb, stackMb };
}

function runnable(ctx: JudgeContext, language: string): LanguageRun {
  const lang = languageRun(language);
  if (!lang || !ctx.languages.includes(language)) throw new NotOnThisJudgeError(`language ${JSON.stringify(language)} is not available on judge ${ctx.name}`);
  return lang;
}

function finalOf(ctx: JudgeContext, task: SubmissionTask, f: Partial<FinalMessage> & { status: number }): FinalMessage {
  return {
    type: "final",
    submissionId: task.submissionId,
    attempt: task.attempt,
    judger: ctx.name,
    score: 0,
    time: 0,
    memory: 0,
    errorMessage: "",
    cases: [],
    ...f,
  };
}

/** A System Error result with its reason (used by the consumer too). */
export function systemErrorFinal(ctx: JudgeContext, task: SubmissionTask, reason: string): FinalMessage {
  return finalOf(ctx, task, { status: JudgeStatus.SYSTEM_ERROR, errorMessage: truncateUtf8(reason, 4096) });
}

export async function judgeSubmission(ctx: JudgeContext, task: SubmissionTask, publish: Publish, signal: AbortSignal): Promise<FinalMessage> {
  const lang = runnable(ctx, task.language);
  const problem = task.problem;
  const progress = (status: number) => publish({ type: "progress", submissionId: task.submissionId, attempt: task.attempt, status, judger: ctx.name });
  await progress(JudgeStatus.COMPILING);

  const limits = userLimits(ctx, task.language, problem);
  const leaveSlot = ctx.runSlots.enter();
  const files = new CaseFiles(ctx.sandbox, ctx.settings.inlineMaxBytes);
  const kind = kindFor(problem);
  let artifacts: Record<string, string> = {};
  let data: TestDataSet | null = null;
  try {
    let userExtra;
    try {
      userExtra = extraFileCopyIn(problem.userExtraFiles, [lang.source, ...lang.compile(ctx.toolchains).artifacts]);
      userIo(problem, [lang.source, ...lang.compile(ctx.toolchains).artifacts, ...Object.keys(userExtra)]);
      if (problem.cases.length === 0) throw new InvalidTaskError("the problem has no test cases");
    } catch (err) {
      if (err instanceof InvalidTaskError) return systemErrorFinal(ctx, task, err.message);
      throw err;
    }
    // Test data arrives while the program compiles.
    const dataPromise = ctx.testdata.acquire(problem.testDataHash, signal);
    dataPromise.catch(() => undefined);
    const compiled = await compileProgram(ctx, lang, task.code, userExtra, signal);
    if (!compiled.ok) {
      void dataPromise.then((d) => d.release(), () => undefined);
      if (compiled.systemError) return systemErrorFinal(ctx, task, compiled.message);
      return finalOf(ctx, task, { status: JudgeStatus.COMPILE_ERROR, errorMessage: compiled.message });
    }
    artifacts = compiled.artifacts;
    try {
      data = await dataPromise;
    } catch (err) {
      if (err instanceof TestDataMissingError) return systemErrorFinal(ctx, task, err.message);
      throw err;
    }
    for (const c of problem.cases) {
      if (!data.has(c.input) || !data.has(c.output)) return systemErrorFinal(ctx, task, `test case ${c.index}: ${c.input} or ${c.output} is not in the test data`);
    }
    const job: Job = { ctx, problem, lang, limits, artifacts, userExtra, judgeExtra: problem.judgeExtraFiles ?? [], data, files, signal, reruns: new RerunBudget() };
    const notReady = await kind.prepare(job);
    if (notReady) return systemErrorFinal(ctx, task, notReady);

    await progress(JudgeStatus.JUDGING);
    const { results, summary } = await runCases({
      cases: problem.cases,
      mode: problem.judgeCaseMode,
      problemType: problem.type,
      step: (c, caseSignal) => kind.runCase({ ...job, signal: caseSignal }, c),
      onCase: (result) => publish({ type: "case", submissionId: task.submissionId, attempt: task.attempt, judger: ctx.name, result }),
      signal,
      // An interactive case is two programs already, the user's waiting on the interactor's answers:
      // beside another pair its wall clock would run while it waits, so those run one at a time.
      slots: problem.judgeMode === "interactive" ? undefined : ctx.runSlots,
    });
    return finalOf(ctx, task, { ...summary, cases: results });
  } finally {
    leaveSlot();
    data?.release();
    await Promise.all([ctx.sandbox.deleteAll(Object.values(artifacts)), files.dispose()]);
  }
}

export async function judgeTest(ctx: JudgeContext, task: TestTask, signal: AbortSignal): Promise<TestJudgeResult> {
  const lang = runnable(ctx, task.language);
  const problem = task.problem;
  const base: TestJudgeResult = {
    status: JudgeStatus.SYSTEM_ERROR,
    time: 0,
    memory: 0,
    stderr: "",
    userInput: task.userInput,
    expectedOutput: task.expectedOutput,
    userOutput: "",
    problemJudgeMode: problem.judgeMode,
    errorMessage: "",
  };
  if (task.userInput.length > LIMITS.testInputMax) return { ...base, errorMessage: `The input is longer than ${LIMITS.testInputMax} characters` };
  let userExtra;
  try {
    userExtra = extraFileCopyIn(problem.userExtraFiles, [lang.source, ...lang.compile(ctx.toolchains).artifacts]);
    userIo(problem, [lang.source, ...lang.compile(ctx.toolchains).artifacts, ...Object.keys(userExtra)]);
  } catch (err) {
    if (err instanceof InvalidTaskError) return { ...base, errorMessage: err.message };
    throw err;
  }
  const compiled = await compileProgram(ctx, lang, task.code, userExtra, signal);
  if (!compiled.ok) return { ...base, status: compiled.systemError ? JudgeStatus.SYSTEM_ERROR : JudgeStatus.COMPILE_ERROR, errorMessage: compiled.message };
  const program: UserProgram = { ctx, lang, limits: userLimits(ctx, task.language, problem), artifacts: compiled.artifacts, userExtra, signal, problem };
  const headBytes = ctx.settings.testOutputBytes;
  let outputId: string | null = null;
  try {
    const run = await runUser(program, { content: task.userInput }, ctx.settings.outputLimitBytes);
    outputId = run.outputId;
    const v = run.verdict;
    const result: TestJudgeResult = {
      ...base,
      status: v.status,
      time: v.timeMs,
      memory: v.memoryKb,
      stderr: truncateUtf8(run.stderr, ctx.settings.stderrBytes),
      errorMessage: v.status === JudgeStatus.ACCEPTED ? "" : v.status === JudgeStatus.RUNTIME_ERROR ? runMessage(v, "", ctx.settings.caseMessageBytes) : v.message,
    };
    if (v.status !== JudgeStatus.ACCEPTED || task.expectedOutput === null) {
      return { ...result, userOutput: await outputHead({ ctx, signal }, outputId, headBytes).catch(() => "") };
    }
    // Compared as a stream: the output may be far longer than what is kept of it.
    const head: Uint8Array[] = [];
    let kept = 0;
    const keep = (chunk: Uint8Array) => {
      if (kept > headBytes) return;
      head.push(chunk);
      kept += chunk.length;
    };
    const actual = chunksOf(outputId ? await ctx.sandbox.download(outputId, signal) : null);
    const expected = (async function* () {
      yield Buffer.from(task.expectedOutput ?? "");
    })();
    try {
      const verdict: CompareVerdict = await compareStreams(expected, actual, problem.isRemoveEndBlank, keep);
      // A verdict found early still shows the output's start.
      while (kept <= headBytes) {
        const next = await actual.next();
        if (next.done) break;
        keep(next.value);
      }
      const status = verdict === "AC" ? JudgeStatus.ACCEPTED : verdict === "PE" ? JudgeStatus.PRESENTATION_ERROR : JudgeStatus.WRONG_ANSWER;
      return { ...result, status, userOutput: headText(Buffer.concat(head), headBytes) };
    } finally {
      await actual.return?.();
    }
  } finally {
    await ctx.sandbox.deleteAll([...Object.values(compiled.artifacts), ...(outputId ? [outputId] : [])]);
  }
}

export async function checkCompile(ctx: JudgeContext, task: CompileCheckTask, signal: AbortSignal): Promise<CompileCheckResult> {
  try {
    const r = await ctx.checkers.get(ctx, task.language, task.code, task.extraFiles ?? [], signal);
    return r.ok ? { ok: true, message: "" } : { ok: false, message: r.message };
  } catch (err) {
    if (err instanceof InvalidTaskError) return { ok: false, message: err.message };
    throw err;
  }
}

/** A package's program judged as a submission would be; the result is kept, not published. */
export async function judgeCheck(ctx: JudgeContext, task: CheckTask, signal: AbortSignal): Promise<FinalMessage> {
  const asSubmission: SubmissionTask = {
    kind: "submission",
    submissionId: 0,
    attempt: 0,
    contest: false,
    language: task.language,
    code: task.code,
    problem: task.problem,
    enqueuedAt: task.enqueuedAt,
  };
  return judgeSubmission(ctx, asSubmission, async () => undefined, signal);
}
