import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { trainingAccess } from "~/services/training/trainings.server";

// GET /ojapi/get-training-access?tid: {access} — whether the user may enter (registered, public, admin).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const tid = inputId(queryParams(request).tid);
  return trainingAccess(await requireApiUser(request), tid);
}, ["training"]);
