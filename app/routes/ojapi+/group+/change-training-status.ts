import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { groupOfTraining } from "~/services/group/content.server";
import { setTrainingStatus } from "~/services/training/trainings.server";

// PUT /ojapi/group/change-training-status (tid, status): shows or hides a group's training.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const params = { ...queryParams(request), ...(await bodyParams(request)) } as Record<string, unknown>;
  const tid = inputId(params.tid ?? params.id);
  const status = params.status === true || params.status === "true" || params.status === "1";
  await setTrainingStatus(user, tid, status, (await groupOfTraining(tid, user)).manage);
  return null;
}, ["group", "training"]);
