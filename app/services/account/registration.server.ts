import type { TFunction } from "i18next";
import { z } from "zod";
import { EMAIL_CODE_TTL_SECONDS } from "~/lib/account";
import { LIMITS } from "~/lib/constants";
import type { UserDoc } from "~/models/user.server";
import { AccountError } from "./errors.server";
import { emailField, newPasswordField, optionalCodeField, passwordAgainField, refinePasswordAgain, newUsernameField } from "./fields.server";
import { checkCode, claimSendSlot, consumeCode, releaseWait, storeCode, dropCode, waitLeft } from "./email-code.server";
import { emailEnabled, sendCodeMail } from "../platform/mail.server";
import type { PuzzleView } from "~/lib/account";
import { allowanceOf, consume, secondsUntilFree, spend, usedUp } from "../platform/rate-limit.server";
import { checkPuzzle, createPuzzle } from "./slide-puzzle.server";
import { getWebsiteConfig } from "../site/config.server";
import { createUser, findUserByEmail, findUserByUsername } from "./users.server";
import { usernameKey } from "./username.server";

// Registration (spec section 5): username (max 20, unique), e-mail (valid, unique), password 5 to
// 20 with its confirmation, and the 6-digit code e-mailed to the address. Registration can be
// switched off in the website configuration; without SMTP it needs no code.

export const registerSchema = z
  .object({
    username: newUsernameField,
    password: newPasswordField,
    passwordAgain: passwordAgainField,
    email: emailField,
    code: optionalCodeField,
    puzzleToken: z.string().max(200).optional(),
    puzzleOffset: z.coerce.number({ invalid_type_error: "auth:puzzle.wrong" }).optional(),
  })
  .superRefine((v, ctx) => refinePasswordAgain(v, ctx, (x) => x.password));
export type RegisterInput = z.infer<typeof registerSchema>;

export const registerCodeSchema = z.object({ email: emailField });

export const checkUsernameOrEmailSchema = z.object({
  username: z.string().trim().max(100).optional().default(""),
  email: z.string().trim().max(200).optional().default(""),
});

/** What the register form needs to know before it is filled in. */
export async function registerSettings(): Promise<{ open: boolean; emailEnabled: boolean; resendSeconds: number }> {
  const config = await getWebsiteConfig();
  return { open: config.register, emailEnabled: emailEnabled(), resendSeconds: LIMITS.registerCodeResendSeconds };
}

async function requireOpen(): Promise<void> {
  const config = await getWebsiteConfig();
  if (!config.register) throw new AccountError("auth:register.closed", { kind: "forbidden" });
}

/** Whether a username and an e-mail are taken (HOJ's check-username-or-email). */
export async function checkUsernameOrEmail(input: z.infer<typeof checkUsernameOrEmailSchema>, client: { ip: string }): Promise<{ username: boolean; email: boolean }> {
  // Limited per address: the answer tells which accounts exist.
  await consume(["checkIp", client.ip]);
  const [u, e] = await Promise.all([
    input.username ? findUserByUsername(input.username) : null,
    input.email && z.string().email().safeParse(input.email).success ? findUserByEmail(input.email) : null,
  ]);
  return { username: !!u, email: !!e };
}

async function assertFree(username: string, email: string): Promise<void> {
  const [u, e] = await Promise.all([findUserByUsername(username), findUserByEmail(email)]);
  const fields: Record<string, string> = {};
  if (u) fields.username = "auth:validation.usernameExists";
  if (e) fields.email = "auth:validation.emailExists";
  const [first] = Object.entries(fields);
  if (first) throw new AccountError(first[1], { field: first[0], fields, kind: "conflict" });
}

/**
 * E-mails a registration code (GET /ojapi/get-register-code). Waits 60 s between two codes to one
 * address; the wait and the rate limits are kept in Redis.
 */
export async function sendRegisterCode(email: string, client: { ip: string }, t: TFunction): Promise<{ email: string; expire: number; wait: number }> {
  await requireOpen();
  if (!emailEnabled()) throw new AccountError("auth:register.noEmail", { kind: "unavailable" });
  const address = email.trim();
  const target = address.toLowerCase();
  if (await findUserByEmail(address)) throw new AccountError("auth:validation.emailExists", { field: "email", kind: "conflict" });
  await claimSendSlot("register", target, LIMITS.registerCodeResendSeconds);
  try {
    await consume(["mailIp", client.ip], ["mailTarget", target]);
    const code = await storeCode("register", target);
    await sendCodeMail({ t, to: address, kind: "register", code });
  } catch (err) {
    await Promise.all([releaseWait("register", target), dropCode("register", target)]);
    throw err;
  }
  return { email: address, expire: EMAIL_CODE_TTL_SECONDS, wait: LIMITS.registerCodeResendSeconds };
}

export function registerCodeWait(email: string): Promise<number> {
  return waitLeft("register", email.trim().toLowerCase());
}

/**
 * The puzzle the register page shows before the first try: an address that has registered its
 * allowance of accounts this hour (a class behind one school address) solves one per registration.
 */
export async function registerPagePuzzle(client: { ip: string }): Promise<PuzzleView | null> {
  return (await usedUp("registerIp", client.ip || "-")) ? createPuzzle() : null;
}

function capReached(seconds: number): AccountError {
  return new AccountError("auth:register.addressCapReached", { kind: "tooMany", params: { max: allowanceOf("registerIpCap"), seconds } });
}

function puzzleError(key: string, puzzle: PuzzleView): AccountError {
  return new AccountError(key, { field: "puzzle", data: { puzzle, needPuzzle: true } });
}

/**
 * Creates the account. Nothing is written unless every rule holds. From one address, the first
 * registrations of an hour need nothing more; the next ones each need the slide puzzle solved;
 * beyond the address's hourly cap they are refused, saying so.
 */
export async function register(input: RegisterInput, client: { ip: string }): Promise<UserDoc> {
  await requireOpen();
  const target = input.email.toLowerCase();
  const ip = client.ip || "-";
  const needCode = emailEnabled();
  if (needCode && !input.code) throw new AccountError("auth:validation.codeRequired", { field: "code" });
  // Past the address's cap nothing is asked: the refusal says when it may go on.
  const capWait = await secondsUntilFree("registerIpCap", ip);
  if (capWait > 0) throw capReached(capWait);
  const needPuzzle = await usedUp("registerIp", ip);
  if (needPuzzle) {
    if (!input.puzzleToken) throw puzzleError("auth:register.puzzleRequired", await createPuzzle());
    const check = await checkPuzzle(input.puzzleToken, input.puzzleOffset ?? Number.NaN);
    if (check !== "ok") {
      const key = check === "tooFast" ? "auth:puzzle.tooFast" : check === "expired" ? "auth:puzzle.expired" : "auth:puzzle.wrong";
      throw puzzleError(key, await createPuzzle());
    }
  }
  try {
    try {
      await consume(["registerIpCap", ip]);
    } catch (err) {
      if (!(err instanceof AccountError) || err.kind !== "tooMany") throw err;
      throw capReached(Number(err.params.seconds ?? 1));
    }
    await consume(["registerAccount", `email:${target}`], ["registerAccount", `user:${usernameKey(input.username)}`]);
    await spend(["registerIp", ip]);
    return await createAccount(input, target, needCode);
  } catch (err) {
    // The puzzle is spent: a refusal brings the one the next attempt needs.
    if (needPuzzle && err instanceof AccountError && !err.data.puzzle) Object.assign(err.data, { puzzle: await createPuzzle(), needPuzzle: true });
    throw err;
  }
}

async function createAccount(input: RegisterInput, target: string, needCode: boolean): Promise<UserDoc> {
  await assertFree(input.username, input.email);
  if (needCode) {
    await checkCode("register", target, input.code);
    await consumeCode("register", target, input.code);
  }
  try {
    return await createUser({ username: input.username, password: input.password, email: input.email });
  } catch (err) {
    // Two registrations racing for one name: the unique index decides.
    if ((err as { code?: number }).code === 11000) {
      const dup = JSON.stringify((err as { keyPattern?: unknown }).keyPattern ?? (err as Error).message);
      if (dup.includes("email")) throw new AccountError("auth:validation.emailExists", { field: "email", kind: "conflict" });
      throw new AccountError("auth:validation.usernameExists", { field: "username", kind: "conflict" });
    }
    throw err;
  }
}
