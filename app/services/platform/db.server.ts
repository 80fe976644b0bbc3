import { AsyncLocalStorage } from "node:async_hooks";
import mongoose from "mongoose";
import { env } from "./env.server";
import { logger } from "./logger.server";

// One connection per process. Every query must run on MongoDB and on FerretDB 1.24
// (no $lookup, $facet, transactions, text indexes, collation, $elemMatch projections).

mongoose.set("strictQuery", true);
// Indexes are created explicitly at start-up (ensureIndexes), not lazily per model.
mongoose.set("autoIndex", false);
// An operation waits this long for a lost connection to come back, then fails (pages answer 503).
mongoose.set("bufferTimeoutMS", env.storeTimeoutMs);

let connecting: Promise<typeof mongoose> | null = null;

const WRITE_METHODS = [
  "insertOne",
  "insertMany",
  "updateOne",
  "updateMany",
  "replaceOne",
  "deleteOne",
  "deleteMany",
  "findOneAndUpdate",
  "findOneAndReplace",
  "findOneAndDelete",
  "bulkWrite",
] as const;

let writesSerialised = false;

/**
 * FerretDB 1.24 applies an update by reading the document and writing it back, without isolation
 * from a concurrent update of the same document: fifty simultaneous `$inc` of one field end far
 * below fifty, and two conditional updates can both match. With writes sent one at a time, every
 * update is atomic again (reads still run in parallel). This is done once, for the driver's
 * Collection, when the connected server says it is FerretDB; MongoDB is left untouched.
 */
export function serialiseWrites(): void {
  if (writesSerialised) return;
  writesSerialised = true;
  const proto = mongoose.mongo.Collection.prototype as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  let tail: Promise<unknown> = Promise.resolve();
  // A write method that calls another (the driver's insertMany calls bulkWrite) is already in its
  // turn: it must not queue behind itself.
  const inTurn = new AsyncLocalStorage<true>();
  for (const name of WRITE_METHODS) {
    const original = proto[name];
    proto[name] = function serialisedWrite(this: unknown, ...args: unknown[]) {
      if (inTurn.getStore()) return original.apply(this, args);
      const run = tail.then(() => inTurn.run(true, () => original.apply(this, args)));
      tail = run.catch(() => undefined);
      return run;
    };
  }
}

/** Whether the server behind a connection is FerretDB (it says so in buildInfo). */
export async function serverIsFerretDb(connection = mongoose.connection): Promise<boolean> {
  const info = await connection.db!.admin().command({ buildInfo: 1 });
  return Object.keys(info).some((k) => k.toLowerCase().startsWith("ferretdb"));
}

let watched = false;

/** Logs when the store goes away and comes back (the driver reconnects by itself). */
function watchConnection(): void {
  if (watched) return;
  watched = true;
  mongoose.connection.on("disconnected", () => logger.error("the store is unreachable; reconnecting"));
  mongoose.connection.on("reconnected", () => logger.info("the store is reachable again"));
}

export function connectDb(uri = env.mongodbUri): Promise<typeof mongoose> {
  if (!connecting) {
    watchConnection();
    connecting = mongoose
      .connect(uri, {
        // Every call is bounded: finding the server, connecting, and any reply.
        serverSelectionTimeoutMS: env.storeTimeoutMs,
        connectTimeoutMS: env.storeTimeoutMs,
        socketTimeoutMS: env.storeSocketTimeoutMs,
        waitQueueTimeoutMS: env.storeTimeoutMs,
        // A lost server is noticed within seconds (and logged), not after the next failed call.
        heartbeatFrequencyMS: 2000,
        maxPoolSize: 20,
      })
      .then(async (m) => {
        const ferret = await serverIsFerretDb(m.connection);
        if (ferret) serialiseWrites();
        logger.info({ db: m.connection.name, store: ferret ? "ferretdb" : "mongodb" }, "database connected");
        return m;
      })
      .catch((err: unknown) => {
        connecting = null;
        throw err;
      });
  }
  return connecting;
}

/** Creates the indexes of every registered model; safe to run on every start. */
export async function ensureIndexes(): Promise<void> {
  await connectDb();
  for (const model of Object.values(mongoose.models)) {
    await model.createIndexes();
  }
}

export async function disconnectDb(): Promise<void> {
  if (connecting) {
    await mongoose.disconnect();
    connecting = null;
  }
}
