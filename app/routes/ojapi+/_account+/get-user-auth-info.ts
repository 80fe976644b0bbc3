import type { LoaderFunctionArgs } from "@remix-run/node";
import { roleName } from "~/services/account/account.server";
import { accountApiRoute } from "~/http/account.server";
import { requireApiUser } from "~/http/api.server";

// GET /ojapi/get-user-auth-info: data {roles, permissions} with role names (HOJ's roleList).
export const loader = accountApiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return { roles: [roleName(user.role)], permissions: [] as string[] };
});
