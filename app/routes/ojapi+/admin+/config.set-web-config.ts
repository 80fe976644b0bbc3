import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiSuperAdmin } from "~/http/api.server";
import { updateWebsiteConfig, websiteConfigPatchSchema } from "~/services/site/config.server";

// PUT /ojapi/admin/config/set-web-config (super admin): changes the fields sent, validated with
// the schema of the conf page; answers the whole configuration after the change.
export const action = apiRoute<ActionFunctionArgs>(async ({ request }) => {
  await requireApiSuperAdmin(request);
  const patch = parseWith(websiteConfigPatchSchema, await bodyParams(request));
  return updateWebsiteConfig(patch);
}, ["admin"]);
