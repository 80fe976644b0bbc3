// The judge-service entry point: filled in by the judging work (task consumer, sandbox, checkers).
import { Redis } from "ioredis";
import pino from "pino";

const log = pino({ level: process.env.LOG_LEVEL ?? "info", base: { svc: "judge" } });
const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", { maxRetriesPerRequest: null });
await redis.ping();
log.info({ sandbox: process.env.GO_JUDGE_URL }, "judge-service connected");

async function stop() {
  await redis.quit().catch(() => undefined);
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
