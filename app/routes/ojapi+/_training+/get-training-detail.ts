import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { getCurrentUser } from "~/services/account/session.server";
import { trainingDetail, trainingJson } from "~/services/training/trainings.server";
import { apiTraining } from "~/http/training-api.server";

// GET /ojapi/get-training-detail?tid: TrainingVO with the viewer's solved count (0 for a visitor
// or before registering in a private training).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const d = await trainingDetail(await apiTraining(request, queryParams(request).tid, await getCurrentUser(request), null));
  return trainingJson(d.training, d.category, d.acCount, d.problemCount);
}, ["training"]);
