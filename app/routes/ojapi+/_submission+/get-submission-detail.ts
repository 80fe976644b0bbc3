import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { loadSubmissionForViewer, submissionDetailJson, submitIdSchema } from "~/services/submission/views.server";

// GET /ojapi/get-submission-detail (submitId): {submission, codeShare}; the code only for those
// who may read it (spec section 6). The problem page's status banner polls this.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const { submitId } = parseWith(submitIdSchema, queryParams(request));
  return submissionDetailJson(await loadSubmissionForViewer(submitId, user), user);
}, ["submission"]);
