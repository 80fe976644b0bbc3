import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { DownloadLinks } from "~/components/ui/DownloadLinks";
import { Pagination } from "~/components/ui/Pagination";
import { formatTimeMs } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { EntryRefusal } from "~/components/training/EntryRefusal";
import { trainingEntryRefusalText, trainingPageBase } from "~/http/training-page.server";
import { pageFrom } from "~/lib/format";
import { trainingRankPage } from "~/services/training/rank.server";
import { PAGE_SIZE } from "~/lib/constants";

// A training's rank (spec sections 2 and 3): users by problems solved in the training, then the
// total of their fastest accepted runs; one cell per problem. 30 a page; the training's admins see
// real names. Read from rows kept when verdicts are applied. A homework training (one with a due
// time) adds each user's on-time and late solves and weighted score, and marks a late solve's cell.

export const handle = { i18n: ["training", "exports"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await trainingPageBase(request, params);
  const page = pageFrom(new URL(request.url).searchParams.get("currentPage"));
  try {
    const rank = await trainingRankPage(base.ts, page, PAGE_SIZE.trainingRank);
    return json({ base: base.base, ...rank, refusal: null as string | null });
  } catch (err) {
    const refusal = await trainingEntryRefusalText(request, err);
    return json({ base: base.base, records: [], total: 0, size: 30, current: 1, showRealname: false, problems: [], homework: false, refusal }, { status: 403 });
  }
}

export default function TrainingRank() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("training");
  const location = useLocation();
  const href = (p: number) => `${location.pathname}?currentPage=${p}`;
  if (data.refusal) return <EntryRefusal base={data.base} message={data.refusal} />;
  return (
    <section className="overflow-x-auto rounded bg-white p-3 shadow-sm sm:p-5 focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
      <div className="mb-2">
        <DownloadLinks href={`${data.base}/rank/export`} what="progress" />
      </div>
      <table className="w-full text-sm" data-testid="training-rank">
        <thead>
          <tr className="border-b text-left text-gray-700">
            <th className="px-2 py-2">{t("rank.rank")}</th>
            <th className="px-2 py-2">{t("rank.user")}</th>
            {data.showRealname ? <th className="px-2 py-2">{t("rank.realname")}</th> : null}
            <th className="px-2 py-2">{t("rank.ac")}</th>
            {data.homework ? (
              <>
                <th className="px-2 py-2">{t("homework.onTime")}</th>
                <th className="px-2 py-2">{t("homework.late")}</th>
                <th className="px-2 py-2">{t("homework.score")}</th>
              </>
            ) : null}
            <th className="px-2 py-2">{t("rank.totalTime")}</th>
            {data.problems.map((p) => (
              <th key={p} className="px-2 py-2 text-center">
                <Link to={`${data.base}/problem/${encodeURIComponent(p)}`} className="text-blue-700 underline">
                  {p}
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.records.map((r) => (
            <tr key={r.uid} className="border-b" data-testid="training-rank-row" data-username={r.username} data-ac={r.ac} data-on-time={r.onTimeAc} data-late={r.lateAc}>
              <td className="px-2 py-1">{r.rank}</td>
              <td className="px-2 py-1">
                <Link to={`/user-home?username=${encodeURIComponent(r.username)}`} className="text-blue-700 underline">
                  {r.username}
                </Link>
                {r.school ? <div className="text-xs text-gray-700">{r.school}</div> : null}
              </td>
              {data.showRealname ? <td className="px-2 py-1" data-testid="training-rank-realname">{r.realname}</td> : null}
              <td className="px-2 py-1">{r.ac}</td>
              {data.homework ? (
                <>
                  <td className="px-2 py-1" data-testid="training-rank-on-time">{r.onTimeAc}</td>
                  <td className="px-2 py-1" data-testid="training-rank-late">{r.lateAc}</td>
                  <td className="px-2 py-1" data-testid="training-rank-score">{r.weightedScore}</td>
                </>
              ) : null}
              <td className="whitespace-nowrap px-2 py-1">{formatTimeMs(r.totalRunTime)}</td>
              {data.problems.map((p) => {
                const cell = r.submissionInfo[p];
                if (!cell) return <td key={p} className="px-2 py-1" />;
                if (cell.isAC && cell.late) {
                  // A late solve says so in words (and what it earns), not by its colour alone.
                  const counted = cell.counted !== false;
                  return (
                    <td key={p} className={`px-2 py-1 text-center ${counted ? "bg-amber-100 text-amber-950" : "bg-gray-100 text-gray-800"}`} data-testid="training-rank-cell" data-late="true">
                      <div>{formatTimeMs(cell.runTime)}</div>
                      <span className="inline-block rounded border border-current px-1 text-xs font-medium" data-testid="late-badge">
                        {counted ? t("homework.lateBadge", { percent: Math.round((cell.credit ?? 0) * 100) }) : t("homework.lateNotCounted")}
                      </span>
                    </td>
                  );
                }
                return (
                  <td key={p} className={`px-2 py-1 text-center ${cell.isAC ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`} data-testid="training-rank-cell">
                    {cell.isAC ? formatTimeMs(cell.runTime) : t("rank.tried")}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {data.records.length === 0 ? <p className="py-4 text-center text-gray-700">{t("rank.empty")}</p> : null}
      <Pagination total={data.total} size={data.size} current={data.current} href={href} />
    </section>
  );
}
