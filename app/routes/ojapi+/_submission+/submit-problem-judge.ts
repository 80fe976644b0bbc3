import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { submissionJson, viewOfOwnSubmission } from "~/services/submission/views.server";
import { createSubmission, submitSchema } from "~/services/submission/submissions.server";

// POST /ojapi/submit-problem-judge (pid, language, code, cid, tid, gid): the stored submission,
// as HOJ returns it (its submitId is what the client polls).
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const input = parseWith(submitSchema, await bodyParams(request));
  const submission = await createSubmission(user, input, { ip: context?.ip });
  return submissionJson(await viewOfOwnSubmission(user, submission), user);
}, ["judge", "contest", "training", "group"]);
