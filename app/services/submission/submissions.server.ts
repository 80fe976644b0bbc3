import { z } from "zod";
import { JudgeStatus, LIMITS } from "~/lib/constants";
import type { RemoteSubmissionTask, SubmissionTask } from "~/lib/judge-protocol";
import { parseRemoteProblemId } from "~/lib/remote-oj";
import { nextSeq } from "~/models/counter.server";
import type { ProblemDoc } from "~/models/problem.server";
import { Submission, type SubmissionDoc } from "~/models/submission.server";
import { DomainError } from "~/services/errors.server";
import { rememberNewSubmission } from "../judging/apply.server";
import { judgeLanguages, publishTask, toTaskProblem } from "../judging/queue.server";
import { logger } from "../platform/logger.server";
import { problemByRef } from "../problem/problems.server";
import { pagesChanged } from "../platform/page-cache.server";
import { submissionWritten } from "./user-problem-status.server";
import { scopeForRequest } from "../group/scope.server";
import { withinSubmissionAllowance } from "./allowance.server";
import { contestSubmitTarget } from "../contest/problems.server";
import { resolveContest } from "../contest/scope.server";
import { trainingSubmitTarget } from "../training/problems.server";
import type { CurrentUser } from "../account/session.server";
import { ensureRemoteAccountsListed } from "../remote/accounts.server";
import { resolveTraining } from "../training/scope.server";

// Creating a submission: validated, stored as Pending, then queued for a judge. Shared by the
// problem page's form action and /ojapi/submit-problem-judge.

/** A contest, training or group id as HOJ's client sends it (null or absent for none). */
const scopeId = z.coerce
  .number({ invalid_type_error: "common:errors.badRequest" })
  .int("common:errors.badRequest")
  .min(0, "common:errors.badRequest");

export const submitSchema = z.object({
  /** The display id as HOJ's client sends it (`P1001`), or the numeric id (see problemByRef). */
  pid: z.union(
    [
      z.number().int("judge:problemNotFound").positive("judge:problemNotFound"),
      z.string().trim().min(1, "judge:problemNotFound").max(100, "judge:problemNotFound"),
    ],
    { errorMap: () => ({ message: "judge:problemNotFound" }) },
  ),
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
export class SubmitError extends DomainError {}

export async function createSubmission(
  user: CurrentUser,
  input: SubmitInput,
  meta: { ip?: string } = {},
): Promise<SubmissionDoc> {
  let problem: ProblemDoc | null;
  let inContest = { displayId: "", title: "" };
  // The group a submission belongs to: a contest's or a training's own (whatever the form sent,
  // so everything done inside a group is in the group's scope), else the one named.
  let gid = input.gid ?? null;
  const named = input.gid ? input.gid : null;
  if (input.cid > 0) {
    // The contest scope of the policy decides, before the problem is read, then on the problem.
    const cs = await resolveContest(input.cid, user, null);
    if (named !== null && named !== (cs.contest.gid ?? null)) throw new SubmitError("notFound", "judge:problemNotFound");
    gid = cs.contest.gid ?? null;
    const target = await contestSubmitTarget(cs, input.pid);
    problem = target.problem;
    inContest = { displayId: target.displayId, title: target.title };
  } else if (input.tid > 0) {
    // The training scope of the policy decides (registration of a private training, its problems).
    const ts = await resolveTraining(input.tid, user, null);
    if (named !== null && named !== (ts.training.gid ?? null)) throw new SubmitError("notFound", "judge:problemNotFound");
    gid = ts.training.gid ?? null;
    problem = await trainingSubmitTarget(ts, input.pid);
  } else {
    // Before the problem is read: a refusal must not tell whether a hidden problem exists.
    const scope = await scopeForRequest(input, user);
    const early = scope.submitterRefusal(user);
    if (early) throw early;
    // Learners submitting to one problem at the same moment (a contest's first minutes) share one read.
    problem = await problemByRef(input.pid);
    const refusal = scope.submitRefusal(user, problem);
    if (refusal) throw refusal;
  }
  if (!problem) throw new SubmitError("notFound", "judge:problemNotFound");
  if (!problem.languages.includes(input.language)) throw new SubmitError("invalid", "judge:languageNotAllowed");
  // A remote problem is judged by its remote site (the remote lane), in that site's languages.
  if (problem.isRemote) {
    if (!remoteRefOf(problem)) throw new SubmitError("invalid", "judge:noTestData");
  } else {
    await checkLocalJudging(input.language, problem);
  }

  const now = new Date();
  const fields = {
    pid: problem._id,
    displayPid: problem.problemId,
    displayId: inContest.displayId,
    cid: input.cid,
    tid: input.tid,
    gid,
    uid: user._id,
    username: user.username,
    title: inContest.title || problem.title,
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
  const doc = await withinSubmissionAllowance(user, input.cid, async () => {
    for (let tries = 1; ; tries++) {
      try {
        return await Submission.create({ _id: await nextSeq("submission"), ...fields });
      } catch (err) {
        if ((err as { code?: number }).code !== 11000 || tries >= 20) throw err;
      }
    }
  });
  const sub = doc.toObject();
  await submissionWritten(null, sub);
  await pagesChanged("submissions");
  await rememberNewSubmission(sub);
  await enqueueSubmission(sub, problem);
  return sub;
}

async function checkLocalJudging(language: string, problem: ProblemDoc): Promise<void> {
  // A judge must run it: one online now, or (with none online, the submission waiting in the queue)
  // one of the judges that advertised last. Only where no judge ever advertised is nothing refused.
  const { offered } = await judgeLanguages();
  if (offered && !offered.has(language)) throw new SubmitError("invalid", "judge:languageUnavailable");
  if (!problem.testCaseHash || problem.testCases.length === 0) throw new SubmitError("invalid", "judge:noTestData");
}

/** A remote problem's OJ and id there: its stored fields, or (problems stored before them) its display id. */
export function remoteRefOf(problem: Pick<ProblemDoc, "isRemote" | "problemId" | "remoteOj" | "remoteId">): { oj: string; remoteId: string } | null {
  if (!problem.isRemote) return null;
  if (problem.remoteOj && problem.remoteId) return { oj: problem.remoteOj, remoteId: problem.remoteId };
  const ref = parseRemoteProblemId(problem.problemId);
  return ref ? { oj: ref.oj, remoteId: ref.remoteId } : null;
}

/** The judge task of a stored submission's current attempt (a remote task for a remote problem). */
export function submissionTask(sub: Pick<SubmissionDoc, "_id" | "attempt" | "cid" | "language" | "code">, problem: ProblemDoc): SubmissionTask | RemoteSubmissionTask {
  const remote = remoteRefOf(problem);
  if (remote) {
    return {
      kind: "remote",
      submissionId: sub._id,
      attempt: sub.attempt,
      contest: sub.cid > 0,
      oj: remote.oj,
      remoteId: remote.remoteId,
      language: sub.language,
      code: sub.code,
      enqueuedAt: Date.now(),
    };
  }
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
    const task = submissionTask(sub, problem);
    if (task.kind === "remote") await ensureRemoteAccountsListed(task.oj);
    await publishTask(task);
  } catch (err) {
    // The submission is stored; the pending sweeper queues it again when Redis is back.
    logger.error({ err, submissionId: sub._id }, "could not queue a submission");
  }
}
