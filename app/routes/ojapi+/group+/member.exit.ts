import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { leaveGroup } from "~/services/group/members.server";

// DELETE /ojapi/group/member/exit?gid: the signed-in user leaves the group (or withdraws an application).
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  await leaveGroup(user, inputId(queryParams(request).gid));
  return null;
}, ["group"]);
