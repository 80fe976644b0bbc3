import { jwtVerify, SignJWT } from "jose";
import { Session } from "~/models/session.server";
import { User } from "~/models/user.server";
import { env } from "../platform/env.server";
import { cookieSession, CURRENT_USER_FIELDS, newSessionId, SESSION_TTL_MS, setTokenUserResolver, type CurrentUser } from "./session.server";

// /ojapi tokens (HOJ's client keeps one in local storage and sends it as the Authorization header).
// A token names a server-side session, so logging out or revoking a session invalidates it.

const KEY = new TextEncoder().encode(`${env.sessionSecret}:api-token`);
export const TOKEN_LIFETIME_S = 24 * 3600;
/** A token with less than this left gets a fresh one in the response headers. */
export const TOKEN_REFRESH_BELOW_S = 6 * 3600;

export async function issueToken(sid: string, uid: string): Promise<string> {
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(uid)
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_LIFETIME_S}s`)
    .sign(KEY);
}

export interface TokenClaims {
  sid: string;
  uid: string;
  exp: number;
}

function bearer(request: Request): string | null {
  const h = request.headers.get("Authorization");
  if (!h) return null;
  const token = h.startsWith("Bearer ") ? h.slice(7) : h;
  return token.trim() || null;
}

const claimsCache = new WeakMap<Request, Promise<TokenClaims | null>>();

/** The verified claims of the request's token whose session still exists; null otherwise. */
export function tokenClaims(request: Request): Promise<TokenClaims | null> {
  let p = claimsCache.get(request);
  if (!p) {
    p = (async () => {
      const token = bearer(request);
      if (!token) return null;
      let payload;
      try {
        ({ payload } = await jwtVerify(token, KEY, { algorithms: ["HS256"] }));
      } catch {
        // Forged, expired or malformed: no user. (A store that cannot be reached below is no such
        // answer: that failure goes on to the caller, which answers 503 rather than 401.)
        return null;
      }
      if (typeof payload.sid !== "string" || typeof payload.sub !== "string" || typeof payload.exp !== "number") return null;
      const session = await Session.findById(payload.sid).select("uid expiresAt").lean();
      if (!session || session.uid !== payload.sub || session.expiresAt.getTime() < Date.now()) return null;
      return { sid: payload.sid, uid: payload.sub, exp: payload.exp };
    })();
    claimsCache.set(request, p);
  }
  return p;
}

/**
 * A token of the page's own cookie session, for the page's scripts to call /ojapi with (the cookie
 * authenticates no /ojapi call); null for a visitor. It dies with the session.
 */
export async function pageApiToken(request: Request): Promise<string | null> {
  const signedIn = await cookieSession(request);
  return signedIn ? issueToken(signedIn.sid, signedIn.user._id) : null;
}

/** Creates a session for an API login and returns its token. */
export async function createApiSession(uid: string, meta: { ip?: string; userAgent?: string } = {}): Promise<{ sid: string; token: string }> {
  const sid = newSessionId();
  await Session.create({
    _id: sid,
    uid,
    data: { uid, via: "api" },
    ip: meta.ip ?? "",
    userAgent: meta.userAgent ?? "",
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return { sid, token: await issueToken(sid, uid) };
}

/**
 * Headers to add to an API response: a fresh token when the presented one is close to expiry
 * (spec: "a response with a refresh-token header replaces the stored token").
 */
export async function refreshTokenHeaders(request: Request): Promise<Record<string, string>> {
  const claims = await tokenClaims(request);
  if (!claims) return {};
  const left = claims.exp - Math.floor(Date.now() / 1000);
  if (left > TOKEN_REFRESH_BELOW_S) return {};
  const token = await issueToken(claims.sid, claims.uid);
  await Session.updateOne({ _id: claims.sid }, { $set: { lastSeenAt: new Date(), expiresAt: new Date(Date.now() + SESSION_TTL_MS) } });
  return {
    Authorization: token,
    "Refresh-Token": "true",
    "Access-Control-Expose-Headers": "Refresh-Token,Authorization,Url-Type",
  };
}

setTokenUserResolver(async (request) => {
  const claims = await tokenClaims(request);
  if (!claims) return null;
  const user = await User.findById(claims.uid).select(CURRENT_USER_FIELDS).lean<CurrentUser>();
  return user && user.status === 0 ? user : null;
});
