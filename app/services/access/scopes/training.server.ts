import { canSubmit, isAdminRole, isSuperAdmin } from "../roles.server";
import { DomainError } from "../../errors.server";
import { Role } from "~/lib/constants";
import { loginFirst, type ProblemForAccess, type Scope, type Viewer } from "../scope.server";
import { bankScope } from "./bank.server";
import { groupContentRefusal, type GroupAccessContext } from "./group.server";

// ---- Trainings (spec section 6: "training admin likewise"; HOJ's checkTrainingAuth) ----

const SUPER_ADMIN_ROLE = Role.SUPER_ADMIN;

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
    if (!viewer) return loginFirst();
    const outsider = groupContentRefusal(viewer, ctx.group);
    if (outsider) return outsider;
  }
  if (isTrainingAdmin(viewer, t, ctx.groupAdmin)) return null;
  if (!t.status) return new DomainError("notFound", "training:notFound");
  if (t.auth === TRAINING_PRIVATE) {
    if (!viewer) return loginFirst();
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
      if (!viewer) return loginFirst();
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
    showsResult: () => true,
    countsOnRanking: (user) => countsOnTrainingRank(ctx.training, user),
    mayAdminister: (viewer) => admin(viewer),
  };
}

/**
 * A training's detail (HOJ's get-training-detail; readable before registering, the password form is
 * on it): a group training only its group's members; a hidden one only its admins.
 */
export function trainingDetailRefusal(viewer: Viewer, ctx: TrainingAccessContext): DomainError | null {
  if (ctx.group) {
    const outsider = groupContentRefusal(viewer, ctx.group);
    if (outsider) return outsider;
  }
  if (!ctx.training.status && !isTrainingAdmin(viewer, ctx.training, ctx.groupAdmin)) return new DomainError("notFound", "training:notFound");
  return null;
}

/** Registering with the password: as the detail, and only a private training takes one. */
export function trainingRegisterRefusal(viewer: Viewer, ctx: TrainingAccessContext): DomainError | null {
  if (!viewer) return loginFirst();
  const detail = trainingDetailRefusal(viewer, ctx);
  if (detail) return detail;
  if (ctx.training.auth !== TRAINING_PRIVATE) return new DomainError("invalid", "training:publicNoRegister");
  return null;
}

/**
 * Whose results count on a training's rank: everyone's but its author's and the super admins'
 * (as a contest board leaves them out).
 */
export function countsOnTrainingRank(training: Pick<TrainingForAccess, "uid">, user: { _id: string; role: number } | null): boolean {
  return !!user && user._id !== training.uid && !isSuperAdmin(user);
}

/** The role whose members never count on a training's rank, for the query that leaves them out. */
export function unrankedRoles(): number[] {
  return [SUPER_ADMIN_ROLE];
}

/** Which problems a training's admin may add: the bank's public ones, or (a group's training) the group's own. */
export function trainingProblemSourceAllowed(problem: ProblemForAccess, trainingGid: number | null, from: "public" | "group"): boolean {
  if (from === "group") return trainingGid !== null && problem.gid === trainingGid;
  return bankScope.seesProblem(null, problem);
}

/** What a viewer is in a training: the answers its pages and services need, decided once. */
export interface TrainingStanding {
  /** Why the viewer may not open the training's detail; null when they may. */
  detailRefusal: DomainError | null;
  /** Why the viewer may not look inside (problems, records, rank); null when they may. */
  entryRefusal: DomainError | null;
  /** Administers it (super admin, author, the group's root): sees real names, manages it. */
  admin: boolean;
  registered: boolean;
}

export function trainingStanding(viewer: Viewer, ctx: TrainingAccessContext): TrainingStanding {
  return {
    detailRefusal: trainingDetailRefusal(viewer, ctx),
    entryRefusal: trainingEntryRefusal(viewer, ctx),
    admin: isTrainingAdmin(viewer, ctx.training, ctx.groupAdmin),
    registered: ctx.registered,
  };
}
