import { randomBytes } from "node:crypto";
import { createCookie, createSession, createSessionStorage, type Session as RemixSession, type SessionStorage } from "@remix-run/node";
import { Session } from "~/models/session.server";
import { User, type UserDoc } from "~/models/user.server";
import { env } from "../platform/env.server";

/** Sessions live 30 days from the last use. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export const sessionCookie = createCookie("oj_sid", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.cookieSecure,
  path: env.basePath,
  secrets: [env.sessionSecret],
  maxAge: SESSION_TTL_MS / 1000,
});

export function newSessionId(): string {
  return randomBytes(24).toString("base64url");
}

async function readSessionData(id: string): Promise<Record<string, unknown> | null> {
  const doc = await Session.findById(id).lean();
  if (!doc) return null;
  if (doc.expiresAt.getTime() < Date.now()) {
    await Session.deleteOne({ _id: id });
    return null;
  }
  return doc.data;
}

/**
 * Remix session storage backed by the sessions collection. The cookie carries only the signed id;
 * `uid` is copied out of the data so every session of a user can be found and revoked.
 */
const storage = createSessionStorage({
  cookie: sessionCookie,
  async createData(data, expires) {
    const id = newSessionId();
    await Session.create({
      _id: id,
      uid: typeof data.uid === "string" ? data.uid : "",
      data,
      expiresAt: expires ?? new Date(Date.now() + SESSION_TTL_MS),
    });
    return id;
  },
  readData: readSessionData,
  // Only a record that still exists is updated. A request that read a session before it was
  // revoked (password changed, signed out elsewhere) and commits it afterwards must not bring it
  // back to life: new records come from createData alone.
  async updateData(id, data, expires) {
    await Session.updateOne(
      { _id: id },
      {
        $set: {
          uid: typeof data.uid === "string" ? data.uid : "",
          data,
          lastSeenAt: new Date(),
          expiresAt: expires ?? new Date(Date.now() + SESSION_TTL_MS),
        },
      },
    );
  },
  async deleteData(id) {
    await Session.deleteOne({ _id: id });
  },
});

export const sessionStorage: SessionStorage = {
  ...storage,
  /**
   * Like Remix's, except that a cookie whose record is gone (revoked, expired) gives a session
   * without an id, so whatever is stored in it next (a flash message) gets a new record and a new
   * cookie instead of an update that finds nothing.
   */
  async getSession(cookieHeader, options) {
    const id: unknown = cookieHeader ? await sessionCookie.parse(cookieHeader, options) : null;
    const data = typeof id === "string" && id ? await readSessionData(id) : null;
    return createSession(data ?? {}, data ? (id as string) : "");
  },
};

export function getSession(request: Request): Promise<RemixSession> {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

export function commitSession(session: RemixSession): Promise<string> {
  return sessionStorage.commitSession(session);
}

/** Deletes one stored session, so its id is dead everywhere. */
export async function deleteSessionRecord(id: string): Promise<void> {
  await Session.deleteOne({ _id: id });
}

/** Keeps where a session was started from (address, browser), for the admin dashboard's recent sessions. */
export async function noteSessionClient(id: string, client: { ip: string; userAgent?: string }): Promise<void> {
  await Session.updateOne({ _id: id }, { $set: { ip: client.ip, userAgent: (client.userAgent ?? "").slice(0, 500) } });
}

/** Ends every session of a user (password change, account disabled). */
export async function revokeUserSessions(uid: string, exceptSessionId?: string): Promise<number> {
  const filter = exceptSessionId ? { uid, _id: { $ne: exceptSessionId } } : { uid };
  const res = await Session.deleteMany(filter);
  return res.deletedCount ?? 0;
}

export type CurrentUser = Pick<
  UserDoc,
  "_id" | "username" | "email" | "role" | "status" | "nickname" | "realname" | "avatar" | "school" | "gender" | "titleName" | "titleColor"
>;

const USER_FIELDS = "_id username email role status nickname realname avatar school gender titleName titleColor";

/** A page request's signed-in session: its id and its user. */
export interface SignedInSession {
  sid: string;
  user: CurrentUser;
}

// One look-up per request, however many loaders ask.
const userCache = new WeakMap<Request, Promise<CurrentUser | null>>();
const cookieSessionCache = new WeakMap<Request, Promise<SignedInSession | null>>();

async function readCookieSession(request: Request): Promise<SignedInSession | null> {
  const session = await getSession(request);
  const uid = session.get("uid");
  if (typeof uid !== "string" || !uid) return null;
  const user = await User.findById(uid).select(USER_FIELDS).lean<CurrentUser>();
  if (!user || user.status !== 0) return null;
  return { sid: session.id, user };
}

/** The signed-in session of the request's cookie; null for a visitor. */
export function cookieSession(request: Request): Promise<SignedInSession | null> {
  let pending = cookieSessionCache.get(request);
  if (!pending) {
    pending = readCookieSession(request);
    cookieSessionCache.set(request, pending);
  }
  return pending;
}

/**
 * Whether a request is a call of the /ojapi JSON API. Those authenticate by their token header
 * alone: a browser sends the page's session cookie along with a request another site makes it
 * send, but never a header that site chose, so a cookie must not authenticate a call that HOJ's
 * client (and so this API) may make by GET.
 */
export function isApiRequest(request: Request): boolean {
  return new URL(request.url).pathname.startsWith(`${env.basePath}ojapi/`);
}

/**
 * The signed-in user of a request: for /ojapi, the user of its bearer token (resolved by
 * `setTokenUserResolver`); for pages, of the session cookie. Null for a visitor.
 */
export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  let pending = userCache.get(request);
  if (!pending) {
    pending = isApiRequest(request)
      ? (tokenUserResolver?.(request) ?? Promise.resolve(null))
      : cookieSession(request).then((s) => s?.user ?? null);
    userCache.set(request, pending);
  }
  return pending;
}

type TokenUserResolver = (request: Request) => Promise<CurrentUser | null>;
let tokenUserResolver: TokenUserResolver | null = null;

/** The API token module registers how a bearer token maps to a user (keeps this module free of JWT). */
export function setTokenUserResolver(fn: TokenUserResolver): void {
  tokenUserResolver = fn;
}

export { USER_FIELDS as CURRENT_USER_FIELDS };
