import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { contestListSchema, listContests } from "~/services/contest/contests.server";
import { contestJson } from "~/services/contest/views.server";
import { SITE } from "~/services/contest/scope.server";

// GET /ojapi/get-contest-list (currentPage, limit, keyword, type, status): a page of ContestVO.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const page = await listContests(parseWith(contestListSchema, queryParams(request)), SITE, false);
  return { records: page.records.map((c) => contestJson(c, page.now, page.counts.get(c._id))), total: page.total, size: page.size, current: page.current };
}, ["contest"]);
