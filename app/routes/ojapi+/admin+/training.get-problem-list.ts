import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiAdmin } from "~/http/api.server";
import { adminTrainingProblemPage, adminTrainingProblemsSchema } from "~/services/training/problems.server";
import { apiTrainingAdmin } from "~/http/training-api.server";

// GET /ojapi/admin/training/get-problem-list (tid, queryExisted, keyword, currentPage, limit):
// {problemList: page, trainingProblemMap: pid → training problem}; the public problems the training
// lacks unless queryExisted=true asks for its own (HOJ's default).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const params = queryParams(request);
  const { ts } = await apiTrainingAdmin(request, params.tid, null);
  return adminTrainingProblemPage(ts, parseWith(adminTrainingProblemsSchema, { ...params, tid: ts.training._id }), false);
}, ["training"]);
