import { json } from "@remix-run/node";
import type { z } from "zod";
import { SWITCH_KEYS } from "~/lib/site-config";
import { configFormInput } from "~/services/site/config.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import { flash } from "./flash.server";
import { requireSuperAdmin } from "./guards.server";
import { siteRedirect } from "./paths.server";

// The action of the site's settings pages (/admin/conf, /admin/switch; super admins): the form read
// with its switches (an unticked box is off), checked against the page's schema (translated errors,
// the typed values kept), saved, and back to the page with "Update successfully".

export async function settingsAction<S extends z.ZodTypeAny>(request: Request, o: { schema: S; save: (data: z.infer<S>) => Promise<unknown>; back: string }) {
  await requireSuperAdmin(request);
  const t = await getT(request, ["admin", "common"]);
  const input = configFormInput(await request.formData(), SWITCH_KEYS);
  const result = validate(t, o.schema, input);
  if (!result.ok) return json({ errors: result.errors, values: input, message: t("admin:conf.fixErrors") }, { status: 400 });
  await o.save(result.data);
  return siteRedirect(o.back, { headers: { "Set-Cookie": await flash(request, { type: "success", key: "success.update" }) } });
}
