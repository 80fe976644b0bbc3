import { JudgeStatus, ProblemAuth, RESUBMITTABLE_STATUSES } from "~/lib/constants";
import type { FilterQuery } from "mongoose";
import type { ProblemDoc } from "~/models/problem.server";
import type { SubmissionDoc } from "~/models/submission.server";
import { DomainError } from "../errors.server";
import { canSubmit, isAdminRole, isSuperAdmin } from "./roles.server";

// The one access policy. Every question "may this viewer see or do this, here" is answered by a
// scope object: the problem bank, a contest, a training or a group. Routes, /ojapi adapters, the
// submit path, the submission lists and details, the live status stream and the judge rules ask a
// scope and never decide themselves. A scope whose screens do not exist yet refuses everything
// that names it; when it is built it becomes an object like `bankScope` with its own rules (what a
// sealed board hides, whose code a contest admin sees, whether a result counts in the bank).

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
}

function isOwner(viewer: Viewer, sub: SubmissionForAccess): boolean {
  return !!viewer && viewer._id === sub.uid;
}

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
    if (!viewer) return new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
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
      canResubmit: (owner || isSuperAdmin(viewer)) && RESUBMITTABLE_STATUSES.has(sub.status ?? JudgeStatus.PENDING),
    };
  },
  countsInBank() {
    return true;
  },
  countsInSolvedList(sub) {
    // The solved list holds public-bank problems only (not group problems), as HOJ's does.
    return sub.gid === null || sub.gid === undefined;
  },
};

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
    submitterRefusal: (viewer) => (viewer ? refusal() : new DomainError("unauthenticated", "common:errors.pleaseLoginFirst")),
    submitRefusal: (viewer) => (viewer ? refusal() : new DomainError("unauthenticated", "common:errors.pleaseLoginFirst")),
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

/** Refuses the scopes that cannot be named yet (0, null and absent name none). */
export function refuseUnbuiltScope(kind: Exclude<ScopeKind, "bank">): never {
  throw new DomainError("forbidden", UNBUILT_REFUSAL[kind]);
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

// ---- Contests (spec section 6 "Contest access", section 4 "seal rank") ----

/** What the contest rules read of a contest. */
export interface ContestForAccess {
  _id: number;
  /** 0 ACM, 1 OI. */
  type: number;
  /** 0 public, 1 private, 2 protected. */
  auth: number;
  startTime: Date;
  endTime: Date;
  sealRank: boolean;
  sealRankTime: Date | null;
  autoRealRank: boolean;
  allowEndSubmit: boolean;
  openRank: boolean;
  visible: boolean;
  /** The creator. */
  uid: string;
  gid: number | null;
}

/** A contest as one viewer meets it at one moment: everything the contest scope decides on. */
export interface ContestAccessContext {
  contest: ContestForAccess;
  now: Date;
  /** The viewer registered with the password (private and protected contests). */
  registered: boolean;
  /** The viewer's username matches the contest's account limit rule (true when there is none). */
  accountAllowed: boolean;
  /** The viewer administers the contest's group (a group contest; the groups scope says). */
  groupAdmin: boolean;
  /** Problem ids of the contest. */
  problemPids: ReadonlySet<number>;
  /** A group contest: its group as the viewer meets it (only its members look inside). */
  group?: GroupAccessContext | null;
}

const CONTEST_PUBLIC = 0;
const CONTEST_PRIVATE = 1;
const CONTEST_OI = 1;

/** -1 scheduled, 0 running, 1 ended, from the clock. */
export function contestStatusAt(c: Pick<ContestForAccess, "startTime" | "endTime">, now: Date): -1 | 0 | 1 {
  if (now < c.startTime) return -1;
  if (now < c.endTime) return 0;
  return 1;
}

/**
 * Contest admin: a super admin, the contest's author, or (a group contest) its group's admin as the
 * groups scope answers.
 */
export function isContestAdmin(viewer: Viewer, contest: Pick<ContestForAccess, "uid" | "gid">, groupAdmin = false): boolean {
  if (!viewer) return false;
  return isSuperAdmin(viewer) || viewer._id === contest.uid || (contest.gid !== null && groupAdmin);
}

/**
 * Who may create contests in a scope: on the site the admin roles (HOJ's admin area), in a group
 * also its admins (the groups scope answers `groupAdmin`).
 */
export function mayCreateContest(viewer: Viewer, scope: { gid: number | null; groupAdmin?: boolean }): boolean {
  return isAdminRole(viewer) || (scope.gid !== null && (scope.groupAdmin ?? false));
}

/**
 * Whether the board is frozen now for those without real-time rights: sealing is on, the seal
 * time has come, and the contest is still running, or has ended without unsealing by itself
 * (autoRealRank off: it stays sealed until an admin turns sealing off).
 */
export function boardSealedAt(c: Pick<ContestForAccess, "sealRank" | "sealRankTime" | "endTime" | "autoRealRank">, now: Date): boolean {
  if (!c.sealRank || !c.sealRankTime || now < c.sealRankTime) return false;
  return now < c.endTime || !c.autoRealRank;
}

function contestAdminOf(viewer: Viewer, ctx: ContestAccessContext): boolean {
  return isContestAdmin(viewer, ctx.contest, ctx.groupAdmin);
}

/**
 * Entry: may the viewer look inside (problems, board, submissions)? Signed in, and the contest has
 * started (admins always), and it is public or protected, or the viewer registered (private).
 */
export function contestEntryRefusal(viewer: Viewer, ctx: ContestAccessContext): DomainError | null {
  if (!viewer) return new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
  if (ctx.group) {
    const outsider = groupContentRefusal(viewer, ctx.group);
    if (outsider) return outsider;
  }
  if (contestAdminOf(viewer, ctx)) return null;
  if (!ctx.contest.visible) return new DomainError("notFound", "contest:notFound");
  if (contestStatusAt(ctx.contest, ctx.now) === -1) return new DomainError("forbidden", "contest:notStarted");
  if (ctx.contest.auth === CONTEST_PRIVATE && !ctx.registered) return new DomainError("forbidden", "contest:needRegister");
  return null;
}

/** Does the viewer see the live board now (admin, not sealed, or sealed but not yet/no longer)? */
export function contestRealTime(viewer: Viewer, ctx: ContestAccessContext): boolean {
  return contestAdminOf(viewer, ctx) || !boardSealedAt(ctx.contest, ctx.now);
}

/**
 * Does the viewer see the outcome of this contest submission? Not while the board is sealed for
 * them and it came after the seal: others' in an ACM contest; in an OI contest their own too
 * (they see "Submitted successfully" only).
 */
export function contestShowsResult(viewer: Viewer, ctx: ContestAccessContext, sub: SubmissionForAccess): boolean {
  if (contestRealTime(viewer, ctx)) return true;
  const seal = ctx.contest.sealRankTime;
  if (!seal || !sub.submitTime || sub.submitTime < seal) return true;
  if (ctx.contest.type === CONTEST_OI) return false;
  return isOwner(viewer, sub);
}

/** The scope of one contest for one viewer at one moment (build the context with `contestContext`). */
export function contestScope(ctx: ContestAccessContext): Scope {
  const c = ctx.contest;
  return {
    kind: "contest",
    seesProblem(viewer, problem) {
      if (contestEntryRefusal(viewer, ctx)) return false;
      return problem._id !== undefined && ctx.problemPids.has(problem._id);
    },
    submitterRefusal(viewer) {
      if (!viewer) return new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
      if (!canSubmit(viewer)) return new DomainError("forbidden", "judge:noSubmitPermission");
      if (ctx.group) {
        const outsider = groupContentRefusal(viewer, ctx.group);
        if (outsider) return outsider;
      }
      if (contestAdminOf(viewer, ctx)) return null;
      if (!c.visible) return new DomainError("notFound", "contest:notFound");
      const status = contestStatusAt(c, ctx.now);
      if (status === -1) return new DomainError("forbidden", "contest:notStarted");
      if (status === 1 && !c.allowEndSubmit) return new DomainError("forbidden", "contest:ended");
      if (c.auth !== CONTEST_PUBLIC && !ctx.registered) return new DomainError("forbidden", "contest:needRegister");
      if (!ctx.accountAllowed) return new DomainError("forbidden", "contest:accountLimited");
      return null;
    },
    submitRefusal(viewer, problem) {
      const refusal = this.submitterRefusal(viewer);
      if (refusal) return refusal;
      if (!problem || problem._id === undefined || !ctx.problemPids.has(problem._id)) return new DomainError("notFound", "contest:problemNotFound");
      return null;
    },
    seesSubmission(viewer, sub) {
      if (isAdminRole(viewer) || isOwner(viewer, sub) || contestAdminOf(viewer, ctx)) return true;
      return sub.cid === c._id && !contestEntryRefusal(viewer, ctx);
    },
    rights(viewer, sub, problem) {
      const owner = isOwner(viewer, sub);
      const admin = isAdminRole(viewer) || contestAdminOf(viewer, ctx);
      const shown = contestShowsResult(viewer, ctx, sub);
      return {
        isOwner: owner,
        canSeeCode: owner || admin,
        canSeeCases: admin || (owner && shown && (problem?.openCaseResult ?? false)),
        canSeeCaseOutput: admin || (owner && shown && (problem?.openCaseResult ?? false)),
        canShare: false,
        canUnshare: false,
        canResubmit: (owner || isSuperAdmin(viewer)) && RESUBMITTABLE_STATUSES.has(sub.status ?? JudgeStatus.PENDING),
      };
    },
    countsInBank: () => false,
    countsInSolvedList: () => false,
  };
}

// ---- Trainings (spec section 6: "training admin likewise"; HOJ's checkTrainingAuth) ----

/** What the training rules read of a training. */
export interface TrainingForAccess {
  _id: number;
  /** "Public" or "Private". */
  auth: string;
  /** Shown to everyone (true) or to its admins only. */
  status: boolean;
  /** The creator. */
  uid: string;
  gid: number | null;
}

/** A training as one viewer meets it: everything the training scope decides on. */
export interface TrainingAccessContext {
  training: TrainingForAccess;
  /** The viewer registered with the password (private trainings). */
  registered: boolean;
  /** The viewer administers the training's group (a group training; the groups scope says). */
  groupAdmin: boolean;
  /** Problem ids of the training. */
  problemPids: ReadonlySet<number>;
  /** A group training: its group as the viewer meets it (only its members look inside). */
  group?: GroupAccessContext | null;
}

export const TRAINING_PUBLIC = "Public";
export const TRAINING_PRIVATE = "Private";

/** Training admin: a super admin, the training's author, or (a group training) its group's admin. */
export function isTrainingAdmin(viewer: Viewer, training: Pick<TrainingForAccess, "uid" | "gid">, groupAdmin = false): boolean {
  if (!viewer) return false;
  return isSuperAdmin(viewer) || viewer._id === training.uid || (training.gid !== null && groupAdmin);
}

/** Who may create trainings in a scope: on the site the admin roles, in a group also its admins. */
export function mayCreateTraining(viewer: Viewer, scope: { gid: number | null; groupAdmin?: boolean }): boolean {
  return isAdminRole(viewer) || (scope.gid !== null && (scope.groupAdmin ?? false));
}

/**
 * Entry: may the viewer look inside (problems, records, rank)? A shown training; a private one
 * needs a signed-in viewer registered with its password (its admins always enter).
 */
export function trainingEntryRefusal(viewer: Viewer, ctx: TrainingAccessContext): DomainError | null {
  const t = ctx.training;
  if (ctx.group) {
    if (!viewer) return new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
    const outsider = groupContentRefusal(viewer, ctx.group);
    if (outsider) return outsider;
  }
  if (isTrainingAdmin(viewer, t, ctx.groupAdmin)) return null;
  if (!t.status) return new DomainError("notFound", "training:notFound");
  if (t.auth === TRAINING_PRIVATE) {
    if (!viewer) return new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
    if (!ctx.registered) return new DomainError("forbidden", "training:needRegister");
  }
  return null;
}

/**
 * The scope of one training for one viewer: its problems open to those who may enter; submitting
 * needs a signed-in user allowed to submit (roles 1003, 1006, 1007 may not) who may enter; a
 * result counts in the bank and the solved list as a bank submission's (HOJ).
 */
export function trainingScope(ctx: TrainingAccessContext): Scope {
  const admin = (viewer: Viewer) => isTrainingAdmin(viewer, ctx.training, ctx.groupAdmin);
  return {
    kind: "training",
    seesProblem(viewer, problem) {
      if (trainingEntryRefusal(viewer, ctx)) return false;
      return problem._id !== undefined && ctx.problemPids.has(problem._id);
    },
    submitterRefusal(viewer) {
      if (!viewer) return new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
      if (!canSubmit(viewer)) return new DomainError("forbidden", "judge:noSubmitPermission");
      return trainingEntryRefusal(viewer, ctx);
    },
    submitRefusal(viewer, problem) {
      const refusal = this.submitterRefusal(viewer);
      if (refusal) return refusal;
      if (!problem || problem._id === undefined || !ctx.problemPids.has(problem._id)) return new DomainError("notFound", "training:problemNotFound");
      return null;
    },
    seesSubmission(viewer, sub, problem) {
      if (admin(viewer)) return true;
      if (bankScope.seesSubmission(viewer, sub, problem)) return true;
      return sub.tid === ctx.training._id && !!problem && this.seesProblem(viewer, problem);
    },
    rights(viewer, sub, problem) {
      const base = bankScope.rights(viewer, sub, problem);
      if (!admin(viewer)) return base;
      return { ...base, canSeeCode: true, canSeeCases: true, canSeeCaseOutput: true };
    },
    countsInBank: () => true,
    countsInSolvedList: (sub) => sub.gid === null || sub.gid === undefined,
  };
}

// ---- The AI helper ----

/**
 * Why the viewer may not ask the AI helper about a problem (a missing or hidden one included);
 * null when they may: any signed-in user who sees the problem in the bank. Asking without a
 * problem (HOJ's teaching call with only messages) needs a signed-in user alone.
 */
export function aiHelperRefusal(viewer: Viewer, problem: ProblemForAccess | null | undefined): DomainError | null {
  if (!viewer) return new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
  if (problem === undefined) return null;
  if (!problem || !bankScope.seesProblem(viewer, problem)) return new DomainError("notFound", "judge:problemNotFound");
  return null;
}

/** Who sets the AI helper's endpoint, key and model: super admins, as every site setting. */
export function mayConfigureAi(viewer: Viewer): boolean {
  return isSuperAdmin(viewer);
}

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
  if (!viewer) return new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
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
      if (!viewer) return new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
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
