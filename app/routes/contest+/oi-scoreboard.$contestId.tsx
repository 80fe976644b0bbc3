import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OutsideBoardPage } from "~/components/contest/OutsideBoardPage";
import { pageTitle } from "~/lib/meta";
import { outsideBoardPage } from "~/http/contest-board.server";

// The outside scoreboard of an OI contest (spec section 2).

export const handle = { i18n: ["contest-page", "contest"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.contest.title);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await outsideBoardPage(request, params.contestId, "oi"));
}

export default function OutsideScoreboard() {
  return <OutsideBoardPage data={useLoaderData<typeof loader>()} />;
}
