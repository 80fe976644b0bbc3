import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams } from "~/http/api.server";
import { setContestVisible } from "~/services/contest/contests.server";
import { apiContestAdmin } from "~/http/contest-api.server";

// PUT /ojapi/admin/contest/change-contest-visible?cid&visible: shows or hides a contest.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const input = { ...queryParams(request), ...(await bodyParams(request)) };
  const { cs } = await apiContestAdmin(request, input.cid, null);
  await setContestVisible(cs, input.visible === true || input.visible === "true");
  return null;
}, ["contest"]);
