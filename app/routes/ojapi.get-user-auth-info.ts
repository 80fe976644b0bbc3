import type { LoaderFunctionArgs } from "@remix-run/node";
import { roleName } from "~/services/account.server";
import { accountApiRoute } from "~/services/account-http.server";
import { requireApiUser } from "~/services/api.server";

// GET /ojapi/get-user-auth-info: data {roles, permissions} with role names (HOJ's roleList).
export const loader = accountApiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return { roles: [roleName(user.role)], permissions: [] as string[] };
});
