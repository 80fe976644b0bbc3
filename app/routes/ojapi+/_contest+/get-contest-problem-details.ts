import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { contestProblemDetail } from "~/services/contest/problems.server";
import { problemDetailJson } from "~/services/problem/problems.server";
import { apiContest } from "~/http/contest-api.server";

// GET /ojapi/get-contest-problem-details?cid&displayId: the problem as the contest shows it
// (HOJ's ProblemInfoVO with the contest's display id, title and counts).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { user, cs } = await apiContest(request, q.cid, null);
  const { contestProblem, problem } = await contestProblemDetail(cs, q.displayId ?? "");
  const json = await problemDetailJson(problem, user);
  const realTime = cs.standing.realTime;
  return {
    ...json,
    problem: { ...json.problem, problemId: contestProblem.displayId, title: contestProblem.displayTitle },
    problemCount: { pid: problem._id, total: realTime ? contestProblem.total : null, ac: realTime ? contestProblem.ac : null },
  };
}, ["contest", "problem"]);
