import { AwardType } from "~/lib/contest";
import type { AwardConfig } from "~/models/contest.server";

// Ranks and awards of a sorted board, as pure functions (the board service and its tests use them).
// Star users (rank -1, shown as *) take no rank and push nobody down; equal sort keys share a rank
// (the next distinct key ranks after all of them, as in "1, 1, 3").

export interface Award {
  name: string;
  background: string;
  color: string;
}

/**
 * The last rank of each award, in order: proportion (percent of the ranked participants, each
 * award's share added to the ones before it, rounded down) or number (counts, added up likewise).
 */
export function awardCuts(awardType: number, config: readonly AwardConfig[], rankedCount: number): Array<{ last: number; award: Award }> {
  if (awardType === AwardType.NONE) return [];
  const ordered = [...config].sort((a, b) => a.priority - b.priority);
  let acc = 0;
  return ordered.map((a) => {
    acc += a.num;
    const last = awardType === AwardType.PROPORTION ? Math.floor((rankedCount * acc) / 100) : acc;
    return { last, award: { name: a.name, background: a.background, color: a.color } };
  });
}

/**
 * The award of a ranked row (rank from 1), or null: the first award whose last rank it reaches. A
 * tie across a cut shares the rank, so every tied row wins the better award. A row that earned
 * nothing (no solve, no point) wins nothing.
 */
export function awardOf(rank: number, earns: boolean, cuts: ReadonlyArray<{ last: number; award: Award }>): Award | null {
  if (rank < 1 || !earns) return null;
  for (const c of cuts) if (rank <= c.last) return c.award;
  return null;
}

/**
 * Ranks of rows already sorted by key (smaller first): star rows get -1, the others 1 + the number
 * of ranked rows with a strictly smaller key.
 */
export function rankSorted<T extends { star: boolean; sortScore: number }>(rows: readonly T[]): number[] {
  const ranks: number[] = [];
  let ranked = 0;
  let lastKey = Number.NaN;
  let lastRank = 0;
  for (const r of rows) {
    if (r.star) {
      ranks.push(-1);
      continue;
    }
    ranked++;
    if (r.sortScore !== lastKey) {
      lastKey = r.sortScore;
      lastRank = ranked;
    }
    ranks.push(lastRank);
  }
  return ranks;
}
