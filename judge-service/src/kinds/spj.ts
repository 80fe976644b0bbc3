import { JudgeStatus, ProblemType } from "../../../app/lib/constants";
import type { TaskCase } from "../../../app/lib/judge-protocol";
import { extraFileCopyIn } from "../compile";
import { MB, MS, SandboxFileMissingError, type CopyInFile, type SandboxResult } from "../sandbox";
import { truncateUtf8 } from "../verdict";
import { cpuMsOf, stoppedByWallClock, withWallReruns, type Attempt } from "../wall-clock";
import { failedRun } from "./default";
import { FEEDBACK_COPY_IN, FEEDBACK_COPY_OUT, FEEDBACK_DIR, kattisDecision } from "./kattis";
import { caseResult, type Decision, type Job, type ProblemKind } from "./types";
import { caseOutputLimit, logRerun, outputHead, runUser } from "./user-run";

// Special judge: a checker decides, run as `checker <input> <user_output> <answer>` with testlib's
// exit codes: 0 accepted, 1 wrong answer, 2 presentation error, 3 checker failure (System Error),
// 4 wrong output format (PE), 7 points, 8 unexpected end of output (WA), 16+n partially correct.
//
// Points, one rule as HOJ reads them: a percentage of the case's score, 0 to 100, where 100 is
// Accepted. With exit code 7 the value is the one after "points" in testlib's message on stderr
// ("points 40 ..."), else the number that starts stdout, else the number that starts stderr.
// testlib's "partially correct (n)" is n percent too: exit code 16+n (our testlib.h) or n
// (testlib's own default). Partial scores exist only in OI problems; in ACM they are Wrong Answer.
//
// The case's message is the checker's text without testlib's verdict words ("wrong answer",
// "points 40"...), cut to the message size; a System Error keeps the whole text for the admin.

const NUMBER = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?`;
const VERDICT_WORDS = new RegExp(
  String.raw`^(?:ok|wrong answer|wrong output format|unexpected eof|FAIL|points\s+(${NUMBER})|partially correct \((\d+)\))(?=\s|$)\s*`,
);
const LEADING_NUMBER = new RegExp(String.raw`^(${NUMBER})(?=\s|$)\s*`);

/** testlib's verdict line taken apart: the text after the verdict words, and a points or partial value. */
export function testlibMessage(text: string): { rest: string; points?: number; partial?: number } {
  const m = VERDICT_WORDS.exec(text);
  if (!m) return { rest: text };
  return { rest: text.slice(m[0].length), points: m[1] === undefined ? undefined : Number(m[1]), partial: m[2] === undefined ? undefined : Number(m[2]) };
}

/** The exit code of a testlib checker or interactor as a case verdict. */
export function checkerDecision(r: SandboxResult, c: TaskCase, problemType: number, maxMessage: number, who = "checker"): Decision {
  const stderr = (r.files?.stderr ?? "").trim();
  const stdout = (r.files?.stdout ?? "").trim();
  const text = stderr || stdout;
  const parsed = testlibMessage(text);
  const message = truncateUtf8(parsed.rest, maxMessage);
  const failed = (why: string): Decision => ({ status: JudgeStatus.SYSTEM_ERROR, score: 0, message: truncateUtf8(`${who} failed (${why})${text ? `: ${text}` : ""}`, maxMessage) });
  const percent = (value: number, shown = message): Decision => {
    const p = Math.min(100, Math.max(0, value));
    if (p >= 100) return { status: JudgeStatus.ACCEPTED, score: c.score, message: shown };
    if (problemType !== ProblemType.OI || p <= 0) return { status: JudgeStatus.WRONG_ANSWER, score: 0, message: shown };
    return { status: JudgeStatus.PARTIAL_ACCEPTED, score: Math.round((c.score * p) / 100), message: shown };
  };
  if (r.status !== "Accepted" && r.status !== "Nonzero Exit Status") return failed(r.status === "Signalled" ? `killed by signal ${r.exitStatus}` : r.status.toLowerCase());
  const code = r.status === "Accepted" ? 0 : r.exitStatus;
  if (parsed.partial !== undefined && (code === parsed.partial || code === 16 + parsed.partial)) return percent(parsed.partial);
  if (code === 0) return { status: JudgeStatus.ACCEPTED, score: c.score, message };
  if (code === 1 || code === 8) return { status: JudgeStatus.WRONG_ANSWER, score: 0, message };
  if (code === 2 || code === 4) return { status: JudgeStatus.PRESENTATION_ERROR, score: 0, message };
  if (code === 7) {
    if (parsed.points !== undefined) return percent(parsed.points);
    const fromStdout = LEADING_NUMBER.exec(stdout);
    if (fromStdout) return percent(Number(fromStdout[1]), truncateUtf8(stderr || stdout.slice(fromStdout[0].length), maxMessage));
    const fromStderr = LEADING_NUMBER.exec(stderr);
    if (fromStderr) return percent(Number(fromStderr[1]), truncateUtf8(stderr.slice(fromStderr[0].length), maxMessage));
    return { status: JudgeStatus.SYSTEM_ERROR, score: 0, message: truncateUtf8(`${who} gave points without a value${text ? `: ${text}` : ""}`, maxMessage) };
  }
  if (code >= 16 && code <= 116) return percent(code - 16);
  return failed(`exit code ${code}`);
}

/**
 * Limits of a checker or interactor: twice the user's, and never below the configured floors.
 * `clockMs` is the wall clock the user's program gets this time (more when run again on a busy
 * machine).
 */
export function judgeProgramLimits(job: Pick<Job, "ctx" | "limits">, clockMs = job.limits.clockMs) {
  const s = job.ctx.settings;
  const timeMs = Math.max(2 * job.limits.timeMs, s.judgeProgramMinTimeMs);
  const memoryMb = Math.max(2 * job.limits.memoryMb, s.judgeProgramMinMemoryMb);
  return {
    cpuLimit: timeMs * MS,
    clockLimit: Math.max(2 * clockMs, timeMs * 2) * MS,
    memoryLimit: memoryMb * MB,
    stackLimit: memoryMb * MB,
    procLimit: s.judgeProgramProcs,
  };
}

const JUDGE_ENV = ["PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "HOME=/tmp"];

/** A compiled checker or interactor, recompiled or uploaded again if go-judge lost it. */
export class JudgeProgram {
  private fileId = "";
  private key = "";

  constructor(private readonly what: string) {}

  async prepare(job: Job): Promise<string | null> {
    const p = job.problem;
    if (!p.spjCode) return `${this.what} has no code`;
    const r = await job.ctx.checkers.get(job.ctx, p.spjLanguage ?? "C", p.spjCode, job.judgeExtra, job.signal);
    if (!r.ok) return `${this.what} does not compile: ${r.message}`;
    this.fileId = r.fileId;
    this.key = r.key;
    return null;
  }

  /** Runs `fn` with the program's file id, once more if go-judge no longer had the file. */
  async with<T>(job: Job, fn: (fileId: string) => Promise<T>): Promise<T> {
    try {
      return await fn(this.fileId);
    } catch (err) {
      // Evicted from the cache meanwhile, or go-judge restarted: put it back and try once more.
      if (!(err instanceof SandboxFileMissingError) || err.fileId !== this.fileId) throw err;
      job.ctx.checkers.invalidate(this.key);
      const again = await this.prepare(job);
      if (again) throw new Error(again);
      return fn(this.fileId);
    }
  }

  copyIn(job: Job, fileId: string, name: string): Record<string, CopyInFile> {
    return { ...extraFileCopyIn(job.judgeExtra, [name, "input", "answer", "user_output", "tout", "feedback"]), [name]: { fileId } };
  }
}

export const JUDGE_PROGRAM_ENV = JUDGE_ENV;

export function spjKind(): ProblemKind {
  const checker = new JudgeProgram("special judge");
  return {
    prepare: (job) => checker.prepare(job),
    async runCase(job, c) {
      const input = await job.files.ref(job.data.path(c.input), job.data.size(c.input), job.signal);
      const run = await runUser(job, input, caseOutputLimit(job, c));
      try {
        if (run.verdict.status !== JudgeStatus.ACCEPTED) return await failedRun(job, c, run);
        const answer = await job.files.ref(job.data.path(c.output), job.data.size(c.output), job.signal);
        const userOutput: CopyInFile = run.outputId ? { fileId: run.outputId } : { content: "" };
        const kattis = job.problem.spjProtocol === "kattis";
        const outMax = job.ctx.settings.judgeProgramOutputBytes;
        const limits = judgeProgramLimits(job);
        const runChecker = async (clockMs: number): Promise<Attempt<SandboxResult>> => {
          const [r] = await checker.with(job, (fileId) =>
            job.ctx.sandbox.run(
              [
                kattis
                  ? {
                      // The package format's validator reads the program's output on stdin.
                      args: ["./checker", "input", "answer", FEEDBACK_DIR],
                      env: JUDGE_ENV,
                      files: [userOutput, { name: "stdout", max: outMax, pipe: true }, { name: "stderr", max: outMax, pipe: true }],
                      ...limits,
                      clockLimit: clockMs * MS,
                      copyIn: { ...checker.copyIn(job, fileId, "checker"), ...FEEDBACK_COPY_IN, input, answer },
                      copyOut: ["stdout", "stderr", ...FEEDBACK_COPY_OUT],
                      copyOutMax: outMax,
                    }
                  : {
                      args: ["./checker", "input", "user_output", "answer"],
                      env: JUDGE_ENV,
                      files: [{ content: "" }, { name: "stdout", max: outMax, pipe: true }, { name: "stderr", max: outMax, pipe: true }],
                      ...limits,
                      clockLimit: clockMs * MS,
                      copyIn: { ...checker.copyIn(job, fileId, "checker"), input, answer, user_output: userOutput },
                    },
              ],
              undefined,
              job.signal,
            ),
          );
          return { value: r, wallStopped: stoppedByWallClock(r, limits.cpuLimit / MS), cpuMs: cpuMsOf(r) };
        };
        // A checker starved by a busy host is no failure of the checker.
        const { value: r } = await withWallReruns({ settings: job.ctx.settings, clockMs: limits.clockLimit / MS, attempt: runChecker, onRerun: logRerun(job, "checker") });
        const max = job.ctx.settings.caseMessageBytes;
        const d = kattis ? kattisDecision(r, c, max) : checkerDecision(r, c, job.problem.type, max);
        return caseResult(c, {
          status: d.status,
          timeMs: run.verdict.timeMs,
          memoryKb: run.verdict.memoryKb,
          score: d.score,
          userOutput: await outputHead(job, run.outputId).catch(() => ""),
          message: d.message,
        });
      } finally {
        if (run.outputId) await job.ctx.sandbox.delete(run.outputId);
      }
    },
  };
}
