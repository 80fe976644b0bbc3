import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams, requireApiAdmin } from "~/http/api.server";
import { setTrainingStatus } from "~/services/training/trainings.server";
import { apiTrainingAdmin } from "~/http/training-api.server";

// PUT /ojapi/admin/training/change-training-status (tid, status): shows or hides a training.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiAdmin(request);
  const params = { ...queryParams(request), ...(await bodyParams(request)) } as Record<string, unknown>;
  const status = params.status === true || params.status === "true" || params.status === "1";
  void user;
  await setTrainingStatus((await apiTrainingAdmin(request, params.tid ?? params.id, null)).ts, status);
  return null;
}, ["training"]);
