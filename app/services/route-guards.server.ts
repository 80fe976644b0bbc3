import { sitePath } from "./paths.server";

// Paths of the specification's "auth-required routes" (section 2). The pages check login
// themselves with requireUser(); this list lets a path whose page does not exist (yet) still send a
// visitor to the login first, as the specification asks, instead of answering 404.
const AUTH_REQUIRED: readonly RegExp[] = [
  /^\/setting\/?$/,
  /^\/logout\/?$/,
  /^\/message(\/.*)?$/,
  /^\/contest\/[^/]+(\/.*)?$/,
  /^\/group\/[^/]+(\/.*)?$/,
];

/** Public pages below /contest/ that look like a contest id. */
const PUBLIC_EXCEPTIONS: readonly RegExp[] = [/^\/contest\/(acm|oi)-scoreboard\/[^/]+\/?$/];

/** `path` is a site path without the base path. */
export function isAuthRequiredPath(path: string): boolean {
  if (PUBLIC_EXCEPTIONS.some((r) => r.test(path))) return false;
  return AUTH_REQUIRED.some((r) => r.test(path));
}

/**
 * The page a "Back" link returns to without JavaScript: the Referer when it is a page of this site
 * other than the current one, else null.
 */
export function sameSiteReferrer(request: Request): string | null {
  const raw = request.headers.get("Referer");
  if (!raw) return null;
  try {
    const ref = new URL(raw);
    const here = new URL(request.url);
    if (ref.origin !== here.origin) return null;
    const target = ref.pathname + ref.search;
    if (target === here.pathname + here.search) return null;
    const base = sitePath("/");
    if (!target.startsWith(base) && target !== base.replace(/\/$/, "")) return null;
    return target;
  } catch {
    return null;
  }
}
