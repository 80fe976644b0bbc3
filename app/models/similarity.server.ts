import mongoose, { Schema, type Model } from "mongoose";

// Code similarity checks (app/services/similarity/): a check asked for by an admin of a contest, a
// training or a group's problem set, run in the background; what it found is kept as pairs of
// submissions, one document each, with their shared fragments. Only the place's admins and the
// site's admins read them.

export type SimilarityPlaceKind = "contest" | "training" | "group";
export type SimilarityStatus = "queued" | "running" | "done" | "failed";
/** The latest accepted submission of each participant per problem, or every final one. */
export type SimilarityMode = "accepted" | "final";

export interface SimilarityCheckDoc {
  _id: number;
  kind: SimilarityPlaceKind;
  /** The contest's, training's or group's id. */
  placeId: number;
  /** One problem, or null for all of the place's problems. */
  pid: number | null;
  mode: SimilarityMode;
  status: SimilarityStatus;
  /** Groups of programs to compare (a problem in one language family) and how many are compared. */
  groups: number;
  groupsDone: number;
  /** Programs read, pairs compared, pairs kept. */
  files: number;
  compared: number;
  kept: number;
  /** A failure's translation key. */
  error: string | null;
  uid: string;
  username: string;
  gmtCreate: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** Written while the job runs: a running check whose heartbeat stopped was interrupted. */
  heartbeatAt: Date;
}

const checkSchema = new Schema<SimilarityCheckDoc>(
  {
    _id: { type: Number, required: true },
    kind: { type: String, required: true },
    placeId: { type: Number, required: true },
    pid: { type: Number, default: null },
    mode: { type: String, required: true },
    status: { type: String, required: true },
    groups: { type: Number, default: 0 },
    groupsDone: { type: Number, default: 0 },
    files: { type: Number, default: 0 },
    compared: { type: Number, default: 0 },
    kept: { type: Number, default: 0 },
    error: { type: String, default: null },
    uid: { type: String, required: true },
    username: { type: String, default: "" },
    gmtCreate: { type: Date, default: () => new Date() },
    startedAt: { type: Date, default: null },
    finishedAt: { type: Date, default: null },
    heartbeatAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
checkSchema.index({ kind: 1, placeId: 1, _id: -1 });

export const SimilarityCheck: Model<SimilarityCheckDoc> =
  (mongoose.models.SimilarityCheck as Model<SimilarityCheckDoc>) ??
  mongoose.model<SimilarityCheckDoc>("SimilarityCheck", checkSchema, "similarity_checks");

/** One side of a pair: the submission and what the report shows of it. */
export interface PairSide {
  sid: number;
  uid: string;
  username: string;
  language: string;
  lines: number;
}

/** A shared fragment: rows and columns from 0 in each program (l: left, r: right). */
export interface PairFragment {
  ls: number;
  lc: number;
  le: number;
  lec: number;
  rs: number;
  rc: number;
  re: number;
  rec: number;
  kgrams: number;
}

export interface SimilarityPairDoc {
  _id: number;
  checkId: number;
  pid: number;
  /** The problem's display id in its place. */
  displayId: string;
  /** The language family compared (Dolos's name). */
  family: string;
  similarity: number;
  /** The longest shared fragment: k-grams, and lines of the left program. */
  longest: number;
  longestLines: number;
  left: PairSide;
  right: PairSide;
  fragments: PairFragment[];
}

const sideSchema = new Schema<PairSide>({ sid: Number, uid: String, username: String, language: String, lines: Number }, { _id: false });
const fragmentSchema = new Schema<PairFragment>({ ls: Number, lc: Number, le: Number, lec: Number, rs: Number, rc: Number, re: Number, rec: Number, kgrams: Number }, { _id: false });

const pairSchema = new Schema<SimilarityPairDoc>(
  {
    _id: { type: Number, required: true },
    checkId: { type: Number, required: true },
    pid: { type: Number, required: true },
    displayId: { type: String, default: "" },
    family: { type: String, default: "" },
    similarity: { type: Number, required: true },
    longest: { type: Number, default: 0 },
    longestLines: { type: Number, default: 0 },
    left: { type: sideSchema, required: true },
    right: { type: sideSchema, required: true },
    fragments: { type: [fragmentSchema], default: [] },
  },
  { versionKey: false },
);
pairSchema.index({ checkId: 1, similarity: -1, _id: 1 });

export const SimilarityPair: Model<SimilarityPairDoc> =
  (mongoose.models.SimilarityPair as Model<SimilarityPairDoc>) ??
  mongoose.model<SimilarityPairDoc>("SimilarityPair", pairSchema, "similarity_pairs");
