import type { LoaderFunctionArgs } from "@remix-run/node";
import { accountApiRoute, apiMessage, authT, clientOf } from "~/http/account.server";
import { parseWith, queryParams } from "~/http/api.server";
import { registerCodeSchema, sendRegisterCode } from "~/services/account/registration.server";

// GET /ojapi/get-register-code?email=: e-mails a 6-digit code; data {email, expire} (seconds).
export const loader = accountApiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { email } = parseWith(registerCodeSchema, queryParams(request));
  const data = await sendRegisterCode(email, clientOf(request, context), await authT(request));
  return apiMessage(request, "auth:code.sent", data);
});
