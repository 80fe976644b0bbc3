import mongoose, { Schema, type Model } from "mongoose";

// A training category (spec section 3): a name and a colour, of the site (gid null) or a group.

export interface TrainingCategoryDoc {
  _id: number;
  name: string;
  /** A CSS colour (#rgb or #rrggbb); the text on it is chosen for contrast (chipStyle). */
  color: string;
  gid: number | null;
  gmtCreate: Date;
  gmtModified: Date;
}

const trainingCategorySchema = new Schema<TrainingCategoryDoc>(
  {
    _id: { type: Number, required: true },
    name: { type: String, required: true },
    color: { type: String, default: "#2d8cf0" },
    gid: { type: Number, default: null },
    gmtCreate: { type: Date, default: () => new Date() },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
trainingCategorySchema.index({ gid: 1 });

export const TrainingCategory: Model<TrainingCategoryDoc> =
  (mongoose.models.TrainingCategory as Model<TrainingCategoryDoc>) ??
  mongoose.model<TrainingCategoryDoc>("TrainingCategory", trainingCategorySchema, "training_categories");
