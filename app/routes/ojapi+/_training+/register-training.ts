import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { registerTraining, registerTrainingSchema } from "~/services/training/trainings.server";
import { apiTraining } from "~/http/training-api.server";
import { clientOf } from "~/http/account.server";

// POST /ojapi/register-training {tid, password}: registers in a private training with its password.
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const body = await bodyParams(request);
  const ts = await apiTraining(request, body.tid, user, null);
  await registerTraining(ts, parseWith(registerTrainingSchema, { ...body, tid: ts.training._id }), clientOf(request, context).ip);
  return null;
}, ["training"]);
