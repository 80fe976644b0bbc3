import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { boardHref, Scoreboard } from "~/components/contest/Scoreboard";
import { DownloadLinks } from "~/components/ui/DownloadLinks";
import { boardPageData } from "~/http/contest-board.server";
import { contestPageBase, contestPageRefusal } from "~/http/contest-page.server";
import { flash } from "~/http/flash.server";
import { siteRedirect } from "~/http/paths.server";
import { forceBoardUpdate } from "~/services/contest/views.server";

// The in-contest rank (spec section 2 "Scoreboards"): the board the viewer may see now (frozen at
// the seal for those without real-time rights). Force Update (contest admins) starts the board's
// rebuild in the background: the page says so while it runs and shows the old rows until the new
// ones replace them; a second click while it runs starts nothing.

export const handle = { i18n: ["contest-page", "contest", "exports"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await contestPageBase(request, params);
  return json(await boardPageData(base.cs, new URL(request.url), false));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const base = await contestPageBase(request, params);
  let started: boolean;
  try {
    ({ started } = await forceBoardUpdate(base.cs));
  } catch (err) {
    throw contestPageRefusal(err);
  }
  const url = new URL(request.url);
  const cookie = await flash(request, started ? { type: "success", key: "contest-page:rank.rebuildStarted" } : { type: "warning", key: "contest-page:rank.rebuildRunning" });
  return siteRedirect(`/contest/${base.cid}/rank${url.search}`, { headers: { "Set-Cookie": cookie } });
}

export default function ContestRank() {
  const data = useLoaderData<typeof loader>();
  // The downloads take the board's switches, never its page: the whole board goes into the file.
  return <Scoreboard data={data} forceUpdate downloads={(q) => <DownloadLinks href={boardHref(`/contest/${data.contest.id}/rank/export`, q, { currentPage: 1, limit: 50 })} what="board" />} />;
}
