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
  /** First solved after the training's due time (app/lib/homework.ts). */
  late?: boolean;
  /** What the first solve earns: 1 on time, the late factor, 0 when it does not count. */
  credit?: number;
  /** False for a late solve that earns nothing (the "none" rule, or after the hard end). */
  counted?: boolean;
}

export interface TrainingRankDoc {
  _id: string;
  tid: number;
  uid: string;
  ac: number;
  totalRunTime: number;
  /** Problems solved by the training's due time (all solved ones when it has none). */
  onTimeAc?: number;
  /** Problems first solved after the due time (counted or not). */
  lateAc?: number;
  /** The sum of the solves' credits: on time 1 each, late ones their factor. */
  weightedScore?: number;
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
    onTimeAc: { type: Number, default: 0 },
    lateAc: { type: Number, default: 0 },
    weightedScore: { type: Number, default: 0 },
    submissionInfo: { type: Schema.Types.Mixed, default: {} },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false, minimize: false },
);
trainingRankSchema.index({ tid: 1, ac: -1, totalRunTime: 1 });
trainingRankSchema.index({ tid: 1, weightedScore: -1, ac: -1, totalRunTime: 1 });

export const TrainingRank: Model<TrainingRankDoc> =
  (mongoose.models.TrainingRank as Model<TrainingRankDoc>) ??
  mongoose.model<TrainingRankDoc>("TrainingRank", trainingRankSchema, "training_ranks");
