import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { groupContentFor, newGroupCategory } from "~/services/group/content.server";
import { apiGroupTrainingAdmin } from "~/http/training-api.server";
import {
  adminTrainingDto as dto,
  createTraining,
  deleteTraining,
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
  const { ts } = await apiGroupTrainingAdmin(request, queryParams(request).tid);
  return dto(ts.training);
}, ["training", "group"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method === "DELETE") {
    await deleteTraining((await apiGroupTrainingAdmin(request, queryParams(request).tid)).ts);
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
    const { admin, ts } = await apiGroupTrainingAdmin(request, flat.id);
    if (fresh) input.categoryId = await newGroupCategory(user, admin, fresh.name, fresh.color);
    return dto(await updateTraining(ts, input));
  }
  throw new DomainError("invalid", "errors.badRequest");
}, ["training", "group"]);
