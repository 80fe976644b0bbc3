import { ProblemAuth } from "~/lib/constants";
import type { FilterQuery } from "mongoose";
import type { ProblemDoc } from "~/models/problem.server";
import type { SubmissionDoc } from "~/models/submission.server";
import { DomainError } from "../../errors.server";
import { canSubmit, isAdminRole, isSuperAdmin } from "../roles.server";
import { isOwner, loginFirst, resubmittable, type ProblemForAccess, type Scope, type Viewer } from "../scope.server";

// The problem bank as a scope (spec section 6): its problems, who sees and submits to them, whose
// code and cases are shown, and what counts in the bank's counters and the solved list.

/** Public problems that are not a group's own (unless the group's was made public). */
function isBankProblem(problem: ProblemForAccess): boolean {
  if (problem.auth !== ProblemAuth.PUBLIC) return false;
  return problem.gid === null || problem.gid === undefined || problem.applyPublicProgress === 2;
}

/** The same rule as a query: the problems the bank hides from everyone but the admin roles. */
export function bankHiddenProblemsQuery(): FilterQuery<ProblemDoc> {
  return { $or: [{ auth: { $ne: ProblemAuth.PUBLIC } }, { gid: { $ne: null }, applyPublicProgress: { $ne: 2 } }] };
}

/** The same rule for listing problems: the bank's problems, as a list of conditions to AND. */
export function bankProblemsQuery(): FilterQuery<ProblemDoc>[] {
  return [{ auth: ProblemAuth.PUBLIC }, { $or: [{ gid: null }, { applyPublicProgress: 2 }] }];
}

/**
 * The condition a list of bank submissions adds so that it shows only the rows the viewer sees
 * (`hiddenPids`: the ids `bankHiddenProblemsQuery` finds); null when it shows every row.
 */
export function visibleBankSubmissionsQuery(viewer: Viewer, hiddenPids: readonly number[]): FilterQuery<SubmissionDoc> | null {
  if (isAdminRole(viewer) || hiddenPids.length === 0) return null;
  const visible = { pid: { $nin: [...hiddenPids] } };
  return viewer ? { $or: [visible, { uid: viewer._id }] } : visible;
}

/**
 * The problem bank (spec section 6): public problems for everyone, every problem for the admin
 * roles. Code is shown if shared and the problem allows sharing, or to its owner and the admin
 * roles; case results where the problem opens them; a failed judging may be resubmitted by its
 * owner or a super admin.
 */
export const bankScope: Scope = {
  kind: "bank",
  seesProblem(viewer, problem) {
    return isAdminRole(viewer) || isBankProblem(problem);
  },
  submitterRefusal(viewer) {
    if (!viewer) return loginFirst();
    if (!canSubmit(viewer)) return new DomainError("forbidden", "judge:noSubmitPermission");
    return null;
  },
  submitRefusal(viewer, problem) {
    const refusal = this.submitterRefusal(viewer);
    if (refusal) return refusal;
    if (!problem || !this.seesProblem(viewer, problem)) return new DomainError("notFound", "judge:problemNotFound");
    return null;
  },
  seesSubmission(viewer, sub, problem) {
    if (isAdminRole(viewer) || isOwner(viewer, sub)) return true;
    return !!problem && this.seesProblem(viewer, problem);
  },
  rights(viewer, sub, problem) {
    const owner = isOwner(viewer, sub);
    const admin = isAdminRole(viewer);
    const shareable = !!problem?.codeShare;
    const cases = admin || (problem?.openCaseResult ?? false);
    return {
      isOwner: owner,
      canSeeCode: owner || admin || (!!sub.share && shareable),
      canSeeCases: cases,
      canSeeCaseOutput: cases && (owner || admin || (!!sub.share && shareable)),
      canShare: owner && shareable,
      // Taking one's code back is always allowed, even where sharing has been turned off since.
      canUnshare: owner && !!sub.share,
      canResubmit: (owner || isSuperAdmin(viewer)) && resubmittable(sub),
    };
  },
  countsInBank() {
    return true;
  },
  showsResult() {
    return true;
  },
  countsOnRanking() {
    // The site's ACM and OI ranks list everyone.
    return true;
  },
  mayAdminister(viewer) {
    return isAdminRole(viewer);
  },
  countsInSolvedList(sub) {
    // The solved list holds public-bank problems only (not group problems), as HOJ's does.
    return sub.gid === null || sub.gid === undefined;
  },
};

/**
 * A list narrowed to a problem the viewer may not see shows only their own submissions to it, as
 * if it did not exist for others: the author condition to apply, or null when nothing is shown
 * (a visitor, or a filter naming someone else).
 */
export function ownSubmissionsOnlyFilter(viewer: Viewer, requestedUid: string | undefined): { uid: string } | null {
  if (!viewer || (requestedUid !== undefined && requestedUid !== viewer._id)) return null;
  return { uid: viewer._id };
}
