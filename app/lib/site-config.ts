// Constants of the website configuration shared by the admin pages and the server's validation.

/** The on/off settings of the switch page (and the features part of the conf page). */
export const SWITCH_KEYS = ["register", "openPublicDiscussion", "openGroupDiscussion", "openContestComment"] as const;
export type SwitchKey = (typeof SWITCH_KEYS)[number];

/** Field limits of the website configuration form. */
export const WEBSITE_CONFIG_LIMITS = {
  projectName: 50,
  shortName: 20,
  description: 500,
  recordName: 100,
  url: 300,
} as const;

/**
 * How many submissions one user may have waiting for a verdict at once, and send a minute; the
 * contest pair applies to submissions with a contest id. Set on the switch page; administrators are
 * not limited (app/services/submission/allowance.server.ts).
 */
export const SUBMISSION_ALLOWANCE_KEYS = ["submitUnfinishedMax", "submitPerMinute", "contestSubmitUnfinishedMax", "contestSubmitPerMinute"] as const;
export type SubmissionAllowanceKey = (typeof SUBMISSION_ALLOWANCE_KEYS)[number];

/** The values an administrator may give each allowance. */
export const SUBMISSION_ALLOWANCE_RANGE = { min: 1, max: 1000 } as const;

/**
 * The community's limits (spec section 6, "Site limits"): problems solved before one may post a
 * discussion, comment or create a group, and how many discussions and groups a day (and groups in
 * all). Set on the switch page; administrators are exempt.
 */
export const COMMUNITY_LIMIT_KEYS = ["discussionAcMin", "discussionDailyMax", "commentAcMin", "groupAcMin", "groupDailyMax", "groupTotalMax"] as const;
export type CommunityLimitKey = (typeof COMMUNITY_LIMIT_KEYS)[number];

/** The values an administrator may give each community limit. */
export const COMMUNITY_LIMIT_RANGE = { min: 0, max: 100000 } as const;
