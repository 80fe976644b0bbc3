import mongoose, { Schema, type Model } from "mongoose";

// A user's place in a group (spec section 3, HOJ's group_member): applying, refused, member, admin
// or root, with the reason given when applying. `_id` is "<gid>:<uid>", unique without a compound
// index, so applying twice cannot store two rows.

export interface GroupMemberDoc {
  _id: string;
  gid: number;
  uid: string;
  username: string;
  /** 1 applying, 2 refused, 3 general member, 4 group admin, 5 group root. */
  auth: number;
  reason: string;
  gmtCreate: Date;
  gmtModified: Date;
}

const groupMemberSchema = new Schema<GroupMemberDoc>(
  {
    _id: { type: String, required: true },
    gid: { type: Number, required: true },
    uid: { type: String, required: true },
    username: { type: String, required: true },
    auth: { type: Number, required: true },
    reason: { type: String, default: "" },
    gmtCreate: { type: Date, default: () => new Date() },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
groupMemberSchema.index({ gid: 1, auth: 1 });
groupMemberSchema.index({ uid: 1 });

export function groupMemberKey(gid: number, uid: string): string {
  return `${gid}:${uid}`;
}

export const GroupMember: Model<GroupMemberDoc> =
  (mongoose.models.GroupMember as Model<GroupMemberDoc>) ?? mongoose.model<GroupMemberDoc>("GroupMember", groupMemberSchema, "group_members");
