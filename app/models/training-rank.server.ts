import mongoose, { Schema, type Model } from "mongoose";

// One user's kept row of a training's rank (HOJ's TrainingRankVO): recomputed from that user's
// submissions made in the training whenever one of their verdicts is applied
// (app/services/training/rank.server.ts), so the rank page reads sorted rows and never scans
// submissions. `_id` is "<tid>:<uid>".

export interface TrainingProblemCell {
  /** The latest verdict, or 0 once accepted. */
  status: number;
  score: number;
  isAC: boolean;
  /** Fastest accepted run (ms). */
  runTime: number;
}

export interface TrainingRankDoc {
  _id: string;
  tid: number;
  uid: string;
  ac: number;
  totalRunTime: number;
  /** By problem display id. */
  submissionInfo: Record<string, TrainingProblemCell>;
  gmtModified: Date;
}

const trainingRankSchema = new Schema<TrainingRankDoc>(
  {
    _id: { type: String, required: true },
    tid: { type: Number, required: true },
    uid: { type: String, required: true },
    ac: { type: Number, default: 0 },
    totalRunTime: { type: Number, default: 0 },
    submissionInfo: { type: Schema.Types.Mixed, default: {} },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false, minimize: false },
);
trainingRankSchema.index({ tid: 1, ac: -1, totalRunTime: 1 });

export const TrainingRank: Model<TrainingRankDoc> =
  (mongoose.models.TrainingRank as Model<TrainingRankDoc>) ??
  mongoose.model<TrainingRankDoc>("TrainingRank", trainingRankSchema, "training_ranks");
