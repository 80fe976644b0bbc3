import type { ActionFunctionArgs } from "@remix-run/node";
import { accountApiRoute, apiMessage, authT, clientOf } from "~/http/account.server";
import { bodyParams, parseWith } from "~/http/api.server";
import { applyResetPassword, applyResetSchema } from "~/services/account/password-reset.server";

// POST /ojapi/apply-reset-password {email, captcha, captchaKey}: e-mails the reset link and code.
export const action = accountApiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const input = parseWith(applyResetSchema, await bodyParams(request));
  await applyResetPassword(input, clientOf(request, context), await authT(request));
  return apiMessage(request, "auth:reset.sentShort");
});
