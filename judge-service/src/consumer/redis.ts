import { Redis } from "ioredis";
import type { Logger } from "pino";
import { CLAIM_SCRIPTS, type ClaimRedis } from "./claim";
import { FINISH_SCRIPTS, type FinishRedis } from "./finish";
import { HEARTBEAT_SCRIPTS, type HeartbeatRedis } from "./heartbeat";
import { LEASE_SCRIPTS, type LeaseRedis } from "./lease";

// A judge's Redis connection with the Lua scripts of its modules defined on it (each module keeps
// its own script beside the code that calls it).

export type ScriptRedis = FinishRedis & LeaseRedis & HeartbeatRedis & ClaimRedis;

export function redisClient(url: string, name: string): ScriptRedis {
  const r = new Redis(url, { maxRetriesPerRequest: null, connectionName: name, lazyConnect: false }) as ScriptRedis;
  const scripts = { ...FINISH_SCRIPTS, ...LEASE_SCRIPTS, ...HEARTBEAT_SCRIPTS, ...CLAIM_SCRIPTS };
  for (const [command, definition] of Object.entries(scripts)) r.defineCommand(command, definition);
  return r;
}

/** Logs an outage once, for the main connection (the blocking ones follow it). */
export function reportOutages(main: Redis, blocking: Redis[], log: Logger): void {
  let redisDown = false;
  main.on("error", (err: Error) => {
    if (redisDown) return;
    redisDown = true;
    log.warn({ err: err.message }, "Redis is unreachable; reconnecting");
  });
  main.on("ready", () => {
    if (redisDown) log.info("Redis is reachable again");
    redisDown = false;
  });
  for (const r of blocking) r.on("error", () => undefined);
}
