import type { Redis } from "ioredis";

// Consumers of a Redis stream group that stopped heartbeating, for the judges (task lanes) and the
// web processes' result appliers (results stream) alike. Each consumer renews an alive key of its
// own (SET PX) while it runs; entries held by a consumer whose key is gone are taken over at once,
// instead of after an idle time meant for slow work. Server-only.

/** An alive key lives this many heartbeats, so one late heartbeat is no death. */
export const ALIVE_HEARTBEATS = 3;

/** How long an alive key renewed every `heartbeatMs` lives. */
export function aliveTtlMs(heartbeatMs: number): number {
  return Math.max(1000, heartbeatMs * ALIVE_HEARTBEATS);
}

/**
 * KEYS: stream. ARGV: group, the consumer an entry is taken from, the one taking it, entry id.
 * Claims the entry (a delivery of its own) only while the given consumer still holds it: two takers
 * may see the same silent consumer. Returns what XCLAIM returns, or an empty list.
 */
export const CLAIM_FROM_LUA = `
local p = redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[4], ARGV[4], 1)
if #p == 0 or p[1][2] ~= ARGV[2] then return {} end
return redis.call('XCLAIM', KEYS[1], ARGV[1], ARGV[3], 0, ARGV[4])
`;

export interface ConsumerInfo {
  name: string;
  pending: number;
  /** Milliseconds since it last read or claimed. */
  idle: number;
}

/**
 * The consumers of `group` other than `self` whose alive key is gone and that have not touched the
 * stream for an alive key's lifetime either (so a consumer of an older version that keeps no alive
 * key is not robbed while it reads).
 */
export async function silentConsumers(
  r: Redis,
  stream: string,
  group: string,
  self: string,
  aliveKey: (consumer: string) => string,
  ttlMs: number,
): Promise<ConsumerInfo[]> {
  const rows = (await r.xinfo("CONSUMERS", stream, group)) as unknown[][];
  const candidates: ConsumerInfo[] = [];
  for (const row of rows) {
    const info: Record<string, unknown> = {};
    for (let i = 0; i + 1 < row.length; i += 2) info[String(row[i])] = row[i + 1];
    const name = String(info.name);
    const idle = Number(info.idle);
    if (name !== self && idle >= ttlMs) candidates.push({ name, pending: Number(info.pending), idle });
  }
  if (candidates.length === 0) return [];
  const alive = await r.mget(candidates.map((c) => aliveKey(c.name)));
  return candidates.filter((_, i) => alive[i] === null);
}
