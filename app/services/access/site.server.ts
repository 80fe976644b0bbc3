import { Role } from "~/lib/constants";
import { DomainError } from "../errors.server";
import { canSubmit, isAdminRole, isSuperAdmin } from "./roles.server";
import { isOwner, type Viewer } from "./scope.server";

// What a viewer may do on the site as a whole, by their role (spec section 6, "Roles"): the admin
// area, the site's settings and people, and the few site-wide exemptions. Every service and page
// asks by name here; none compares a role itself.

/** The admin area and HOJ's admin calls: super admins, admins and problem admins. */
export function mayEnterAdminArea(viewer: Viewer): boolean {
  return isAdminRole(viewer);
}

/**
 * The site's own settings and people: users, the site's announcements and notices, the home
 * carousel, the configuration and switches, disabling groups, judges and judging actions. Super
 * admins only.
 */
export function mayAdministerSite(viewer: Viewer): boolean {
  return isSuperAdmin(viewer);
}

/** Refuses anyone who may not administer the site (403). */
export function requireSiteAdministrator(viewer: Viewer): void {
  if (!mayAdministerSite(viewer)) throw new DomainError("forbidden", "common:errors.forbidden");
}

/** The submitter's address on a submission: the admin roles. */
export function seesSubmissionAddresses(viewer: Viewer): boolean {
  return isAdminRole(viewer);
}

/** The submission allowance (waiting and per-minute counts) does not hold back the admin roles. */
export function exemptFromSubmissionAllowance(viewer: Viewer): boolean {
  return isAdminRole(viewer);
}

/** A special judge's language on a problem's detail: the admin roles (they edit it). */
export function seesCheckerLanguage(viewer: Viewer): boolean {
  return isAdminRole(viewer);
}

/** The site's limits on creating groups (solved problems, a day's and a user's total) do not hold back the admin roles. */
export function exemptFromGroupCreationLimits(viewer: Viewer): boolean {
  return isAdminRole(viewer);
}

/** Deleting an uploaded Markdown file: its uploader or the admin roles. */
export function mayDeleteUpload(viewer: Viewer, upload: { uid: string }): boolean {
  return isOwner(viewer, upload) || isAdminRole(viewer);
}

/** Following an import job's progress: the admin who started it. */
export function mayFollowImportJob(viewer: Viewer, job: { uid: string }): boolean {
  return isOwner(viewer, job);
}

/**
 * Resubmitting a failed submission (HOJ's resubmit): its owner or a super admin; someone else is
 * told it is not theirs. The owner must still be allowed to submit (a super admin always is).
 */
export function resubmitterRefusal(viewer: Viewer, sub: { uid: string }): DomainError | null {
  if (!isOwner(viewer, sub) && !isSuperAdmin(viewer)) return new DomainError("forbidden", "submission:resubmitNotOwner");
  if (!isSuperAdmin(viewer) && !canSubmit(viewer)) return new DomainError("forbidden", "judge:noSubmitPermission");
  return null;
}

/** The role codes the admin user list's "admins only" filter shows. */
export function adminRoleCodes(): number[] {
  return [Role.SUPER_ADMIN, Role.ADMIN, Role.PROBLEM_ADMIN];
}

/** The role a new account starts with, and the one the site's first account (root) gets. */
export const DEFAULT_ROLE = Role.DEFAULT_USER;
export const FIRST_ACCOUNT_ROLE = Role.SUPER_ADMIN;

/** A super admin editing their own account may neither lower their role nor disable it (they would lock themselves out). */
export function ownAccountChangeRefusal(actor: Viewer, target: { _id: string }, change: { role: number; status: number }): DomainError | null {
  if (!actor || actor._id !== target._id) return null;
  if (change.role !== Role.SUPER_ADMIN || change.status !== 0) return new DomainError("invalid", "admin-user:notSelf");
  return null;
}
