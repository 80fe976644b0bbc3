// Days as the kept per-day counters and the heat maps name them: YYYY-MM-DD in the server's local
// time zone (the process's TZ), and the spec's heat map rules (section 9).

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** The local day of a moment, YYYY-MM-DD. */
export function dayKey(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Midnight (local) of the day `n` days after the day of `d` (n may be negative). */
export function addDays(d: Date, n: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
}

/** The local midnights [start, end) of a day key. */
export function dayBounds(day: string): { start: Date; end: Date } {
  const [y, m, dd] = day.split("-").map(Number);
  const start = new Date(y, m - 1, dd);
  return { start, end: new Date(y, m - 1, dd + 1) };
}

/** The `count` day keys ending with the day of `end`, oldest first. */
export function lastDays(end: Date, count: number): string[] {
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) out.push(dayKey(addDays(end, -i)));
  return out;
}

/** Heat map colour buckets (spec: 0-3, 4-6, 7-9, 10-12, above 12), as an index 0..4. */
export function heatBucket(count: number): number {
  if (count <= 3) return 0;
  if (count <= 6) return 1;
  if (count <= 9) return 2;
  if (count <= 12) return 3;
  return 4;
}

/** Days of the home page's heat map: 98 minus the days of this week still to come (it ends today, weeks start on Sunday). */
export const HOME_HEATMAP_WEEKS = 14;
export function homeHeatmapDays(today: Date): number {
  return HOME_HEATMAP_WEEKS * 7 - (6 - today.getDay());
}

/** Days of the user home's heat map: the last year, whole weeks, ending today. */
export function yearHeatmapDays(today: Date): number {
  return 53 * 7 - (6 - today.getDay());
}

/** Solved tier (spec: floor(solved / 50); images below 17): 0..16. */
export const SOLVED_TIER_MAX = 16;
export function solvedTier(solved: number): number {
  return Math.min(SOLVED_TIER_MAX, Math.floor(Math.max(0, solved) / 50));
}
