import { z } from "zod";
import { JudgeStatus, LIMITS, ProblemAuth } from "~/lib/constants";
import type { SubmissionTask } from "~/lib/judge-protocol";
import { nextSeq } from "~/models/counter.server";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { Submission, type SubmissionDoc } from "~/models/submission.server";
import { ApiError } from "./api.server";
import { rememberNewSubmission } from "./judge-apply.server";
import { judgeLanguages, publishTask, toTaskProblem } from "./judge-queue.server";
import { logger } from "./logger.server";
import { canSubmit, isAdminRole } from "./permissions.server";
import { singleFlight } from "./query-cache.server";
import { submissionWritten } from "./user-problem-status.server";
import { refuseUnbuiltScopes } from "./scopes.server";
import type { CurrentUser } from "./session.server";

// Creating a submission: validated, stored as Pending, then queued for a judge. Shared by the
// problem page's form action and /ojapi/submit-problem-judge.

/** A contest, training or group id as HOJ's client sends it (null or absent for none). */
const scopeId = z.coerce
  .number({ invalid_type_error: "common:errors.badRequest" })
  .int("common:errors.badRequest")
  .min(0, "common:errors.badRequest");

export const submitSchema = z.object({
  pid: z.coerce.number({ invalid_type_error: "judge:problemNotFound" }).int().positive("judge:problemNotFound"),
  language: z.string({ required_error: "judge:languageRequired" }).trim().min(1, "judge:languageRequired"),
  code: z
    .string({ required_error: "judge:codeEmpty" })
    .refine((c) => c.trim().length > 0, "judge:codeEmpty")
    .refine((c) => c.length <= LIMITS.codeMax, "judge:codeTooLong"),
  cid: scopeId.default(0),
  tid: scopeId.default(0),
  gid: z.preprocess((v) => (v === "" ? null : v), scopeId.nullish()),
});

export type SubmitInput = z.infer<typeof submitSchema>;

/** Thrown for a refused submission; `message` is a translation key. */
export class SubmitError extends ApiError {}

/**
 * Whether a user may see and submit to a problem outside any contest: public problems, except a
 * group's own problems (unless made public: applyPublicProgress 2), which are used inside the group.
 */
export function canUseProblem(
  user: CurrentUser | null,
  problem: Pick<ProblemDoc, "auth"> & Partial<Pick<ProblemDoc, "gid" | "applyPublicProgress">>,
): boolean {
  if (isAdminRole(user)) return true;
  if (problem.auth !== ProblemAuth.PUBLIC) return false;
  return problem.gid == null || problem.applyPublicProgress === 2;
}

export async function createSubmission(
  user: CurrentUser,
  input: SubmitInput,
  meta: { ip?: string } = {},
): Promise<SubmissionDoc> {
  if (!canSubmit(user)) throw new SubmitError(403, "judge:noSubmitPermission");
  // Before the problem is read: a refusal must not tell whether a hidden problem exists.
  refuseUnbuiltScopes(input);
  // Learners submitting to one problem at the same moment (a contest's first minutes) share one read.
  const problem = await singleFlight(`submit-problem:${input.pid}`, () => Problem.findById(input.pid).lean<ProblemDoc>());
  if (!problem || !canUseProblem(user, problem)) throw new SubmitError(404, "judge:problemNotFound");
  if (!problem.languages.includes(input.language)) throw new SubmitError(400, "judge:languageNotAllowed");
  // A judge must run it: one online now, or (with none online, the submission waiting in the queue)
  // one of the judges that advertised last. Only where no judge ever advertised is nothing refused.
  const { offered } = await judgeLanguages();
  if (offered && !offered.has(input.language)) throw new SubmitError(400, "judge:languageUnavailable");
  if (!problem.testCaseHash || problem.testCases.length === 0) throw new SubmitError(400, "judge:noTestData");

  const now = new Date();
  const fields = {
    pid: problem._id,
    displayPid: problem.problemId,
    cid: input.cid,
    tid: input.tid,
    gid: input.gid ?? null,
    uid: user._id,
    username: user.username,
    title: problem.title,
    status: JudgeStatus.PENDING,
    length: Buffer.byteLength(input.code, "utf8"),
    language: input.language,
    code: input.code,
    submitTime: now,
    ip: meta.ip ?? "",
    attempt: 1,
    gmtModified: now,
  };
  // Another web process may have been given the same id (see counter.server.ts): the unique _id
  // refuses the second insert, which then takes the next id.
  let doc;
  for (let tries = 1; ; tries++) {
    try {
      doc = await Submission.create({ _id: await nextSeq("submission"), ...fields });
      break;
    } catch (err) {
      if ((err as { code?: number }).code !== 11000 || tries >= 20) throw err;
    }
  }
  const sub = doc.toObject();
  await submissionWritten(null, sub);
  await rememberNewSubmission(sub);
  await enqueueSubmission(sub, problem);
  return sub;
}

/** The judge task of a stored submission's current attempt. */
export function submissionTask(sub: Pick<SubmissionDoc, "_id" | "attempt" | "cid" | "language" | "code">, problem: ProblemDoc): SubmissionTask {
  return {
    kind: "submission",
    submissionId: sub._id,
    attempt: sub.attempt,
    contest: sub.cid > 0,
    language: sub.language,
    code: sub.code,
    problem: toTaskProblem(problem),
    enqueuedAt: Date.now(),
  };
}

/** Queues (or re-queues) a stored submission for its current attempt. */
export async function enqueueSubmission(sub: SubmissionDoc, problem: ProblemDoc): Promise<void> {
  try {
    await publishTask(submissionTask(sub, problem));
  } catch (err) {
    // The submission is stored; the pending sweeper queues it again when Redis is back.
    logger.error({ err, submissionId: sub._id }, "could not queue a submission");
  }
}
