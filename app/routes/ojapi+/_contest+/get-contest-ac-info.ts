import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { acInfo, acInfoSchema } from "~/services/contest/submissions.server";

// GET /ojapi/get-contest-ac-info?cid&currentPage&limit: the AC helper's accepted submissions (contest admins).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const cid = inputId(q.cid);
  return acInfo(await requireApiUser(request), parseWith(acInfoSchema, { ...q, cid }));
}, ["contest"]);
