import { Training, type TrainingDoc } from "~/models/training.server";
import { TrainingProblem } from "~/models/training-problem.server";
import { TrainingRegister, trainingUserKey } from "~/models/training-register.server";
import {
  groupContentAdmin,
  TRAINING_PRIVATE,
  trainingScope,
  trainingStanding,
  type Scope,
  type TrainingAccessContext,
  type TrainingStanding,
  type Viewer,
} from "../access/policy.server";
import { DomainError } from "../errors.server";
import { groupAccessContext } from "../group/context.server";

// A training as one request meets it: resolved once at the edge (the training, the viewer's
// registration and group, its problems) into one value the training services are handed. What the
// viewer may see and do in it is the access policy's answer (`scope`, `standing`).

/** Where a request addresses trainings and their categories: the site's own (gid null) or a group's. */
export type TrainingPlace = { gid: number | null; groupAdmin?: boolean };
/** The site's own trainings (the site's pages and HOJ's admin calls). */
export const SITE: TrainingPlace = { gid: null };

export interface TrainingScope {
  readonly kind: "training";
  readonly viewer: Viewer;
  readonly training: TrainingDoc;
  readonly ctx: TrainingAccessContext;
  /** The policy's answers for this training's problems and submissions. */
  readonly scope: Scope;
  readonly standing: TrainingStanding;
}

/** The training, or 404 (one of another place is not found either). */
export async function loadTraining(tid: number, place: TrainingPlace | null): Promise<TrainingDoc> {
  const t = await Training.findById(tid).lean<TrainingDoc>();
  if (!t || (place && (t.gid ?? null) !== place.gid)) throw new DomainError("notFound", "training:notFound");
  return t;
}

/** Everything the policy's training scope decides on, for one viewer. */
export async function trainingContext(training: TrainingDoc, viewer: Viewer): Promise<TrainingAccessContext> {
  const gid = training.gid ?? null;
  const [registered, pids, group] = await Promise.all([
    viewer && training.auth === TRAINING_PRIVATE ? TrainingRegister.exists({ _id: trainingUserKey(training._id, viewer._id) }).then(Boolean) : Promise.resolve(false),
    TrainingProblem.find({ tid: training._id }).select("pid").lean<Array<{ pid: number }>>(),
    gid === null ? Promise.resolve(null) : groupAccessContext(gid, viewer),
  ]);
  if (gid !== null && !group) throw new DomainError("notFound", "training:notFound");
  return {
    training: { _id: training._id, auth: training.auth, status: training.status, uid: training.uid, gid: training.gid ?? null },
    registered,
    groupAdmin: groupContentAdmin(viewer, group),
    problemPids: new Set(pids.map((p) => p.pid)),
    group,
  };
}

/** The resolved scope of a loaded training for a viewer. */
export async function scopeOfTraining(training: TrainingDoc, viewer: Viewer): Promise<TrainingScope> {
  const ctx = await trainingContext(training, viewer);
  return { kind: "training", viewer, training, ctx, scope: trainingScope(ctx), standing: trainingStanding(viewer, ctx) };
}

/** The training a request names, resolved for its viewer (404 when unknown or of another place). */
export async function resolveTraining(tid: number, viewer: Viewer, place: TrainingPlace | null): Promise<TrainingScope> {
  return scopeOfTraining(await loadTraining(tid, place), viewer);
}

/** Refuses a viewer who may not look inside the training. */
export function requireTrainingEntry(ts: TrainingScope): void {
  if (ts.standing.entryRefusal) throw ts.standing.entryRefusal;
}

/** Refuses anyone but the training's admins. */
export function requireTrainingAdmin(ts: TrainingScope): void {
  if (!ts.viewer) throw new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
  if (!ts.standing.admin) throw new DomainError("forbidden", "training:notAdmin");
}

/** A training the viewer administers, resolved. */
export async function administerTraining(tid: number, viewer: Viewer, place: TrainingPlace | null): Promise<TrainingScope> {
  const ts = await resolveTraining(tid, viewer, place);
  requireTrainingAdmin(ts);
  return ts;
}
