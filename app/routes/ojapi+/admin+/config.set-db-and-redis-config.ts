import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiSuperAdmin } from "~/http/api.server";
import { refuseSettingChange } from "~/services/site/system-info.server";

// PUT /ojapi/admin/config/set-db-and-redis-config (super admin): refused with a translated message, as
// the store and Redis addresses come from the environment.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  await requireApiSuperAdmin(request);
  refuseSettingChange();
}, ["admin"]);
