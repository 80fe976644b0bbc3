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
