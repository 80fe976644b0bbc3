import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { positiveOrNull } from "~/http/community.server";
import { inputId } from "~/http/ids.server";
import { pageFrom } from "~/lib/format";
import { getCurrentUser } from "~/services/account/session.server";
import { listDiscussions } from "~/services/community/discussions.server";
import { groupDiscussionPlace } from "~/services/group/discussions.server";
import { queryLimit } from "~/services/platform/validation.server";

// GET /ojapi/group/get-discussion-list?gid&limit&currentPage&pid&cid: the group's discussions, for its members.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const viewer = await getCurrentUser(request);
  const place = await groupDiscussionPlace(inputId(q.gid), viewer);
  return listDiscussions(viewer, { page: pageFrom(q.currentPage), limit: queryLimit(10).parse(q.limit), pid: q.pid?.trim() || null, categoryId: positiveOrNull(q.cid), keyword: q.keyword }, place);
}, ["group", "community"]);
