import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiSuperAdmin } from "~/http/api.server";
import { hojSwitchConfig } from "~/services/site/switch-config.server";

// GET /ojapi/admin/switch/info (super admin): HOJ's SwitchConfigDTO (the site's settings under
// HOJ's names, and HOJ's switches kept as set), with `register` and the submission allowances.
export const loader = apiRoute<LoaderFunctionArgs>(async ({ request }) => {
  await requireApiSuperAdmin(request);
  return hojSwitchConfig();
}, ["admin"]);
