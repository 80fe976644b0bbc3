import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { contestProblemPageForAdmin } from "~/services/contest/problems.server";

// GET /ojapi/admin/contest/get-problem-list?cid&keyword&currentPage&limit: the contest's problems.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const cid = inputId(q.cid);
  const user = await requireApiUser(request);
  return contestProblemPageForAdmin(user, { cid, keyword: q.keyword, currentPage: q.currentPage, limit: q.limit });
}, ["contest"]);
