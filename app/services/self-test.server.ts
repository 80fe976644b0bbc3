import { randomBytes } from "node:crypto";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { z } from "zod";
import { JudgeStatus, LIMITS } from "~/lib/constants";
import { TEST_OWNER_KEY, TEST_RESULT_KEY, TEST_WAIT_TTL_S, type TestJudgeResult } from "~/lib/judge-protocol";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { ApiError } from "./api.server";
import { env } from "./env.server";
import { availableLanguages, publishTask, toTaskProblem } from "./judge-queue.server";
import { logger } from "./logger.server";
import { canSubmit } from "./permissions.server";
import { redis, rkey } from "./redis.server";
import { refuseScope } from "./scopes.server";
import type { CurrentUser } from "./session.server";
import { canUseProblem } from "./submissions.server";

// The online self-test of the problem page (spec: "online-test drawer"): the user's code runs once
// on their own input, optionally compared with an expected output. Nothing is stored in the
// database; the judge writes the TestJudgeResult under <prefix>judge:test:<key>, kept a while.

const boolish = z.preprocess((v) => v === true || v === "true" || v === "1" || v === 1, z.boolean());

export const selfTestSchema = z.object({
  pid: z.coerce.number({ invalid_type_error: "judge:problemNotFound", required_error: "judge:problemNotFound" }).int().positive("judge:problemNotFound"),
  language: z.string({ required_error: "judge:languageRequired" }).trim().min(1, "judge:languageRequired"),
  code: z
    .string({ required_error: "judge:codeEmpty" })
    .refine((c) => c.trim().length > 0, "judge:codeEmpty")
    .refine((c) => c.length <= LIMITS.codeMax, "judge:codeTooLong"),
  userInput: z.string({ invalid_type_error: "judge:testInputTooLong" }).max(LIMITS.testInputMax, "judge:testInputTooLong").default(""),
  expectedOutput: z
    .string({ invalid_type_error: "judge:expectedOutputTooLong" })
    .max(LIMITS.codeMax, "judge:expectedOutputTooLong")
    .nullish()
    .transform((v) => (v === undefined || v === null || v === "" ? null : v)),
  /** public, contest or group (HOJ); contests and groups are refused until they exist. */
  type: z.enum(["public", "contest", "group"], { errorMap: () => ({ message: "judge:testTypeInvalid" }) }).default("public"),
  /** The editor mode (e.g. text/x-csrc); informational. */
  mode: z.string().max(64).optional(),
  isRemoteJudge: boolish.default(false),
});

export type SelfTestInput = z.infer<typeof selfTestSchema>;

export const testKeySchema = z.object({
  testJudgeKey: z.string({ required_error: "judge:testNotFound" }).regex(/^[a-f0-9]{32}$/, "judge:testNotFound"),
});

let limiter: RateLimiterRedis | null = null;
function selfTestLimiter(): RateLimiterRedis {
  limiter ??= new RateLimiterRedis({
    storeClient: redis(),
    keyPrefix: rkey("rate", "self-test"),
    points: env.judging.selfTestsPerMinute,
    duration: 60,
  });
  return limiter;
}

/** Queues a self-test and returns its key (the client polls with it). */
export async function submitSelfTest(user: CurrentUser, input: SelfTestInput): Promise<string> {
  if (!canSubmit(user)) throw new ApiError(403, "judge:noSubmitPermission");
  if (input.type !== "public") refuseScope(input.type);
  if (input.isRemoteJudge) throw new ApiError(400, "judge:remoteTestUnsupported");
  const problem = await Problem.findById(input.pid).lean<ProblemDoc>();
  if (!problem || !canUseProblem(user, problem)) throw new ApiError(404, "judge:problemNotFound");
  if (!problem.languages.includes(input.language)) throw new ApiError(400, "judge:languageNotAllowed");
  // Nobody waits hours for a self-test: a judge able to run it must be online now.
  if (!(await availableLanguages()).has(input.language)) throw new ApiError(400, "judge:languageUnavailable");

  try {
    await selfTestLimiter().consume(user._id);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw new ApiError(429, "judge:testTooFrequent");
    throw err;
  }

  const testKey = randomBytes(16).toString("hex");
  try {
    // The judge gives it the result's lifetime when it stores the result (judge-protocol.ts).
    await redis().set(rkey(TEST_OWNER_KEY, testKey), user._id, "EX", TEST_WAIT_TTL_S);
    const task = toTaskProblem(problem);
    await publishTask({
      kind: "test",
      testKey,
      language: input.language,
      code: input.code,
      userInput: input.userInput,
      expectedOutput: input.expectedOutput,
      problem: {
        pid: task.pid,
        problemId: task.problemId,
        judgeMode: task.judgeMode,
        timeLimit: task.timeLimit,
        memoryLimit: task.memoryLimit,
        stackLimit: task.stackLimit,
        isRemoveEndBlank: task.isRemoveEndBlank,
        isFileIO: task.isFileIO,
        ioReadFileName: task.ioReadFileName,
        ioWriteFileName: task.ioWriteFileName,
        userExtraFiles: task.userExtraFiles,
      },
      enqueuedAt: Date.now(),
    });
  } catch (err) {
    logger.error({ err }, "could not queue a self-test");
    throw new ApiError(503, "judge:queueUnavailable");
  }
  return testKey;
}

/** A pending placeholder in the TestJudgeResult shape, while the judge has not answered. */
export type SelfTestResult = TestJudgeResult | { status: typeof JudgeStatus.PENDING };

/** The result of a self-test: the judge's TestJudgeResult, or status Pending while it runs. */
export async function getSelfTestResult(user: CurrentUser, testKey: string): Promise<SelfTestResult> {
  const [owner, raw] = await Promise.all([redis().get(rkey(TEST_OWNER_KEY, testKey)), redis().get(rkey(TEST_RESULT_KEY, testKey))]);
  if (!owner || owner !== user._id) throw new ApiError(404, "judge:testNotFound");
  if (!raw) return { status: JudgeStatus.PENDING };
  try {
    return JSON.parse(raw) as TestJudgeResult;
  } catch {
    logger.error({ testKey }, "unreadable self-test result");
    throw new ApiError(500, "errors.server");
  }
}
