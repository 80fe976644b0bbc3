import type { ActionFunctionArgs } from "@remix-run/node";
import { accountApiRoute, apiMessage, clientOf } from "~/services/account-http.server";
import { bodyParams, parseWith } from "~/services/api.server";
import { register, registerSchema } from "~/services/registration.server";

// POST /ojapi/register {username, password, email, code}.
export const action = accountApiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const input = parseWith(registerSchema, await bodyParams(request));
  await register(input, clientOf(request, context));
  return apiMessage(request, "auth:register.success");
});
