import type { ActionFunctionArgs } from "@remix-run/node";
import { changeUserInfo, changeUserInfoSchema, userInfoView } from "~/services/account/account.server";
import { accountApiRoute, apiMessage } from "~/http/account.server";
import { bodyParams, parseWith, requireApiUser } from "~/http/api.server";

// POST /ojapi/change-userInfo: profile fields; data is the updated user info.
export const action = accountApiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const input = parseWith(changeUserInfoSchema, await bodyParams(request));
  const updated = await changeUserInfo(user._id, input);
  return apiMessage(request, "auth:setting.infoSaved", userInfoView(updated));
});
