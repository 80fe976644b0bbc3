import type { ActionFunctionArgs } from "@remix-run/node";
import { accountApiRoute, apiMessage } from "~/http/account.server";
import { requireApiUser } from "~/http/api.server";
import { receiveAvatar } from "~/http/avatar-upload.server";
import { userInfoView } from "~/services/account/account.server";
import { findUserById } from "~/services/account/users.server";

// POST /ojapi/file/upload-avatar (multipart `image`): the signed-in user's new avatar; data is the
// updated user info (HOJ's client stores it), msg "Upload Avatar Successfully".
export const action = accountApiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  await receiveAvatar(request, user._id);
  const updated = await findUserById(user._id);
  return apiMessage(request, "auth:setting.avatar.success", updated ? userInfoView(updated) : null);
});
