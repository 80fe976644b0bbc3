import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { changeGroupProblemAuth, groupOfProblem, groupProblemAuthSchema } from "~/services/group/problems.server";

// PUT /ojapi/group/change-problem-auth (pid, auth: 1 public to the members, 2 private to the admins).
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const body = { ...queryParams(request), ...(await bodyParams(request)) };
  const pid = inputId(body.pid ?? body.id);
  const { auth } = parseWith(groupProblemAuthSchema, body);
  const gid = body.gid ? inputId(body.gid) : await groupOfProblem(pid);
  await changeGroupProblemAuth(user, gid, pid, auth);
  return null;
}, ["group", "group-problem"]);
