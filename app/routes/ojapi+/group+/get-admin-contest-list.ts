import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { CONTEST_PAGE_SIZE } from "~/lib/contest";
import { contestListSchema, listContests } from "~/services/contest/contests.server";
import { adminContestJson } from "~/services/contest/views.server";
import { groupContentFor } from "~/services/group/content.server";

// GET /ojapi/group/get-admin-contest-list (gid, currentPage, limit, keyword): every contest of the
// group, hidden ones too; its admins only.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const admin = await groupContentFor(inputId(q.gid), await requireApiUser(request));
  const page = await listContests(parseWith(contestListSchema, { limit: String(CONTEST_PAGE_SIZE.admin), ...q }), admin.create, true);
  return { records: page.records.map((c) => adminContestJson(c, page.now)), total: page.total, size: page.size, current: page.current };
}, ["group", "contest"]);
