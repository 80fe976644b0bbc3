import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith } from "~/http/api.server";
import { boardQuerySchema, contestRank } from "~/services/contest/views.server";
import { apiContest } from "~/http/contest-api.server";

// POST /ojapi/get-contest-rank {cid, currentPage, limit, keyword, removeStar, forceRefresh,
// concernedList, containsEnd}: a page of ACMContestRankVO or OIContestRankVO rows, sorted, with
// ranks and awards, in the view the user may see (the sealed copy while the board is frozen).
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const body = await bodyParams(request);
  const { cs } = await apiContest(request, body.cid, null);
  const page = await contestRank(cs, parseWith(boardQuerySchema, { ...body, cid: cs.contest._id }), false);
  return { records: page.records, total: page.total, size: page.size, current: page.current };
}, ["contest"]);
