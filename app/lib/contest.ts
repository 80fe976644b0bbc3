// Constants of contests (spec sections 3, 4 and 9), shared by the server and the pages.

export const ContestType = { ACM: 0, OI: 1 } as const;
export const ContestAuth = { PUBLIC: 0, PRIVATE: 1, PROTECTED: 2 } as const;
export const ContestStatus = { SCHEDULED: -1, RUNNING: 0, ENDED: 1 } as const;
export const AwardType = { NONE: 0, PROPORTION: 1, NUMBER: 2 } as const;
export const OI_RANK_SCORE_TYPES = ["Recent", "Highest"] as const;
export const RANK_SHOW_NAMES = ["username", "nickname", "realname"] as const;

/**
 * Seal choices of the contest form: 0 thirty minutes before the end, 1 one hour before, 2 from the
 * start. The first two need a contest at least that long.
 */
export const SealChoice = { HALF_HOUR: 0, ONE_HOUR: 1, FROM_START: 2 } as const;
export const SEAL_CHOICE_SECONDS: Record<number, number> = { 0: 1800, 1: 3600 };

/** Scoreboard page sizes (spec section 9). */
export const SCOREBOARD_PAGE_SIZES = [10, 30, 50, 100, 300] as const;
export const SCOREBOARD_DEFAULT_PAGE_SIZE = 50;
export const CONTEST_PAGE_SIZE = { list: 10, acInfo: 20, print: 15, admin: 10 } as const;

/**
 * Medal defaults: percent of the ranked participants, cumulative (spec section 9). Dark text on
 * light boxes, each pair above 4.5:1 (WCAG AA).
 */
export const DEFAULT_AWARDS = [
  { priority: 1, name: "Gold", background: "#f5d76e", color: "#3b2f00", num: 10 },
  { priority: 2, name: "Silver", background: "#d9d9d9", color: "#222222", num: 20 },
  { priority: 3, name: "Bronze", background: "#e3b08a", color: "#3b1f00", num: 30 },
] as const;

/** Extra penalty per rejected try before an AC (ACM), seconds. */
export const ACM_PENALTY_SECONDS = 20 * 60;
