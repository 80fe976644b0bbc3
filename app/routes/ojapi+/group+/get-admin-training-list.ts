import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { PAGE_SIZE } from "~/lib/constants";
import { groupContentFor } from "~/services/group/content.server";
import { adminTrainingJson, listTrainings, trainingListSchema } from "~/services/training/trainings.server";

// GET /ojapi/group/get-admin-training-list (gid, currentPage, limit, keyword): every training of the
// group, hidden ones too, as HOJ's Training entities; its admins only.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const gid = inputId(q.gid);
  const admin = await groupContentFor(gid, await requireApiUser(request));
  const page = await listTrainings(parseWith(trainingListSchema, { limit: String(PAGE_SIZE.admin), ...q }), null, admin.create, true);
  return { records: page.records.map((r) => ({ ...adminTrainingJson(r.training), categoryName: r.category?.name ?? null, categoryColor: r.category?.color ?? null })), total: page.total, size: page.size, current: page.current };
}, ["group", "training"]);
