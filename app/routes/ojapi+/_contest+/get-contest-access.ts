import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { contestAccess } from "~/services/contest/contests.server";
import { apiContest } from "~/http/contest-api.server";

// GET /ojapi/get-contest-access?cid: {access} — whether the user registered (or needs not).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const { cs } = await apiContest(request, queryParams(request).cid, null);
  return contestAccess(cs);
}, ["contest"]);
