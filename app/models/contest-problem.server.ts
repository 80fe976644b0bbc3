import mongoose, { Schema, type Model } from "mongoose";

// A problem of a contest (spec section 3, HOJ's contest_problem): the bank problem `pid` shown as
// `displayId` (unique per contest) with its own title and balloon colour. `ac` and `total` are
// kept by the board (app/services/contest/board.server.ts) as rows change; the first blood is
// the earliest accepted submission of a ranked participant.

export interface ContestProblemDoc {
  _id: number;
  cid: number;
  pid: number;
  displayId: string;
  /** Upper-cased display id: the uniqueness key within the contest. */
  displayIdUpper: string;
  displayTitle: string;
  color: string;
  /** Participants who solved it (within the contest's time). */
  ac: number;
  /** Judged submissions to it (within the contest's time). */
  total: number;
  firstBloodUid: string | null;
  firstBloodSubmitId: number | null;
  firstBloodTime: Date | null;
  gmtCreate: Date;
}

const contestProblemSchema = new Schema<ContestProblemDoc>(
  {
    _id: { type: Number, required: true },
    cid: { type: Number, required: true },
    pid: { type: Number, required: true },
    displayId: { type: String, required: true },
    displayIdUpper: { type: String, required: true },
    displayTitle: { type: String, default: "" },
    color: { type: String, default: "" },
    ac: { type: Number, default: 0 },
    total: { type: Number, default: 0 },
    firstBloodUid: { type: String, default: null },
    firstBloodSubmitId: { type: Number, default: null },
    firstBloodTime: { type: Date, default: null },
    gmtCreate: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
contestProblemSchema.index({ cid: 1, displayIdUpper: 1 }, { unique: true });
contestProblemSchema.index({ cid: 1, pid: 1 }, { unique: true });
contestProblemSchema.index({ pid: 1 });

export const ContestProblem: Model<ContestProblemDoc> =
  (mongoose.models.ContestProblem as Model<ContestProblemDoc>) ??
  mongoose.model<ContestProblemDoc>("ContestProblem", contestProblemSchema, "contest_problems");
