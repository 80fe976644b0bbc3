// OI full marks under the judge-case modes (spec section 3), one rule for the web side (problem
// facts, OI rank score, manual judgement bounds) and for judge-service (the score it sends):
//   default, ergodic_without_error   the sum of the case scores
//   subtask_lowest                   per group (groupNum) its lowest case score, summed
//   subtask_average                  per group the rounded average of its case scores, summed
// Pure: imported by the browser bundle, the server and the judge alike.

export interface ScoredCase {
  score: number;
  groupNum: number;
}

function groupScores(cases: readonly ScoredCase[]): number[][] {
  const groups = new Map<number, number[]>();
  for (const c of cases) {
    const g = Number(c.groupNum) || 0;
    const score = Number(c.score) || 0;
    const list = groups.get(g);
    if (list) list.push(score);
    else groups.set(g, [score]);
  }
  return [...groups.values()];
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * The score `cases` add up to under `mode`. With each case's full score it is the most a submission
 * can earn; with the points each case won it is what the submission earned.
 */
export function totalScore(mode: string | null | undefined, cases: readonly ScoredCase[]): number {
  if (mode === "subtask_lowest") return sum(groupScores(cases).map((g) => Math.min(...g)));
  if (mode === "subtask_average") return sum(groupScores(cases).map((g) => Math.round(sum(g) / g.length)));
  return sum(cases.map((c) => Number(c.score) || 0));
}
