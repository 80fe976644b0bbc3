import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { boardQuerySchema, contestRank } from "~/services/contest/views.server";

// POST /ojapi/get-contest-rank {cid, currentPage, limit, keyword, removeStar, forceRefresh,
// concernedList, containsEnd}: a page of ACMContestRankVO or OIContestRankVO rows, sorted, with
// ranks and awards, in the view the user may see (the sealed copy while the board is frozen).
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const body = await bodyParams(request);
  const cid = inputId(body.cid);
  const page = await contestRank(await requireApiUser(request), parseWith(boardQuerySchema, { ...body, cid }), false);
  return { records: page.records, total: page.total, size: page.size, current: page.current };
}, ["contest"]);
