import mongoose, { Schema, type Model } from "mongoose";

// One member's kept row of a group's rank: what they solved and scored in the group's own
// problems, trainings and contests, recomputed from their submissions there whenever one of their
// verdicts is applied (app/services/group/rank.server.ts), so the rank page reads rows and never
// scans submissions. `_id` is "<gid>:<uid>".

export interface GroupRankDoc {
  _id: string;
  gid: number;
  uid: string;
  /** Problems accepted. */
  ac: number;
  /** Judged submissions. */
  total: number;
  /** The best OI score per problem, summed. */
  score: number;
  gmtModified: Date;
}

const groupRankSchema = new Schema<GroupRankDoc>(
  {
    _id: { type: String, required: true },
    gid: { type: Number, required: true },
    uid: { type: String, required: true },
    ac: { type: Number, default: 0 },
    total: { type: Number, default: 0 },
    score: { type: Number, default: 0 },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
groupRankSchema.index({ gid: 1 });

export const GroupRank: Model<GroupRankDoc> =
  (mongoose.models.GroupRank as Model<GroupRankDoc>) ?? mongoose.model<GroupRankDoc>("GroupRank", groupRankSchema, "group_ranks");
