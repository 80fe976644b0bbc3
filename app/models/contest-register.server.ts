import mongoose, { Schema, type Model } from "mongoose";

// A user's registration in a private or protected contest (HOJ's contest_register): made by
// entering the password. `_id` is "<cid>:<uid>", unique without a compound index.

export interface ContestRegisterDoc {
  _id: string;
  cid: number;
  uid: string;
  username: string;
  gmtCreate: Date;
}

const contestRegisterSchema = new Schema<ContestRegisterDoc>(
  {
    _id: { type: String, required: true },
    cid: { type: Number, required: true },
    uid: { type: String, required: true },
    username: { type: String, required: true },
    gmtCreate: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
contestRegisterSchema.index({ cid: 1 });

export function contestRegisterKey(cid: number, uid: string): string {
  return `${cid}:${uid}`;
}

export const ContestRegister: Model<ContestRegisterDoc> =
  (mongoose.models.ContestRegister as Model<ContestRegisterDoc>) ??
  mongoose.model<ContestRegisterDoc>("ContestRegister", contestRegisterSchema, "contest_registers");
