import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { trainingAccess } from "~/services/training/trainings.server";
import { apiTraining } from "~/http/training-api.server";

// GET /ojapi/get-training-access?tid: {access} — whether the user may enter (registered, public, admin).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  return trainingAccess(await apiTraining(request, queryParams(request).tid, await requireApiUser(request), null));
}, ["training"]);
