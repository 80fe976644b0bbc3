import type { ActionFunctionArgs } from "@remix-run/node";
import { accountApiRoute, apiMessage, clientOf } from "~/http/account.server";
import { bodyParams, parseWith } from "~/http/api.server";
import { register, registerSchema } from "~/services/account/registration.server";

// POST /ojapi/register {username, password, email, code}.
export const action = accountApiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const input = parseWith(registerSchema, await bodyParams(request));
  await register(input, clientOf(request, context));
  return apiMessage(request, "auth:register.success");
});
