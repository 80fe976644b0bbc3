import { ProblemAuth } from "~/lib/constants";
import { DomainError } from "../../errors.server";
import { canSubmit, isAdminRole, isSuperAdmin } from "../roles.server";
import { isOwner, loginFirst, type ProblemForAccess, type Scope, type Viewer } from "../scope.server";
import { bankScope } from "./bank.server";

// ---- Groups (spec section 6 "Group"; HOJ's GroupValidator) ----

/** What the group rules read of a group. */
export interface GroupForAccess {
  _id: number;
  /** The owner's id. */
  uid: string;
  /** 1 public, 2 protected, 3 private. */
  auth: number;
  visible: boolean;
  /** 0 normal, 1 disabled. */
  status: number;
}

/** A group as one viewer meets it: the group and the viewer's stored auth in it (0: no row). */
export interface GroupAccessContext {
  group: GroupForAccess;
  /** 1 applying, 2 refused, 3 member, 4 admin, 5 root; 0 when the viewer has no row. */
  memberAuth: number;
}

const G_MEMBER = 3;
const G_ADMIN = 4;
const G_ROOT = 5;

/**
 * The viewer's effective level in the group: the owner and a super admin are its root (5);
 * otherwise their stored auth (applying 1 and refused 2 are not members); 0 for the others.
 */
export function groupLevel(viewer: Viewer, ctx: GroupAccessContext): number {
  if (!viewer) return 0;
  if (isSuperAdmin(viewer) || viewer._id === ctx.group.uid) return G_ROOT;
  return ctx.memberAuth;
}

/** Root: the owner, a super admin or auth 5; sees the settings, edits and deletes anything. */
export function isGroupRoot(viewer: Viewer, ctx: GroupAccessContext): boolean {
  return groupLevel(viewer, ctx) >= G_ROOT;
}
/** Admin: auth 4 or root; sees the announcements tab, manages members and adds content. */
export function isGroupAdmin(viewer: Viewer, ctx: GroupAccessContext): boolean {
  return groupLevel(viewer, ctx) >= G_ADMIN;
}
/** Member: auth 3 or admin; reads the group's content. */
export function isGroupMember(viewer: Viewer, ctx: GroupAccessContext): boolean {
  return groupLevel(viewer, ctx) >= G_MEMBER;
}
/** Is this user the group's owner (shown as its root; never changed, removed or leaving)? */
export function isGroupOwner(ctx: GroupAccessContext, uid: string): boolean {
  return ctx.group.uid === uid;
}

/** Leaving the group (members, and applicants withdrawing): its owner hands it over or disbands it instead. */
export function groupLeaveRefusal(viewer: Viewer, ctx: GroupAccessContext): DomainError | null {
  if (!viewer) return loginFirst();
  if (isGroupOwner(ctx, viewer._id)) return new DomainError("forbidden", "group:ownerCannotLeave");
  return null;
}

/** Joining or applying: not for its owner or someone already in it. */
export function groupJoinRefusal(viewer: Viewer, ctx: GroupAccessContext): DomainError | null {
  if (!viewer) return loginFirst();
  const entry = groupEntryRefusal(viewer, ctx);
  if (entry) return entry;
  if (ctx.memberAuth >= G_MEMBER || isGroupOwner(ctx, viewer._id)) return new DomainError("conflict", "group:alreadyMember");
  return null;
}

/** Disbanding: the owner or a super admin. */
export function mayDeleteGroup(viewer: Viewer, ctx: GroupAccessContext): boolean {
  return !!viewer && (isSuperAdmin(viewer) || viewer._id === ctx.group.uid);
}

/**
 * The group's home and announcements: a disabled group is open to super admins only; a hidden one
 * to its members only (it is not found for the others).
 */
export function groupEntryRefusal(viewer: Viewer, ctx: GroupAccessContext): DomainError | null {
  if (isSuperAdmin(viewer)) return null;
  if (!ctx.group.visible && !isGroupMember(viewer, ctx)) return new DomainError("notFound", "group:notFound");
  if (ctx.group.status !== 0) return new DomainError("forbidden", "group:disabled");
  return null;
}

/** Everything else of the group (problems, trainings, contests, records, discussions, members, rank): its members. */
export function groupContentRefusal(viewer: Viewer, ctx: GroupAccessContext): DomainError | null {
  const entry = groupEntryRefusal(viewer, ctx);
  if (entry) return entry;
  if (!viewer) return loginFirst();
  if (!isGroupMember(viewer, ctx)) return new DomainError("forbidden", "group:notMember");
  return null;
}

/** Managing the group: its admins (members, problems, trainings, contests, announcements). */
export function groupAdminRefusal(viewer: Viewer, ctx: GroupAccessContext): DomainError | null {
  const content = groupContentRefusal(viewer, ctx);
  if (content) return content;
  if (!isGroupAdmin(viewer, ctx)) return new DomainError("forbidden", "group:notAdmin");
  return null;
}

/** The settings (and the invitation code): its root. */
export function groupRootRefusal(viewer: Viewer, ctx: GroupAccessContext): DomainError | null {
  const content = groupContentRefusal(viewer, ctx);
  if (content) return content;
  if (!isGroupRoot(viewer, ctx)) return new DomainError("forbidden", "group:notRoot");
  return null;
}

/**
 * Editing or deleting one item a group admin wrote (an announcement): the group's root edits
 * anything, its other admins only what they authored (spec section 6).
 */
export function groupItemEditRefusal(viewer: Viewer, ctx: GroupAccessContext, item: { uid: string; gid: number | null }): DomainError | null {
  const admin = groupAdminRefusal(viewer, ctx);
  if (admin) return admin;
  if (item.gid !== ctx.group._id) return new DomainError("notFound", "group-activity:itemNotFound");
  if (isGroupRoot(viewer, ctx) || viewer!._id === item.uid) return null;
  return new DomainError("forbidden", "group-activity:notAuthor");
}

/**
 * A group's trainings and contests (HOJ's GroupTrainingManager, GroupContestManager; spec section
 * 6): its admins list every one and add new ones (`create`); the author, the group's root and super
 * admins edit, delete and manage one (`manage`). The scopes the training and contest services take;
 * null when the viewer is no admin of the group.
 */
export function groupContentScopes(viewer: Viewer, ctx: GroupAccessContext): { create: { gid: number; groupAdmin: boolean }; manage: { gid: number; groupAdmin: boolean } } | null {
  if (groupAdminRefusal(viewer, ctx)) return null;
  return { create: { gid: ctx.group._id, groupAdmin: true }, manage: { gid: ctx.group._id, groupAdmin: isGroupRoot(viewer, ctx) } };
}

/** The admin rights a group gives over one of its contests or trainings on their own pages: its root's. */
export function groupContentAdmin(viewer: Viewer, ctx: GroupAccessContext | null | undefined): boolean {
  return !!ctx && !groupContentRefusal(viewer, ctx) && isGroupRoot(viewer, ctx);
}

/**
 * Changing a member's auth (accepting, refusing, promoting, demoting): a group admin. The owner and
 * super admins change anyone but the owner to anything; other admins only members below their own
 * level, and only to a level below their own. Nobody changes their own auth or the owner's.
 */
export function memberAuthChangeRefusal(viewer: Viewer, ctx: GroupAccessContext, target: { uid: string; auth: number }, newAuth: number): DomainError | null {
  const admin = groupAdminRefusal(viewer, ctx);
  if (admin) return admin;
  if (target.uid === ctx.group.uid || target.uid === viewer!._id) return new DomainError("forbidden", "group:cannotChangeMember");
  if (mayDeleteGroup(viewer, ctx)) return null;
  const own = groupLevel(viewer, ctx);
  if (target.auth >= own || newAuth >= own) return new DomainError("forbidden", "group:cannotChangeMember");
  return null;
}

/**
 * Removing a member: a group admin, never themselves (they leave instead); the owner or a super
 * admin removes anyone but the owner, other admins only those below their own level. Removing the
 * owner disbands the group, which only a super admin may do this way.
 */
export function memberRemoveRefusal(viewer: Viewer, ctx: GroupAccessContext, target: { uid: string; auth: number }): DomainError | null {
  const admin = groupAdminRefusal(viewer, ctx);
  if (admin) return admin;
  if (target.uid === viewer!._id) return new DomainError("forbidden", "group:cannotRemoveSelf");
  if (target.uid === ctx.group.uid) return isSuperAdmin(viewer) ? null : new DomainError("forbidden", "group:cannotRemoveOwner");
  if (mayDeleteGroup(viewer, ctx)) return null;
  if (target.auth >= groupLevel(viewer, ctx)) return new DomainError("forbidden", "group:cannotRemoveMember");
  return null;
}

/**
 * The scope of one group for one viewer: its problems (gid of the group; a private one for its
 * admins only) open to its members, who submit to them; its admins see every submission of the
 * group with code and cases. A result counts in the problem's counters but not in the solved list.
 */
export function groupScope(ctx: GroupAccessContext): Scope {
  const admin = (viewer: Viewer) => isGroupAdmin(viewer, ctx) && !groupEntryRefusal(viewer, ctx);
  const ofGroup = (problem: ProblemForAccess | null) => !!problem && problem.gid === ctx.group._id;
  return {
    kind: "group",
    seesProblem(viewer, problem) {
      if (!ofGroup(problem) || groupContentRefusal(viewer, ctx)) return false;
      return problem.auth === ProblemAuth.PUBLIC || admin(viewer);
    },
    submitterRefusal(viewer) {
      if (!viewer) return loginFirst();
      if (!canSubmit(viewer)) return new DomainError("forbidden", "judge:noSubmitPermission");
      return groupContentRefusal(viewer, ctx);
    },
    submitRefusal(viewer, problem) {
      const refusal = this.submitterRefusal(viewer);
      if (refusal) return refusal;
      if (!problem || !this.seesProblem(viewer, problem)) return new DomainError("notFound", "judge:problemNotFound");
      return null;
    },
    seesSubmission(viewer, sub) {
      if (isAdminRole(viewer) || isOwner(viewer, sub)) return true;
      return sub.gid === ctx.group._id && !groupContentRefusal(viewer, ctx);
    },
    rights(viewer, sub, problem) {
      // A group's submission is not shared (sharing is the bank's), but taking one's code back stays allowed.
      const base = { ...bankScope.rights(viewer, sub, problem), canShare: false };
      if (!admin(viewer) || sub.gid !== ctx.group._id) return base;
      return { ...base, canSeeCode: true, canSeeCases: true, canSeeCaseOutput: true };
    },
    countsInBank: () => true,
    countsInSolvedList: () => false,
    showsResult: () => true,
    // The group's rank lists its members (it reads them from the member list): every one counts.
    countsOnRanking: () => true,
    mayAdminister: (viewer) => admin(viewer),
  };
}

/**
 * Changing or deleting one of the group's problems (its auth, its application to the bank): its
 * root, or the group admin who wrote it (spec section 6: other admins only what they authored).
 */
export function groupProblemChangeRefusal(viewer: Viewer, ctx: GroupAccessContext, authoredByViewer: boolean): DomainError | null {
  const admin = groupAdminRefusal(viewer, ctx);
  if (admin) return admin;
  if (isGroupRoot(viewer, ctx) || authoredByViewer) return null;
  return new DomainError("forbidden", "group-problem:notAuthor");
}

/** Accepting or refusing a group problem's application to the bank: the admin roles. */
export function mayReviewGroupProblems(viewer: Viewer): boolean {
  return isAdminRole(viewer);
}
