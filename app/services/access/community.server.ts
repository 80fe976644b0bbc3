import { DiscussionStatus } from "~/lib/community";
import { ROLE_NAMES, type RoleCode } from "~/lib/constants";
import { DomainError } from "../errors.server";
import type { Viewer } from "./scope.server";
import { canPostDiscussion, canSpeak, isAdminRole, isSuperAdmin } from "./roles.server";

// The access policy of discussions, comments and contest Q&A (spec section 6, "Comments" and
// "Discussion"), beside the scope objects of policy.server.ts: every route, /ojapi adapter and
// community service asks here and never decides itself.

/** Where a discussion or comment lives: the site's discussion area, a group's, or a contest's Q&A. */
export type CommunityPlace =
  | { kind: "site" }
  | { kind: "group"; gid: number; groupAdmin: boolean }
  | { kind: "contest"; cid: number; contestAdmin: boolean; contestOwnerUid: string };

/** The switches and limits of the website configuration the rules read. */
export interface CommunitySettings {
  openPublicDiscussion: boolean;
  openGroupDiscussion: boolean;
  openContestComment: boolean;
  discussionAcMin: number;
  discussionDailyMax: number;
  commentAcMin: number;
}

/** What the rules know of the acting user beyond their role. */
export interface SpeakerRecord {
  /** Problems the user has solved in the bank. */
  solved: number;
  /** Discussions the user has posted today. */
  postedToday: number;
}

/** Role names whose comments count as an admin's (a contest user sees them; nobody replies to them). */
const ADMIN_ROLE_NAMES: ReadonlySet<string> = new Set(["root", "admin", "problem_admin"]);

export function roleName(role: number): string {
  return ROLE_NAMES[role as RoleCode] ?? "default_role";
}

/** Is the area open at all? A closed area is refused to everyone (spec: feature gates). */
export function areaRefusal(settings: CommunitySettings, place: CommunityPlace): DomainError | null {
  if (place.kind === "site" && !settings.openPublicDiscussion) return new DomainError("forbidden", "community:noPublicDiscussion");
  if (place.kind === "group" && !settings.openGroupDiscussion) return new DomainError("forbidden", "community:noGroupDiscussion");
  if (place.kind === "contest" && !settings.openContestComment) return new DomainError("forbidden", "community:noContestComment");
  return null;
}

/** Why the viewer may not post a discussion here; null when they may. */
export function postDiscussionRefusal(viewer: Viewer, settings: CommunitySettings, place: CommunityPlace, record: SpeakerRecord): DomainError | null {
  if (!viewer) return new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
  const closed = areaRefusal(settings, place);
  if (closed) return closed;
  if (!canPostDiscussion(viewer)) return new DomainError("forbidden", "community:noDiscussRole");
  if (isAdminRole(viewer) || (place.kind === "group" && place.groupAdmin)) return null;
  if (record.solved < settings.discussionAcMin) return new DomainError("forbidden", "community:needAcToPost", { count: settings.discussionAcMin });
  if (record.postedToday >= settings.discussionDailyMax) return new DomainError("tooMany", "community:dailyPostLimit", { count: settings.discussionDailyMax });
  return null;
}

/** Why the viewer may not comment or reply here; null when they may. */
export function speakRefusal(viewer: Viewer, settings: CommunitySettings, place: CommunityPlace, record: Pick<SpeakerRecord, "solved">): DomainError | null {
  if (!viewer) return new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
  const closed = areaRefusal(settings, place);
  if (closed) return closed;
  if (!canSpeak(viewer)) return new DomainError("forbidden", "community:mutedRole");
  if (isAdminRole(viewer)) return null;
  if (place.kind === "group" && place.groupAdmin) return null;
  if (place.kind === "contest") return null;
  if (record.solved < settings.commentAcMin) return new DomainError("forbidden", "community:needAcToComment", { count: settings.commentAcMin });
  return null;
}

/** Only the author edits a discussion (spec section 6). */
export function mayEditDiscussion(viewer: Viewer, d: { uid: string }): boolean {
  return !!viewer && viewer._id === d.uid;
}

/** The author or the admin roles delete a discussion; in a group, its admins too. */
export function mayDeleteDiscussion(viewer: Viewer, d: { uid: string }, place: CommunityPlace): boolean {
  if (!viewer) return false;
  if (viewer._id === d.uid || isAdminRole(viewer)) return true;
  return place.kind === "group" && place.groupAdmin;
}

/** Pinning (top) and disabling: the admin roles; in a group, its admins. */
export function mayModerateDiscussion(viewer: Viewer, place: CommunityPlace): boolean {
  if (!viewer) return false;
  if (isAdminRole(viewer)) return true;
  return place.kind === "group" && place.groupAdmin;
}

/** The category list is edited by the super admin only. */
export function mayEditCategories(viewer: Viewer): boolean {
  return isSuperAdmin(viewer);
}

/** May the viewer read a disabled discussion? Its author and the moderators. */
export function seesDisabledDiscussion(viewer: Viewer, d: { uid: string }, place: CommunityPlace): boolean {
  return !!viewer && (viewer._id === d.uid || mayModerateDiscussion(viewer, place));
}

const isHidden = (d: { status: number }) => d.status !== DiscussionStatus.NORMAL;

/**
 * A discussion reached by its id alone, when the viewer may not enter its area (a group they are
 * not in): a hidden one is not found, so that its existence is not told; otherwise the area's own
 * refusal.
 */
export function discussionAreaRefusal(d: { status: number }, areaRefusal: DomainError): DomainError {
  return isHidden(d) ? new DomainError("notFound", "community:errors.notFound") : areaRefusal;
}

/**
 * Why the viewer may not see a discussion's comments (`read`), or add to them and like them
 * (`write`); null when they may. A hidden one is not found for those who may not read it, and takes
 * nothing new from those who may.
 */
export function discussionCommentsRefusal(viewer: Viewer, d: { uid: string; status: number }, place: CommunityPlace, use: "read" | "write"): DomainError | null {
  if (!isHidden(d)) return null;
  if (!seesDisabledDiscussion(viewer, d, place)) return new DomainError("notFound", "community:errors.notFound");
  return use === "write" ? new DomainError("forbidden", "community:errors.discussionHidden") : null;
}

/** Markdown of root and admin authors is trusted (spec section 6); everyone else's is sanitised. */
export function trustsMarkdownOf(authorRole: string): boolean {
  return authorRole === "root" || authorRole === "admin";
}

/** Markdown image upload: the admin roles and group admins; file upload: the admin roles. */
export function mayUploadMarkdownImage(viewer: Viewer, groupAdmin = false): boolean {
  return isAdminRole(viewer) || (!!viewer && groupAdmin);
}
export function mayUploadMarkdownFile(viewer: Viewer): boolean {
  return isAdminRole(viewer);
}

type CommentForAccess = { fromUid: string; fromRole: string };

function isAdminAuthored(c: CommentForAccess, place: CommunityPlace): boolean {
  return ADMIN_ROLE_NAMES.has(c.fromRole) || (place.kind === "contest" && c.fromUid === place.contestOwnerUid);
}

/**
 * Which comments of the place the viewer sees: everything, except in a contest's Q&A, where a
 * contestant sees only their own and the admins' (spec section 6).
 */
export function commentFilterFor(viewer: Viewer, place: CommunityPlace): { all: true } | { ownUid: string | null; adminRoles: string[]; ownerUid: string } {
  if (place.kind !== "contest" || place.contestAdmin) return { all: true };
  return { ownUid: viewer?._id ?? null, adminRoles: [...ADMIN_ROLE_NAMES], ownerUid: place.contestOwnerUid };
}

export function seesComment(viewer: Viewer, c: CommentForAccess, place: CommunityPlace): boolean {
  if (place.kind !== "contest" || place.contestAdmin) return true;
  return (!!viewer && viewer._id === c.fromUid) || isAdminAuthored(c, place);
}

/** A contest Q&A comment's replies are seen by the contest's admins, the commenter, or all when root or the contest's owner wrote it. */
export function seesReplies(viewer: Viewer, c: CommentForAccess, place: CommunityPlace): boolean {
  if (place.kind !== "contest" || place.contestAdmin) return true;
  if (viewer && viewer._id === c.fromUid) return true;
  return c.fromRole === "root" || c.fromUid === place.contestOwnerUid;
}

/** In a contest's Q&A an admin's comment cannot be replied to, except by the contest's admins. */
export function replyRefusal(viewer: Viewer, c: CommentForAccess, place: CommunityPlace): DomainError | null {
  if (place.kind !== "contest" || place.contestAdmin) return null;
  if (isAdminAuthored(c, place)) return new DomainError("forbidden", "community:noReplyToAdmin");
  if (!seesReplies(viewer, c, place)) return new DomainError("forbidden", "common:errors.forbidden");
  return null;
}

/**
 * Authors delete their own comments and replies; the admin roles in the site's discussions; a
 * contest's admins in its Q&A; a group's admins in its discussions.
 */
export function mayDeleteComment(viewer: Viewer, c: { fromUid: string }, place: CommunityPlace): boolean {
  if (!viewer) return false;
  if (viewer._id === c.fromUid) return true;
  if (place.kind === "site") return isAdminRole(viewer);
  if (place.kind === "contest") return place.contestAdmin;
  return place.groupAdmin || isAdminRole(viewer);
}
