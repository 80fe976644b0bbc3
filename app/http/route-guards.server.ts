import { sitePath } from "./paths.server";

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
