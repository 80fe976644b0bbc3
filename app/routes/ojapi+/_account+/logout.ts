import type { LoaderFunctionArgs } from "@remix-run/node";
import { accountApiRoute, apiLogout } from "~/http/account.server";

// GET /ojapi/logout: the token's session is deleted, so the token stops working at once.
export const loader = accountApiRoute(({ request }: LoaderFunctionArgs) => apiLogout(request));
