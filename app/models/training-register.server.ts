import mongoose, { Schema, type Model } from "mongoose";

// A user's registration in a private training (HOJ's training_register), made with the password.
// `_id` is "<tid>:<uid>", unique without a compound index.

export interface TrainingRegisterDoc {
  _id: string;
  tid: number;
  uid: string;
  username: string;
  gmtCreate: Date;
}

const trainingRegisterSchema = new Schema<TrainingRegisterDoc>(
  {
    _id: { type: String, required: true },
    tid: { type: Number, required: true },
    uid: { type: String, required: true },
    username: { type: String, required: true },
    gmtCreate: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
trainingRegisterSchema.index({ tid: 1 });

export function trainingUserKey(tid: number, uid: string): string {
  return `${tid}:${uid}`;
}

export const TrainingRegister: Model<TrainingRegisterDoc> =
  (mongoose.models.TrainingRegister as Model<TrainingRegisterDoc>) ??
  mongoose.model<TrainingRegisterDoc>("TrainingRegister", trainingRegisterSchema, "training_registers");
