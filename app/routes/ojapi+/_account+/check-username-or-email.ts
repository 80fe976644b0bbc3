import type { ActionFunctionArgs } from "@remix-run/node";
import { accountApiRoute, clientOf } from "~/http/account.server";
import { bodyParams, parseWith } from "~/http/api.server";
import { checkUsernameOrEmail, checkUsernameOrEmailSchema } from "~/services/account/registration.server";

// POST /ojapi/check-username-or-email {username, email}: data {username, email}, true when taken.
export const action = accountApiRoute(async ({ request, context }: ActionFunctionArgs) =>
  checkUsernameOrEmail(parseWith(checkUsernameOrEmailSchema, await bodyParams(request)), clientOf(request, context)),
);
