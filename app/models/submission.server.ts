import mongoose, { Schema, type Model } from "mongoose";
import type { CaseResult } from "~/lib/judge-protocol";

// A submission (HOJ "judge"; spec section 3). Numeric `_id` is the submitId. Per-case results are
// embedded: one document holds everything the detail page shows.

export interface SubmissionDoc {
  _id: number;
  pid: number;
  /** The problem's display id at submit time. */
  displayPid: string;
  /** Contest display id (contest submissions). */
  displayId: string;
  /** 0 when not in a contest. */
  cid: number;
  /** Training id when submitted from a training (0 otherwise). */
  tid: number;
  gid: number | null;
  uid: string;
  username: string;
  title: string;
  status: number;
  score: number;
  oiRankScore: number;
  /** ms */
  time: number;
  /** KB */
  memory: number;
  /** bytes of code */
  length: number;
  language: string;
  code: string;
  errorMessage: string;
  submitTime: Date;
  judger: string;
  isManual: boolean;
  share: boolean;
  ip: string;
  /**
   * Increases on every rejudge, cancel and manual judgement; judge results of an older attempt
   * are ignored.
   */
  attempt: number;
  /** The final status this submission currently contributes to the problem counters (null: none). */
  countedStatus: number | null;
  /**
   * Attempt whose change of `countedStatus` (or of the OI rank score) was last written. While that
   * change is being carried to the problem, user and first-AC records, an entry for the submission
   * exists in judge_counter_journal; one left there by a crash is repaired by recomputing those
   * records exactly (judge-apply.server.ts).
   */
  countersApplied: number;
  /**
   * Revision, increased by every write of the judging fields (status, score, time, memory, cases,
   * attempt, counted status...), which all go through applyJudgeEvents: writes are compare-and-set
   * on it. Other fields (share) are written directly.
   */
  rev: number;
  /** How many times the sweeper queued this attempt again after its task was lost. */
  requeues: number;
  caseResults: CaseResult[];
  gmtModified: Date;
}

const caseResultSchema = new Schema<CaseResult>(
  {
    index: Number,
    status: Number,
    time: Number,
    memory: Number,
    score: Number,
    groupNum: Number,
    inputData: String,
    outputData: String,
    userOutput: String,
    message: String,
  },
  { _id: false },
);

const submissionSchema = new Schema<SubmissionDoc>(
  {
    _id: { type: Number, required: true },
    pid: { type: Number, required: true },
    displayPid: { type: String, default: "" },
    displayId: { type: String, default: "" },
    cid: { type: Number, default: 0 },
    tid: { type: Number, default: 0 },
    gid: { type: Number, default: null },
    uid: { type: String, required: true },
    username: { type: String, required: true },
    title: { type: String, default: "" },
    status: { type: Number, required: true },
    score: { type: Number, default: 0 },
    oiRankScore: { type: Number, default: 0 },
    time: { type: Number, default: 0 },
    memory: { type: Number, default: 0 },
    length: { type: Number, default: 0 },
    language: { type: String, required: true },
    code: { type: String, required: true },
    errorMessage: { type: String, default: "" },
    submitTime: { type: Date, default: () => new Date() },
    judger: { type: String, default: "" },
    isManual: { type: Boolean, default: false },
    share: { type: Boolean, default: false },
    ip: { type: String, default: "" },
    attempt: { type: Number, default: 1 },
    countedStatus: { type: Number, default: null },
    countersApplied: { type: Number, default: 0 },
    rev: { type: Number, default: 0 },
    requeues: { type: Number, default: 0 },
    caseResults: { type: [caseResultSchema], default: [] },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
// List pages sort by id descending and filter by user, problem, status or contest.
submissionSchema.index({ uid: 1, _id: -1 });
submissionSchema.index({ pid: 1, _id: -1 });
submissionSchema.index({ status: 1, _id: -1 });
submissionSchema.index({ cid: 1, _id: -1 });
// A training's record list.
submissionSchema.index({ tid: 1, _id: -1 });
// A group's submissions (its rank, its record list).
submissionSchema.index({ gid: 1, _id: -1 });
submissionSchema.index({ submitTime: -1 });
// A user's submissions to one problem (solved list upkeep, "my submissions" of a problem).
submissionSchema.index({ uid: 1, pid: 1, _id: -1 });

export const Submission: Model<SubmissionDoc> =
  (mongoose.models.Submission as Model<SubmissionDoc>) ??
  mongoose.model<SubmissionDoc>("Submission", submissionSchema, "submissions");
