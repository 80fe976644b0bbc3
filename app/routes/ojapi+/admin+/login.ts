import type { ActionFunctionArgs } from "@remix-run/node";
import { accountApiRoute, apiLogin } from "~/http/account.server";

// POST /ojapi/admin/login: as /ojapi/login, for administrator accounts only.
export const action = accountApiRoute(({ request, context }: ActionFunctionArgs) => apiLogin(request, context, { adminOnly: true }));
