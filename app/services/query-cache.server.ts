import { createHash } from "node:crypto";
import { logger } from "./logger.server";
import { redis, rkey } from "./redis.server";

// Short-lived caching of expensive reads (list totals, public list pages). Two layers:
// - identical reads running at the same moment in this process share one database round trip;
// - the answer is kept in Redis for a few seconds, so every web process reuses it.
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

/** A JSON-serialisable value cached for `ttlMs` under `key`. */
export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  return singleFlight(key, async () => {
    try {
      const hit = await redis().get(key);
      if (hit !== null) return JSON.parse(hit) as T;
    } catch (err) {
      logger.warn({ err }, "cache read failed");
    }
    const value = await load();
    try {
      await redis().set(key, JSON.stringify(value), "PX", ttlMs);
    } catch (err) {
      logger.warn({ err }, "cache write failed");
    }
    return value;
  });
}

/** Drops cached answers of one kind (prefix scan; used after a change that must show at once). */
export async function dropCached(kind: string): Promise<void> {
  const r = redis();
  let cursor = "0";
  do {
    const [next, keys] = await r.scan(cursor, "MATCH", `${rkey("cache", kind)}:*`, "COUNT", 200);
    cursor = next;
    if (keys.length) await r.del(...keys);
  } while (cursor !== "0");
}

/** How long one process may count before another may start (a count that crashed its process). */
const COUNTING_LOCK_MS = 10 * 60_000;

interface SlowValue {
  v: number;
  /** Until when the value is used without counting again. */
  fresh: number;
}

/** Counts the value again (once across processes) and keeps it; resolves with it. */
function refreshCount(key: string, minTtlMs: number, load: () => Promise<number>): Promise<number> {
  return singleFlight(`${key}:refresh`, async () => {
    const started = Date.now();
    const v = await load();
    // A count that took long is kept longer: at most about a tenth of the time goes to counting.
    const ttl = Math.max(minTtlMs, 10 * (Date.now() - started));
    try {
      await redis().set(key, JSON.stringify({ v, fresh: Date.now() + ttl } satisfies SlowValue), "PX", 10 * ttl);
    } catch (err) {
      logger.warn({ err }, "cache write failed");
    }
    return v;
  });
}

/**
 * A count that may take long (a large set on a store that counts document by document): the kept
 * value when there is one (counted again in the background once it is stale), else the count if it
 * comes within `waitMs`, else null while counting goes on in the background for the next reader.
 */
export async function slowCount(key: string, opts: { minTtlMs: number; waitMs: number }, load: () => Promise<number>): Promise<number | null> {
  let kept: SlowValue | null = null;
  try {
    const raw = await redis().get(key);
    kept = raw === null ? null : (JSON.parse(raw) as SlowValue);
  } catch (err) {
    logger.warn({ err }, "cache read failed");
  }
  const counting = async (): Promise<number | null> => {
    const mine = inFlight.get(`${key}:refresh`) as Promise<number> | undefined;
    if (mine) return mine;
    // One process counts: the others use what it keeps.
    const lock = await redis()
      .set(`${key}:counting`, "1", "PX", COUNTING_LOCK_MS, "NX")
      .catch(() => "OK");
    if (lock !== "OK") return null;
    try {
      return await refreshCount(key, opts.minTtlMs, load);
    } finally {
      await redis().del(`${key}:counting`).catch(() => undefined);
    }
  };
  if (kept) {
    if (Date.now() > kept.fresh) void counting().catch((err: unknown) => logger.warn({ err }, "background count failed"));
    return kept.v;
  }
  const running = counting();
  running.catch((err: unknown) => logger.warn({ err }, "count failed"));
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), opts.waitMs).unref());
  return Promise.race([running.catch(() => null), timeout]);
}
