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
  /**
   * Homework (app/lib/homework.ts): the due time (null: none, everything is on time), what a late
   * solve earns ("none": nothing; "penalty": a percentage less per started period, never below
   * the floor) and a hard end after which nothing counts. A training made before these fields has
   * none of them, which reads as no due time.
   */
  dueAt?: Date | null;
  hardEndAt?: Date | null;
  lateRule?: string;
  latePenaltyPercent?: number;
  latePeriodHours?: number;
  lateFloorPercent?: number;
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
    dueAt: { type: Date, default: null },
    hardEndAt: { type: Date, default: null },
    lateRule: { type: String, default: "none" },
    latePenaltyPercent: { type: Number, default: 10 },
    latePeriodHours: { type: Number, default: 24 },
    lateFloorPercent: { type: Number, default: 0 },
    gmtCreate: { type: Date, default: () => new Date() },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
trainingSchema.index({ gid: 1, rank: 1 });
trainingSchema.index({ categoryId: 1 });

export const Training: Model<TrainingDoc> =
  (mongoose.models.Training as Model<TrainingDoc>) ?? mongoose.model<TrainingDoc>("Training", trainingSchema, "trainings");
