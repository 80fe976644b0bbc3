import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiAdmin } from "~/http/api.server";
import { DomainError } from "~/services/errors.server";
import { apiTrainingAdmin } from "~/http/training-api.server";
import { SITE } from "~/services/training/scope.server";
import {
  adminTrainingDto as dto,
  createTraining,
  deleteTraining,
  trainingInputFromHoj,
  trainingInputSchema,
  updateTraining,
} from "~/services/training/trainings.server";

// /ojapi/admin/training: GET ?tid (HOJ's TrainingDTO: {training, trainingCategory}), POST (create),
// PUT (edit; training.id in the body), DELETE ?tid. The body is HOJ's TrainingDTO.

export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const { ts } = await apiTrainingAdmin(request, queryParams(request).tid, null);
  return dto(ts.training);
}, ["training"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiAdmin(request);
  if (request.method === "DELETE") {
    await deleteTraining((await apiTrainingAdmin(request, queryParams(request).tid, null)).ts);
    return null;
  }
  const body = await bodyParams(request);
  const flat = trainingInputFromHoj(body);
  if (request.method === "POST") return dto(await createTraining(user, parseWith(trainingInputSchema, flat), SITE));
  if (request.method === "PUT") return dto(await updateTraining((await apiTrainingAdmin(request, flat.id, null)).ts, parseWith(trainingInputSchema, flat)));
  throw new DomainError("invalid", "errors.badRequest");
}, ["training"]);
