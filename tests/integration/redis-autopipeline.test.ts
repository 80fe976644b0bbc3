import { RateLimiterRedis } from "rate-limiter-flexible";
import { afterAll, describe, expect, it } from "vitest";
import { closeRedis, redis, rkey } from "~/services/platform/redis.server";

// The shared Redis client pipelines commands of one turn of the event loop together. A rate limiter
// made while such a pipeline waits behind one in flight defines its Lua command too late for that
// pipeline; its first command must still be answered, and nothing may be thrown outside a caller
// (ioredis throws from its own callback then, which ends the web process).

afterAll(async () => {
  await closeRedis();
});

describe("the shared Redis client", () => {
  it("answers a new rate limiter's first command while an automatic pipeline is in flight", async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on("uncaughtException", onUncaught);
    try {
      const r = redis();
      await r.ping();
      for (let round = 0; round < 20; round++) {
        // A pipeline is sent (in flight until Redis answers)…
        const first = r.get(rkey("ap", "first"));
        await new Promise((resolve) => setImmediate(resolve));
        // …a second one opens behind it, and a limiter is made and used in the same turn.
        const second = r.get(rkey("ap", "second"));
        const limiter = new RateLimiterRedis({ storeClient: r, keyPrefix: rkey("ap", `rl${round}`), points: 5, duration: 60 });
        const consumed = limiter.consume("k");
        await expect(Promise.all([first, second, consumed])).resolves.toHaveLength(3);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  });
});
