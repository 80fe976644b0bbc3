import mongoose, { Schema, type Model } from "mongoose";

// Problem tags and tag classifications (spec section 3). `oj` is "ME" for this site's own problems.

export interface TagDoc {
  _id: number;
  name: string;
  /** Lower-cased name: tag search is case-insensitive and names are unique per OJ and group. */
  nameLower: string;
  color: string;
  oj: string;
  gid: number | null;
  /** Classification id, null when unclassified. */
  tcid: number | null;
  gmtCreate: Date;
  gmtModified: Date;
}

const tagSchema = new Schema<TagDoc>(
  {
    _id: { type: Number, required: true },
    name: { type: String, required: true },
    nameLower: { type: String, required: true },
    color: { type: String, default: "#2d8cf0" },
    oj: { type: String, default: "ME" },
    gid: { type: Number, default: null },
    tcid: { type: Number, default: null },
    gmtCreate: { type: Date, default: () => new Date() },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
tagSchema.index({ oj: 1, gid: 1, nameLower: 1 }, { unique: true });

export const Tag: Model<TagDoc> = (mongoose.models.Tag as Model<TagDoc>) ?? mongoose.model<TagDoc>("Tag", tagSchema, "tags");

export interface TagClassificationDoc {
  _id: number;
  name: string;
  oj: string;
  rank: number;
  gmtCreate: Date;
  gmtModified: Date;
}

const tagClassificationSchema = new Schema<TagClassificationDoc>(
  {
    _id: { type: Number, required: true },
    name: { type: String, required: true },
    oj: { type: String, default: "ME" },
    rank: { type: Number, default: 0 },
    gmtCreate: { type: Date, default: () => new Date() },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
tagClassificationSchema.index({ oj: 1, rank: 1 });

export const TagClassification: Model<TagClassificationDoc> =
  (mongoose.models.TagClassification as Model<TagClassificationDoc>) ??
  mongoose.model<TagClassificationDoc>("TagClassification", tagClassificationSchema, "tag_classifications");
