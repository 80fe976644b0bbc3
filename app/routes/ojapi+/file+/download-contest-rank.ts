import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { apiContestAdmin } from "~/http/contest-api.server";
import { hojRankTable } from "~/services/contest/board-export.server";
import { tableDownload } from "~/services/platform/spreadsheet.server";

// GET /ojapi/file/download-contest-rank?cid&forceRefresh&removeStar&containEnd: HOJ's rank
// workbook (contest_{cid}_rank.xlsx, sheet "rank", HOJ's columns), for the contest's admins;
// the sealed board unless forceRefresh asks for the live one, as HOJ does.
const flag = (v: string | undefined) => v === "true" || v === "1";

export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { cs } = await apiContestAdmin(request, q.cid, null);
  const table = await hojRankTable(cs, {
    forceRefresh: flag(q.forceRefresh),
    removeStar: flag(q.removeStar),
    // HOJ's client names it containEnd; the site's board containsEnd.
    containsEnd: flag(q.containEnd ?? q.containsEnd),
    keyword: "",
  });
  return tableDownload(table, "xlsx", `contest_${cs.contest._id}_rank`);
}, ["contest"]);
