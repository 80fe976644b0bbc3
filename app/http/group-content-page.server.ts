import type { LoaderFunctionArgs } from "@remix-run/node";
import type { CurrentUser } from "~/services/account/session.server";
import { groupContentFor, type GroupContentAdmin } from "~/services/group/content.server";
import { groupPageRefusal, groupPageBase } from "./group-page.server";
import { loginRedirect } from "./guards.server";

// The edge of a group's training and contest admin pages (/group/{gid}/training/..., /contest/...):
// the group from the path, a signed-in admin of it, and the scopes the services take; anyone else
// is refused as the group's pages refuse (log in, 403, 404).

export interface GroupAdminPageBase {
  user: CurrentUser;
  gid: number;
  admin: GroupContentAdmin;
}

export async function groupAdminPageBase(request: Request, params: LoaderFunctionArgs["params"]): Promise<GroupAdminPageBase> {
  const { user, gid } = await groupPageBase(request, params);
  if (!user) throw loginRedirect(request);
  try {
    return { user, gid, admin: await groupContentFor(gid, user) };
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}
