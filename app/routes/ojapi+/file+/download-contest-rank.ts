import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { contestRankCsv } from "~/services/contest/views.server";

// GET /ojapi/file/download-contest-rank?cid&removeStar&containsEnd: the board the user may see, as CSV.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const cid = inputId(q.cid);
  const { fileName, csv } = await contestRankCsv(await requireApiUser(request), { cid, removeStar: q.removeStar === "true", containsEnd: q.containsEnd === "true" });
  return new Response(`\uFEFF${csv}`, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${fileName}"`, "Cache-Control": "no-store" },
  });
}, ["contest"]);
