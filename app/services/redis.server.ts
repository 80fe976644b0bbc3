import { Redis } from "ioredis";
import { env } from "./env.server";

let client: Redis | null = null;

/** The shared Redis connection for ordinary commands (never for blocking reads). */
export function redis(): Redis {
  if (!client) {
    client = new Redis(env.redisUrl, { maxRetriesPerRequest: null, enableAutoPipelining: true });
  }
  return client;
}

/** A dedicated connection, for blocking stream reads that would stall the shared one. */
export function newRedisConnection(): Redis {
  return new Redis(env.redisUrl, { maxRetriesPerRequest: null });
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
