import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/http/api.server";
import { sevenDayAcRank } from "~/services/stats/stats.server";

// GET /ojapi/get-recent-seven-ac-rank: the top 10 by problems accepted in the last 7 days (ACMRankVO rows).
export const loader = apiRoute<LoaderFunctionArgs>(async () => sevenDayAcRank());
