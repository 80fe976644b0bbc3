import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { getCurrentUser } from "~/services/account/session.server";
import { hojSubmissionPage, listSubmissions, parseSubmissionListQuery } from "~/services/submission/views.server";

// GET /ojapi/get-submission-list (onlyMine, status, problemID, username, currentPage, limit).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await getCurrentUser(request);
  return hojSubmissionPage(await listSubmissions(parseSubmissionListQuery(queryParams(request)), user));
}, ["submission"]);
