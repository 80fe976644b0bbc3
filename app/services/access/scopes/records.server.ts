import { DomainError } from "../../errors.server";
import { isAdminRole } from "../roles.server";
import { isOwner, loginFirst, type ProblemForAccess, type Scope, type ScopeIds, type ScopeKind, type SubmissionForAccess, type SubmissionRights, type Viewer } from "../scope.server";
import { bankScope } from "./bank.server";
import { groupScope, type GroupAccessContext } from "./group.server";

// A stored record read without its scope's context (a contest submission on the bank's lists, the
// detail page before its contest is read), the scope a request names by its ids, and the counting
// rules as queries over stored submissions.


const UNBUILT_REFUSAL: Record<Exclude<ScopeKind, "bank">, string> = {
  contest: "common:errors.contestUnavailable",
  training: "common:errors.trainingUnavailable",
  group: "common:errors.groupUnavailable",
};

/**
 * A scope whose screens are not built yet: nothing may be placed in it or read through it, and
 * what already carries its id (a record written by an older release, a direct insert) is seen
 * only by its author and the admin roles. What it counts in the bank is HOJ's: contest results
 * count only in the contest; a group's count in its problems' counters but not in the solved list;
 * a training's count as the bank's.
 */
function unbuiltScope(kind: Exclude<ScopeKind, "bank">, counts: { bank: boolean; solved: boolean }): Scope {
  const refusal = () => new DomainError("forbidden", UNBUILT_REFUSAL[kind]);
  return {
    kind,
    seesProblem: () => false,
    submitterRefusal: (viewer) => (viewer ? refusal() : loginFirst()),
    submitRefusal: (viewer) => (viewer ? refusal() : loginFirst()),
    seesSubmission: (viewer, sub) => isAdminRole(viewer) || isOwner(viewer, sub),
    rights: (viewer, sub) => ({
      isOwner: isOwner(viewer, sub),
      canSeeCode: isOwner(viewer, sub) || isAdminRole(viewer),
      canSeeCases: isAdminRole(viewer),
      canSeeCaseOutput: isAdminRole(viewer),
      canShare: false,
      canUnshare: false,
      canResubmit: false,
    }),
    countsInBank: () => counts.bank,
    countsInSolvedList: () => counts.solved,
    // Read without its context, a record's result is its author's and the admin roles' alone to learn.
    showsResult: (viewer, sub) => isAdminRole(viewer) || isOwner(viewer, sub),
    countsOnRanking: () => false,
    mayAdminister: (viewer) => isAdminRole(viewer),
  };
}

// A contest submission looked at without its contest (the bank's lists, the detail page before the
// contest is read): its author and the admin roles only. Acting in a contest goes through
// `contestScope(context)`, which knows the contest and the viewer's registration.
const contestRecordScope = unbuiltScope("contest", { bank: false, solved: false });
/**
 * A training submission looked at without its training (the status list, the detail page): its
 * problem is a bank problem and its result counts as the bank's (HOJ), so the bank's rules answer.
 * Acting in a training goes through `trainingScope(context)`.
 */
const trainingRecordScope: Scope = { ...bankScope, kind: "training" };
/**
 * A group submission looked at without its group (the bank's lists, the detail page before the
 * group is read): its author and the admin roles only. Acting in a group, and its members reading
 * its records, go through `groupScope(context)`.
 */
const groupRecordScope = unbuiltScope("group", { bank: true, solved: false });

function kindOf(ids: ScopeIds): ScopeKind {
  if (ids.cid) return "contest";
  if (ids.gid !== undefined && ids.gid !== null) return "group";
  if (ids.tid) return "training";
  return "bank";
}

const SCOPES: Record<ScopeKind, Scope> = { bank: bankScope, contest: contestRecordScope, training: trainingRecordScope, group: groupRecordScope };

/** The scope a submission (or any record carrying scope ids) belongs to. */
export function scopeOf(ids: ScopeIds): Scope {
  return SCOPES[kindOf(ids)];
}

/**
 * The scope a request names, for acting in it: the bank when it names none; a training id alone
 * reads as the bank (its problems are bank problems; submitting in a training goes through
 * `trainingScope`); a group id is its group's scope for the viewer (`group`: the context
 * `groupScopeFor` in app/services/group/scope.server.ts loads); a scope that cannot be acted in
 * this way is refused with its translated 403.
 */
export function requestedScope(ids: ScopeIds, group?: GroupAccessContext): Scope {
  const kind = kindOf(ids);
  if (kind === "training") return trainingRecordScope;
  if (kind === "group" && group && group.group._id === ids.gid) return groupScope(group);
  if (kind !== "bank") throw new DomainError("forbidden", UNBUILT_REFUSAL[kind]);
  return bankScope;
}

// ---- Answers for one submission, whatever its scope ----

/** May the viewer see this submission (its row, detail and live status)? */
export function seesSubmission(viewer: Viewer, sub: SubmissionForAccess, problem: ProblemForAccess | null): boolean {
  return scopeOf(sub).seesSubmission(viewer, sub, problem);
}

/** What the viewer may do with a submission; nothing when they may not see it. */
export function submissionRights(viewer: Viewer, sub: SubmissionForAccess, problem: ProblemForAccess | null): SubmissionRights {
  return scopeOf(sub).rights(viewer, sub, problem);
}

/** Does a judged submission count in the problem's and the user's bank counters? */
export function countsInBank(sub: ScopeIds): boolean {
  return scopeOf(sub).countsInBank(sub);
}

/**
 * The kept ranking a judged submission moves, if any: its contest's board, or (outside contests)
 * its training's rank.
 */
export function keptRankingOf(sub: ScopeIds): { kind: "contest"; cid: number } | { kind: "training"; tid: number } | null {
  if ((sub.cid ?? 0) > 0) return { kind: "contest", cid: sub.cid as number };
  if ((sub.tid ?? 0) > 0) return { kind: "training", tid: sub.tid as number };
  return null;
}

/** Does an accepted submission enter the user's solved list? */
export function countsInSolvedList(sub: ScopeIds): boolean {
  return scopeOf(sub).countsInSolvedList(sub);
}

/**
 * The same two rules as queries over stored submissions, for recomputing counters exactly: what
 * counts in the bank (everything outside contests) and in the solved list (outside contests and
 * groups). A unit test holds them to `countsInBank` and `countsInSolvedList`.
 */
export function bankCountedQuery(): { cid: 0 } {
  return { cid: 0 };
}

export function solvedListQuery(): { cid: 0; gid: null } {
  return { cid: 0, gid: null };
}

/** The rows of the public status list: submissions outside contests and groups. */
export function bankListQuery(): { cid: 0; gid: null } {
  return { cid: 0, gid: null };
}
