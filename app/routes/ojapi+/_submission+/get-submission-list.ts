import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { getCurrentUser } from "~/services/account/session.server";
import { listGroupSubmissions } from "~/services/group/submissions.server";
import { hojSubmissionPage, listSubmissions, parseSubmissionListQuery } from "~/services/submission/views.server";

// GET /ojapi/get-submission-list (onlyMine, status, problemID, username, currentPage, limit; gid:
// a group's records, for its members).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const query = parseSubmissionListQuery(q);
  if (q.gid) return listGroupSubmissions(await requireApiUser(request), inputId(q.gid), query);
  const user = await getCurrentUser(request);
  return hojSubmissionPage(await listSubmissions(query, user));
}, ["submission", "group"]);
