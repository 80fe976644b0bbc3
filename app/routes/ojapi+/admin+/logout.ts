import type { LoaderFunctionArgs } from "@remix-run/node";
import { accountApiRoute, apiLogout } from "~/http/account.server";

// GET /ojapi/admin/logout: as /ojapi/logout.
export const loader = accountApiRoute(({ request }: LoaderFunctionArgs) => apiLogout(request));
