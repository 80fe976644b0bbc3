import mongoose, { Schema, type Model } from "mongoose";

// A problem of a training (HOJ's training_problem): the bank problem `pid`, shown under its own
// display id, in the order of `rank` (then the id).

export interface TrainingProblemDoc {
  _id: number;
  tid: number;
  pid: number;
  /** The problem's display id when it was added (P1001). */
  displayId: string;
  rank: number;
  gmtCreate: Date;
}

const trainingProblemSchema = new Schema<TrainingProblemDoc>(
  {
    _id: { type: Number, required: true },
    tid: { type: Number, required: true },
    pid: { type: Number, required: true },
    displayId: { type: String, default: "" },
    rank: { type: Number, default: 0 },
    gmtCreate: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
trainingProblemSchema.index({ tid: 1, pid: 1 }, { unique: true });
trainingProblemSchema.index({ pid: 1 });

export const TrainingProblem: Model<TrainingProblemDoc> =
  (mongoose.models.TrainingProblem as Model<TrainingProblemDoc>) ??
  mongoose.model<TrainingProblemDoc>("TrainingProblem", trainingProblemSchema, "training_problems");
