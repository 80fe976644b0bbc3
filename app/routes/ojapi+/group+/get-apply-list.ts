import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { loadGroup } from "~/services/group/context.server";
import { memberJson } from "~/services/group/groups.server";
import { listApplications, memberListSchema } from "~/services/group/members.server";

// GET /ojapi/group/get-apply-list (gid, currentPage, limit, keyword, auth): applications (applying 1, refused 2), for the group's admins; HOJ's GroupMemberVO.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const query = queryParams(request);
  const gid = inputId(query.gid);
  const user = await requireApiUser(request);
  const page = await listApplications(user, await loadGroup(gid), parseWith(memberListSchema, query));
  return { records: page.records.map((r) => memberJson(r.member, r.avatar)), total: page.total, size: page.size, current: page.current };
}, ["group"]);
