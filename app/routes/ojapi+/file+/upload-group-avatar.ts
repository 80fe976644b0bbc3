import type { ActionFunctionArgs } from "@remix-run/node";
import { accountApiRoute, apiMessage } from "~/http/account.server";
import { requireApiUser } from "~/http/api.server";
import { receiveGroupAvatar } from "~/http/avatar-upload.server";
import { loadGroup } from "~/services/group/context.server";
import { groupJson } from "~/services/group/groups.server";

// POST /ojapi/file/upload-group-avatar (multipart `image`, gid): the group's new avatar (its root;
// gif, jpg, jpeg, png, bmp, webp up to 2 MB); data is the updated group.
export const action = accountApiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const { gid } = await receiveGroupAvatar(request, user);
  return apiMessage(request, "auth:setting.avatar.success", groupJson(await loadGroup(gid)));
}, ["group"]);
