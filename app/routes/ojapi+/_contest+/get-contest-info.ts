import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { contestInfo } from "~/services/contest/views.server";

// GET /ojapi/get-contest-info?cid: the contest's ContestVO (opening a contest needs login).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const cid = inputId(queryParams(request).cid);
  const user = await requireApiUser(request);
  return (await contestInfo(user, cid)).json;
}, ["contest"]);
