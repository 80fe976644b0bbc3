import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { listPrints, printListSchema } from "~/services/contest/prints.server";
import { apiContest } from "~/http/contest-api.server";

// GET /ojapi/get-contest-print?cid&currentPage&limit&keyword: the print requests (contest admins).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { cs } = await apiContest(request, q.cid, null);
  return listPrints(cs, parseWith(printListSchema, { ...q, cid: cs.contest._id }));
}, ["contest"]);
