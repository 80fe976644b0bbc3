import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { groupProblemTags } from "~/services/group/problems.server";
import { toHojTag } from "~/services/problem/tags.server";

// GET /ojapi/group/get-all-problem-tags (gid): the tags the group's problem editor offers, for its admins.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const gid = inputId(q.gid);
  const user = await requireApiUser(request);
  return (await groupProblemTags(user, gid)).map(toHojTag);
}, ["group", "group-problem"]);
