import type { LoaderFunctionArgs } from "@remix-run/node";
import { ApiError, apiRoute, queryParams } from "~/services/api.server";
import { findVisibleProblem, problemDetailJson } from "~/services/problems.server";
import { refuseScope } from "~/services/scopes.server";
import { getCurrentUser } from "~/services/session.server";

// GET /ojapi/get-problem-detail (problemId, display id in any case; gid): HOJ's ProblemInfoVO.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  if (q.gid) refuseScope("group");
  const user = await getCurrentUser(request);
  const problem = await findVisibleProblem(q.problemId ?? "", user);
  if (!problem) throw new ApiError(404, "problem:notFound");
  return problemDetailJson(problem, user);
}, ["problem"]);
