import mongoose, { Schema, type Model } from "mongoose";

// Numeric ids (problem id, submission id, tag id...) as HOJ's API exposes them, taken from one
// counter document per sequence with an atomic $inc (portable to FerretDB).

interface CounterDoc {
  _id: string;
  seq: number;
}

const counterSchema = new Schema<CounterDoc>({ _id: String, seq: { type: Number, default: 0 } }, { versionKey: false });

export const Counter: Model<CounterDoc> =
  (mongoose.models.Counter as Model<CounterDoc>) ?? mongoose.model<CounterDoc>("Counter", counterSchema, "counters");

// FerretDB 1.24 (SQLite) does not make findAndModify atomic against a concurrent one: two calls at
// once can return the same number. Calls of one process are therefore made one after the other;
// inserts keyed by these ids still meet the unique _id index, so a caller that can be raced by
// another process retries on a duplicate key (see createSubmission).
const tails = new Map<string, Promise<unknown>>();

function oneAtATime<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const run = (tails.get(name) ?? Promise.resolve()).then(fn, fn);
  const tail = run.catch(() => undefined);
  tails.set(name, tail);
  void tail.then(() => {
    if (tails.get(name) === tail) tails.delete(name);
  });
  return run;
}

export async function nextSeq(name: string): Promise<number> {
  return reserveSeq(name, 1);
}

/** Reserves `count` consecutive ids and returns the first. */
export async function reserveSeq(name: string, count: number): Promise<number> {
  return oneAtATime(name, async () => {
    const bump = () => Counter.findOneAndUpdate({ _id: name }, { $inc: { seq: count } }, { upsert: true, new: true }).lean();
    let doc;
    try {
      doc = await bump();
    } catch (err) {
      // Two processes creating the same new sequence at once: one insert wins, the other meets the
      // unique _id; the document exists now, so the $inc is made again on it.
      if ((err as { code?: number }).code !== 11000) throw err;
      doc = await bump();
    }
    return doc!.seq - count + 1;
  });
}
