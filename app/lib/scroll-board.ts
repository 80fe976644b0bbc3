import { ACM_PENALTY_SECONDS } from "./contest";

/** The shape of a contest rule's board: solved and penalty ("acm") or scores ("oi"). */
export type Scoring = "acm" | "oi";

// The rolling scoreboard's arithmetic (spec section 2, /scrollBoard): the board starts as it froze
// at the seal; each step reveals one hidden cell of the lowest-ranked participant who still has
// one, as in an ICPC award ceremony, and the board re-sorts. Pure, so the server computes the
// steps once and the browser (or the server, for a page without JavaScript) replays them.

export interface ScrollCell {
  isAC: boolean;
  acTime: number;
  errorNum: number;
  tryNum: number;
  score: number;
  time: number;
  judged: number;
}

export interface ScrollRow {
  uid: string;
  name: string;
  school: string;
  star: boolean;
  /** Keyed by problem id. */
  cells: Record<string, ScrollCell>;
  ac: number;
  totalTime: number;
  totalScore: number;
}

export interface ScrollStep {
  uid: string;
  pid: number;
  cell: ScrollCell;
}

/** Totals of a row from its cells, by the contest's rule. */
export function totalsOf(scoring: Scoring, cells: Record<string, ScrollCell>): Pick<ScrollRow, "ac" | "totalTime" | "totalScore"> {
  let ac = 0;
  let totalTime = 0;
  let totalScore = 0;
  for (const c of Object.values(cells)) {
    if (scoring === "oi") {
      if (c.judged > 0) totalScore += c.score;
      if (c.isAC) {
        ac++;
        totalTime += c.time;
      }
    } else if (c.isAC) {
      ac++;
      totalTime += c.acTime + c.errorNum * ACM_PENALTY_SECONDS;
    }
  }
  return { ac, totalTime, totalScore };
}

/** Board order: ACM solved then penalty, OI score then time; then the user id (stable). */
export function compareRows(scoring: Scoring, a: ScrollRow, b: ScrollRow): number {
  const main = scoring === "oi" ? b.totalScore - a.totalScore : b.ac - a.ac;
  if (main !== 0) return main;
  if (a.totalTime !== b.totalTime) return a.totalTime - b.totalTime;
  return a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
}

export function isHidden(c: ScrollCell | undefined): boolean {
  return !!c && !c.isAC && c.tryNum > 0;
}

/** Applies one step to a board (a new array, rows replaced where changed) and sorts it. */
export function applyStep(scoring: Scoring, rows: readonly ScrollRow[], step: ScrollStep): ScrollRow[] {
  const next = rows.map((r) => {
    if (r.uid !== step.uid) return r;
    const cells = { ...r.cells, [String(step.pid)]: step.cell };
    return { ...r, cells, ...totalsOf(scoring, cells) };
  });
  return next.sort((a, b) => compareRows(scoring, a, b));
}

/** The board after the first `n` steps. */
export function replay(scoring: Scoring, initial: readonly ScrollRow[], steps: readonly ScrollStep[], n: number): ScrollRow[] {
  let rows = [...initial].sort((a, b) => compareRows(scoring, a, b));
  for (const step of steps.slice(0, Math.max(0, n))) rows = applyStep(scoring, rows, step);
  return rows;
}

/**
 * The steps from the sealed board to the final one: repeatedly the lowest-ranked row with a hidden
 * cell reveals its first hidden problem (in the contest's problem order) with its final cell.
 */
export function revealSteps(scoring: Scoring, sealed: readonly ScrollRow[], finalCells: ReadonlyMap<string, Record<string, ScrollCell>>, problemOrder: readonly number[]): ScrollStep[] {
  const empty: ScrollCell = { isAC: false, acTime: 0, errorNum: 0, tryNum: 0, score: 0, time: 0, judged: 0 };
  let rows = [...sealed].sort((a, b) => compareRows(scoring, a, b));
  const steps: ScrollStep[] = [];
  for (;;) {
    let found: ScrollStep | null = null;
    for (let i = rows.length - 1; i >= 0 && !found; i--) {
      const r = rows[i];
      for (const pid of problemOrder) {
        if (!isHidden(r.cells[String(pid)])) continue;
        found = { uid: r.uid, pid, cell: finalCells.get(r.uid)?.[String(pid)] ?? empty };
        break;
      }
    }
    if (!found) return steps;
    steps.push(found);
    rows = applyStep(scoring, rows, found);
  }
}

/** Medal of a place among non-star rows (1-based), from the gold, silver and bronze counts. */
export function medalOf(place: number, medals: readonly [number, number, number]): "gold" | "silver" | "bronze" | null {
  if (place <= medals[0]) return "gold";
  if (place <= medals[0] + medals[1]) return "silver";
  if (place <= medals[0] + medals[1] + medals[2]) return "bronze";
  return null;
}
