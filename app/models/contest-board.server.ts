import mongoose, { Schema, type Model } from "mongoose";

// The kept scoreboard (ARCHITECTURE.md "Scoreboards"): one row per participant and view, computed
// by the contest's rule from that participant's submissions alone, so a verdict rewrites one row.
// Views: "live" (submissions within the contest's time), "sealed" (as the board froze: later
// submissions only as pending tries), "all" (after-contest submissions included).
// `_id` is "<cid>:<view>:<uid>". The order of a view is kept in Redis sorted sets by `sortScore`
// (board.server.ts), rebuilt from these rows when Redis has lost them.

export type BoardView = "live" | "sealed" | "all";
export const BOARD_VIEWS: readonly BoardView[] = ["live", "sealed", "all"];

/** One problem's cell; keys of `cells` are problem ids (pid) as strings. */
export interface BoardCell {
  /** ACM: solved. OI: the chosen submission was accepted (full marks). */
  isAC: boolean;
  /** Seconds from the start to the accepted submission (ACM). */
  acTime: number;
  /** The accepted submission (first blood is matched on it). */
  acSubmitId: number;
  /** Submit time of the accepted submission (ms since epoch). */
  acAt: number;
  /** Rejected tries before the AC (ACM) or judged submissions (OI). */
  errorNum: number;
  /** Tries whose outcome this view does not show (pending, or after the seal). */
  tryNum: number;
  /** The AC came after the contest's end (view "all"). */
  isAfterContest: boolean;
  /** OI score of the chosen submission. */
  score: number;
  /** OI: run time (ms) of the chosen submission when it has full marks. */
  time: number;
  /** Judged submissions counted (the problem's Total). */
  judged: number;
}

export interface BoardRowDoc {
  _id: string;
  cid: number;
  view: BoardView;
  uid: string;
  username: string;
  star: boolean;
  ac: number;
  /** ACM: penalty in seconds. OI: total run time (ms) of full-mark problems. */
  totalTime: number;
  totalScore: number;
  /** Lower ranks first. */
  sortScore: number;
  cells: Record<string, BoardCell>;
  gmtModified: Date;
}

const boardRowSchema = new Schema<BoardRowDoc>(
  {
    _id: { type: String, required: true },
    cid: { type: Number, required: true },
    view: { type: String, required: true },
    uid: { type: String, required: true },
    username: { type: String, default: "" },
    star: { type: Boolean, default: false },
    ac: { type: Number, default: 0 },
    totalTime: { type: Number, default: 0 },
    totalScore: { type: Number, default: 0 },
    sortScore: { type: Number, default: 0 },
    cells: { type: Schema.Types.Mixed, default: {} },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false, minimize: false },
);
boardRowSchema.index({ cid: 1, view: 1 });

export function boardRowKey(cid: number, view: BoardView, uid: string): string {
  return `${cid}:${view}:${uid}`;
}

export const BoardRow: Model<BoardRowDoc> =
  (mongoose.models.BoardRow as Model<BoardRowDoc>) ?? mongoose.model<BoardRowDoc>("BoardRow", boardRowSchema, "contest_board_rows");
