import type { ActionFunctionArgs } from "@remix-run/node";
import { changeEmail, changeEmailSchema, userInfoView } from "~/services/account/account.server";
import { accountApiRoute, authT, changeAccountAnswer } from "~/http/account.server";
import { bodyParams, parseWith, requireApiUser } from "~/http/api.server";

// POST /ojapi/change-email {password, newEmail, code}: data {code, msg, userInfo} as HOJ.
export const action = accountApiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const input = parseWith(changeEmailSchema, await bodyParams(request));
  return changeAccountAnswer(request, async () => {
    const updated = await changeEmail(user._id, input);
    return { code: 200, msg: (await authT(request))("auth:setting.emailChanged"), userInfo: userInfoView(updated) };
  });
});
