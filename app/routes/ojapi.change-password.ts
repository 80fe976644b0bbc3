import type { ActionFunctionArgs } from "@remix-run/node";
import { changePassword, changePasswordSchema } from "~/services/account.server";
import { accountApiRoute, authT, changeAccountAnswer } from "~/services/account-http.server";
import { bodyParams, parseWith, requireApiUser } from "~/services/api.server";
import { currentSessionId } from "~/services/auth-session.server";

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
