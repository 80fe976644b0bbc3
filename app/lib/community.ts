import { LIMITS } from "./constants";

// Constants of discussions, comments and reports (spec sections 3, 5, 6 and 9), shared by the
// server and the pages.

export const DiscussionStatus = { NORMAL: 0, DISABLED: 1 } as const;

/** Report tags (spec section 5), in the order of the report dialog. Stored as "#tag" words. */
export const REPORT_TAGS = ["spam", "illegal", "porn", "gambling", "abuse", "plagiarism"] as const;

/** Replies shown under a comment before "show all" (spec section 9). */
export const REPLIES_PREVIEWED = 3;

export const COMMUNITY_LIMITS = {
  titleMax: LIMITS.discussionTitleMax,
  descriptionMax: LIMITS.discussionTitleMax,
  contentMax: LIMITS.discussionContentMax,
  commentMax: LIMITS.commentMax,
  reportReasonMax: LIMITS.reportReasonMax,
  categoryNameMax: 50,
  /** Characters of the commented or replied text a message keeps (HOJ keeps 250). */
  messageExcerpt: 250,
} as const;

/** Role badge of an author (spec section 6: SPA for root, ADM for admin). */
export function roleBadge(role: string): "SPA" | "ADM" | null {
  if (role === "root") return "SPA";
  if (role === "admin") return "ADM";
  return null;
}

/** A discussion's title when it is opened from a problem: "[P1001] title" (spec section 5). */
export function titleForProblem(pid: string | null | undefined, title: string): string {
  const p = (pid ?? "").trim();
  if (!p) return title;
  const prefix = `[${p}]`;
  return title.startsWith(prefix) ? title : `${prefix} ${title}`;
}

/** The report's stored content: the tags as "#tag" words, then the reason (spec section 5). */
export function reportContent(tags: readonly string[], reason: string): string {
  return [...tags.map((t) => `#${t}`), reason.trim()].filter(Boolean).join(" ");
}

/**
 * Markdown uploads (spec section 6: images by admins and group admins, files by admins; "File type
 * not support", "Exceed max size limit"). SVG is left out: a picture that can carry script.
 */
export const MARKDOWN_UPLOADS = {
  imageExtensions: ["png", "jpg", "jpeg", "gif", "webp", "bmp"],
  imageMaxBytes: 5 * 1024 * 1024,
  fileExtensions: ["pdf", "txt", "md", "zip", "7z", "rar", "gz", "tar", "doc", "docx", "ppt", "pptx", "xls", "xlsx", "csv", "in", "out", "cpp", "c", "java", "py"],
  fileMaxBytes: 50 * 1024 * 1024,
} as const;

/** Who receives an admin's system notice: everybody, one designated user, or the administrators. */
export const NOTICE_RECIPIENTS = ["All", "Single", "Admin"] as const;
export type NoticeRecipient = (typeof NOTICE_RECIPIENTS)[number];

/** Where a discussion is read: a group's under its group's pages (spec section 2), the site's at /discussion-detail. */
export function discussionPath(d: { _id: number; gid?: number | null }): string {
  return d.gid !== null && d.gid !== undefined ? `/group/${d.gid}/discussion-detail/${d._id}` : `/discussion-detail/${d._id}`;
}

/**
 * The category the site seeds on first start, stored under this name: until an admin renames it,
 * the pages show it in the reader's language (`community:list.seededCategory`).
 */
export const SEEDED_CATEGORY_NAME = "General";

/** A category's name as the pages show it. */
export function categoryLabel(name: string, t: (key: string) => string): string {
  return name === SEEDED_CATEGORY_NAME ? t("community:list.seededCategory") : name;
}
