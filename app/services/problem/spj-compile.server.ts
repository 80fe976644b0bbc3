import { randomUUID } from "node:crypto";
import {
  COMPILE_RESULT_KEY,
  encodeMessage,
  JudgeStreams,
  STREAM_FIELD,
  type CompileCheckResult,
  type CompileCheckTask,
  type ExtraFile,
} from "~/lib/judge-protocol";
import { redis, rkey } from "../platform/redis.server";

// Asking a judge to compile a special judge checker or an interactor (spec: a problem whose judge
// mode is not default needs code that compiled). The task goes on the self-test lane; a judge
// stores the CompileCheckResult under <prefix>judge:compile:<key>, which is polled here.

export interface CompileRequest {
  purpose: "spj" | "interactive";
  language: string;
  code: string;
  extraFiles: ExtraFile[];
}

export interface CompileWaitOptions {
  /** How long to wait for a judge (default 60 s). */
  timeoutMs?: number;
  pollMs?: number;
}

export const COMPILE_TIMEOUT_MS = 60_000;

export class CompileTimeoutError extends Error {
  constructor() {
    super("no judge answered the compile check");
  }
}

export function compileResultKey(key: string): string {
  return rkey(COMPILE_RESULT_KEY, key);
}

/** Puts the compile task on the stream and returns its key (no waiting). */
export async function enqueueCompileCheck(req: CompileRequest): Promise<string> {
  const task: CompileCheckTask = {
    kind: "compile",
    key: randomUUID().replaceAll("-", ""),
    purpose: req.purpose,
    language: req.language,
    code: req.code,
    extraFiles: req.extraFiles,
    enqueuedAt: Date.now(),
  };
  await redis().xadd(rkey(JudgeStreams.testTasks), "*", STREAM_FIELD, encodeMessage(task));
  return task.key;
}

/** Waits for the judge's answer to a compile task; throws CompileTimeoutError after the timeout. */
export async function waitForCompileResult(key: string, opts: CompileWaitOptions = {}): Promise<CompileCheckResult> {
  const timeout = opts.timeoutMs ?? COMPILE_TIMEOUT_MS;
  const poll = opts.pollMs ?? 300;
  const deadline = Date.now() + timeout;
  const resultKey = compileResultKey(key);
  for (;;) {
    const raw = await redis().get(resultKey);
    if (raw !== null) {
      await redis().del(resultKey);
      try {
        const parsed = JSON.parse(raw) as Partial<CompileCheckResult>;
        return { ok: parsed.ok === true, message: typeof parsed.message === "string" ? parsed.message : "" };
      } catch {
        return { ok: false, message: raw };
      }
    }
    if (Date.now() >= deadline) throw new CompileTimeoutError();
    await new Promise((r) => setTimeout(r, Math.min(poll, Math.max(10, deadline - Date.now()))));
  }
}

/** Compiles a checker or interactor on a judge and returns the result. */
export async function compileCheck(req: CompileRequest, opts: CompileWaitOptions = {}): Promise<CompileCheckResult> {
  const key = await enqueueCompileCheck(req);
  return waitForCompileResult(key, opts);
}
