import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { adminTrainingProblemPage, adminTrainingProblemsSchema } from "~/services/training/problems.server";
import { apiGroupTrainingAdmin } from "~/http/training-api.server";

// GET /ojapi/group/get-training-problem-list (tid, queryExisted, keyword, currentPage, limit):
// {problemList, trainingProblemMap} as the admin call answers; the training's admins in its group.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { ts } = await apiGroupTrainingAdmin(request, q.tid);
  return adminTrainingProblemPage(ts, parseWith(adminTrainingProblemsSchema, { ...q, tid: ts.training._id }), true);
}, ["group", "training"]);
