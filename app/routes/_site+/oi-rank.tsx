import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RankPage } from "~/components/stats/RankPage";
import { rankPageLoader } from "~/http/rank-page.server";
import { pageTitle } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { RankType } from "~/services/stats/ranks.server";

// /oi-rank: users by OI rank score (spec section 9), then problems solved (kept counters).

export const handle: RouteHandle = { i18n: ["common", "home"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export const loader = ({ request }: LoaderFunctionArgs) => rankPageLoader(request, RankType.OI);

export default function OiRank() {
  const data = useLoaderData<typeof loader>();
  return <RankPage kind="oi" {...data} />;
}
