import mongoose, { Schema, type Model } from "mongoose";

// A system notice written by an admin (spec section 3 admin entities: title, content, recipient all,
// designated or admin; pushed). The hourly job turns each unpushed notice into system messages.

import { NOTICE_RECIPIENTS, type NoticeRecipient } from "~/lib/community";

export interface NoticeDoc {
  _id: number;
  title: string;
  content: string;
  type: NoticeRecipient;
  /** The designated user's uid (type Single). */
  recipientId: string | null;
  /** Whether it has been pushed into the recipients' system messages. */
  state: boolean;
  adminId: string;
  adminUsername: string;
  gmtCreate: Date;
  gmtModified: Date;
}

const noticeSchema = new Schema<NoticeDoc>(
  {
    _id: { type: Number, required: true },
    title: { type: String, required: true },
    content: { type: String, required: true },
    type: { type: String, required: true, enum: NOTICE_RECIPIENTS },
    recipientId: { type: String, default: null },
    state: { type: Boolean, default: false },
    adminId: { type: String, required: true },
    adminUsername: { type: String, default: "" },
    gmtCreate: { type: Date, default: () => new Date() },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
noticeSchema.index({ state: 1, _id: 1 });

export const Notice: Model<NoticeDoc> = (mongoose.models.Notice as Model<NoticeDoc>) ?? mongoose.model<NoticeDoc>("Notice", noticeSchema, "notices");
