import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { contestProblemPageForAdmin, contestProblemPageSchema } from "~/services/contest/problems.server";
import { apiGroupContestAdmin } from "~/http/contest-api.server";

// GET /ojapi/group/get-contest-problem-list?cid&keyword&currentPage&limit&problemType&oj: the group contest's
// problems ({problemList, contestProblemMap}, as the admin call answers).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { cs } = await apiGroupContestAdmin(request, q.cid);
  return contestProblemPageForAdmin(cs, parseWith(contestProblemPageSchema, q));
}, ["group", "contest"]);
