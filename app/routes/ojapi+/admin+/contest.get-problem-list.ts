import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { contestProblemPageForAdmin, contestProblemPageSchema } from "~/services/contest/problems.server";
import { apiContestAdmin } from "~/http/contest-api.server";

// GET /ojapi/admin/contest/get-problem-list?cid&keyword&currentPage&limit&problemType&oj: the contest's
// problems, or with problemType (0 ACM, 1 OI) the public ones of that type it does not have yet.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { cs } = await apiContestAdmin(request, q.cid, null);
  return contestProblemPageForAdmin(cs, parseWith(contestProblemPageSchema, q));
}, ["contest"]);
