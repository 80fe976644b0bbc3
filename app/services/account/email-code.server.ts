import { randomInt, timingSafeEqual } from "node:crypto";
import { EMAIL_CODE_MAX_TRIES, EMAIL_CODE_TTL_SECONDS } from "~/lib/account";
import { AccountError } from "./errors.server";
import { redis, rkey } from "../platform/redis.server";

// Six-digit codes sent by e-mail, kept in Redis for ten minutes and usable once. A code is thrown
// away after a few wrong guesses, and a new one can be asked for only after a wait (60 s to
// register, 90 s to reset; spec sections 4 and 9) that the server enforces.

export type CodePurpose = "register" | "reset" | "change-email";

const codeKey = (purpose: CodePurpose, target: string) => rkey("code", purpose, target);
const waitKey = (purpose: CodePurpose, target: string) => rkey("code-wait", purpose, target);

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/**
 * Starts the resend wait for a target, or throws (429) with the seconds left when one is running.
 * Call it before doing the work of sending, and `releaseWait` if sending fails.
 */
export async function claimSendSlot(purpose: CodePurpose, target: string, waitSeconds: number): Promise<void> {
  const ok = await redis().set(waitKey(purpose, target), "1", "EX", waitSeconds, "NX");
  if (ok === "OK") return;
  const ttl = await redis().ttl(waitKey(purpose, target));
  throw new AccountError("auth:code.wait", { kind: "tooMany", params: { seconds: Math.max(1, ttl) } });
}

export async function releaseWait(purpose: CodePurpose, target: string): Promise<void> {
  await redis().del(waitKey(purpose, target));
}

/** Seconds left before another code may be sent to the target (0 when one may be sent now). */
export async function waitLeft(purpose: CodePurpose, target: string): Promise<number> {
  const ttl = await redis().ttl(waitKey(purpose, target));
  return ttl > 0 ? ttl : 0;
}

/** Stores a fresh code for the target (replacing an older one) and returns it. */
export async function storeCode(purpose: CodePurpose, target: string): Promise<string> {
  const code = newCode();
  await redis().set(codeKey(purpose, target), JSON.stringify({ code, tries: 0 }), "EX", EMAIL_CODE_TTL_SECONDS);
  return code;
}

export async function dropCode(purpose: CodePurpose, target: string): Promise<void> {
  await redis().del(codeKey(purpose, target));
}

function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks a code without using it up (so a later refusal, a taken username for instance, leaves it
 * valid). A wrong code counts a try; too many tries throw the code away. Throws on the `code` field.
 */
export async function checkCode(purpose: CodePurpose, target: string, code: string, expiredKey = "auth:code.expired"): Promise<void> {
  const key = codeKey(purpose, target);
  const raw = await redis().get(key);
  if (!raw) throw new AccountError(expiredKey, { field: "code" });
  const stored = JSON.parse(raw) as { code: string; tries: number };
  if (sameCode(stored.code, code)) return;
  const tries = stored.tries + 1;
  if (tries >= EMAIL_CODE_MAX_TRIES) {
    await redis().del(key);
  } else {
    // KEEPTTL: a wrong guess must not extend the code's life.
    await redis().set(key, JSON.stringify({ code: stored.code, tries }), "KEEPTTL");
  }
  throw new AccountError("auth:code.wrong", { field: "code" });
}

/**
 * Uses a checked code up. Only one caller can win: GETDEL is atomic, so two requests racing with
 * the same code cannot both succeed.
 */
export async function consumeCode(purpose: CodePurpose, target: string, code: string): Promise<void> {
  const raw = await redis().getdel(codeKey(purpose, target));
  const stored = raw ? (JSON.parse(raw) as { code: string }) : null;
  if (!stored || !sameCode(stored.code, code)) throw new AccountError("auth:code.expired", { field: "code" });
}
