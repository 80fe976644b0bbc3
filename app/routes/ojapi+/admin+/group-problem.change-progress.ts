import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiAdmin } from "~/http/api.server";
import { changeApplyProgress, changeProgressSchema } from "~/services/group/problems.server";

// PUT /ojapi/admin/group-problem/change-progress (pid, progress: 2 accepted into the bank, 3
// refused, 1 pending again): the admin roles.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiAdmin(request);
  await changeApplyProgress(user, parseWith(changeProgressSchema, { ...queryParams(request), ...(await bodyParams(request)) }));
  return null;
}, ["group-problem"]);
