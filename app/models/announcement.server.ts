import mongoose, { Schema, type Model } from "mongoose";

// Site (and later group) announcements, HOJ's Announcement: shown on the home page, 5 a page.
// Written by the admin announcement screens (the community issue); read by site/announcements.

export interface AnnouncementDoc {
  _id: number;
  title: string;
  content: string;
  uid: string;
  username: string;
  /** 0 visible, 1 hidden. */
  status: number;
  /** null: the site's; a group's id otherwise. */
  gid: number | null;
  gmtCreate: Date;
  gmtModified: Date;
}

const announcementSchema = new Schema<AnnouncementDoc>(
  {
    _id: { type: Number, required: true },
    title: { type: String, required: true },
    content: { type: String, default: "" },
    uid: { type: String, default: "" },
    username: { type: String, default: "" },
    status: { type: Number, default: 0 },
    gid: { type: Number, default: null },
    gmtCreate: { type: Date, default: () => new Date() },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
announcementSchema.index({ gid: 1, status: 1, _id: -1 });

export const Announcement: Model<AnnouncementDoc> =
  (mongoose.models.Announcement as Model<AnnouncementDoc>) ??
  mongoose.model<AnnouncementDoc>("Announcement", announcementSchema, "announcements");
