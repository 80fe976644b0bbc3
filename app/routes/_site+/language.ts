import type { ActionFunctionArgs } from "@remix-run/node";
import { LANGUAGES_SUPPORTED } from "~/lib/constants";
import { flash } from "~/http/flash.server";
import { languageCookie } from "~/services/platform/i18n.server";
import { safeRedirectTarget, siteRedirect } from "~/http/paths.server";

// POST /language: stores the chosen language in the oj_lng cookie and returns to the page the
// form was on (spec section 1: the footer switches language; the stored choice comes first).

/** The page to return to, without a ?l= that would only restate the old choice. */
function backTo(raw: FormDataEntryValue | null): string {
  const target = safeRedirectTarget(typeof raw === "string" ? raw : null, "/home");
  const url = new URL(target, "http://site.invalid");
  url.searchParams.delete("l");
  return url.pathname + url.search + url.hash;
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const lng = form.get("lng");
  const back = backTo(form.get("redirectTo"));
  if (typeof lng !== "string" || !(LANGUAGES_SUPPORTED as readonly string[]).includes(lng)) {
    return siteRedirect(back, { headers: { "Set-Cookie": await flash(request, { type: "error", key: "errors.unknownLanguage" }) } });
  }
  return siteRedirect(back, { headers: { "Set-Cookie": await languageCookie.serialize(lng) } });
}

export function loader() {
  return siteRedirect("/home");
}
