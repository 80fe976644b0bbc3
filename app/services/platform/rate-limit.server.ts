import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { AccountError } from "../account/errors.server";
import { DomainError } from "../errors.server";
import { env } from "./env.server";
import { redis, rkey } from "./redis.server";

// Rate limits of the account endpoints, per client address and per account or e-mail address.
// Per-address allowances are multiplied by RATE_LIMIT_SCALE; per-account ones never are, so a
// shared address (a school behind one NAT) can be given more room without weakening an account.

interface Rule {
  points: number;
  /** Window in seconds. */
  duration: number;
  /** Whether RATE_LIMIT_SCALE applies (per-address rules). */
  perAddress: boolean;
}

export const RATE_RULES = {
  /** Login attempts that did not sign in (page and API, user and admin) from one address. */
  loginIp: { points: 30, duration: 600, perAddress: true },
  /** Login attempts that did not sign in on one account from one address. */
  loginPair: { points: 10, duration: 600, perAddress: false },
  /**
   * Failed logins on one account from any address. Using it up never locks the account: every
   * login of it needs the slide puzzle until the window passes (see login.server.ts).
   */
  loginAccount: { points: 20, duration: 600, perAddress: false },
  /**
   * Registrations from one address before each further one needs the slide puzzle (a class
   * behind one school address goes on registering, each with the puzzle solved).
   */
  registerIp: { points: 10, duration: 3600, perAddress: true },
  /** Registrations from one address, puzzle or not: beyond this, refused until the hour passes. */
  registerIpCap: { points: 100, duration: 3600, perAddress: true },
  /** Registration attempts for one e-mail address, and for one username, from any address. */
  registerAccount: { points: 10, duration: 3600, perAddress: false },
  /** E-mails with a code (register, reset, change e-mail) requested from one address. */
  mailIp: { points: 10, duration: 3600, perAddress: true },
  /** E-mails with a code sent to one address (or requested by one account). */
  mailTarget: { points: 5, duration: 3600, perAddress: false },
  /** Password resets and code checks from one address. */
  resetIp: { points: 20, duration: 3600, perAddress: true },
  /** Password reset attempts on one account. */
  resetAccount: { points: 10, duration: 3600, perAddress: false },
  /** Wrong contest and training passwords of one user (any contest or training). */
  placePasswordUser: { points: 10, duration: 600, perAddress: false },
  /** Wrong contest and training passwords from one address. */
  placePasswordIp: { points: 30, duration: 600, perAddress: true },
  /** "Is this username or e-mail taken?" from one address (forms ask on blur). */
  checkIp: { points: 60, duration: 60, perAddress: true },
} as const satisfies Record<string, Rule>;

export type RateRule = keyof typeof RATE_RULES;

const limiters = new Map<RateRule, RateLimiterRedis>();

/** The limiter of a rule, made on first use (its Lua command stays out of automatic pipelines: redis.server.ts). */
function limiter(rule: RateRule): RateLimiterRedis {
  let l = limiters.get(rule);
  if (!l) {
    const r: Rule = RATE_RULES[rule];
    l = new RateLimiterRedis({
      storeClient: redis(),
      keyPrefix: rkey("rl", rule),
      points: r.perAddress ? Math.max(1, Math.round(r.points * env.rateLimitScale)) : r.points,
      duration: r.duration,
    });
    limiters.set(rule, l);
  }
  return l;
}

/**
 * Takes one point from each (rule, key) pair; when any is used up, throws a 429 with the seconds
 * to wait. Keys are normalised by the caller (lower-case username, e-mail, IP).
 */
export async function consume(...pairs: Array<[RateRule, string]>): Promise<void> {
  for (const [rule, key] of pairs) {
    try {
      await limiter(rule).consume(key || "-");
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
        throw new AccountError("auth:errors.tooManyRequests", { kind: "tooMany", params: { seconds } });
      }
      throw err;
    }
  }
}

/**
 * consume() for a place outside the account pages (a contest's or training's password): the 429
 * says the caller's message (`message`, with a `seconds` placeholder).
 */
export async function consumeFor(message: string, ...pairs: Array<[RateRule, string]>): Promise<void> {
  try {
    await consume(...pairs);
  } catch (err) {
    if (err instanceof AccountError && err.kind === "tooMany") throw new DomainError("tooMany", message, err.params);
    throw err;
  }
}

/** Gives back the point consume() took from each pair (an attempt that does not count, such as a success). */
export async function refund(...pairs: Array<[RateRule, string]>): Promise<void> {
  await Promise.all(pairs.map(async ([rule, key]) => limiter(rule).reward(key || "-", 1)));
}

/** Takes one point from each pair without refusing anything: for a rule that gates instead of refusing. */
export async function spend(...pairs: Array<[RateRule, string]>): Promise<void> {
  await Promise.all(pairs.map(async ([rule, key]) => limiter(rule).penalty(key || "-", 1)));
}

/** A rule's allowance as configured (per-address ones scaled). */
export function allowanceOf(rule: RateRule): number {
  return limiter(rule).points;
}

/** The seconds until a key that used its whole allowance may go on; 0 while it has some left. */
export async function secondsUntilFree(rule: RateRule, key: string): Promise<number> {
  const res = await limiter(rule).get(key || "-");
  if (!res || res.consumedPoints < limiter(rule).points) return 0;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** Whether a key has used its whole allowance. */
export async function usedUp(rule: RateRule, key: string): Promise<boolean> {
  const res = await limiter(rule).get(key || "-");
  return !!res && res.consumedPoints >= limiter(rule).points;
}
