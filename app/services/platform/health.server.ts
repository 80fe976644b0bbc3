import mongoose from "mongoose";
import { connectDb } from "./db.server";
import { registerCollected } from "./metrics.server";
import { redis } from "./redis.server";

// /readyz of the web server: it can serve when the store and Redis answer. /healthz (server.ts)
// only says the process runs.

const CHECK_MS = 2000;

export interface Readiness {
  ready: boolean;
  /** "ok" or why not, per service. */
  checks: { store: string; redis: string };
}

/** `p`, or a failure when it takes longer than `ms`. */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))),
  ]).finally(() => clearTimeout(timer));
}

async function check(fn: () => Promise<unknown>): Promise<string> {
  try {
    await within(fn(), CHECK_MS);
    return "ok";
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

export async function readiness(): Promise<Readiness> {
  const [store, redisCheck] = await Promise.all([
    check(async () => {
      await connectDb();
      await mongoose.connection.db!.admin().ping();
    }),
    check(() => redis().ping()),
  ]);
  return { ready: store === "ok" && redisCheck === "ok", checks: { store, redis: redisCheck } };
}

registerCollected("oj_dependency_up", "1 when the web server reaches the service (store, redis), else 0", ["service"], async () => {
  const { checks } = await readiness();
  return (["store", "redis"] as const).map((service) => ({ labels: { service }, value: checks[service] === "ok" ? 1 : 0 }));
});
