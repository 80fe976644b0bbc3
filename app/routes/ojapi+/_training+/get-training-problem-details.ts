import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { getCurrentUser } from "~/services/account/session.server";
import { problemDetailJson } from "~/services/problem/problems.server";
import { trainingProblemDetail } from "~/services/training/problems.server";
import { apiTraining } from "~/http/training-api.server";

// GET /ojapi/get-training-problem-details (displayId; the training's id as HOJ's client sends it,
// in `cid`, or as `tid`): the problem's ProblemInfoVO, for a viewer who may enter the training.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const user = await getCurrentUser(request);
  const { problem } = await trainingProblemDetail(await apiTraining(request, q.tid ?? q.cid, user, null), q.displayId ?? "");
  return problemDetailJson(problem, user);
}, ["training", "problem"]);
