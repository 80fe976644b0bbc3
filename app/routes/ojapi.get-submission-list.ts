import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/services/api.server";
import { getCurrentUser } from "~/services/session.server";
import { listSubmissions, parseSubmissionListQuery } from "~/services/submission-views.server";

// GET /ojapi/get-submission-list (onlyMine, status, problemID, username, currentPage, limit).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await getCurrentUser(request);
  return listSubmissions(parseSubmissionListQuery(queryParams(request)), user);
}, ["submission"]);
