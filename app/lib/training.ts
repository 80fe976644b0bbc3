// Training constants of the specification (sections 3 and 9), shared by the pages and the services.

export const TRAINING_AUTHS = ["Public", "Private"] as const;
export type TrainingAuthName = (typeof TRAINING_AUTHS)[number];

/** A training's number: 0..2147483647, 1000 unless set. */
export const TRAINING_RANK_DEFAULT = 1000;
export const TRAINING_RANK_MAX = 2147483647;

/** Progress solved/total as a percentage with two decimals (spec section 9). */
export function trainingPercent(solved: number, total: number): string {
  if (total <= 0) return "0.00";
  return ((solved / total) * 100).toFixed(2);
}
