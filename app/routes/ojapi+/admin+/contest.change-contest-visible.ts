import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { setContestVisible } from "~/services/contest/contests.server";

// PUT /ojapi/admin/contest/change-contest-visible?cid&visible: shows or hides a contest.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const input = { ...queryParams(request), ...(await bodyParams(request)) };
  const cid = inputId(input.cid);
  await setContestVisible(await requireApiUser(request), cid, input.visible === true || input.visible === "true");
  return null;
}, ["contest"]);
