// Warnings a redirect can ask the next page to show with `?notice=<name>` (spec: "user sent home,
// login modal opens, warning Please login first"; the no-access messages of the feature switches).
// Only these names are honoured; each maps to a key of common.json.
export const NOTICES = {
  pleaseLoginFirst: "errors.pleaseLoginFirst",
  pleaseLoginAdmin: "errors.pleaseLoginAdmin",
  noPublicDiscussion: "errors.noPublicDiscussion",
  noGroupDiscussion: "errors.noGroupDiscussion",
  noContestComment: "errors.noContestComment",
  noTrainingCategory: "errors.noTrainingCategory",
} as const;

export type NoticeName = keyof typeof NOTICES;

export function noticeKey(name: string | null): string | null {
  if (!name || !Object.hasOwn(NOTICES, name)) return null;
  return NOTICES[name as NoticeName];
}
