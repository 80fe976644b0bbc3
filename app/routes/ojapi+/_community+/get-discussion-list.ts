import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { getCurrentUser } from "~/services/account/session.server";
import { listDiscussions } from "~/services/community/discussions.server";
import { positiveOrNull, truthy } from "~/http/community.server";
import { pageFrom } from "~/lib/format";
import { queryLimit } from "~/services/platform/validation.server";

// GET /ojapi/get-discussion-list?limit&currentPage&cid (category)&pid&onlyMine&keyword&admin.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const viewer = await getCurrentUser(request);
  return listDiscussions(viewer, {
    page: pageFrom(q.currentPage),
    limit: queryLimit(10).parse(q.limit),
    categoryId: positiveOrNull(q.cid),
    pid: q.pid?.trim() || null,
    onlyMine: truthy(q.onlyMine),
    keyword: q.keyword,
    admin: truthy(q.admin),
  });
}, ["community"]);
