import { mayAdministerSite, mayEnterAdminArea } from "~/services/access/policy.server";
import { getCurrentUser, type CurrentUser } from "~/services/account/session.server";
import { siteRedirect } from "./paths.server";

// What a page does with a visitor who may not be there: the login first (spec section 2), the
// admin login for admin paths, 403 for a signed-in user without the role.

/** Sends a visitor home with the login opened and "Please login first" (spec section 2). */
export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const params = new URLSearchParams({ login: "1", notice: "pleaseLoginFirst", redirectTo: back });
  return siteRedirect(`/home?${params.toString()}`);
}

export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

/**
 * Admin pages: a visitor goes to /admin/login with "Please login first by admin account" (spec
 * sections 2 and 8); a signed-in non-admin gets 403.
 */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) {
    const url = new URL(request.url);
    const params = new URLSearchParams({ redirectTo: url.pathname + url.search, notice: "pleaseLoginAdmin" });
    throw siteRedirect(`/admin/login?${params.toString()}`);
  }
  if (!mayEnterAdminArea(user)) throw new Response("Forbidden", { status: 403 });
  return user;
}

export async function requireSuperAdmin(request: Request): Promise<CurrentUser> {
  const user = await requireAdmin(request);
  if (!mayAdministerSite(user)) throw new Response("Forbidden", { status: 403 });
  return user;
}
