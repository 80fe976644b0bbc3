import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams } from "~/http/api.server";
import { setContestVisible } from "~/services/contest/contests.server";
import { apiGroupContestAdmin } from "~/http/contest-api.server";

// PUT /ojapi/group/change-contest-visible (cid, visible): shows or hides a group's contest.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const input = { ...queryParams(request), ...(await bodyParams(request)) } as Record<string, unknown>;
  const { cs } = await apiGroupContestAdmin(request, input.cid ?? input.id);
  await setContestVisible(cs, input.visible === true || input.visible === "true");
  return null;
}, ["group", "contest"]);
