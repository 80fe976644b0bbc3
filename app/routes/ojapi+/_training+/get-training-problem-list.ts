import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { getCurrentUser } from "~/services/account/session.server";
import { trainingProblemList } from "~/services/training/problems.server";

// GET /ojapi/get-training-problem-list?tid: the training's problems (HOJ's ProblemVO with the
// viewer's status), for those who may enter.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const tid = inputId(queryParams(request).tid);
  return trainingProblemList(await getCurrentUser(request), tid);
}, ["training"]);
