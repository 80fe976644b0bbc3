import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { JudgeStatus } from "../../../app/lib/constants";
import {
  CHECK_RESULT_KEY,
  COMPILE_RESULT_KEY,
  encodeMessage,
  JUDGE_GROUP,
  REMOTE_FETCH_RESULT_KEY,
  RUN_OUTPUT_KEY,
  RUN_RESULT_KEY,
  STREAM_FIELD,
  TASK_MAX_DELIVERIES,
  TEST_OWNER_KEY,
  TEST_RESULT_KEY,
  TEST_RESULT_TTL_S,
  type CompileCheckResult,
  type JudgeTask,
  type RemoteFetchResult,
  type RunProgramResult,
  type ResultMessage,
  type SubmissionTask,
  type TestJudgeResult,
} from "../../../app/lib/judge-protocol";
import type { JudgeContext } from "../context";
import { systemErrorFinal } from "../judge";
import type { JudgeMetrics } from "../metrics";
import type { RemoteWorker } from "../remote/worker";
import type { Entry, Running } from "./lanes";

// Ending a task. A task is acknowledged in the same atomic step (a Lua script, like MULTI) that
// stores its result, and only while this judge still owns it: a judge that was too slow and lost
// its task to another publishes nothing, so exactly one final result is acknowledged. A task
// delivered more than TASK_MAX_DELIVERIES times ends as System Error with the last failure's reason.

const FAILURE_KEY = "judge:task-failure";
const FAILURE_TTL_S = 7 * 24 * 3600;

// KEYS: task stream, result target (results stream or result key), failure key, a key that gets the
// result's lifetime too (the self-test's owner record; the failure key again when there is none).
// ARGV: group, consumer, task id, "xadd" | "set", field, payload, ttl, "1" to expire KEYS[4].
const FINISH_LUA = `
local p = redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[3], ARGV[3], 1)
if #p == 0 or p[1][2] ~= ARGV[2] then return 0 end
if ARGV[4] == 'xadd' then
  redis.call('XADD', KEYS[2], '*', ARGV[5], ARGV[6])
else
  redis.call('SET', KEYS[2], ARGV[6], 'EX', tonumber(ARGV[7]))
  if ARGV[8] == '1' then redis.call('EXPIRE', KEYS[4], tonumber(ARGV[7])) end
end
redis.call('XACK', KEYS[1], ARGV[1], ARGV[3])
redis.call('DEL', KEYS[3])
return 1
`;

export const FINISH_SCRIPTS = {
  ojFinish: { numberOfKeys: 4, lua: FINISH_LUA },
};

export type FinishRedis = Redis & {
  ojFinish(k1: string, k2: string, k3: string, k4: string, ...argv: string[]): Promise<number>;
};

export interface FinisherParts {
  redis: FinishRedis;
  name: string;
  redisPrefix: string;
  /** The results stream. */
  results: string;
  context: JudgeContext;
  remote: RemoteWorker;
  metrics: JudgeMetrics;
  log: Logger;
  stopping: () => boolean;
}

export class Finisher {
  readonly results: string;
  private readonly redis: FinishRedis;

  constructor(private readonly p: FinisherParts) {
    this.redis = p.redis;
    this.results = p.results;
  }

  testKey(key: string): string {
    return `${this.p.redisPrefix}${TEST_RESULT_KEY}:${key}`;
  }

  testOwnerKey(key: string): string {
    return `${this.p.redisPrefix}${TEST_OWNER_KEY}:${key}`;
  }

  compileKey(key: string): string {
    return `${this.p.redisPrefix}${COMPILE_RESULT_KEY}:${key}`;
  }

  checkKey(key: string): string {
    return `${this.p.redisPrefix}${CHECK_RESULT_KEY}:${key}`;
  }

  runKey(key: string): string {
    return `${this.p.redisPrefix}${RUN_RESULT_KEY}:${key}`;
  }

  /** One run's output, stored before the task's result (which says how many bytes each has). */
  async keepRunOutput(key: string, index: number, data: Buffer): Promise<void> {
    await this.redis.set(`${this.p.redisPrefix}${RUN_OUTPUT_KEY}:${key}:${index}`, data, "EX", TEST_RESULT_TTL_S);
  }

  remoteFetchKey(key: string): string {
    return `${this.p.redisPrefix}${REMOTE_FETCH_RESULT_KEY}:${key}`;
  }

  private failureKey(entry: Entry): string {
    return `${this.p.redisPrefix}${FAILURE_KEY}:${entry.lane}:${entry.id}`;
  }

  /** Keeps why an attempt failed: the reason of the System Error if the task is given up later. */
  async recordFailure(entry: Entry, reason: string): Promise<void> {
    await this.redis.set(this.failureKey(entry), reason, "EX", FAILURE_TTL_S).catch(() => undefined);
  }

  /**
   * A task delivered too often ends as System Error with the last failure's reason; true when it
   * did (nothing more is to be done with it).
   */
  async givenUpAfterDeliveries(entry: Entry, task: JudgeTask, log: Logger): Promise<boolean> {
    if (entry.deliveries <= TASK_MAX_DELIVERIES) return false;
    const last = await this.redis.get(this.failureKey(entry));
    const reason = `Judging failed ${entry.deliveries - 1} times${last ? `; last failure: ${last}` : ""}`;
    log.warn({ reason }, "task given up");
    await this.finishWithFailure(entry, task, reason);
    this.p.metrics.systemErrors.inc({ kind: task.kind });
    return true;
  }

  async publish(m: ResultMessage): Promise<void> {
    await this.redis.xadd(this.results, "*", STREAM_FIELD, encodeMessage(m));
  }

  /** Ends a task with a System Error (or its kind's failure) carrying `reason`. */
  async finishWithFailure(entry: Entry, task: JudgeTask, reason: string): Promise<void> {
    const run: Running = { entry, abort: new AbortController(), why: null, done: Promise.resolve() };
    if (task.kind === "submission") {
      await this.finish(entry, "xadd", this.results, encodeMessage(systemErrorFinal(this.p.context, task as SubmissionTask, reason)), run);
    } else if (task.kind === "remote") {
      await this.finish(entry, "xadd", this.results, encodeMessage(this.p.remote.failedFinal(task, reason)), run);
    } else if (task.kind === "remote-fetch") {
      const result: RemoteFetchResult = { ok: false, message: reason };
      await this.finish(entry, "set", this.remoteFetchKey(task.key), encodeMessage(result), run);
    } else if (task.kind === "check") {
      const final = systemErrorFinal(this.p.context, { kind: "submission", submissionId: 0, attempt: 0, contest: false, language: task.language, code: "", problem: task.problem, enqueuedAt: task.enqueuedAt }, reason);
      await this.finish(entry, "set", this.checkKey(task.key), encodeMessage(final), run);
    } else if (task.kind === "run") {
      const result: RunProgramResult = { ok: false, compileError: false, message: reason };
      await this.finish(entry, "set", this.runKey(task.key), encodeMessage(result), run);
    } else if (task.kind === "test") {
      const result: TestJudgeResult = {
        status: JudgeStatus.SYSTEM_ERROR,
        time: 0,
        memory: 0,
        stderr: "",
        userInput: task.userInput,
        expectedOutput: task.expectedOutput,
        userOutput: "",
        problemJudgeMode: task.problem?.judgeMode ?? "default",
        errorMessage: reason,
      };
      await this.finish(entry, "set", this.testKey(task.testKey), encodeMessage(result), run, this.testOwnerKey(task.testKey));
    } else {
      const result: CompileCheckResult = { ok: false, message: reason };
      await this.finish(entry, "set", this.compileKey(task.key), encodeMessage(result), run);
    }
  }

  /**
   * Stores the result and acknowledges the task in one atomic step, if the task is still ours.
   * `sameLifetime` is a key that gets the stored result's lifetime (a self-test's owner record).
   */
  async finish(entry: Entry, mode: "xadd" | "set", target: string, payload: string, run: Running, sameLifetime?: string): Promise<void> {
    let delay = 200;
    for (;;) {
      try {
        const done = await this.redis.ojFinish(
          entry.stream,
          target,
          this.failureKey(entry),
          sameLifetime ?? this.failureKey(entry),
          JUDGE_GROUP,
          this.p.name,
          entry.id,
          mode,
          STREAM_FIELD,
          payload,
          String(TEST_RESULT_TTL_S),
          sameLifetime ? "1" : "0",
        );
        if (done !== 1) {
          run.why = "lost";
          this.p.log.warn({ id: entry.id }, "result not stored: another judge owns the task now");
        }
        return;
      } catch (err) {
        // Redis unreachable: the result waits here, the task stays pending.
        if (this.p.stopping() && run.why === "stop") throw err;
        this.p.log.warn({ err: (err as Error).message, id: entry.id }, "storing a result failed, retrying");
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 5000);
      }
    }
  }
}
