import { createReadStream } from "node:fs";
import { JudgeStatus } from "../../../app/lib/constants";
import type { CaseResult, TaskCase } from "../../../app/lib/judge-protocol";
import { compareStreams, type CompareVerdict } from "../compare";
import { chunksOf } from "../sandbox";
import { headText } from "../verdict";
import { caseResult, type Job, type ProblemKind } from "./types";
import { caseOutputLimit, outputHead, runMessage, runUser, type UserRun } from "./user-run";

// The default problem type: the output is compared with the answer (compare.ts).

const STATUS: Record<CompareVerdict, number> = {
  AC: JudgeStatus.ACCEPTED,
  PE: JudgeStatus.PRESENTATION_ERROR,
  WA: JudgeStatus.WRONG_ANSWER,
};

/** The result of a run that did not end cleanly (TLE, MLE, RE, SE), with the start of its output. */
export async function failedRun(job: Job, c: TaskCase, run: UserRun): Promise<CaseResult> {
  const v = run.verdict;
  const max = job.ctx.settings.caseMessageBytes;
  return caseResult(c, {
    status: v.status,
    timeMs: v.timeMs,
    memoryKb: v.memoryKb,
    userOutput: await outputHead(job, run.outputId).catch(() => ""),
    message: v.status === JudgeStatus.RUNTIME_ERROR ? runMessage(v, run.stderr, max) : v.message,
  });
}

async function compareOutput(job: Job, c: TaskCase, outputId: string | null): Promise<{ verdict: CompareVerdict; head: string }> {
  const expected = createReadStream(job.data.path(c.output), { highWaterMark: 256 * 1024 })[Symbol.asyncIterator]();
  const max = job.ctx.settings.userOutputBytes;
  const head: Uint8Array[] = [];
  let headBytes = 0;
  const keepHead = (chunk: Uint8Array) => {
    if (headBytes > max) return;
    head.push(chunk);
    headBytes += chunk.length;
  };
  const actual = chunksOf(outputId ? await job.ctx.sandbox.download(outputId, job.signal) : null);
  try {
    const verdict = await compareStreams(expected, actual, job.problem.isRemoveEndBlank, keepHead);
    return { verdict, head: headText(Buffer.concat(head), max) };
  } finally {
    await expected.return?.();
    await actual.return?.();
  }
}

export const defaultKind = (): ProblemKind => ({
  prepare: async () => null,
  async runCase(job, c) {
    const input = await job.files.ref(job.data.path(c.input), job.data.size(c.input), job.signal);
    const run = await runUser(job, input, caseOutputLimit(job, c));
    try {
      if (run.verdict.status !== JudgeStatus.ACCEPTED) return await failedRun(job, c, run);
      const { verdict, head } = await compareOutput(job, c, run.outputId);
      const status = STATUS[verdict];
      return caseResult(c, {
        status,
        timeMs: run.verdict.timeMs,
        memoryKb: run.verdict.memoryKb,
        score: status === JudgeStatus.ACCEPTED ? c.score : 0,
        userOutput: head,
      });
    } finally {
      if (run.outputId) await job.ctx.sandbox.delete(run.outputId);
    }
  },
});
