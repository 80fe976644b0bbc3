import mongoose, { Schema, type Model } from "mongoose";

// Server-side sessions: the cookie holds only the id, so a session can be revoked here.

export interface SessionDoc {
  _id: string;
  /** Empty for a visitor's session (it may still carry flash messages and puzzle state). */
  uid: string;
  data: Record<string, unknown>;
  ip: string;
  userAgent: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

const sessionSchema = new Schema<SessionDoc>(
  {
    _id: { type: String, required: true },
    uid: { type: String, default: "" },
    data: { type: Schema.Types.Mixed, default: {} },
    ip: { type: String, default: "" },
    userAgent: { type: String, default: "" },
    createdAt: { type: Date, default: () => new Date() },
    lastSeenAt: { type: Date, default: () => new Date() },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);
sessionSchema.index({ uid: 1 });
sessionSchema.index({ expiresAt: 1 });

export const Session: Model<SessionDoc> =
  (mongoose.models.Session as Model<SessionDoc>) ?? mongoose.model<SessionDoc>("Session", sessionSchema, "sessions");
