import { Redis } from "ioredis";
import { env } from "./env.server";
import { logger } from "./logger.server";

let client: Redis | null = null;

/**
 * The shared Redis connection for ordinary commands (never for blocking reads). Every command is
 * bounded: one that gets no answer within REDIS_TIMEOUT_MS fails; one queued while the connection
 * is being made again (tried every half second) fails after two failed attempts; and while Redis is
 * known to be away, a command fails at once (watch below).
 */
export function redis(): Redis {
  if (!client) {
    const c = new Redis(env.redisUrl, {
      maxRetriesPerRequest: 1,
      retryStrategy: (times) => Math.min(times * 50, 500),
      commandTimeout: env.redisTimeoutMs,
      connectTimeout: env.redisTimeoutMs,
      enableAutoPipelining: true,
      // rate-limiter-flexible defines its Lua command on this client when a limiter is made; an
      // automatic pipeline opened before that (one still waiting behind a pipeline in flight) lacks
      // it, and ioredis then loses count of the pipeline's replies and throws outside any caller,
      // ending the process. Its command is sent on its own instead.
      autoPipeliningIgnoredCommands: ["rlflxIncr"],
    });
    watch(c);
    client = c;
  }
  return client;
}

/**
 * A dedicated connection, for blocking stream reads that would stall the shared one. Its commands
 * wait for Redis to come back (the background loops that use it retry on their own).
 */
export function newRedisConnection(): Redis {
  const c = new Redis(env.redisUrl, { maxRetriesPerRequest: null });
  // ioredis reports every failed reconnection; the shared connection's messages say it already.
  c.on("error", () => undefined);
  return c;
}

/**
 * Logs Redis going away (once per outage) and coming back. While it is away, commands fail at once
 * instead of waiting in the offline queue: a page that can do without Redis does so without delay,
 * one that cannot answers 503 without delay.
 */
function watch(c: Redis): void {
  let down = false;
  c.on("error", (err: Error) => {
    if (down) return;
    down = true;
    c.options.enableOfflineQueue = false;
    logger.error({ err: err.message }, "Redis is unreachable; reconnecting");
  });
  c.on("ready", () => {
    c.options.enableOfflineQueue = true;
    if (!down) return;
    down = false;
    logger.info("Redis is reachable again");
  });
}

/** Every key the web side writes goes through this, so installations can share a Redis. */
export function rkey(...parts: Array<string | number>): string {
  return env.redisPrefix + parts.join(":");
}

export async function closeRedis(): Promise<void> {
  if (client) {
    await client.quit().catch(() => undefined);
    client = null;
  }
}
