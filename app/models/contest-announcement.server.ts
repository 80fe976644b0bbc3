import mongoose, { Schema, type Model } from "mongoose";

// Announcements of a contest (spec section 3), and which of them each user has read.

export interface ContestAnnouncementDoc {
  _id: number;
  cid: number;
  title: string;
  content: string;
  uid: string;
  username: string;
  visible: boolean;
  gmtCreate: Date;
  gmtModified: Date;
}

const contestAnnouncementSchema = new Schema<ContestAnnouncementDoc>(
  {
    _id: { type: Number, required: true },
    cid: { type: Number, required: true },
    title: { type: String, required: true },
    content: { type: String, default: "" },
    uid: { type: String, required: true },
    username: { type: String, required: true },
    visible: { type: Boolean, default: true },
    gmtCreate: { type: Date, default: () => new Date() },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
contestAnnouncementSchema.index({ cid: 1, _id: -1 });

export const ContestAnnouncement: Model<ContestAnnouncementDoc> =
  (mongoose.models.ContestAnnouncement as Model<ContestAnnouncementDoc>) ??
  mongoose.model<ContestAnnouncementDoc>("ContestAnnouncement", contestAnnouncementSchema, "contest_announcements");

/** A read mark: `_id` is "<announcement id>:<uid>". */
export interface ContestAnnouncementReadDoc {
  _id: string;
  cid: number;
  uid: string;
  aid: number;
}

const readSchema = new Schema<ContestAnnouncementReadDoc>(
  {
    _id: { type: String, required: true },
    cid: { type: Number, required: true },
    uid: { type: String, required: true },
    aid: { type: Number, required: true },
  },
  { versionKey: false },
);
readSchema.index({ uid: 1, cid: 1 });

export const ContestAnnouncementRead: Model<ContestAnnouncementReadDoc> =
  (mongoose.models.ContestAnnouncementRead as Model<ContestAnnouncementReadDoc>) ??
  mongoose.model<ContestAnnouncementReadDoc>("ContestAnnouncementRead", readSchema, "contest_announcement_reads");
