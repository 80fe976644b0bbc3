import mongoose, { Schema, type Model } from "mongoose";

// A training (spec section 3, HOJ's training): a numbered list of bank problems in a category,
// public or private (a password registers a user). It belongs to the site (gid null) or to a
// group. `problemCount` is kept by the training problem writes (app/services/training/problems.server.ts).

export interface TrainingDoc {
  _id: number;
  title: string;
  description: string;
  /** "Public" or "Private" (HOJ's words). */
  auth: string;
  privatePwd: string;
  /** Shown (true) or hidden from everyone but its admins. */
  status: boolean;
  /** The training's number: the list is sorted by it, ascending (0..2147483647, default 1000). */
  rank: number;
  categoryId: number | null;
  gid: number | null;
  /** Creator. */
  uid: string;
  author: string;
  problemCount: number;
  gmtCreate: Date;
  gmtModified: Date;
}

const trainingSchema = new Schema<TrainingDoc>(
  {
    _id: { type: Number, required: true },
    title: { type: String, required: true },
    description: { type: String, default: "" },
    auth: { type: String, default: "Public" },
    privatePwd: { type: String, default: "" },
    status: { type: Boolean, default: true },
    rank: { type: Number, default: 1000 },
    categoryId: { type: Number, default: null },
    gid: { type: Number, default: null },
    uid: { type: String, required: true },
    author: { type: String, required: true },
    problemCount: { type: Number, default: 0 },
    gmtCreate: { type: Date, default: () => new Date() },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
trainingSchema.index({ gid: 1, rank: 1 });
trainingSchema.index({ categoryId: 1 });

export const Training: Model<TrainingDoc> =
  (mongoose.models.Training as Model<TrainingDoc>) ?? mongoose.model<TrainingDoc>("Training", trainingSchema, "trainings");
