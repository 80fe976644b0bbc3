import { AsyncLocalStorage } from "node:async_hooks";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { z } from "zod";
import { LOGIN_PASSWORD_MAX, type PuzzleView } from "~/lib/account";
import { LIMITS } from "~/lib/constants";
import { User, type UserDoc } from "~/models/user.server";
import { AccountError } from "./errors.server";
import { usernameField } from "./fields.server";
import { hashPassword, verifyPassword } from "./password.server";
import { mayEnterAdminArea } from "../access/policy.server";
import { consume, refund, spend, usedUp, type RateRule } from "../platform/rate-limit.server";
import { redis, rkey } from "../platform/redis.server";
import { checkPuzzle, createPuzzle } from "./slide-puzzle.server";
import { findUserByUsername } from "./users.server";
import { usernameKey } from "./username.server";

// Login (spec sections 4 and 5): username and password, and after 5 consecutive failures (per
// account or per address) a slide puzzle checked here on the server. Only a successful login resets
// the count: a solved puzzle lets one attempt through, and while the count stays at 5 or more every
// attempt needs a new puzzle.
//
// Rate limits count attempts that did not sign in, never successes: per address (loginIp) and per
// account and address (loginPair) they refuse with 429. Per account from any address (loginAccount)
// they only make every login of the account need the puzzle: someone failing on an account from
// many addresses cannot lock its owner out, who still signs in with the puzzle solved.

export const loginSchema = z.object({
  username: usernameField,
  password: z
    .string({ required_error: "auth:validation.passwordRequired", invalid_type_error: "auth:validation.passwordRequired" })
    .min(1, "auth:validation.passwordRequired")
    .min(LIMITS.passwordMin, "auth:validation.loginPasswordLength")
    .max(LOGIN_PASSWORD_MAX, "auth:validation.loginPasswordLength"),
  puzzleToken: z.string().optional(),
  puzzleOffset: z.coerce.number({ invalid_type_error: "auth:puzzle.wrong" }).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

const FAILURE_TTL_SECONDS = 30 * 60;
const failKeys = (account: string, ip: string) => [rkey("login-fail", "user", account), rkey("login-fail", "ip", ip || "-")];

/** Consecutive failed logins counted for an account and an address (the larger of the two). */
async function failureCount(account: string, ip: string): Promise<number> {
  const values = await redis().mget(...failKeys(account, ip));
  return Math.max(0, ...values.map((v) => Number(v ?? 0)));
}

async function countFailure(account: string, ip: string): Promise<void> {
  const m = redis().multi();
  for (const k of failKeys(account, ip)) m.incr(k).expire(k, FAILURE_TTL_SECONDS);
  await Promise.all([m.exec(), spend(["loginAccount", account])]);
}

/** Ends the consecutive-failure counts of an account and an address (a login, a password reset). */
export async function resetFailures(username: string, ip: string): Promise<void> {
  await redis().del(...failKeys(usernameKey(username), ip));
}

/** Whether the next login of an account from an address must solve the puzzle first. */
async function puzzleRequired(account: string, ip: string): Promise<boolean> {
  const [count, accountLimited] = await Promise.all([failureCount(account, ip), usedUp("loginAccount", account)]);
  return count >= LIMITS.failedLoginsBeforePuzzle || accountLimited;
}

/**
 * The puzzle the login page shows before the first try: an address with 5 failures in a row gets
 * one (the account is not known until the form is sent).
 */
export async function loginPagePuzzle(client: ClientInfo): Promise<PuzzleView | null> {
  const count = Number((await redis().get(failKeys("", client.ip)[1])) ?? 0);
  return count >= LIMITS.failedLoginsBeforePuzzle ? createPuzzle() : null;
}

// Verifying against a real hash when the user does not exist keeps the answer time the same, so
// timing does not tell which usernames exist.
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hashPassword("not-a-real-password"));

function puzzleError(key: string, puzzle: PuzzleView): AccountError {
  return new AccountError(key, { field: "puzzle", data: { puzzle, needPuzzle: true } });
}

/**
 * Checks a login. Returns the user, or throws an AccountError: field errors, "Please check your
 * username or password", a disabled account, a rate limit, or a puzzle to solve (with the new
 * puzzle in `data.puzzle`). `adminOnly` refuses non-admin accounts (admin login).
 */
export async function authenticate(input: LoginInput, client: ClientInfo, opts: { adminOnly?: boolean } = {}): Promise<UserDoc> {
  const username = input.username;
  const account = usernameKey(username);
  const ip = client.ip || "-";
  const attempt: Array<[RateRule, string]> = [
    ["loginIp", ip],
    ["loginPair", `${account}\n${ip}`],
  ];
  await consume(...attempt);
  let rightPassword = false;
  try {
    if (await puzzleRequired(account, ip)) {
      if (!input.puzzleToken) throw puzzleError("auth:puzzle.required", await createPuzzle());
      const check = await checkPuzzle(input.puzzleToken, input.puzzleOffset ?? Number.NaN);
      if (check !== "ok") {
        const key = check === "tooFast" ? "auth:puzzle.tooFast" : check === "expired" ? "auth:puzzle.expired" : "auth:puzzle.wrong";
        throw puzzleError(key, await createPuzzle());
      }
    }

    const user = await findUserByUsername(username);
    const ok = user ? await verifyPassword(user.passwordHash, input.password) : (await verifyPassword(await dummy(), input.password), false);
    if (!user || !ok) {
      await countFailure(account, ip);
      // The refusal brings the puzzle the next attempt will need.
      const data = (await puzzleRequired(account, ip)) ? { puzzle: await createPuzzle(), needPuzzle: true } : {};
      throw new AccountError("auth:login.failed", { kind: "invalid", data });
    }
    // The right password: whatever follows, the attempt is not one the limits count.
    rightPassword = true;
    if (user.status !== 0) throw new AccountError("auth:login.disabled", { kind: "forbidden" });
    if (opts.adminOnly && !mayEnterAdminArea(user)) throw new AccountError("auth:admin.notAdmin", { kind: "forbidden" });

    await resetFailures(username, ip);
    await User.updateOne({ _id: user._id }, { $set: { recentLoginTime: new Date() } });
    return user;
  } finally {
    if (rightPassword) await refund(...attempt);
  }
}

// The form login of the pages, as a remix-auth strategy: the strategy reads the form and returns the
// user; the route stores the uid in a new session. The client address comes from the load context
// (Express, proxy aware), handed to the strategy through async context: remix-auth passes the
// strategy a copy of the request, so nothing can be attached to the request itself.
const loginCall = new AsyncLocalStorage<ClientInfo & { adminOnly?: boolean }>();

export const authenticator = new Authenticator<UserDoc>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const call = loginCall.getStore();
    if (!call) throw new Error("the form login runs only through loginWithForm()");
    const input = loginSchema.parse(Object.fromEntries(form));
    return authenticate(input, call, { adminOnly: call.adminOnly });
  }),
  "form",
);

/** Runs the form strategy for a page action. Throws ZodError or AccountError on refusal. */
export function loginWithForm(request: Request, client: ClientInfo, opts: { adminOnly?: boolean } = {}): Promise<UserDoc> {
  return loginCall.run({ ...client, adminOnly: opts.adminOnly }, () => authenticator.authenticate("form", request));
}
