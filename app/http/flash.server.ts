import type { Session as RemixSession } from "@remix-run/node";
import type { FlashMessage } from "~/lib/flash";
import { getSession, sessionStorage } from "../services/account/session.server";

// One-time messages carried to the next page (spec: toasts after login, reset, submit…). Stored in
// the server-side session; the cookie (only the id) does not change, so no header is needed when
// the root loader takes the message out.

const KEY = "flash";

/** Adds a message to a session the caller commits (one made at login, for instance). */
export function addFlash(session: RemixSession, message: FlashMessage): void {
  const list = (session.get(KEY) as FlashMessage[] | undefined) ?? [];
  session.set(KEY, [...list, message]);
}

/** The messages waiting in a session, to carry them into a new one. */
export function pendingFlash(session: RemixSession): FlashMessage[] {
  return (session.get(KEY) as FlashMessage[] | undefined) ?? [];
}

/** Adds a message for the next page; returns the Set-Cookie header to send with the redirect. */
export async function flash(request: Request, message: FlashMessage): Promise<string> {
  const session = await getSession(request);
  addFlash(session, message);
  return sessionStorage.commitSession(session);
}

/** Takes the pending messages (root loader). */
export async function takeFlash(request: Request): Promise<FlashMessage[]> {
  const cookie = request.headers.get("Cookie");
  if (!cookie || !cookie.includes("oj_sid=")) return [];
  const session = await getSession(request);
  const list = session.get(KEY) as FlashMessage[] | undefined;
  if (!list || list.length === 0) return [];
  session.unset(KEY);
  await sessionStorage.commitSession(session);
  return list;
}
