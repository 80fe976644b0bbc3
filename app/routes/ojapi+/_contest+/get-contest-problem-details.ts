import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { contestRealTime } from "~/services/access/policy.server";
import { contestContext } from "~/services/contest/contests.server";
import { contestProblemDetail } from "~/services/contest/problems.server";
import { problemDetailJson } from "~/services/problem/problems.server";

// GET /ojapi/get-contest-problem-details?cid&displayId: the problem as the contest shows it
// (HOJ's ProblemInfoVO with the contest's display id, title and counts).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const cid = inputId(q.cid);
  const user = await requireApiUser(request);
  const { contest, contestProblem, problem } = await contestProblemDetail(user, cid, q.displayId ?? "");
  const json = await problemDetailJson(problem, user);
  const realTime = contestRealTime(user, await contestContext(contest, user));
  return {
    ...json,
    problem: { ...json.problem, problemId: contestProblem.displayId, title: contestProblem.displayTitle },
    problemCount: { pid: problem._id, total: realTime ? contestProblem.total : null, ac: realTime ? contestProblem.ac : null },
  };
}, ["contest", "problem"]);
