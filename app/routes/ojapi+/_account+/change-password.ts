import type { ActionFunctionArgs } from "@remix-run/node";
import { changePassword, changePasswordSchema } from "~/services/account/account.server";
import { accountApiRoute, authT, changeAccountAnswer } from "~/http/account.server";
import { bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { currentSessionId } from "~/http/auth-session.server";

// POST /ojapi/change-password {oldPassword, newPassword}. As HOJ (ChangeAccountVo): data {code, msg},
// code 400 for a wrong current password and 403 while locked. Every other session ends.
export const action = accountApiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const input = parseWith(changePasswordSchema, await bodyParams(request));
  const sid = await currentSessionId(request);
  return changeAccountAnswer(request, async () => {
    await changePassword(user._id, input, sid);
    return { code: 200, msg: (await authT(request))("auth:setting.passwordChanged") };
  });
});
