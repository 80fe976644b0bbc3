import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { rankList, rankListSchema } from "~/services/stats/ranks.server";

// GET /ojapi/get-rank-list (currentPage, limit, type 0 ACM / 1 OI, searchUser): a page of the rank.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const { records, total, size, current } = await rankList(parseWith(rankListSchema, queryParams(request)));
  return { records, total, size, current };
});
