import { AsyncLocalStorage } from "node:async_hooks";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { z } from "zod";
import { LOGIN_PASSWORD_MAX, type PuzzleView } from "~/lib/account";
import { LIMITS } from "~/lib/constants";
import { User, type UserDoc } from "~/models/user.server";
import { AccountError } from "./account-errors.server";
import { usernameField } from "./account-fields.server";
import { hashPassword, verifyPassword } from "./password.server";
import { isAdminRole } from "./permissions.server";
import { consume } from "./rate-limit.server";
import { redis, rkey } from "./redis.server";
import { checkPuzzle, createPuzzle } from "./slide-puzzle.server";
import { findUserByUsername } from "./users.server";

// Login (spec sections 4 and 5): username and password, rate limits per address and per account,
// and after 5 consecutive failures (per account or per address) a slide puzzle checked here on the
// server. Only a successful login resets the count: a solved puzzle lets one attempt through, and
// while the count stays at 5 or more every attempt needs a new puzzle.

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
const failKeys = (username: string, ip: string) => [rkey("login-fail", "user", username.toLowerCase()), rkey("login-fail", "ip", ip || "-")];

/** Consecutive failed logins counted for an account and an address (the larger of the two). */
export async function failureCount(username: string, ip: string): Promise<number> {
  const values = await redis().mget(...failKeys(username, ip));
  return Math.max(0, ...values.map((v) => Number(v ?? 0)));
}

/** Failures counted for an address alone (the login page shows the puzzle before the first try). */
export async function addressFailureCount(ip: string): Promise<number> {
  return Number((await redis().get(rkey("login-fail", "ip", ip || "-"))) ?? 0);
}

async function countFailure(username: string, ip: string): Promise<number> {
  const keys = failKeys(username, ip);
  const m = redis().multi();
  for (const k of keys) m.incr(k).expire(k, FAILURE_TTL_SECONDS);
  const res = (await m.exec()) ?? [];
  return Math.max(...res.filter((_, i) => i % 2 === 0).map(([, v]) => Number(v)));
}

export async function resetFailures(username: string, ip: string): Promise<void> {
  await redis().del(...failKeys(username, ip));
}

export async function puzzleRequired(username: string, ip: string): Promise<boolean> {
  return (await failureCount(username, ip)) >= LIMITS.failedLoginsBeforePuzzle;
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
  const username = input.username.trim();
  const lower = username.toLowerCase();
  await consume(["loginIp", client.ip], ["loginAccount", lower]);

  if (await puzzleRequired(username, client.ip)) {
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
    const count = await countFailure(username, client.ip);
    const data = count >= LIMITS.failedLoginsBeforePuzzle ? { puzzle: await createPuzzle(), needPuzzle: true } : {};
    throw new AccountError("auth:login.failed", { status: 400, data });
  }
  if (user.status !== 0) throw new AccountError("auth:login.disabled", { status: 403 });
  if (opts.adminOnly && !isAdminRole(user)) throw new AccountError("auth:admin.notAdmin", { status: 403 });

  await resetFailures(username, client.ip);
  await User.updateOne({ _id: user._id }, { $set: { recentLoginTime: new Date() } });
  return user;
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
