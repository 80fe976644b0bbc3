import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiAdmin } from "~/http/api.server";
import { contestListSchema, listContests } from "~/services/contest/contests.server";
import { adminContestJson } from "~/services/contest/views.server";
import { SITE } from "~/services/contest/scope.server";

// GET /ojapi/admin/contest/get-contest-list (currentPage, limit, keyword): every site contest, hidden ones too.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const page = await listContests(parseWith(contestListSchema, queryParams(request)), SITE, true);
  return { records: page.records.map((c) => adminContestJson(c, page.now)), total: page.total, size: page.size, current: page.current };
}, ["contest"]);
