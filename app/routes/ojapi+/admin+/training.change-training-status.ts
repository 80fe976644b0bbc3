import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams, requireApiAdmin } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { setTrainingStatus } from "~/services/training/trainings.server";

// PUT /ojapi/admin/training/change-training-status (tid, status): shows or hides a training.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiAdmin(request);
  const params = { ...queryParams(request), ...(await bodyParams(request)) } as Record<string, unknown>;
  const status = params.status === true || params.status === "true" || params.status === "1";
  await setTrainingStatus(user, inputId(params.tid ?? params.id), status);
  return null;
}, ["training"]);
