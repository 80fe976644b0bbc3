import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { resubmit, submissionJson, submitIdSchema } from "~/services/submission/views.server";

// GET /ojapi/resubmit (submitId): the same submission judged again once its judging failed (System
// Error, Submitted Failed); answers with it (same submitId, Pending) as HOJ does.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const { submitId } = parseWith(submitIdSchema, queryParams(request));
  return submissionJson(await resubmit(user, submitId), user);
}, ["submission", "judge"]);
