import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { groupContentFor, groupOfTraining, newGroupCategory } from "~/services/group/content.server";
import {
  adminTrainingDto as dto,
  createTraining,
  deleteTraining,
  loadTraining,
  requireTrainingAdmin,
  trainingInputFromHoj,
  trainingInputSchema,
  updateTraining,
} from "~/services/training/trainings.server";

// /ojapi/group/training: GET ?tid (HOJ's TrainingDTO), POST (create in training.gid), PUT (edit;
// training.id), DELETE ?tid. The body is HOJ's TrainingDTO; a trainingCategory without an id but
// with a name is created in the group. The group's admins add; the author or its root edit.

/** A category named without an id (HOJ's client creating one on the fly). */
function newCategoryOf(body: Record<string, unknown>): { name: string; color: string } | null {
  const c = body.trainingCategory as { id?: unknown; name?: unknown; color?: unknown } | undefined;
  if (!c || (c.id !== undefined && c.id !== null && c.id !== "") || typeof c.name !== "string" || !c.name.trim()) return null;
  return { name: c.name, color: typeof c.color === "string" && c.color ? c.color : "#2d8cf0" };
}

export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const tid = inputId(queryParams(request).tid);
  const user = await requireApiUser(request);
  const { manage } = await groupOfTraining(tid, user);
  const training = await loadTraining(tid, manage);
  requireTrainingAdmin(user, training, manage);
  return dto(training);
}, ["training", "group"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method === "DELETE") {
    const tid = inputId(queryParams(request).tid);
    await deleteTraining(user, tid, (await groupOfTraining(tid, user)).manage);
    return null;
  }
  const body = await bodyParams(request);
  const flat = trainingInputFromHoj(body);
  const fresh = newCategoryOf(body);
  const input = parseWith(trainingInputSchema, fresh ? { ...flat, categoryId: 1 } : flat);
  if (request.method === "POST") {
    const admin = await groupContentFor(inputId(flat.gid ?? body.gid), user);
    if (fresh) input.categoryId = await newGroupCategory(user, admin, fresh.name, fresh.color);
    return dto(await createTraining(user, input, admin.create));
  }
  if (request.method === "PUT") {
    const tid = inputId(flat.id);
    const admin = await groupOfTraining(tid, user);
    requireTrainingAdmin(user, await loadTraining(tid, admin.manage), admin.manage);
    if (fresh) input.categoryId = await newGroupCategory(user, admin, fresh.name, fresh.color);
    return dto(await updateTraining(user, tid, input, admin.manage));
  }
  throw new DomainError("invalid", "errors.badRequest");
}, ["training", "group"]);
