import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiSuperAdmin } from "~/http/api.server";
import { getT } from "~/services/platform/i18n.server";
import { sendConfigTestMail, testMailSchema } from "~/services/site/system-info.server";

// POST /ojapi/admin/config/test-email {email} (super admin): sends a test e-mail there.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  await requireApiSuperAdmin(request);
  const { email } = parseWith(testMailSchema, await bodyParams(request));
  await sendConfigTestMail(await getT(request, ["admin", "auth"]), email);
  return null;
}, ["admin", "auth"]);
