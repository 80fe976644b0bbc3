import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiSuperAdmin } from "~/http/api.server";
import { getWebsiteConfig } from "~/services/site/config.server";

// GET /ojapi/admin/config/get-web-config (super admin): every field of the website configuration.
export const loader = apiRoute<LoaderFunctionArgs>(async ({ request }) => {
  await requireApiSuperAdmin(request);
  return getWebsiteConfig();
}, ["admin"]);
