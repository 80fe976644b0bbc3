import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { applyGroupProblemPublic, groupOfProblem } from "~/services/group/problems.server";

// PUT /ojapi/group/apply-public (pid, isApplied): applies for a group problem to join the bank
// (true) or takes the pending application back (false).
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const body = { ...queryParams(request), ...(await bodyParams(request)) };
  const pid = inputId(body.pid ?? body.id);
  const flag = body.isApplied ?? body.applied;
  if (flag !== true && flag !== false && flag !== "true" && flag !== "false") throw new DomainError("invalid", "common:errors.badRequest");
  const gid = body.gid ? inputId(body.gid) : await groupOfProblem(pid);
  await applyGroupProblemPublic(user, gid, pid, flag === true || flag === "true");
  return null;
}, ["group", "group-problem"]);
