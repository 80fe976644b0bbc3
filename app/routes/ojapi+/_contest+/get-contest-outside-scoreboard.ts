import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith } from "~/http/api.server";
import { boardQuerySchema, contestRank } from "~/services/contest/views.server";
import { apiContestViewer } from "~/http/contest-api.server";

// POST /ojapi/get-contest-outside-scoreboard {cid, currentPage, limit, keyword, removeStar, forceRefresh,
// concernedList, containsEnd}: a page of ACMContestRankVO or OIContestRankVO rows, sorted, with
// ranks and awards, in the view the user may see (the sealed copy while the board is frozen); a
// visitor who is not signed in too, when the contest opens its rank (the policy's answer).
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const body = await bodyParams(request);
  const { cs } = await apiContestViewer(request, body.cid, null);
  const page = await contestRank(cs, parseWith(boardQuerySchema, { ...body, cid: cs.contest._id }), true);
  return { records: page.records, total: page.total, size: page.size, current: page.current };
}, ["contest"]);
