import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { compileEndpoint } from "~/http/problem-api.server";
import { requireGroupProblemAdmin } from "~/services/group/problems.server";

// POST /ojapi/group/compile-interactive {pid, code, language, extraFiles, gid}: the admin's compile check
// for a group's admins (nothing is saved).
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const body = await bodyParams(request);
  await requireGroupProblemAdmin(user, inputId(body.gid ?? body.groupID ?? queryParams(request).gid));
  return compileEndpoint(request, "interactive", body);
}, ["admin-problem", "group", "group-problem"]);
