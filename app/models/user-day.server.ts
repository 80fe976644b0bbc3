import mongoose, { Schema, type Model } from "mongoose";

// One user's submissions on one day (the server's local day of the submit time), kept with $inc by
// the result applier (judging/apply.server.ts) as counted verdicts come and go. The home page's
// 7-day AC ranking and last-week statistics and the heat maps read these instead of scanning
// submissions. `_id` is "<uid>:<YYYY-MM-DD>", unique without a compound unique index.

export interface UserDayDoc {
  _id: string;
  uid: string;
  /** YYYY-MM-DD. */
  day: string;
  /** Submissions with a counted verdict (what counts in the bank's counters). */
  submits: number;
  /** Of those, accepted ones. */
  acs: number;
  /** Problems with an accepted submission that day. */
  acPids: number[];
}

const userDaySchema = new Schema<UserDayDoc>(
  {
    _id: { type: String, required: true },
    uid: { type: String, required: true },
    day: { type: String, required: true },
    submits: { type: Number, default: 0 },
    acs: { type: Number, default: 0 },
    acPids: { type: [Number], default: [] },
  },
  { versionKey: false },
);
userDaySchema.index({ day: 1 });
userDaySchema.index({ uid: 1, day: 1 });

export const UserDay: Model<UserDayDoc> =
  (mongoose.models.UserDay as Model<UserDayDoc>) ?? mongoose.model<UserDayDoc>("UserDay", userDaySchema, "user_days");

export function userDayKey(uid: string, day: string): string {
  return `${uid}:${day}`;
}
