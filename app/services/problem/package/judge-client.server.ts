import { randomUUID } from "node:crypto";
import {
  CHECK_RESULT_KEY,
  encodeMessage,
  JudgeStreams,
  RUN_OUTPUT_KEY,
  RUN_RESULT_KEY,
  STREAM_FIELD,
  type CheckTask,
  type FinalMessage,
  type RunProgramResult,
  type RunProgramTask,
  type TaskProblem,
} from "~/lib/judge-protocol";
import { liveJudges } from "../../judging/queue.server";
import { redis, rkey } from "../../platform/redis.server";

// Asking a judge to run a package's programs (the web side never runs code): a "run" task keeps
// each run's output for us, a "check" task judges a program on a problem as a submission would be.
// Both travel on the self-test lane and leave their result under a key that is polled here.

export class NoJudgeError extends Error {
  constructor() {
    super("no judge answered");
  }
}

function newKey(): string {
  return randomUUID().replaceAll("-", "");
}

async function waitFor(resultKey: string, timeoutMs: number, signal?: AbortSignal): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let delay = 100;
  for (;;) {
    const raw = await redis().get(resultKey);
    if (raw !== null) {
      await redis().del(resultKey);
      return raw;
    }
    if (Date.now() >= deadline || signal?.aborted) throw new NoJudgeError();
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 1000);
  }
}

/** Refuses at once when no judge is alive: the task would only wait in the queue. */
async function requireJudge(): Promise<void> {
  if ((await liveJudges()).length === 0) throw new NoJudgeError();
}

export type RunRequest = Omit<RunProgramTask, "kind" | "key" | "enqueuedAt">;

export interface RunAnswer {
  result: RunProgramResult;
  /** The kept stdout of run `i` (null when none was kept); each output can be taken once. */
  output(i: number): Promise<Buffer | null>;
  /** Drops outputs not taken. */
  dispose(): Promise<void>;
}

/** How long a run task may take: compiling, then every run at most its clock limit. */
export function runBudgetMs(req: Pick<RunRequest, "runs" | "limits">): number {
  return 120_000 + req.runs.length * (req.limits.timeMs * 4 + 2000);
}

export async function runOnJudge(req: RunRequest, signal?: AbortSignal): Promise<RunAnswer> {
  await requireJudge();
  const task: RunProgramTask = { ...req, kind: "run", key: newKey(), enqueuedAt: Date.now() };
  await redis().xadd(rkey(JudgeStreams.testTasks), "*", STREAM_FIELD, encodeMessage(task));
  const raw = await waitFor(rkey(RUN_RESULT_KEY, task.key), runBudgetMs(req), signal);
  let result: RunProgramResult;
  try {
    result = JSON.parse(raw) as RunProgramResult;
  } catch {
    result = { ok: false, compileError: false, message: raw.slice(0, 500) };
  }
  const outputKey = (i: number) => rkey(RUN_OUTPUT_KEY, `${task.key}:${i}`);
  return {
    result,
    async output(i) {
      const key = outputKey(i);
      const data = await redis().getBuffer(key);
      if (data) await redis().del(key);
      return data;
    },
    async dispose() {
      const keys = req.runs.map((_, i) => outputKey(i));
      for (let i = 0; i < keys.length; i += 500) await redis().del(...keys.slice(i, i + 500));
    },
  };
}

/** Judges `code` on `problem` as a submission; the judge's FinalMessage. */
export async function checkOnJudge(language: string, code: string, problem: TaskProblem, signal?: AbortSignal): Promise<FinalMessage> {
  await requireJudge();
  const task: CheckTask = { kind: "check", key: newKey(), language, code, problem, enqueuedAt: Date.now() };
  await redis().xadd(rkey(JudgeStreams.testTasks), "*", STREAM_FIELD, encodeMessage(task));
  const perCase = Math.max(problem.timeLimit, 1000) * 4 + 3000;
  const raw = await waitFor(rkey(CHECK_RESULT_KEY, task.key), 120_000 + problem.cases.length * perCase, signal);
  return JSON.parse(raw) as FinalMessage;
}
