import type { FlashMessage } from "~/lib/flash";
import { tokenClaims } from "../services/account/api-token.server";
import { addFlash, pendingFlash } from "./flash.server";
import { deleteSessionRecord, getSession, isApiRequest, noteSessionClient, sessionCookie, sessionStorage } from "../services/account/session.server";

// Signing in and out of the pages' cookie session. Login always starts a session with a new id
// (the visitor's old one is deleted), so an id planted before login is worth nothing after it.

/**
 * Starts a signed-in session for `uid` and returns its Set-Cookie header. Flash messages waiting in
 * the visitor's session move over, then `message` (the welcome) is added.
 */
export async function startUserSession(request: Request, uid: string, client: { ip: string; userAgent?: string }, message?: FlashMessage): Promise<string> {
  const old = await getSession(request);
  const carried = pendingFlash(old);
  if (old.id) await deleteSessionRecord(old.id);

  const session = await sessionStorage.getSession();
  session.set("uid", uid);
  for (const m of carried) addFlash(session, m);
  if (message) addFlash(session, message);
  const setCookie = await sessionStorage.commitSession(session);

  const sid: unknown = await sessionCookie.parse(setCookie.split(";")[0]);
  if (typeof sid === "string" && sid) {
    await noteSessionClient(sid, client);
  }
  return setCookie;
}

/**
 * Ends the cookie session of a request (its record is deleted, so the id is dead everywhere) and
 * returns the Set-Cookie header of a fresh visitor session carrying `message`, or one that clears
 * the cookie when there is no message.
 */
export async function endUserSession(request: Request, message?: FlashMessage): Promise<string> {
  const old = await getSession(request);
  if (old.id) await deleteSessionRecord(old.id);
  if (!message) return sessionStorage.destroySession(old);
  const fresh = await sessionStorage.getSession();
  addFlash(fresh, message);
  return sessionStorage.commitSession(fresh);
}

/** The id of the session a request is signed in with: an /ojapi call's token's, a page's cookie's. */
export async function currentSessionId(request: Request): Promise<string> {
  if (isApiRequest(request)) return (await tokenClaims(request))?.sid ?? "";
  const session = await getSession(request);
  return session.id;
}

/** Deletes the session behind an API token, so the token stops working. */
export async function endTokenSession(request: Request): Promise<boolean> {
  const claims = await tokenClaims(request);
  if (!claims) return false;
  await deleteSessionRecord(claims.sid);
  return true;
}
