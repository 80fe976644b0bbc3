import mongoose, { Schema, type Model } from "mongoose";

// The first accepted submission of a user on a problem, per contest (cid 0: outside contests).
// Kept by the judge result applier; contest "first AC" marks, first blood and AC-time ranks read
// it instead of scanning submissions. `_id` is "<cid>:<uid>:<pid>", which makes it unique without
// a compound unique index.

export interface FirstAcDoc {
  _id: string;
  cid: number;
  uid: string;
  pid: number;
  submitId: number;
  /** Submit time of that submission. */
  time: Date;
}

const firstAcSchema = new Schema<FirstAcDoc>(
  {
    _id: { type: String, required: true },
    cid: { type: Number, required: true },
    uid: { type: String, required: true },
    pid: { type: Number, required: true },
    submitId: { type: Number, required: true },
    time: { type: Date, required: true },
  },
  { versionKey: false },
);
// First blood of a contest problem: the earliest first AC among users.
firstAcSchema.index({ cid: 1, pid: 1, time: 1 });
firstAcSchema.index({ uid: 1, cid: 1 });

export const FirstAc: Model<FirstAcDoc> =
  (mongoose.models.FirstAc as Model<FirstAcDoc>) ?? mongoose.model<FirstAcDoc>("FirstAc", firstAcSchema, "first_acs");

export function firstAcKey(cid: number, uid: string, pid: number): string {
  return `${cid}:${uid}:${pid}`;
}
