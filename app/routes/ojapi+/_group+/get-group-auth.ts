import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { groupFor } from "~/services/group/groups.server";

// GET /ojapi/get-group-auth?gid: the signed-in user's level in the group (0 none, 1 applying,
// 2 refused, 3 member, 4 admin, 5 root; the owner and super admins are its root).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const gid = inputId(queryParams(request).gid);
  const user = await requireApiUser(request);
  return (await groupFor(gid, user)).level;
}, ["group"]);
