// A training's homework rule (issue 27), pure so that the rank, the pages and the tests share it.
// A training may have a due time. A problem first solved by then counts in full; one solved later
// is late: under the "none" rule it does not count at all, under the "penalty" rule it counts with
// a factor that drops by a percentage for every started period past the due time, never below a
// floor. After an optional hard end nothing counts. A training without a due time is the training
// it always was: everything is on time. (Hydro's homework has the same three parts: a due time, a
// hard end, and score factors by how late a solve is.)

/** What happens to a solve after the due time. */
export const LATE_RULES = ["none", "penalty"] as const;
type LateRuleKind = (typeof LATE_RULES)[number];

/** The periods a penalty may be counted in: an hour, a day, a week (hours). */
export const LATE_PERIOD_HOURS = [1, 24, 168] as const;

export const LATE_DEFAULTS = { penaltyPercent: 10, periodHours: 24, floorPercent: 0 } as const;

export type LateRule = { kind: "none" } | { kind: "penalty"; penaltyPercent: number; periodHours: number; floorPercent: number };

export interface Homework {
  dueAt: Date;
  /** Nothing solved after it counts; null: no hard end. */
  hardEndAt: Date | null;
  late: LateRule;
}

/** The stored fields of a training that make up its rule (absent on trainings made before it). */
export interface HomeworkFields {
  dueAt?: Date | string | null;
  hardEndAt?: Date | string | null;
  lateRule?: LateRuleKind | (string & {}) | null;
  latePenaltyPercent?: number | null;
  latePeriodHours?: number | null;
  lateFloorPercent?: number | null;
}

const dateOf = (v: Date | string | null | undefined): Date | null => {
  if (v === null || v === undefined || v === "") return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** A training's homework rule, or null when it has no due time. */
export function homeworkOf(t: HomeworkFields): Homework | null {
  const dueAt = dateOf(t.dueAt);
  if (!dueAt) return null;
  const late: LateRule =
    t.lateRule === "penalty"
      ? {
          kind: "penalty",
          penaltyPercent: t.latePenaltyPercent ?? LATE_DEFAULTS.penaltyPercent,
          periodHours: t.latePeriodHours ?? LATE_DEFAULTS.periodHours,
          floorPercent: t.lateFloorPercent ?? LATE_DEFAULTS.floorPercent,
        }
      : { kind: "none" };
  return { dueAt, hardEndAt: dateOf(t.hardEndAt), late };
}

export interface Credit {
  /** The share of the problem's worth the solve earns: 1 on time, the factor when late, 0 when it does not count. */
  credit: number;
  /** Solved after the due time. */
  late: boolean;
  /** Whether the solve counts at all (on time, or late under a penalty before the hard end). */
  counted: boolean;
}

/** The factor in whole percents for a solve `lateMs` after the due time under a penalty rule. */
export function penaltyPercentOf(rule: Extract<LateRule, { kind: "penalty" }>, lateMs: number): number {
  if (lateMs <= 0) return 100;
  const periods = Math.ceil(lateMs / (rule.periodHours * 3_600_000));
  return Math.max(rule.floorPercent, 100 - rule.penaltyPercent * periods, 0);
}

/** What a solve at `solvedAt` earns under a training's rule (null: no due time). */
export function creditOf(hw: Homework | null, solvedAt: Date): Credit {
  if (!hw || solvedAt.getTime() <= hw.dueAt.getTime()) return { credit: 1, late: false, counted: true };
  if (hw.hardEndAt && solvedAt.getTime() > hw.hardEndAt.getTime()) return { credit: 0, late: true, counted: false };
  if (hw.late.kind === "none") return { credit: 0, late: true, counted: false };
  return { credit: penaltyPercentOf(hw.late, solvedAt.getTime() - hw.dueAt.getTime()) / 100, late: true, counted: true };
}

/** A weighted score kept to two decimals (sums of factors like 0.9 stay exact to read). */
export function roundScore(n: number): number {
  return Math.round(n * 100) / 100;
}

export interface TimeLeft {
  overdue: boolean;
  days: number;
  hours: number;
  minutes: number;
}

/** How long until the due time (whole days, hours, minutes, rounded down), or that it has passed. */
export function timeLeft(dueAt: Date, now: Date): TimeLeft {
  const ms = dueAt.getTime() - now.getTime();
  if (ms <= 0) return { overdue: true, days: 0, hours: 0, minutes: 0 };
  const minutesTotal = Math.floor(ms / 60_000);
  return { overdue: false, days: Math.floor(minutesTotal / 1440), hours: Math.floor((minutesTotal % 1440) / 60), minutes: minutesTotal % 60 };
}
