import type { ActionFunctionArgs } from "@remix-run/node";
import { accountApiRoute, apiMessage, clientOf } from "~/http/account.server";
import { bodyParams, parseWith } from "~/http/api.server";
import { resetPassword, resetPasswordSchema } from "~/services/account/password-reset.server";

// POST /ojapi/reset-password {username, password, code}.
export const action = accountApiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const input = parseWith(resetPasswordSchema, await bodyParams(request));
  await resetPassword(input, clientOf(request, context));
  return apiMessage(request, "auth:reset.done");
});
