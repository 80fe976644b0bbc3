import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiAdmin } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { adminTrainingProblemPage, adminTrainingProblemsSchema } from "~/services/training/problems.server";

// GET /ojapi/admin/training/get-problem-list (tid, queryExisted, keyword, currentPage, limit):
// {problemList: page, trainingProblemMap: pid → training problem}.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiAdmin(request);
  const params = queryParams(request);
  return adminTrainingProblemPage(user, parseWith(adminTrainingProblemsSchema, { ...params, tid: inputId(params.tid) }));
}, ["training"]);
