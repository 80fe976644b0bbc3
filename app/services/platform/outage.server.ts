import mongoose from "mongoose";

// Which failures mean that the store or Redis cannot be reached (rather than a bug or a refused
// request): the edge answers those with 503 and a clear message instead of a 500, a 401 or a hang.

export type Service = "store" | "redis";

/** MongoDB server codes of a server that is shutting down, stepping down or out of time. */
const STORE_DOWN_CODES = new Set([50, 91, 189, 10107, 11600, 11602, 13435, 13436]);
const STORE_DOWN_NAMES = new Set([
  "MongooseServerSelectionError",
  "MongoServerSelectionError",
  "MongoNetworkError",
  "MongoNetworkTimeoutError",
  "MongoNotConnectedError",
  "MongoTopologyClosedError",
  "MongoPoolClearedError",
  "MongoWaitQueueTimeoutError",
  "MongoOperationTimeoutError",
  "MongoServerClosedError",
]);
const REDIS_DOWN_MESSAGES = [/^Command timed out/, /^Connection is closed/, /enableOfflineQueue options is false/, /^Reached the max retries per request limit/];
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

function storeDown(err: Error & { code?: unknown }): boolean {
  if (STORE_DOWN_NAMES.has(err.name)) return true;
  if (err instanceof mongoose.mongo.MongoNetworkError || err instanceof mongoose.mongo.MongoServerSelectionError) return true;
  // Mongoose waits this long for a connection before it gives up on an operation.
  if (err.name === "MongooseError" && /buffering timed out/.test(err.message)) return true;
  return err instanceof mongoose.mongo.MongoServerError && typeof err.code === "number" && STORE_DOWN_CODES.has(err.code);
}

function redisDown(err: Error & { code?: unknown }): boolean {
  if (err.name === "MaxRetriesPerRequestError") return true;
  if (REDIS_DOWN_MESSAGES.some((r) => r.test(err.message))) return true;
  // A bare socket error: the MongoDB driver wraps its own in MongoNetworkError, so this is Redis's.
  return typeof err.code === "string" && SOCKET_CODES.has(err.code);
}

/** The service an error says is unreachable, looking through its causes; null for any other error. */
export function unreachableService(err: unknown): Service | null {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e instanceof Error; depth++) {
    if (storeDown(e)) return "store";
    if (redisDown(e)) return "redis";
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
