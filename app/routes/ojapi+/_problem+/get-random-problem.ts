import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { parseProblemListQuery, randomProblemId } from "~/services/problem/problems.server";

// GET /ojapi/get-random-problem: data.problemId.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const { oj } = parseProblemListQuery(queryParams(request));
  return { problemId: await randomProblemId(oj) };
}, ["problem"]);
