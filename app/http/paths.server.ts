import { redirect } from "@remix-run/node";
import { env } from "../services/platform/env.server";

/**
 * A path inside the site with the configured base path, for addresses that leave Remix: links in
 * e-mails, Location headers written outside loaders and actions.
 */
export function sitePath(p: string): string {
  return env.basePath.replace(/\/$/, "") + (p.startsWith("/") ? p : `/${p}`);
}

/**
 * A redirect to a path of the site (without the base path) from a loader or action. Remix resolves
 * such a Location against the router's basename, so "/home" becomes "/oj/home" under BASE_PATH=/oj/.
 */
export function siteRedirect(p: string, init?: number | ResponseInit): Response {
  return redirect(p.startsWith("/") ? p : `/${p}`, init);
}

/**
 * A same-site path from user input (redirectTo), without the base path; anything else becomes the
 * fallback, so a crafted link cannot send a user to another site.
 */
export function safeRedirectTarget(raw: unknown, fallback = "/home"): string {
  if (typeof raw !== "string" || !raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return fallback;
  // Browsers drop tabs and line breaks from a URL, so "/<tab>/evil.example" would become "//evil.example".
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return fallback;
  const base = env.basePath.replace(/\/$/, "");
  if (base && raw.startsWith(base + "/")) return raw.slice(base.length);
  return raw;
}
