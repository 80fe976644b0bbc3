import type { TaskCase, TaskProblem } from "../../../app/lib/judge-protocol";
import { MB, MS, type CopyInFile, type SandboxCmd, type SandboxResult } from "../sandbox";
import { classifyRun, headText, outputOverLimit, type RunVerdict } from "../verdict";
import { userIo } from "./file-io";
import { cpuMsOf, stoppedByWallClock, withWallReruns, type Attempt } from "../wall-clock";
import type { Job } from "./types";

// One run of the user's program on one case.

export interface UserRun {
  verdict: RunVerdict;
  /** The program's output in go-judge's store (null when it wrote none). */
  outputId: string | null;
  stderr: string;
  result: SandboxResult;
}

/** The compiled user program and how it runs (a submission's Job, or a self-test). */
export type UserProgram = Pick<Job, "ctx" | "lang" | "limits" | "artifacts" | "userExtra" | "signal"> & Partial<Pick<Job, "reruns">> & {
  problem: Pick<TaskProblem, "isFileIO" | "ioReadFileName" | "ioWriteFileName">;
};

/** Output allowed for a case: the configured limit, and never less than twice the answer. */
export function caseOutputLimit(job: Job, c: TaskCase): number {
  const answer = job.data.has(c.output) ? job.data.size(c.output) : 0;
  return Math.max(job.ctx.settings.outputLimitBytes, 2 * answer + 1024 * 1024);
}

/** The user's command with its limits; the caller adds how input and output are connected. */
export function userCommand(job: UserProgram): SandboxCmd {
  const spec = job.lang.run(job.ctx.toolchains, { memoryMb: job.limits.memoryMb, stackMb: job.limits.stackMb });
  const copyIn: Record<string, CopyInFile> = { ...job.userExtra };
  for (const [name, fileId] of Object.entries(job.artifacts)) copyIn[name] = { fileId };
  return {
    args: spec.args,
    env: spec.env,
    cpuLimit: job.limits.timeMs * MS,
    clockLimit: job.limits.clockMs * MS,
    memoryLimit: job.limits.memoryMb * MB,
    stackLimit: Math.min(job.limits.stackMb, job.limits.memoryMb) * MB,
    procLimit: spec.procLimit,
    copyIn,
  };
}

export function userLimitsNs(job: Pick<Job, "limits">) {
  return { timeMs: job.limits.timeMs, clockMs: job.limits.clockMs, memoryBytes: job.limits.memoryMb * MB };
}

/** Logs a rerun of `what` (withWallReruns' onRerun). */
export function logRerun(job: Pick<Job, "ctx">, what: string) {
  return (info: { clockMs: number; cpuMs: number[]; rerun: number }) =>
    job.ctx.log.info({ ...info, cpuMs: info.cpuMs.map(Math.round), what }, "the wall clock stopped a run before its CPU time ran out: running it again with more wall time");
}

export async function runUser(job: UserProgram, input: CopyInFile, limit: number): Promise<UserRun> {
  const io = userIo(job.problem, [...Object.keys(job.artifacts), ...Object.keys(job.userExtra)]);
  const plan = io.plan(input, limit, job.ctx.settings.stderrBytes);
  const base = userCommand(job);
  const once = async (clockMs: number): Promise<Attempt<SandboxResult>> => {
    const [r] = await job.ctx.sandbox.run(
      [{ ...base, clockLimit: clockMs * MS, files: plan.files, copyIn: { ...base.copyIn, ...plan.copyIn }, copyOutCached: plan.copyOutCached, copyOutMax: plan.copyOutMax }],
      undefined,
      job.signal,
    );
    // An output flood is judged as such whatever stopped it.
    return { value: r, wallStopped: stoppedByWallClock(r, job.limits.timeMs) && !outputOverLimit(r, plan.output), cpuMs: cpuMsOf(r) };
  };
  const { value: r, clockMs } = await withWallReruns({
    settings: job.ctx.settings,
    clockMs: job.limits.clockMs,
    attempt: once,
    discard: (r) => job.ctx.sandbox.deleteAll(Object.values(r.fileIds ?? {})),
    budget: job.reruns,
    onRerun: logRerun(job, "program"),
  });
  const stderr = r.files?.stderr ?? "";
  const verdict = classifyRun(r, { ...userLimitsNs(job), clockMs }, {
    outputExceeded: outputOverLimit(r, plan.output),
    memoryMarkers: job.lang.memoryMarkers,
    stderr,
  });
  const ids = r.fileIds ?? {};
  const outputId = ids[plan.output] ?? null;
  // Anything else the run left in the store is of no use.
  await job.ctx.sandbox.deleteAll(Object.entries(ids).filter(([k]) => k !== plan.output).map(([, v]) => v));
  return { verdict, outputId, stderr, result: r };
}

/** The start of a stored output, as text for the case panel. */
export async function outputHead(job: Pick<Job, "ctx" | "signal">, fileId: string | null, max = job.ctx.settings.userOutputBytes): Promise<string> {
  if (!fileId) return "";
  const body = await job.ctx.sandbox.download(fileId, job.signal);
  if (!body) return "";
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let got = 0;
  try {
    while (got <= max) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      got += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return headText(Buffer.concat(parts), max);
}

/** A short text of what went wrong at run time, for the case message. */
export function runMessage(verdict: RunVerdict, stderr: string, max: number): string {
  const err = stderr.trim();
  const text = [verdict.message, err].filter(Boolean).join("\n");
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
