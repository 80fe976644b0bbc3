import type { LoaderFunctionArgs } from "@remix-run/node";
import { boardRequestFrom } from "~/http/contest-board.server";
import { contestPageBase, contestPageRefusal } from "~/http/contest-page.server";
import { contestBoardTable } from "~/services/contest/board-export.server";
import { getT } from "~/services/platform/i18n.server";
import { tableDownload, tableFormatOf } from "~/services/platform/spreadsheet.server";

// GET /contest/{cid}/rank/export?format=csv|xlsx (and the board page's star, containsEnd,
// keyword): the whole board as its viewer may see it now (sealed for those without real-time
// rights), headers in their language, real names for the contest's admins.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await contestPageBase(request, params);
  const url = new URL(request.url);
  const format = tableFormatOf(url.searchParams.get("format"));
  if (!format) throw new Response("common:errors.badRequest", { status: 400 });
  const q = boardRequestFrom(url, base.cid);
  const t = await getT(request, ["exports", "common"]);
  try {
    const table = await contestBoardTable(base.cs, { removeStar: q.removeStar, containsEnd: q.containsEnd, keyword: q.keyword }, t);
    return await tableDownload(table, format, `contest_${base.cid}_board`);
  } catch (err) {
    throw contestPageRefusal(err);
  }
}
