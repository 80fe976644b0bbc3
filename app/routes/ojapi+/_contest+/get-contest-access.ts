import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { contestAccess } from "~/services/contest/contests.server";

// GET /ojapi/get-contest-access?cid: {access} — whether the user registered (or needs not).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const cid = inputId(queryParams(request).cid);
  return contestAccess(await requireApiUser(request), cid);
}, ["contest"]);
