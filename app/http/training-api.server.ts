import type { CurrentUser } from "~/services/account/session.server";
import { groupOfTraining, type GroupContentAdmin } from "~/services/group/content.server";
import { administerTraining, resolveTraining, type TrainingPlace, type TrainingScope } from "~/services/training/scope.server";
import { requireApiUser } from "./api.server";
import { inputId } from "./ids.server";

// The training an /ojapi call names by its `tid`, resolved once for the token's user: the adapters
// hand it to the training services, which read the policy's answers in it.

/** The caller (signed in or not) and the training named by `tid` (400 when malformed, 404 when unknown or of another place). */
export async function apiTraining(request: Request, tid: unknown, viewer: CurrentUser | null, place: TrainingPlace | null): Promise<TrainingScope> {
  return resolveTraining(inputId(tid), viewer, place);
}

/** The same for a call only the training's admins may make (401/403 for the others). */
export async function apiTrainingAdmin(request: Request, tid: unknown, place: TrainingPlace | null): Promise<{ user: CurrentUser; ts: TrainingScope }> {
  const id = inputId(tid);
  const user = await requireApiUser(request);
  return { user, ts: await administerTraining(id, user, place) };
}

/** HOJ's group training calls name the training alone: its group (whose admins the caller must be) and the training in that group. */
export async function apiGroupTrainingAdmin(request: Request, tid: unknown): Promise<{ user: CurrentUser; ts: TrainingScope; admin: GroupContentAdmin }> {
  const id = inputId(tid);
  const user = await requireApiUser(request);
  const admin = await groupOfTraining(id, user);
  return { user, admin, ts: await administerTraining(id, user, admin.manage) };
}
