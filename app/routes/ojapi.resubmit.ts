import type { LoaderFunctionArgs } from "@remix-run/node";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/services/api.server";
import { resubmit, submissionJson, submitIdSchema, viewerRights } from "~/services/submission-views.server";

// GET /ojapi/resubmit (submitId): a new submission with the same code; returns it.
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const { submitId } = parseWith(submitIdSchema, queryParams(request));
  const submission = await resubmit(user, submitId, { ip: context?.ip });
  const problem = await Problem.findById(submission.pid).select("auth gid applyPublicProgress codeShare openCaseResult").lean<ProblemDoc>();
  return submissionJson({ submission, problem, rights: viewerRights(user, submission, problem) }, user);
}, ["submission", "judge"]);
