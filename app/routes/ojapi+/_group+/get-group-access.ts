import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { groupFor } from "~/services/group/groups.server";

// GET /ojapi/get-group-access?gid: whether the signed-in user may open the group's content (a member).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const gid = inputId(queryParams(request).gid);
  const user = await requireApiUser(request);
  return (await groupFor(gid, user)).isMember;
}, ["group"]);
