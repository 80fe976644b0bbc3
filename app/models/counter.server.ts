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

export async function nextSeq(name: string): Promise<number> {
  const doc = await Counter.findOneAndUpdate({ _id: name }, { $inc: { seq: 1 } }, { upsert: true, new: true }).lean();
  return doc!.seq;
}

/** Reserves `count` consecutive ids and returns the first. */
export async function reserveSeq(name: string, count: number): Promise<number> {
  const doc = await Counter.findOneAndUpdate({ _id: name }, { $inc: { seq: count } }, { upsert: true, new: true }).lean();
  return doc!.seq - count + 1;
}
