import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams } from "~/http/api.server";
import { setTrainingStatus } from "~/services/training/trainings.server";
import { apiGroupTrainingAdmin } from "~/http/training-api.server";

// PUT /ojapi/group/change-training-status (tid, status): shows or hides a group's training.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const params = { ...queryParams(request), ...(await bodyParams(request)) } as Record<string, unknown>;
  const { ts } = await apiGroupTrainingAdmin(request, params.tid ?? params.id);
  const status = params.status === true || params.status === "true" || params.status === "1";
  await setTrainingStatus(ts, status);
  return null;
}, ["group", "training"]);
