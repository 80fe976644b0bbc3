import type { ActionFunctionArgs } from "@remix-run/node";
import { accountApiRoute, apiLogin } from "~/http/account.server";

// POST /ojapi/login {username, password[, puzzleToken, puzzleOffset]}: user info in data, the token
// in the Authorization header. After 5 failures the answer carries a slide puzzle to solve.
export const action = accountApiRoute(({ request, context }: ActionFunctionArgs) => apiLogin(request, context));
