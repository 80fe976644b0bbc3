import mongoose from "mongoose";
import { env } from "./env.server";
import { logger } from "./logger.server";

// One connection per process. Every query must run on MongoDB and on FerretDB 1.24
// (no $lookup, $facet, transactions, text indexes, collation, $elemMatch projections).

mongoose.set("strictQuery", true);
// Indexes are created explicitly at start-up (ensureIndexes), not lazily per model.
mongoose.set("autoIndex", false);

let connecting: Promise<typeof mongoose> | null = null;

export function connectDb(uri = env.mongodbUri): Promise<typeof mongoose> {
  if (!connecting) {
    connecting = mongoose
      .connect(uri, { serverSelectionTimeoutMS: 30_000, maxPoolSize: 20 })
      .then((m) => {
        logger.info({ db: m.connection.name }, "database connected");
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
