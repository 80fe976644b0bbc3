import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { groupOfProblem, groupProblemCases } from "~/services/group/problems.server";

// GET /ojapi/group/get-problem-cases (pid, isUpload): a group problem's test cases, for the group's admins.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const pid = inputId(q.pid);
  const user = await requireApiUser(request);
  const gid = q.gid ? inputId(q.gid) : await groupOfProblem(pid);
  return groupProblemCases(user, gid, pid);
}, ["group", "group-problem"]);
