import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiAdmin } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
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

// /ojapi/admin/training: GET ?tid (HOJ's TrainingDTO: {training, trainingCategory}), POST (create),
// PUT (edit; training.id in the body), DELETE ?tid. The body is HOJ's TrainingDTO.

export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const tid = inputId(queryParams(request).tid);
  const user = await requireApiAdmin(request);
  const training = await loadTraining(tid);
  requireTrainingAdmin(user, training);
  return dto(training);
}, ["training"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiAdmin(request);
  if (request.method === "DELETE") {
    await deleteTraining(user, inputId(queryParams(request).tid));
    return null;
  }
  const body = await bodyParams(request);
  const flat = trainingInputFromHoj(body);
  if (request.method === "POST") return dto(await createTraining(user, parseWith(trainingInputSchema, flat)));
  if (request.method === "PUT") return dto(await updateTraining(user, inputId(flat.id), parseWith(trainingInputSchema, flat)));
  throw new DomainError("invalid", "errors.badRequest");
}, ["training"]);
