import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { caseResultJson, loadSubmissionForViewer, submitIdSchema } from "~/services/submission/views.server";

// GET /ojapi/get-all-case-result (submitId): {judgeCaseMode, judgeCaseList | subTaskJudgeCaseVoList},
// or null when the problem keeps its case results closed.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const { submitId } = parseWith(submitIdSchema, queryParams(request));
  return caseResultJson(await loadSubmissionForViewer(submitId, user));
}, ["submission"]);
