import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { acInfo, acInfoSchema } from "~/services/contest/submissions.server";
import { apiContest } from "~/http/contest-api.server";

// GET /ojapi/get-contest-ac-info?cid&currentPage&limit: the AC helper's accepted submissions (contest admins).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { cs } = await apiContest(request, q.cid, null);
  return acInfo(cs, parseWith(acInfoSchema, { ...q, cid: cs.contest._id }));
}, ["contest"]);
