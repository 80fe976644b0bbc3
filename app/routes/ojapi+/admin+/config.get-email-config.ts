import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiSuperAdmin } from "~/http/api.server";
import { emailConfig } from "~/services/site/system-info.server";

// GET /ojapi/admin/config/get-email-config (super admin, as HOJ): the SMTP settings from the
// environment, never the password.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiSuperAdmin(request);
  return emailConfig();
}, ["admin"]);
