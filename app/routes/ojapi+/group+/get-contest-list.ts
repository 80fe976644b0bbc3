import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { contestListSchema, listContests } from "~/services/contest/contests.server";
import { contestJson } from "~/services/contest/views.server";
import { groupForMember } from "~/services/group/groups.server";

// GET /ojapi/group/get-contest-list (gid, currentPage, limit, keyword, type, status): the group's
// shown contests as HOJ's ContestVO, for its members (the contest service with the group's scope).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const query = queryParams(request);
  const gid = inputId(query.gid);
  const user = await requireApiUser(request);
  const view = await groupForMember(gid, user);
  const page = await listContests(parseWith(contestListSchema, query), view.scope, false);
  return { records: page.records.map((c) => contestJson(c, page.now, page.counts.get(c._id))), total: page.total, size: page.size, current: page.current };
}, ["group", "contest"]);
