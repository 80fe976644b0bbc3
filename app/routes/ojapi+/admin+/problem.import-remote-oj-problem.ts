import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiAdmin } from "~/http/api.server";
import { importRemoteProblem } from "~/services/remote/import.server";

// GET ?name=HDU&problemId=1000: HOJ's import of a remote problem (its client sends the OJ and the
// remote id apart); answers null data once the problem is stored.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiAdmin(request);
  const q = queryParams(request);
  await importRemoteProblem({ name: q.name, problemId: q.problemId }, user);
  return null;
}, ["remote", "admin-problem"]);
