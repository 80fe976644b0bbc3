import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiAdmin } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { importRemoteProblemIntoTraining } from "~/services/remote/import.server";

// GET ?name=HDU&problemId=1000&tid=: HOJ's remote problem for a training (its admins): the stored
// one, else fetched by a remote worker, then added to the training.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiAdmin(request);
  const q = queryParams(request);
  await importRemoteProblemIntoTraining(user, { name: q.name, problemId: q.problemId }, inputId(q.tid));
  return null;
}, ["remote", "training"]);
