import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { contestRankCsv } from "~/services/contest/views.server";
import { apiContest } from "~/http/contest-api.server";

// GET /ojapi/file/download-contest-rank?cid&removeStar&containsEnd: the board the user may see, as CSV.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { cs } = await apiContest(request, q.cid, null);
  const cid = cs.contest._id;
  const { fileName, csv } = await contestRankCsv(cs, { cid, removeStar: q.removeStar === "true", containsEnd: q.containsEnd === "true" });
  return new Response(`\uFEFF${csv}`, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${fileName}"`, "Cache-Control": "no-store" },
  });
}, ["contest"]);
