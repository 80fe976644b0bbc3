import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiSuperAdmin } from "~/http/api.server";
import { dbAndRedisConfig } from "~/services/site/system-info.server";

// GET /ojapi/admin/config/get-db-and-redis-config (super admin, as HOJ): where the store and Redis
// are, never their passwords.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiSuperAdmin(request);
  return dbAndRedisConfig();
}, ["admin"]);
