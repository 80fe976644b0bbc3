import { randomBytes } from "node:crypto";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { z } from "zod";
import { JudgeStatus, LIMITS } from "~/lib/constants";
import { TEST_OWNER_KEY, TEST_RESULT_KEY, TEST_WAIT_TTL_S, type TestJudgeResult } from "~/lib/judge-protocol";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { DomainError } from "~/services/errors.server";
import { env } from "../platform/env.server";
import { availableLanguages, publishTask, toTaskProblem } from "../judging/queue.server";
import { logger } from "../platform/logger.server";
import { redis, rkey } from "../platform/redis.server";
import type { CurrentUser } from "../account/session.server";
import { bankScope } from "../access/policy.server";
import { scopeForRequest } from "../group/scope.server";
import { contestSubmitTarget } from "../contest/problems.server";
import { resolveContest } from "../contest/scope.server";

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
  /** public, contest or group (HOJ); a group's problem is tested through its group either way. */
  type: z.enum(["public", "contest", "group"], { errorMap: () => ({ message: "judge:testTypeInvalid" }) }).default("public"),
  /** The contest of a "contest" self-test (its problem page sends it). */
  cid: z.coerce.number({ invalid_type_error: "contest:notFound" }).int("contest:notFound").min(0, "contest:notFound").nullish(),
  /** The group of a "group" self-test (optional: a group problem names its group). */
  gid: z.coerce.number({ invalid_type_error: "group:notFound" }).int("group:notFound").min(0, "group:notFound").nullish(),
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
  const cid = input.cid ?? 0;
  if (input.type === "contest" && cid === 0) throw new DomainError("notFound", "contest:notFound");
  let problem: ProblemDoc | null;
  if (cid > 0) {
    // In a contest, whoever may submit to the problem there may test on it (the contest scope's refusals).
    problem = (await contestSubmitTarget(await resolveContest(cid, user, null), input.pid)).problem;
    if (input.isRemoteJudge) throw new DomainError("invalid", "judge:remoteTestUnsupported");
  } else if (input.type === "group" || input.gid) {
    // In a group, whoever may submit to its problem may test on it (the group scope's refusals).
    if (!input.gid) throw new DomainError("notFound", "group:notFound");
    const scope = await scopeForRequest({ gid: input.gid }, user);
    const refusal = scope.submitterRefusal(user);
    if (refusal) throw refusal;
    if (input.isRemoteJudge) throw new DomainError("invalid", "judge:remoteTestUnsupported");
    problem = await Problem.findById(input.pid).lean<ProblemDoc>();
    const refused = scope.submitRefusal(user, problem);
    if (refused) throw refused;
  } else {
    const refusal = bankScope.submitterRefusal(user);
    if (refusal) throw refusal;
    if (input.isRemoteJudge) throw new DomainError("invalid", "judge:remoteTestUnsupported");
    problem = await Problem.findById(input.pid).lean<ProblemDoc>();
    if (!problem || !bankScope.seesProblem(user, problem)) throw new DomainError("notFound", "judge:problemNotFound");
  }
  if (!problem) throw new DomainError("notFound", "judge:problemNotFound");
  if (!problem.languages.includes(input.language)) throw new DomainError("invalid", "judge:languageNotAllowed");
  // Nobody waits hours for a self-test: a judge able to run it must be online now.
  if (!(await availableLanguages()).has(input.language)) throw new DomainError("invalid", "judge:languageUnavailable");

  try {
    await selfTestLimiter().consume(user._id);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw new DomainError("tooMany", "judge:testTooFrequent");
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
    throw new DomainError("unavailable", "judge:queueUnavailable");
  }
  return testKey;
}

/** A pending placeholder in the TestJudgeResult shape, while the judge has not answered. */
export type SelfTestResult = TestJudgeResult | { status: typeof JudgeStatus.PENDING };

/** The result of a self-test: the judge's TestJudgeResult, or status Pending while it runs. */
export async function getSelfTestResult(user: CurrentUser, testKey: string): Promise<SelfTestResult> {
  const [owner, raw] = await Promise.all([redis().get(rkey(TEST_OWNER_KEY, testKey)), redis().get(rkey(TEST_RESULT_KEY, testKey))]);
  if (!owner || owner !== user._id) throw new DomainError("notFound", "judge:testNotFound");
  if (!raw) return { status: JudgeStatus.PENDING };
  try {
    return JSON.parse(raw) as TestJudgeResult;
  } catch {
    logger.error({ testKey }, "unreadable self-test result");
    throw new DomainError("failed", "errors.server");
  }
}

/**
 * The result of a self-test just queued, waited for up to `ms` (the page that runs a self-test
 * without JavaScript answers once the judge has); still Pending when the judge takes longer.
 */
export async function waitForSelfTestResult(user: CurrentUser, testKey: string, ms = SELF_TEST_PAGE_WAIT_MS): Promise<SelfTestResult> {
  const until = Date.now() + ms;
  for (;;) {
    const result = await getSelfTestResult(user, testKey);
    if (result.status !== JudgeStatus.PENDING || Date.now() >= until) return result;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** How long the self-test page waits for the judge before it shows "Pending" with a refresh link. */
export const SELF_TEST_PAGE_WAIT_MS = 15_000;
