import { canSubmit, isAdminRole, isSuperAdmin } from "../roles.server";
import { DomainError } from "../../errors.server";
import { isOwner, loginFirst, resubmittable, type Scope, type SubmissionForAccess, type Viewer } from "../scope.server";
import { groupContentRefusal, type GroupAccessContext } from "./group.server";

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
      const shown = contestShowsResult(viewer, ctx, sub);
      return {
        isOwner: owner,
        canSeeCode: owner || admin,
        canSeeCases: admin || (owner && shown && (problem?.openCaseResult ?? false)),
        canSeeCaseOutput: admin || (owner && shown && (problem?.openCaseResult ?? false)),
        canShare: false,
        canUnshare: false,
        canResubmit: (owner || isSuperAdmin(viewer)) && resubmittable(sub),
      };
    },
    countsInBank: () => false,
    countsInSolvedList: () => false,
  };
}
