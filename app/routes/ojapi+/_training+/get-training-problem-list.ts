import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { getCurrentUser } from "~/services/account/session.server";
import { trainingProblemList } from "~/services/training/problems.server";
import { apiTraining } from "~/http/training-api.server";

// GET /ojapi/get-training-problem-list?tid: the training's problems (HOJ's ProblemVO with the
// viewer's status), for those who may enter.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  return trainingProblemList(await apiTraining(request, queryParams(request).tid, await getCurrentUser(request), null));
}, ["training"]);
