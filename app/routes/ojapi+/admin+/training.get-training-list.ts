import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiAdmin } from "~/http/api.server";
import { PAGE_SIZE } from "~/lib/constants";
import { adminTrainingJson, listTrainings, trainingListSchema } from "~/services/training/trainings.server";
import { SITE } from "~/services/training/scope.server";

// GET /ojapi/admin/training/get-training-list (limit, currentPage, keyword): every training of the
// site, hidden ones included (HOJ's Training entities), 10 a page by default.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiAdmin(request);
  const params = queryParams(request);
  const q = parseWith(trainingListSchema, { limit: String(PAGE_SIZE.admin), ...params });
  const page = await listTrainings(q, user, SITE, true);
  return { records: page.records.map((r) => ({ ...adminTrainingJson(r.training), categoryName: r.category?.name ?? null, categoryColor: r.category?.color ?? null })), total: page.total, size: page.size, current: page.current };
}, ["training"]);
