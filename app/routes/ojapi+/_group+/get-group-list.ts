import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { getCurrentUser } from "~/services/account/session.server";
import { groupJson, groupListSchema, listGroups } from "~/services/group/groups.server";

// GET /ojapi/get-group-list (currentPage, limit, keyword, auth, onlyMine): a page of HOJ's GroupVO.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await getCurrentUser(request);
  const page = await listGroups(parseWith(groupListSchema, queryParams(request)), user);
  return { records: page.records.map((g) => groupJson(g)), total: page.total, size: page.size, current: page.current };
}, ["group"]);
