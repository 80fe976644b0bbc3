import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/services/api.server";
import { listProblems, parseProblemListQuery } from "~/services/problems.server";

// GET /ojapi/get-problem-list (keyword, difficulty, oj, tagId comma joined, limit, currentPage).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => listProblems(parseProblemListQuery(queryParams(request))), ["problem"]);
