import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import type { BoardPageData } from "~/http/contest-board.server";
import { Scoreboard } from "./Scoreboard";

// The outside scoreboard (/contest/acm-scoreboard/{id}, /contest/oi-scoreboard/{id}): the board
// without the contest's tabs, for everyone signed in once the contest opens its rank and has begun.

export function OutsideBoardPage({ data }: { data: BoardPageData }) {
  const { t } = useTranslation("contest-page");
  return (
    <div className="mx-auto max-w-7xl space-y-3 p-2 sm:p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{t("rank.outsideTitle", { title: data.contest.title })}</h1>
        <Link to="/contest" className="text-sm text-blue-700 hover:underline">
          {t("rank.backToList")}
        </Link>
      </div>
      <Scoreboard data={data} forceUpdate={false} />
    </div>
  );
}
