import { json } from "@remix-run/node";
import { getT } from "~/services/platform/i18n.server";
import { rankList, rankListSchema, RankType } from "~/services/stats/ranks.server";

// The loader of /acm-rank and /oi-rank: the GET query through the same schema as /ojapi/get-rank-list.
export async function rankPageLoader(request: Request, type: (typeof RankType)[keyof typeof RankType]) {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const q = rankListSchema.parse({ ...query, type });
  const [t, page] = await Promise.all([getT(request, ["home", "common"]), rankList(q)]);
  return json({
    title: t(type === RankType.OI ? "home:rank.oiTitle" : "home:rank.acmTitle"),
    searchUser: q.searchUser,
    limit: page.size,
    page,
  });
}
