import { randomBytes } from "node:crypto";
import { redis, rkey } from "./redis.server";

// Short mutual exclusion across web processes: an in-process queue per name (so local callers
// never spin against each other) in front of a Redis lock (SET NX PX, released only by its owner).
// Used where two writes to different documents must not interleave with a recomputation of the
// same records (judge counters). A held lock's expiry is renewed while its holder works, so only a
// holder that died (or lost Redis) leaves it behind, and then only for the expiry time.

const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;
const RENEW = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;

const localTails = new Map<string, Promise<void>>();

export class LockTimeoutError extends Error {}

async function localAcquire(name: string): Promise<() => void> {
  const previous = localTails.get(name) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  localTails.set(name, tail);
  await previous;
  return () => {
    release();
    if (localTails.get(name) === tail) localTails.delete(name);
  };
}

async function redisAcquire(key: string, token: string, ttlMs: number, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  let pause = 5;
  for (;;) {
    const ok = await redis().set(key, token, "PX", ttlMs, "NX");
    if (ok === "OK") return;
    if (Date.now() > deadline) throw new LockTimeoutError(`lock ${key} is busy`);
    await new Promise((r) => setTimeout(r, pause + Math.random() * pause));
    pause = Math.min(pause * 2, 100);
  }
}

export interface LockOptions {
  /** How long the lock lives if its holder dies (renewed every third of it while held). */
  ttlMs?: number;
  /** How long to wait for it before giving up (LockTimeoutError). */
  waitMs?: number;
}

/** Runs `fn` holding every named lock; names are taken in sorted order so callers never deadlock. */
export async function withLocks<T>(names: string[], fn: () => Promise<T>, opts: LockOptions = {}): Promise<T> {
  const ttlMs = opts.ttlMs ?? 30_000;
  const waitMs = opts.waitMs ?? 30_000;
  const sorted = [...new Set(names)].sort();
  const token = randomBytes(12).toString("hex");
  const held: Array<{ key: string; releaseLocal: () => void; inRedis: boolean }> = [];
  const renewal = setInterval(
    () => {
      for (const h of held) if (h.inRedis) void redis().eval(RENEW, 1, h.key, token, String(ttlMs)).catch(() => undefined);
    },
    Math.max(50, Math.floor(ttlMs / 3)),
  );
  try {
    for (const name of sorted) {
      const releaseLocal = await localAcquire(name);
      const entry = { key: rkey("lock", name), releaseLocal, inRedis: false };
      held.push(entry);
      await redisAcquire(entry.key, token, ttlMs, waitMs);
      entry.inRedis = true;
    }
    return await fn();
  } finally {
    clearInterval(renewal);
    for (const h of held.reverse()) {
      if (h.inRedis) await redis().eval(RELEASE, 1, h.key, token).catch(() => undefined);
      h.releaseLocal();
    }
  }
}
