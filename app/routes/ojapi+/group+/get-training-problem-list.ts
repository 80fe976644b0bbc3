import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { groupOfTraining } from "~/services/group/content.server";
import { adminTrainingProblemPage, adminTrainingProblemsSchema } from "~/services/training/problems.server";

// GET /ojapi/group/get-training-problem-list (tid, queryExisted, keyword, currentPage, limit):
// {problemList, trainingProblemMap} as the admin call answers; the training's admins in its group.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const tid = inputId(q.tid);
  const user = await requireApiUser(request);
  const { manage } = await groupOfTraining(tid, user);
  return adminTrainingProblemPage(user, parseWith(adminTrainingProblemsSchema, { ...q, tid }), manage);
}, ["group", "training"]);
