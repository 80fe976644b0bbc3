import { Discussion } from "~/models/discussion.server";
import { logger } from "../platform/logger.server";
import { redis, rkey } from "../platform/redis.server";

// Views of discussions: counted in Redis as they happen and moved into the store every half
// minute, so reading a discussion costs no write to the store (the development store writes one
// at a time). What is shown is the stored count plus the views not moved yet.

const KEY = () => rkey("discussion-views");
export const VIEW_FLUSH_MS = 30_000;

/** Counts one view; without Redis the store is written directly. */
export async function viewed(did: number): Promise<void> {
  try {
    await redis().hincrby(KEY(), String(did), 1);
  } catch {
    await Discussion.updateOne({ _id: did }, { $inc: { viewNum: 1 } });
  }
}

/** Views counted and not yet in the store. */
export async function pendingViews(did: number): Promise<number> {
  try {
    return Number((await redis().hget(KEY(), String(did))) ?? 0) || 0;
  } catch {
    return 0;
  }
}

/** Moves the counted views into the store: each is added there, then taken off the count. */
export async function flushViews(): Promise<number> {
  const all = await redis().hgetall(KEY());
  let moved = 0;
  for (const [field, raw] of Object.entries(all)) {
    const n = Number(raw);
    if (!Number.isInteger(n) || n <= 0) continue;
    await Discussion.updateOne({ _id: Number(field) }, { $inc: { viewNum: n } });
    await redis().hincrby(KEY(), field, -n);
    moved += n;
  }
  return moved;
}

export function startViewFlush(intervalMs = VIEW_FLUSH_MS): { stop: () => Promise<void> } {
  const run = () => flushViews().catch((err: unknown) => logger.warn({ err }, "discussion views were not moved to the store this time"));
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref?.();
  return {
    async stop() {
      clearInterval(timer);
      await run();
    },
  };
}
