import mongoose, { Schema, type Model } from "mongoose";

// Text a contestant asks to have printed (spec section 3): 0 not printed, 1 printed.

export interface ContestPrintDoc {
  _id: number;
  cid: number;
  uid: string;
  username: string;
  realname: string;
  content: string;
  status: number;
  gmtCreate: Date;
  gmtModified: Date;
}

const contestPrintSchema = new Schema<ContestPrintDoc>(
  {
    _id: { type: Number, required: true },
    cid: { type: Number, required: true },
    uid: { type: String, required: true },
    username: { type: String, required: true },
    realname: { type: String, default: "" },
    content: { type: String, required: true },
    status: { type: Number, default: 0 },
    gmtCreate: { type: Date, default: () => new Date() },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
contestPrintSchema.index({ cid: 1, _id: -1 });

export const ContestPrint: Model<ContestPrintDoc> =
  (mongoose.models.ContestPrint as Model<ContestPrintDoc>) ??
  mongoose.model<ContestPrintDoc>("ContestPrint", contestPrintSchema, "contest_prints");

/** The AC helper's Checked mark of one accepted contest submission (`_id`: the submission id). */
export interface ContestAcCheckDoc {
  _id: number;
  cid: number;
  checked: boolean;
}

const acCheckSchema = new Schema<ContestAcCheckDoc>(
  { _id: { type: Number, required: true }, cid: { type: Number, required: true }, checked: { type: Boolean, default: false } },
  { versionKey: false },
);
acCheckSchema.index({ cid: 1 });

export const ContestAcCheck: Model<ContestAcCheckDoc> =
  (mongoose.models.ContestAcCheck as Model<ContestAcCheckDoc>) ??
  mongoose.model<ContestAcCheckDoc>("ContestAcCheck", acCheckSchema, "contest_ac_checks");
