import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiSuperAdmin } from "~/http/api.server";
import { refuseSettingChange } from "~/services/site/system-info.server";

// PUT /ojapi/admin/config/set-email-config (super admin): refused with a translated message, as the
// SMTP settings come from the environment.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  await requireApiSuperAdmin(request);
  refuseSettingChange();
}, ["admin"]);
