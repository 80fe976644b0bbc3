import { createHash } from "node:crypto";
import { logger } from "./logger.server";
import { redis, rkey } from "./redis.server";

// Caching of expensive reads (list totals, public list pages). Two layers:
// - identical reads running at the same moment in this process share one database round trip;
// - the answer is kept in Redis (`kept`, `slowCount`), so every web process reuses it, and computed
//   again in the background once stale.
// Redis being down only costs the cache: the read runs against the database.

const inFlight = new Map<string, Promise<unknown>>();

export function cacheKey(kind: string, parts: unknown): string {
  const digest = createHash("sha1").update(JSON.stringify(parts)).digest("base64url").slice(0, 22);
  return rkey("cache", kind, digest);
}

/** Runs `load` once for concurrent callers with the same key. */
export function singleFlight<T>(key: string, load: () => Promise<T>): Promise<T> {
  const pending = inFlight.get(key) as Promise<T> | undefined;
  if (pending) return pending;
  const p = load().finally(() => inFlight.delete(key));
  inFlight.set(key, p);
  return p;
}

/** How long one process may compute a kept value before another may start (one that crashed). */
const COMPUTING_LOCK_MS = 10 * 60_000;

interface KeptValue<T> {
  v: T;
  /** Until when the value is used without computing it again. */
  fresh: number;
}

/** When this process began computing each value it is computing. */
const computingSince = new Map<string, number>();

/** Computes the value again (once across processes) and keeps it; resolves with it. */
function recompute<T>(key: string, minTtlMs: number, load: () => Promise<T>): Promise<T> {
  return singleFlight(`${key}:refresh`, async () => {
    const started = Date.now();
    computingSince.set(key, started);
    const v = await load().finally(() => computingSince.delete(key));
    // A value that took long is kept longer: at most about a tenth of the time goes to computing it.
    const ttl = Math.max(minTtlMs, 10 * (Date.now() - started));
    try {
      await redis().set(key, JSON.stringify({ v, fresh: Date.now() + ttl } satisfies KeptValue<T>), "PX", 10 * ttl);
    } catch (err) {
      logger.warn({ err }, "cache write failed");
    }
    return v;
  });
}

/**
 * A value that may take long to compute (a list or a count over a large set on a store that reads
 * document by document), kept in Redis: the kept value when there is one, computed again in the
 * background once it is stale (one process at a time); else the value as soon as it is computed,
 * or, with `waitMs`, null if that takes longer than `waitMs` from when its computing began (the
 * computing goes on for the next reader).
 */
async function keptOrNull<T>(key: string, opts: { minTtlMs: number; waitMs?: number }, load: () => Promise<T>): Promise<T | null> {
  let found: KeptValue<T> | null = null;
  try {
    const raw = await redis().get(key);
    const parsed = raw === null ? null : (JSON.parse(raw) as Partial<KeptValue<T>> | null);
    // Anything else under the key (a value of an earlier release) is computed again.
    found = parsed && typeof parsed === "object" && typeof parsed.fresh === "number" && "v" in parsed ? (parsed as KeptValue<T>) : null;
  } catch (err) {
    logger.warn({ err }, "cache read failed");
  }
  const computing = async (wait: boolean): Promise<T | null> => {
    const mine = inFlight.get(`${key}:refresh`) as Promise<T> | undefined;
    if (mine) return mine;
    // One process computes: the others use what it keeps (or, having nothing, compute as well).
    const lock = await redis()
      .set(`${key}:computing`, "1", "PX", COMPUTING_LOCK_MS, "NX")
      .catch(() => "OK");
    if (lock !== "OK" && !wait) return null;
    try {
      return await recompute(key, opts.minTtlMs, load);
    } finally {
      if (lock === "OK") await redis().del(`${key}:computing`).catch(() => undefined);
    }
  };
  if (found) {
    if (Date.now() > found.fresh) void computing(false).catch((err: unknown) => logger.warn({ err }, "background refresh failed"));
    return found.v;
  }
  if (opts.waitMs === undefined) return computing(true);
  // A reader that finds the value being computed waits only for what is left of the first reader's
  // wait: a count that takes minutes must not hold every page of those minutes for `waitMs`.
  const since = computingSince.get(key);
  const waitMs = since === undefined ? opts.waitMs : Math.max(0, since + opts.waitMs - Date.now());
  const running = computing(false);
  running.catch((err: unknown) => logger.warn({ err }, "computing a kept value failed"));
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs).unref());
  return Promise.race([running.catch(() => null), timeout]);
}

/** A value kept as `keptOrNull` says, waited for when there is none yet. */
export async function kept<T>(key: string, opts: { minTtlMs: number }, load: () => Promise<T>): Promise<T> {
  const found = await keptOrNull(key, opts, load);
  // Without waitMs the value is computed here when none is kept; null is only ever the value itself.
  return found as T;
}

/** A count that may take long, kept as `keptOrNull` says: null when it is not there within `waitMs`. */
export function slowCount(key: string, opts: { minTtlMs: number; waitMs: number }, load: () => Promise<number>): Promise<number | null> {
  return keptOrNull(key, opts, load);
}
