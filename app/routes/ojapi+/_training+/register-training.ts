import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { registerTraining, registerTrainingSchema } from "~/services/training/trainings.server";

// POST /ojapi/register-training {tid, password}: registers in a private training with its password.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const body = await bodyParams(request);
  const tid = inputId(body.tid);
  await registerTraining(user, parseWith(registerTrainingSchema, { ...body, tid }));
  return null;
}, ["training"]);
