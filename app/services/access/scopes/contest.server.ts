import type { FilterQuery } from "mongoose";
import type { SubmissionDoc } from "~/models/submission.server";
import { canSubmit, isAdminRole, isSuperAdmin } from "../roles.server";
import { DomainError } from "../../errors.server";
import { ProblemAuth } from "~/lib/constants";
import { isOwner, loginFirst, resubmittable, type ProblemForAccess, type Scope, type SubmissionForAccess, type Viewer } from "../scope.server";
import { bankProblemsQuery, bankScope } from "./bank.server";
import type { ProblemDoc } from "~/models/problem.server";
import { groupContentRefusal, type GroupAccessContext } from "./group.server";

// A contest as a scope (spec section 6 "Contest access", section 4 "seal rank"): who looks inside,
// who submits, whose results and code are shown while the board is sealed, who administers it and
// who counts on its board. What a contestant may learn while sealed is the contest rule's
// (`RuleVisibility`, carried in the context); everything here follows it, the queries too, so a
// list, filter or count never reaches a result its rows hide.

/**
 * What a contest rule lets a contestant learn while the board is sealed for them (Hydro's
 * showSelfRecord / showRecord): others' results never; their own as the rule says.
 */
export interface RuleVisibility {
  /** Their own results (verdict, score, time) while sealed: ACM and IOI yes, OI no. */
  ownResultWhileSealed: boolean;
  /** Their own per-case results whenever their result is shown, even where the problem keeps cases closed (IOI). */
  ownCasesAlways: boolean;
}

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
  /** What the contest's rule lets a contestant learn while sealed. */
  visibility: RuleVisibility;
}

const CONTEST_PUBLIC = 0;
const CONTEST_PRIVATE = 1;

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

/**
 * Whether a contest's results may count where all its possible viewers see them outside the contest
 * (its group's rank, read by the members a group contest is open to): it has started and its board
 * is not sealed now (a sealed ACM board, an OI contest without real-time rank: not until unsealed).
 */
export function contestResultsPublicAt(c: Pick<ContestForAccess, "sealRank" | "sealRankTime" | "startTime" | "endTime" | "autoRealRank">, now: Date): boolean {
  return now >= c.startTime && !boardSealedAt(c, now);
}

function contestAdminOf(viewer: Viewer, ctx: ContestAccessContext): boolean {
  return isContestAdmin(viewer, ctx.contest, ctx.groupAdmin);
}

/**
 * Entry: may the viewer look inside (problems, board, submissions)? Signed in, and the contest has
 * started (admins always), and it is public or protected, or the viewer registered (private).
 */
export function contestEntryRefusal(viewer: Viewer, ctx: ContestAccessContext): DomainError | null {
  if (!viewer) return loginFirst();
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

/**
 * The contest's overview (HOJ's get-contest-info): everyone signed in, hidden contests only their
 * admins, a group contest only its group's members.
 */
export function contestOverviewRefusal(viewer: Viewer, ctx: ContestAccessContext): DomainError | null {
  const outsider = contestOutsiderRefusal(viewer, ctx);
  if (outsider) return outsider;
  if (!ctx.contest.visible && !contestAdminOf(viewer, ctx)) return new DomainError("notFound", "contest:notFound");
  return null;
}

/**
 * The outside scoreboard (a shared board link): its admins always; anyone else, a visitor who is not
 * signed in too (HOJ's rule), once the contest opens its rank, is shown and has started. A group
 * contest's boards are its group's members' only.
 */
export function contestOutsideBoardRefusal(viewer: Viewer, ctx: ContestAccessContext): DomainError | null {
  if (ctx.contest.gid !== null) {
    const outsider = contestOutsiderRefusal(viewer, ctx);
    if (outsider) return outsider;
  }
  if (contestAdminOf(viewer, ctx)) return null;
  const c = ctx.contest;
  if (!c.visible || !c.openRank || contestStatusAt(c, ctx.now) === -1) return new DomainError("forbidden", "contest:rankClosed");
  return null;
}

/**
 * The ICPC Contest API (app/services/icpc): its admin role is the contest's admins; everyone else
 * reads as its public role, a visitor with no credentials, who sees a contest only where its
 * outside scoreboard is open to everyone: a shown, public site contest that opens its rank and has
 * started. A group contest's boards are its members' only, so the public role never sees one.
 */
export function contestApiRefusal(viewer: Viewer, ctx: ContestAccessContext): DomainError | null {
  if (contestAdminOf(viewer, ctx)) return null;
  const c = ctx.contest;
  if (!c.visible || c.gid !== null) return new DomainError("notFound", "contest:notFound");
  if (c.auth !== CONTEST_PUBLIC || !c.openRank || contestStatusAt(c, ctx.now) === -1) return new DomainError("forbidden", "contest:rankClosed");
  return null;
}

/** A group contest refuses those outside its group (before its password is even tried). */
export function contestOutsiderRefusal(viewer: Viewer, ctx: ContestAccessContext): DomainError | null {
  if (!viewer) return loginFirst();
  return ctx.group ? groupContentRefusal(viewer, ctx.group) : null;
}

/** HOJ's get-contest-access: a public contest needs no registration; its admins need none either. */
export function contestHasAccess(viewer: Viewer, ctx: ContestAccessContext): boolean {
  return ctx.contest.auth === CONTEST_PUBLIC || contestAdminOf(viewer, ctx) || ctx.registered;
}

/**
 * Registering with the password: not for the group's outsiders, not for a hidden contest (but its
 * admins), not for a public one (it needs none), not outside the account limit rule.
 */
export function contestRegisterRefusal(viewer: Viewer, ctx: ContestAccessContext): DomainError | null {
  const outsider = contestOutsiderRefusal(viewer, ctx);
  if (outsider) return outsider;
  if (!ctx.contest.visible && !contestAdminOf(viewer, ctx)) return new DomainError("notFound", "contest:notFound");
  if (ctx.contest.auth === CONTEST_PUBLIC) return new DomainError("invalid", "contest:publicNoRegister");
  if (!ctx.accountAllowed) return new DomainError("forbidden", "contest:accountLimited");
  return null;
}

/** Does the viewer see the live board now (admin, not sealed, or sealed but not yet/no longer)? */
export function contestRealTime(viewer: Viewer, ctx: ContestAccessContext): boolean {
  return contestAdminOf(viewer, ctx) || !boardSealedAt(ctx.contest, ctx.now);
}

/**
 * Does the viewer see the outcome of this contest submission? Not while the board is sealed for
 * them and it came after the seal: never another's, and their own as the rule says (an OI
 * contestant sees "Submitted successfully" only).
 */
export function contestShowsResult(viewer: Viewer, ctx: ContestAccessContext, sub: SubmissionForAccess): boolean {
  if (contestRealTime(viewer, ctx)) return true;
  const seal = ctx.contest.sealRankTime;
  if (!seal || !sub.submitTime || sub.submitTime < seal) return true;
  return isOwner(viewer, sub) && ctx.visibility.ownResultWhileSealed;
}

/**
 * The same rule as conditions on stored submissions of the contest: `shown` selects those whose
 * result the viewer sees, `hidden` the others; both null when the viewer sees every result.
 */
export function contestResultQueries(viewer: Viewer, ctx: ContestAccessContext): { shown: FilterQuery<SubmissionDoc>; hidden: FilterQuery<SubmissionDoc> } | null {
  const seal = ctx.contest.sealRankTime;
  if (contestRealTime(viewer, ctx) || !seal) return null;
  const own = viewer && ctx.visibility.ownResultWhileSealed ? viewer._id : null;
  const shown: FilterQuery<SubmissionDoc> = own === null ? { submitTime: { $lt: seal } } : { $or: [{ submitTime: { $lt: seal } }, { uid: own }] };
  const hidden: FilterQuery<SubmissionDoc> = own === null ? { submitTime: { $gte: seal } } : { submitTime: { $gte: seal }, uid: { $ne: own } };
  return { shown, hidden };
}

/**
 * The condition of a status filter as the viewer sees the rows: a hidden result reads as `unknown`
 * (Submitted Unknown Result), so filtering by a verdict finds only rows whose verdict is shown, and
 * filtering by `unknown` finds the hidden rows too. Computed in the query, so the total and the
 * page agree with the rows and tell nothing more.
 */
export function contestStatusQuery(viewer: Viewer, ctx: ContestAccessContext, status: number, unknown: number): FilterQuery<SubmissionDoc> {
  const q = contestResultQueries(viewer, ctx);
  if (!q) return { status };
  if (status === unknown) return { $or: [q.hidden, { status }] };
  return { $and: [q.shown, { status }] };
}

/**
 * Whose submissions count on the contest's board: everyone's but its author's and the super
 * admins' (they try the problems; HOJ leaves them out too).
 */
export function countsOnContestBoard(contest: Pick<ContestForAccess, "uid">, user: { _id: string; role: number } | null): boolean {
  return !!user && user._id !== contest.uid && !isSuperAdmin(user);
}

/**
 * Which of their own board rows a contestant reads their problem statuses from: the live one while
 * they see results, the sealed one while the rule hides their own results.
 */
export function contestOwnRowView(viewer: Viewer, ctx: ContestAccessContext): "live" | "sealed" {
  return contestRealTime(viewer, ctx) || ctx.visibility.ownResultWhileSealed ? "live" : "sealed";
}

/**
 * Which problems a contest's admin may list in it: the bank's public ones, the site's contest-only
 * ones for the admin roles, and (a group's contest) the group's own; `from` says which of them a
 * call means (HOJ's add-from-public and add-from-group; "any" for a call naming a problem by id).
 */
export function contestProblemSourceAllowed(
  viewer: Viewer,
  problem: ProblemForAccess,
  contestGid: number | null,
  from: "public" | "group" | "any",
): boolean {
  const ofGroup = contestGid !== null && problem.gid === contestGid;
  const fromBank = bankScope.seesProblem(null, problem) || (problem.auth === ProblemAuth.CONTEST && !problem.gid && isAdminRole(viewer));
  return from === "group" ? ofGroup : from === "public" ? fromBank : ofGroup || fromBank;
}

/**
 * The same rule for listing the problems a contest's admin may add from the public bank (HOJ's
 * "Add from public problem" dialog): the bank's public ones and, for the admin roles, the site's
 * contest-only ones.
 */
export function contestPublicSourceQuery(viewer: Viewer): FilterQuery<ProblemDoc> {
  const bank = { $and: bankProblemsQuery() };
  return isAdminRole(viewer) ? { $or: [bank, { auth: ProblemAuth.CONTEST, gid: null }] } : bank;
}

/** A new problem for a site contest is a bank problem: the admin roles write it; a group contest's admins write the group's. */
export function mayWriteContestOnlyProblem(viewer: Viewer, contestGid: number | null): boolean {
  return contestGid !== null || isAdminRole(viewer);
}

/** Rejudging a contest's problem or a submission of it: super admins (HOJ's rule). */
export function mayRejudgeContest(viewer: Viewer): boolean {
  return isSuperAdmin(viewer);
}

/** What a viewer is in a contest now: the answers its pages and services need, decided once. */
export interface ContestStanding {
  /** Why the viewer may not look inside; null when they may. */
  entryRefusal: DomainError | null;
  /** Administers this contest (super admin, author, the group's root or admin as the group says). */
  admin: boolean;
  mayRejudge: boolean;
  registered: boolean;
  /** Needs no password (public, an admin) or registered with it. */
  hasAccess: boolean;
  /** Sees the live board (not sealed for them). */
  realTime: boolean;
  /** The board is sealed now for those without real-time rights. */
  sealed: boolean;
}

export function contestStanding(viewer: Viewer, ctx: ContestAccessContext): ContestStanding {
  return {
    entryRefusal: contestEntryRefusal(viewer, ctx),
    admin: contestAdminOf(viewer, ctx),
    mayRejudge: mayRejudgeContest(viewer),
    registered: ctx.registered,
    hasAccess: contestHasAccess(viewer, ctx),
    realTime: contestRealTime(viewer, ctx),
    sealed: boardSealedAt(ctx.contest, ctx.now),
  };
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
      if (!viewer) return loginFirst();
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
      const ownCases = owner && contestShowsResult(viewer, ctx, sub) && ((problem?.openCaseResult ?? false) || ctx.visibility.ownCasesAlways);
      return {
        isOwner: owner,
        canSeeCode: owner || admin,
        canSeeCases: admin || ownCases,
        canSeeCaseOutput: admin || ownCases,
        canShare: false,
        canUnshare: false,
        canResubmit: (owner || isSuperAdmin(viewer)) && resubmittable(sub),
      };
    },
    countsInBank: () => false,
    countsInSolvedList: () => false,
    showsResult: (viewer, sub) => contestShowsResult(viewer, ctx, sub),
    countsOnRanking: (user) => countsOnContestBoard(c, user),
    mayAdminister: (viewer) => contestAdminOf(viewer, ctx),
  };
}
