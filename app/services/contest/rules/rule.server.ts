import { JudgeStatus, RUNNING_STATUSES } from "~/lib/constants";
import type { BoardCell, BoardView } from "~/models/contest-board.server";
import type { RuleVisibility } from "../../access/policy.server";

// A contest rule (ARCHITECTURE.md "Examples worth following"): an object of small pure functions
// that computes one participant's board row from that participant's submissions alone, says how
// rows sort, what a view shows, and what a contestant may learn while the board is sealed. ACM and
// OI are two such objects; a new rule spreads one of them and overrides only what differs, and is
// registered in index.server.ts. Rendering (colours, headers) is the board components': they know
// a rule by its `scoring` (the shape of its board) and its name.

/** What a rule reads of a submission. */
export interface RuleSubmission {
  _id: number;
  pid: number;
  status: number;
  score: number;
  /** ms */
  time: number;
  submitTime: Date;
}

/** What a rule reads of the contest. */
export interface RuleContest {
  startTime: Date;
  endTime: Date;
  /** null when the board is not sealed. */
  sealRankTime: Date | null;
  oiRankScoreType: string;
  /**
   * Problems of the contest judged by ACM rules (their cases carry no score): under OI rules an
   * accepted submission to one scores full marks, anything else 0.
   */
  acmPids?: ReadonlySet<number>;
}

/** Full marks of a problem under OI rules, as an accepted ACM-type problem scores them. */
export const OI_FULL_SCORE = 100;

export interface RowTotals {
  ac: number;
  totalTime: number;
  totalScore: number;
  cells: Record<string, BoardCell>;
}

export interface ContestRule {
  /** The contest's stored `type`. */
  readonly type: number;
  /** Its name on the pages (the same in every language: ACM, OI, IOI). */
  readonly name: string;
  /** The shape of its board: solved and penalty ("acm") or scores ("oi"). */
  readonly scoring: "acm" | "oi";
  /** The `type` HOJ's client is given: it knows 0 (ACM) and 1 (OI) only. */
  readonly hojType: 0 | 1;
  /** What a contestant learns while the board is sealed for them. */
  readonly visibility: RuleVisibility;
  /** The seal choice a new contest's form starts from (spec section 4), for its length. */
  defaultSealChoice(durationSeconds: number): number;
  /** The row of one participant in a view, from all their submissions in the contest. */
  computeRow(contest: RuleContest, view: BoardView, subs: readonly RuleSubmission[]): RowTotals;
  /** Sort key: a smaller one ranks higher; equal keys share a rank. */
  sortScore(row: Pick<RowTotals, "ac" | "totalTime" | "totalScore">): number;
  /** Whether the row has something that earns an award (a solved problem, a point). */
  earnsAward(row: Pick<RowTotals, "ac" | "totalScore">): boolean;
}

export function emptyCell(): BoardCell {
  return { isAC: false, acTime: 0, acSubmitId: 0, acAt: 0, errorNum: 0, tryNum: 0, isAfterContest: false, score: 0, time: 0, judged: 0 };
}

/** Which submissions a view takes in, and which it shows only as pending tries. */
export function viewWindow(contest: RuleContest, view: BoardView): { counted: (s: RuleSubmission) => boolean; hidden: (s: RuleSubmission) => boolean } {
  const start = contest.startTime.getTime();
  const end = contest.endTime.getTime();
  const seal = contest.sealRankTime ? contest.sealRankTime.getTime() : null;
  // Submissions before the start (an admin trying the problems) never count.
  const inTime = (s: RuleSubmission) => s.submitTime.getTime() >= start && (view === "all" || s.submitTime.getTime() < end);
  const hidden = (s: RuleSubmission) => RUNNING_STATUSES.has(s.status) || (view === "sealed" && seal !== null && s.submitTime.getTime() >= seal);
  return { counted: inTime, hidden };
}

/** Verdicts that cost nothing: the code never ran against the tests, or the judge failed. */
export const NOT_COUNTED: ReadonlySet<number> = new Set([
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.SUBMITTED_FAILED,
  JudgeStatus.CANCELLED,
  JudgeStatus.SUBMITTED_UNKNOWN_RESULT,
  JudgeStatus.NOT_SUBMITTED,
]);

/** Submissions in judging order: by time, then id. */
export function inOrder(subs: readonly RuleSubmission[]): RuleSubmission[] {
  return [...subs].sort((a, b) => a.submitTime.getTime() - b.submitTime.getTime() || a._id - b._id);
}
