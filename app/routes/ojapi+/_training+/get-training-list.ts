import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { getCurrentUser } from "~/services/account/session.server";
import { listTrainings, trainingJson, trainingListSchema } from "~/services/training/trainings.server";
import { SITE } from "~/services/training/scope.server";

// GET /ojapi/get-training-list (currentPage, limit, keyword, categoryId, auth): a page of TrainingVO.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await getCurrentUser(request);
  const page = await listTrainings(parseWith(trainingListSchema, queryParams(request)), user, SITE, false);
  return { records: page.records.map((r) => trainingJson(r.training, r.category, r.acCount)), total: page.total, size: page.size, current: page.current };
}, ["training"]);
