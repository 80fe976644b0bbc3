import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiAdmin } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { importRemoteProblemIntoContest } from "~/services/remote/import.server";

// GET ?name=HDU&problemId=1000&cid=&displayId=: HOJ's remote problem for a contest (its admins):
// the stored one, else fetched by a remote worker, then added under the display id.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiAdmin(request);
  const q = queryParams(request);
  await importRemoteProblemIntoContest(user, { name: q.name, problemId: q.problemId }, { cid: inputId(q.cid), displayId: q.displayId });
  return null;
}, ["remote", "contest"]);
