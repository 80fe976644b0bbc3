import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { groupProblemListSchema, listGroupProblemsForAdmin } from "~/services/group/problems.server";

// GET /ojapi/group/get-admin-problem-list (gid, currentPage, limit, keyword): the group's problems
// as HOJ's Problem entities, for its admins.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const gid = inputId(q.gid);
  const user = await requireApiUser(request);
  return listGroupProblemsForAdmin(user, gid, parseWith(groupProblemListSchema, q));
}, ["group", "group-problem"]);
