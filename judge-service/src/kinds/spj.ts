import { JudgeStatus, ProblemType } from "../../../app/lib/constants";
import type { TaskCase } from "../../../app/lib/judge-protocol";
import { extraFileCopyIn } from "../compile";
import { MB, MS, SandboxFileMissingError, type CopyInFile, type SandboxResult } from "../sandbox";
import { truncateUtf8 } from "../verdict";
import { failedRun } from "./default";
import { caseResult, type Job, type ProblemKind } from "./types";
import { caseOutputLimit, outputHead, runUser } from "./user-run";

// Special judge: a checker decides, run as `checker <input> <user_output> <answer>` with testlib's
// exit codes: 0 accepted, 1 wrong answer, 2 presentation error, 3 checker failure (System Error),
// 4 wrong output format (PE), 7 points, 8 unexpected end of output (WA), 16+n n percent of the points.
// For points (exit 7) the message starts with the value (testlib prints "points <value> <message>");
// a value in [0, 1] is the fraction of the case's score, a larger one the points themselves.

export interface Decision {
  status: number;
  score: number;
  message: string;
}

/** The exit code of a testlib checker or interactor as a case verdict. */
export function checkerDecision(r: SandboxResult, c: TaskCase, problemType: number, maxMessage: number, who = "checker"): Decision {
  const text = (r.files?.stderr ?? "").trim() || (r.files?.stdout ?? "").trim();
  const message = truncateUtf8(text, maxMessage);
  const partial = (ratio: number): Decision => {
    const r01 = Math.min(1, Math.max(0, ratio));
    if (r01 >= 1) return { status: JudgeStatus.ACCEPTED, score: c.score, message };
    if (problemType !== ProblemType.OI || r01 <= 0) return { status: JudgeStatus.WRONG_ANSWER, score: 0, message };
    return { status: JudgeStatus.PARTIAL_ACCEPTED, score: Math.round(c.score * r01), message };
  };
  if (r.status === "Accepted") return { status: JudgeStatus.ACCEPTED, score: c.score, message };
  if (r.status === "Nonzero Exit Status") {
    const code = r.exitStatus;
    if (code === 1 || code === 8) return { status: JudgeStatus.WRONG_ANSWER, score: 0, message };
    if (code === 2 || code === 4) return { status: JudgeStatus.PRESENTATION_ERROR, score: 0, message };
    if (code === 7) {
      const m = /^(?:points\s+)?([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/i.exec(text);
      if (!m) return { status: JudgeStatus.SYSTEM_ERROR, score: 0, message: `${who} gave points without a value: ${message}` };
      const value = Number(m[1]);
      return partial(value <= 1 ? value : c.score > 0 ? value / c.score : 1);
    }
    if (code >= 16 && code <= 116) return partial((code - 16) / 100);
    return { status: JudgeStatus.SYSTEM_ERROR, score: 0, message: truncateUtf8(`${who} failed (exit code ${code})${text ? `: ${text}` : ""}`, maxMessage) };
  }
  const why = r.status === "Signalled" ? `killed by signal ${r.exitStatus}` : r.status.toLowerCase();
  return { status: JudgeStatus.SYSTEM_ERROR, score: 0, message: truncateUtf8(`${who} failed (${why})${text ? `: ${text}` : ""}`, maxMessage) };
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
    return { ...extraFileCopyIn(job.judgeExtra, [name, "input", "answer", "user_output", "tout"]), [name]: { fileId } };
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
        const [r] = await checker.with(job, (fileId) =>
          job.ctx.sandbox.run(
            [
              {
                args: ["./checker", "input", "user_output", "answer"],
                env: JUDGE_ENV,
                files: [
                  { content: "" },
                  { name: "stdout", max: job.ctx.settings.judgeProgramOutputBytes, pipe: true },
                  { name: "stderr", max: job.ctx.settings.judgeProgramOutputBytes, pipe: true },
                ],
                ...judgeProgramLimits(job),
                copyIn: { ...checker.copyIn(job, fileId, "checker"), input, answer, user_output: userOutput },
              },
            ],
            undefined,
            job.signal,
          ),
        );
        const d = checkerDecision(r, c, job.problem.type, job.ctx.settings.caseMessageBytes);
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
