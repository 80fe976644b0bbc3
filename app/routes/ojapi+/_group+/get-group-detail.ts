import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { getCurrentUser } from "~/services/account/session.server";
import { groupFor, groupJson } from "~/services/group/groups.server";

// GET /ojapi/get-group-detail?gid: HOJ's GroupVO (the invitation code only for the group's root).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const gid = inputId(queryParams(request).gid);
  const view = await groupFor(gid, await getCurrentUser(request));
  return groupJson(view.group, view.isRoot);
}, ["group"]);
