import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { listProblems, parseProblemListQuery } from "~/services/problem/problems.server";

// GET /ojapi/get-problem-list (keyword, difficulty, oj, tagId comma joined, limit, currentPage).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => listProblems(parseProblemListQuery(queryParams(request))), ["problem"]);
