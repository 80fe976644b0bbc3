import { JudgeStatus, RESUBMITTABLE_STATUSES } from "~/lib/constants";
import type { ProblemDoc } from "~/models/problem.server";
import type { SubmissionDoc } from "~/models/submission.server";
import { DomainError } from "../errors.server";

// The questions every scope of the access policy answers (the problem bank, a contest, a training,
// a group, and a group's contest or training), and what they read of viewers, problems and
// submissions. Each scope is one file under scopes/; routes, /ojapi adapters, the submit path, the
// submission lists and details, the live status stream and the judge rules ask a scope and never
// decide themselves.

/** Who is asking: a signed-in user (id and role) or a visitor. */
export type Viewer = { _id: string; role: number } | null;

/** What the rules read of a problem. */
export type ProblemForAccess = Pick<ProblemDoc, "auth"> & Partial<Pick<ProblemDoc, "_id" | "gid" | "applyPublicProgress" | "codeShare" | "openCaseResult">>;

/** What the rules read of a submission. */
export type SubmissionForAccess = Pick<SubmissionDoc, "uid" | "cid"> & Partial<Pick<SubmissionDoc, "gid" | "tid" | "share" | "status" | "submitTime">>;

export type ScopeKind = "bank" | "contest" | "training" | "group";

/** Ids naming a scope, as requests and submissions carry them (0, null or absent: none). */
export interface ScopeIds {
  cid?: number | null;
  tid?: number | null;
  gid?: number | null;
}

/** What a viewer may do with one submission. */
export interface SubmissionRights {
  isOwner: boolean;
  /** The code (and the compiler's messages, which quote it). */
  canSeeCode: boolean;
  /** Per-case results. */
  canSeeCases: boolean;
  /** The user's output and checker messages of each case. */
  canSeeCaseOutput: boolean;
  canShare: boolean;
  canUnshare: boolean;
  canResubmit: boolean;
}

export interface Scope {
  readonly kind: ScopeKind;
  /** May the viewer open the problem here (statement, languages, self-test)? */
  seesProblem(viewer: Viewer, problem: ProblemForAccess): boolean;
  /**
   * Why the viewer may not submit here whatever the problem (asked before the problem is read, so
   * a refusal never tells whether a hidden problem exists); null when they may.
   */
  submitterRefusal(viewer: Viewer): DomainError | null;
  /** Why the viewer may not submit to the problem here (a missing problem included); null when they may. */
  submitRefusal(viewer: Viewer, problem: ProblemForAccess | null): DomainError | null;
  /** May the viewer see the submission at all: its list row, its detail, its live status? */
  seesSubmission(viewer: Viewer, sub: SubmissionForAccess, problem: ProblemForAccess | null): boolean;
  /** What else the viewer may do with a submission they see. */
  rights(viewer: Viewer, sub: SubmissionForAccess, problem: ProblemForAccess | null): SubmissionRights;
  /** Does a judged submission of this scope count in the bank's counters (problem and user)? */
  countsInBank(sub: ScopeIds): boolean;
  /** Does an accepted submission of this scope enter the user's solved list? */
  countsInSolvedList(sub: ScopeIds): boolean;
  /**
   * Does the viewer learn the outcome of a submission they see (verdict, score, time)? Everywhere
   * but where a contest's sealed board hides it (the contest's rule says whose).
   */
  showsResult(viewer: Viewer, sub: SubmissionForAccess): boolean;
  /** Does a user's work count on this scope's ranking (a contest's board, a training's rank, the site's ranks)? */
  countsOnRanking(user: { _id: string; role: number }): boolean;
  /** May the viewer administer this scope (its settings, problems, announcements, reports)? */
  mayAdminister(viewer: Viewer): boolean;
}

export function isOwner(viewer: Viewer, sub: Pick<SubmissionForAccess, "uid">): boolean {
  return !!viewer && viewer._id === sub.uid;
}

/** The refusal of a visitor where signing in is needed. */
export function loginFirst(): DomainError {
  return new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
}

/** A failed judging may be judged again: by its owner or a super admin (the caller says which). */
export function resubmittable(sub: Pick<SubmissionForAccess, "status">): boolean {
  return RESUBMITTABLE_STATUSES.has(sub.status ?? JudgeStatus.PENDING);
}
