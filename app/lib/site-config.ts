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
