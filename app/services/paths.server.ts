import { redirect } from "@remix-run/node";
import { env } from "./env.server";

/**
 * A path inside the site with the configured base path. Server-side redirects must use this:
 * Remix does not add the base path to a redirect's Location.
 */
export function sitePath(p: string): string {
  return env.basePath.replace(/\/$/, "") + (p.startsWith("/") ? p : `/${p}`);
}

export function siteRedirect(p: string, init?: number | ResponseInit): Response {
  return redirect(sitePath(p), init);
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
