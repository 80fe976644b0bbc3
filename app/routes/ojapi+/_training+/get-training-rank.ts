import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { PAGE_SIZE } from "~/lib/constants";
import { getCurrentUser } from "~/services/account/session.server";
import { queryLimit, queryPage } from "~/services/platform/validation.server";
import { trainingRankPage } from "~/services/training/rank.server";
import { apiTraining } from "~/http/training-api.server";

const schema = z.object({ currentPage: queryPage, limit: queryLimit(PAGE_SIZE.trainingRank) });

// GET /ojapi/get-training-rank (tid, currentPage, limit): a page of TrainingRankVO (30 a page).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const params = queryParams(request);
  const ts = await apiTraining(request, params.tid, await getCurrentUser(request), null);
  const q = parseWith(schema, params);
  const page = await trainingRankPage(ts, q.currentPage, q.limit);
  return { records: page.records, total: page.total, size: page.size, current: page.current };
}, ["training"]);
