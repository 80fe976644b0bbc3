// What the rank pages share with the browser.

/** HOJ's rank types (the `type` of the rank calls and pages). */
export const RankType = { ACM: 0, OI: 1 } as const;

export const RANK_PAGE_SIZES = [10, 15, 30, 50, 100] as const;

/** AC rate in whole percent (spec section 9: integer on the rank pages). */
export function acRate(ac: number, total: number): number {
  return total > 0 ? Math.round((ac / total) * 100) : 0;
}
