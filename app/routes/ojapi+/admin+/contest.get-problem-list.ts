import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { contestProblemPageForAdmin } from "~/services/contest/problems.server";
import { apiContestAdmin } from "~/http/contest-api.server";

// GET /ojapi/admin/contest/get-problem-list?cid&keyword&currentPage&limit: the contest's problems.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { cs } = await apiContestAdmin(request, q.cid, null);
  return contestProblemPageForAdmin(cs, { keyword: q.keyword, currentPage: q.currentPage, limit: q.limit });
}, ["contest"]);
