import mongoose, { Schema, type Model } from "mongoose";

// A group (spec section 3, HOJ's group): a teacher's own space with its problems, trainings,
// contests, announcements and discussions. `memberCount` (members of auth 3 to 5) is kept with
// $inc by the membership writes (app/services/group/members.server.ts), never recomputed per request.
// `shortNameLower` makes the short name unique whatever its case.

export interface GroupDoc {
  _id: number;
  avatar: string;
  name: string;
  shortName: string;
  shortNameLower: string;
  brief: string;
  description: string;
  /** The owner's username and id. */
  owner: string;
  uid: string;
  /** 1 public, 2 protected, 3 private. */
  auth: number;
  /** The invitation code (6 characters; empty for a public group). */
  code: string;
  /** Listed on the group list (true) or reached by its members only. */
  visible: boolean;
  /** 0 normal, 1 disabled by a site admin. */
  status: number;
  memberCount: number;
  gmtCreate: Date;
  gmtModified: Date;
}

const groupSchema = new Schema<GroupDoc>(
  {
    _id: { type: Number, required: true },
    avatar: { type: String, default: "" },
    name: { type: String, required: true },
    shortName: { type: String, required: true },
    shortNameLower: { type: String, required: true },
    brief: { type: String, default: "" },
    description: { type: String, default: "" },
    owner: { type: String, required: true },
    uid: { type: String, required: true },
    auth: { type: Number, default: 1 },
    code: { type: String, default: "" },
    visible: { type: Boolean, default: true },
    status: { type: Number, default: 0 },
    memberCount: { type: Number, default: 0 },
    gmtCreate: { type: Date, default: () => new Date() },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
groupSchema.index({ shortNameLower: 1 }, { unique: true });
groupSchema.index({ uid: 1, gmtCreate: -1 });
groupSchema.index({ visible: 1, status: 1 });

export const Group: Model<GroupDoc> = (mongoose.models.Group as Model<GroupDoc>) ?? mongoose.model<GroupDoc>("Group", groupSchema, "groups");
