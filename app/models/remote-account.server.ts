import mongoose, { Schema, type Model } from "mongoose";

// Accounts on the remote judges (spec section 3, remote judge accounts): the remote workers sign in
// with them. The password is kept as is, since the worker must type it into the remote site.

export interface RemoteAccountDoc {
  _id: mongoose.Types.ObjectId;
  /** A remote OJ (REMOTE_OJS in app/lib/problem.ts). */
  oj: string;
  username: string;
  password: string;
  gmtCreate: Date;
}

const remoteAccountSchema = new Schema<RemoteAccountDoc>(
  {
    oj: { type: String, required: true },
    username: { type: String, required: true },
    password: { type: String, required: true },
    gmtCreate: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
remoteAccountSchema.index({ oj: 1, username: 1 }, { unique: true });

export const RemoteAccountModel: Model<RemoteAccountDoc> =
  (mongoose.models.RemoteAccount as Model<RemoteAccountDoc>) ?? mongoose.model<RemoteAccountDoc>("RemoteAccount", remoteAccountSchema, "remote_accounts");
