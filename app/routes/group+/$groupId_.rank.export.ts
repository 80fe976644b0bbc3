import type { LoaderFunctionArgs } from "@remix-run/node";
import { groupMemberPageBase, groupPageRefusal } from "~/http/group-page.server";
import { RankType } from "~/lib/rank";
import { groupRankTable } from "~/services/group/rank-export.server";
import { getT } from "~/services/platform/i18n.server";
import { tableDownload, tableFormatOf } from "~/services/platform/spreadsheet.server";

// GET /group/{gid}/rank/export?type=0|1&format=csv|xlsx: the group's rank (its members only).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, gid } = await groupMemberPageBase(request, params);
  const sp = new URL(request.url).searchParams;
  const format = tableFormatOf(sp.get("format"));
  if (!format) throw new Response("common:errors.badRequest", { status: 400 });
  const type = sp.get("type") === String(RankType.OI) ? RankType.OI : RankType.ACM;
  const t = await getT(request, ["exports", "common"]);
  try {
    return await tableDownload(await groupRankTable(user, gid, type, t), format, `group_${gid}_${type === RankType.OI ? "oi" : "acm"}_rank`);
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}
