import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { loadGroup } from "~/services/group/context.server";
import { memberJson } from "~/services/group/groups.server";
import { listMembers, memberListSchema } from "~/services/group/members.server";

// GET /ojapi/group/get-member-list (gid, currentPage, limit, keyword, auth): the group's members (auth 3 to 5), for its members; HOJ's GroupMemberVO.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const query = queryParams(request);
  const gid = inputId(query.gid);
  const user = await requireApiUser(request);
  const page = await listMembers(user, await loadGroup(gid), parseWith(memberListSchema, query));
  return { records: page.records.map((r) => memberJson(r.member, r.avatar)), total: page.total, size: page.size, current: page.current };
}, ["group"]);
