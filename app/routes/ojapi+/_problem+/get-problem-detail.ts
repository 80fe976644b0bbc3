import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { findVisibleProblem, problemDetailJson } from "~/services/problem/problems.server";
import { getCurrentUser } from "~/services/account/session.server";

// GET /ojapi/get-problem-detail (problemId, display id in any case; gid): HOJ's ProblemInfoVO.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const user = await getCurrentUser(request);
  const problem = await findVisibleProblem(q.problemId ?? "", user, { gid: q.gid ? inputId(q.gid) : null });
  if (!problem) throw new DomainError("notFound", "problem:notFound");
  return problemDetailJson(problem, user);
}, ["problem", "group"]);
