import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/services/api.server";
import { submissionJson, viewerRights } from "~/services/submission-views.server";
import { createSubmission, submitSchema } from "~/services/submissions.server";
import { Problem, type ProblemDoc } from "~/models/problem.server";

// POST /ojapi/submit-problem-judge (pid, language, code, cid, tid, gid): the stored submission,
// as HOJ returns it (its submitId is what the client polls).
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const input = parseWith(submitSchema, await bodyParams(request));
  const submission = await createSubmission(user, input, { ip: context?.ip });
  const problem = await Problem.findById(submission.pid).select("auth gid applyPublicProgress codeShare openCaseResult").lean<ProblemDoc>();
  return submissionJson({ submission, problem, rights: viewerRights(user, submission, problem) }, user);
}, ["judge"]);
