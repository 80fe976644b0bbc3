import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { groupProblemListSchema, listGroupProblems } from "~/services/group/problems.server";

// GET /ojapi/group/get-problem-list (gid, currentPage, limit): the group's problems for its members
// (its public ones; the private ones too for its admins), HOJ's page of ProblemVO.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const gid = inputId(q.gid);
  const user = await requireApiUser(request);
  const { admin: _admin, ...page } = await listGroupProblems(user, gid, parseWith(groupProblemListSchema, q));
  return page;
}, ["group", "group-problem"]);
