import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { groupForMember } from "~/services/group/groups.server";
import { listTrainings, trainingJson, trainingListSchema } from "~/services/training/trainings.server";

// GET /ojapi/group/get-training-list (gid, currentPage, limit, keyword, categoryId, auth): the group's
// shown trainings as HOJ's TrainingVO, for its members (the training service with the group's scope).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const query = queryParams(request);
  const gid = inputId(query.gid);
  const user = await requireApiUser(request);
  const view = await groupForMember(gid, user);
  const page = await listTrainings(parseWith(trainingListSchema, query), user, view.scope, false);
  return { records: page.records.map((r) => trainingJson(r.training, r.category, r.acCount)), total: page.total, size: page.size, current: page.current };
}, ["group", "training"]);
