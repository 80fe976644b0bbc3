import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { contestInfo } from "~/services/contest/views.server";
import { apiContest } from "~/http/contest-api.server";

// GET /ojapi/get-contest-info?cid: the contest's ContestVO (opening a contest needs login).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const { cs } = await apiContest(request, queryParams(request).cid, null);
  return (await contestInfo(cs)).json;
}, ["contest"]);
