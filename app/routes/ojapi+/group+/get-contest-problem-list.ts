import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { contestProblemPageForAdmin } from "~/services/contest/problems.server";
import { apiGroupContestAdmin } from "~/http/contest-api.server";

// GET /ojapi/group/get-contest-problem-list?cid&keyword&currentPage&limit: the group contest's
// problems ({problemList, contestProblemMap}, as the admin call answers).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { cs } = await apiGroupContestAdmin(request, q.cid);
  return contestProblemPageForAdmin(cs, { keyword: q.keyword, currentPage: q.currentPage, limit: q.limit });
}, ["group", "contest"]);
