import { Contest } from "~/models/contest.server";
import { User } from "~/models/user.server";
import { contestApiRefusal } from "../access/policy.server";
import { tokenClaims } from "../account/api-token.server";
import { authenticate, loginSchema, type ClientInfo } from "../account/login.server";
import { CURRENT_USER_FIELDS, type CurrentUser } from "../account/session.server";
import { resolveContest, type ContestScope } from "../contest/scope.server";
import { DomainError } from "../errors.server";

// Who reads the Contest API, and as which of its roles. Credentials come in the Authorization
// header only (HTTP Basic with one of our accounts, or an /ojapi token), never a cookie: a browser
// sends cookies along with requests other sites make. The API has two roles: the contest's admins
// (the policy's `standing.admin`) and the public role, which everyone else reads as; what each
// sees is the access policy's answer for the viewer it stands for (the admin, or a visitor).

export type ApiRole = "admin" | "public";

export interface IcpcScope {
  cs: ContestScope;
  role: ApiRole;
  /** The viewer the policy is asked about: the admin, or null (a visitor) for the public role. */
  viewer: CurrentUser | null;
  /** The account that sent the request (its credentials checked), if any. */
  user: CurrentUser | null;
}

async function userById(uid: string): Promise<CurrentUser | null> {
  const u = await User.findById(uid).select(CURRENT_USER_FIELDS).lean<CurrentUser>();
  return u && u.status === 0 ? u : null;
}

function basicCredentials(header: string): { username: string; password: string } | null {
  let text: string;
  try {
    text = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
  } catch {
    return null;
  }
  const colon = text.indexOf(":");
  if (colon < 1) return null;
  return { username: text.slice(0, colon), password: text.slice(colon + 1) };
}

/**
 * The account of the request's credentials; null without any. Wrong credentials are refused (401),
 * never read as a visitor: a client should learn its password is wrong. The password is checked
 * by the login's own rules and limits.
 */
export async function apiUser(request: Request, client: ClientInfo): Promise<CurrentUser | null> {
  const header = request.headers.get("Authorization")?.trim();
  if (!header) return null;
  if (/^basic /i.test(header)) {
    const creds = basicCredentials(header);
    const input = creds ? loginSchema.safeParse(creds) : null;
    if (!input?.success) throw new DomainError("unauthenticated", "icpc:badCredentials");
    const user = await authenticate(input.data, client).catch((err: unknown) => {
      // A refusal that is not a rate limit is the same answer whatever went wrong (no account, wrong
      // password, puzzle needed), as the login page gives.
      if (err instanceof DomainError && err.kind !== "tooMany" && err.kind !== "unavailable") throw new DomainError("unauthenticated", "icpc:badCredentials");
      throw err;
    });
    return userById(user._id);
  }
  const claims = await tokenClaims(request);
  const user = claims ? await userById(claims.uid) : null;
  if (!user) throw new DomainError("unauthenticated", "icpc:badCredentials");
  return user;
}

/** The API's role of a resolved contest's viewer, and the viewer the policy answers for. */
export function apiRoleOf(cs: ContestScope, user: CurrentUser | null): Pick<IcpcScope, "role" | "viewer"> {
  return cs.standing.admin ? { role: "admin", viewer: user } : { role: "public", viewer: null };
}

/**
 * A contest as the API serves it to this account: refused where the policy refuses its role, and
 * not served at all unless its rule scores as ICPC does (OI and IOI contests are left out).
 */
export async function icpcContest(cid: number, user: CurrentUser | null): Promise<IcpcScope> {
  const cs = await resolveContest(cid, user, null);
  const { role, viewer } = apiRoleOf(cs, user);
  const refusal = contestApiRefusal(viewer, cs.ctx);
  if (refusal) throw refusal;
  if (cs.rule.scoring !== "acm") throw new DomainError("notFound", "icpc:notIcpcScored");
  return { cs, role, viewer, user };
}

/** The contests this account may read through the API, newest first (at most `limit` looked at). */
export async function icpcRecentContests(user: CurrentUser | null, limit = 100): Promise<IcpcScope[]> {
  const recent = await Contest.find({}).sort({ startTime: -1 }).limit(limit).select("_id").lean<Array<{ _id: number }>>();
  const cids = recent.map((c) => c._id);
  const out: IcpcScope[] = [];
  for (const cid of cids) {
    try {
      out.push(await icpcContest(cid, user));
    } catch (err) {
      if (!(err instanceof DomainError) || err.kind === "unavailable") throw err;
    }
  }
  return out;
}
