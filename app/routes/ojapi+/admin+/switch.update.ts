import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiSuperAdmin } from "~/http/api.server";
import { switchesPatchSchema, updateSwitches } from "~/services/site/config.server";

// PUT /ojapi/admin/switch/update (super admin): changes the switches sent; answers all four.
export const action = apiRoute<ActionFunctionArgs>(async ({ request }) => {
  await requireApiSuperAdmin(request);
  const patch = parseWith(switchesPatchSchema, await bodyParams(request));
  return updateSwitches(patch);
}, ["admin"]);
