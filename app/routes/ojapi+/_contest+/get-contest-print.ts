import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { listPrints, printListSchema } from "~/services/contest/prints.server";

// GET /ojapi/get-contest-print?cid&currentPage&limit&keyword: the print requests (contest admins).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const cid = inputId(q.cid);
  return listPrints(await requireApiUser(request), parseWith(printListSchema, { ...q, cid }));
}, ["contest"]);
