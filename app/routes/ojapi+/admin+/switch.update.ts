import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiSuperAdmin } from "~/http/api.server";
import { hojSwitchConfigSchema, updateHojSwitchConfig } from "~/services/site/switch-config.server";

// PUT /ojapi/admin/switch/update (super admin): HOJ's SwitchConfigDTO, the fields sent changed
// (HOJ's answer: no data).
export const action = apiRoute<ActionFunctionArgs>(async ({ request }) => {
  await requireApiSuperAdmin(request);
  await updateHojSwitchConfig(parseWith(hojSwitchConfigSchema, await bodyParams(request)));
  return null;
}, ["admin"]);
