import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { setContestVisible } from "~/services/contest/contests.server";
import { groupOfContest } from "~/services/group/content.server";

// PUT /ojapi/group/change-contest-visible (cid, visible): shows or hides a group's contest.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const input = { ...queryParams(request), ...(await bodyParams(request)) } as Record<string, unknown>;
  const cid = inputId(input.cid ?? input.id);
  await setContestVisible(user, cid, input.visible === true || input.visible === "true", (await groupOfContest(cid, user)).manage);
  return null;
}, ["group", "contest"]);
