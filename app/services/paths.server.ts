import { redirect } from "@remix-run/node";
import { env } from "./env.server";

/** A path inside the site with the configured base path (links and addresses Remix does not build). */
export function sitePath(p: string): string {
  return env.basePath.replace(/\/$/, "") + (p.startsWith("/") ? p : `/${p}`);
}

/**
 * A redirect to a path inside the site (given without the base path), from a loader or action.
 * Remix's request handler puts the base path in front of a redirect's relative Location itself
 * (React Router's static handler), so adding it here would double it.
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
  const base = env.basePath.replace(/\/$/, "");
  if (base && raw.startsWith(base + "/")) return raw.slice(base.length);
  return raw;
}
