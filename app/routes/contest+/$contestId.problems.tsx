import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { JudgeStatus } from "~/lib/constants";
import { acRate } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { contestPageBase, contestPageRefusal } from "~/http/contest-page.server";
import { contestProblemList, type ContestProblemRow } from "~/services/contest/problems.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";

// The contest's problem list (spec section 2 "Contest problem list"): the viewer's status (OI score,
// ACM solved or tried, "?" while the outcome is hidden), displayId, title, AC, Total ("?" without
// real-time rights) and the AC rate bar. A viewer who may not enter yet is told why (403).

export const handle = { i18n: ["contest-page", "contest"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await contestPageBase(request, params);
  try {
    const { rows } = await contestProblemList(base.cs);
    return json({ refusal: null, scoring: base.cs.rule.scoring, rows });
  } catch (err) {
    if (!(err instanceof DomainError) || err.kind !== "forbidden") throw contestPageRefusal(err);
    const t = await getT(request, ["contest", "common"]);
    return json({ refusal: t(err.message), scoring: base.cs.rule.scoring, rows: [] as ContestProblemRow[] }, { status: 403 });
  }
}

function MyStatus({ status, score, oi }: { status: number; score: number | null; oi: boolean }) {
  const { t } = useTranslation("contest-page");
  if (status === JudgeStatus.NOT_SUBMITTED) return null;
  if (status === JudgeStatus.PENDING) {
    return (
      <span className="font-semibold text-gray-700" title={t("problems.unknown")} aria-label={t("problems.unknown")}>
        ?
      </span>
    );
  }
  if (oi && score !== null) {
    const cls = status === JudgeStatus.ACCEPTED ? "bg-green-700" : score === 0 ? "bg-red-700" : "bg-amber-700";
    return <span className={`rounded px-1.5 py-0.5 text-xs font-semibold text-white ${cls}`}>{score}</span>;
  }
  return status === JudgeStatus.ACCEPTED ? (
    <span className="font-bold text-green-700" aria-label={t("problems.solved")} title={t("problems.solved")}>
      ✓
    </span>
  ) : (
    <span className="font-bold text-red-700" aria-label={t("problems.tried")} title={t("problems.tried")}>
      ✗
    </span>
  );
}

export default function ContestProblems() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("contest-page");
  if (data.refusal) {
    return (
      <section className="rounded bg-white p-5 shadow-sm">
        <p className="text-amber-900" role="alert" data-testid="entry-refusal">
          {data.refusal}
        </p>
      </section>
    );
  }
  const oi = data.scoring === "oi";
  return (
    <section className="overflow-x-auto rounded bg-white p-3 shadow-sm sm:p-5 focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
      <table className="w-full text-sm" data-testid="contest-problems">
        <thead>
          <tr className="border-b text-left text-gray-700">
            <th className="w-16 px-2 py-2">{t("problems.status")}</th>
            <th className="w-20 px-2 py-2">#</th>
            <th className="px-2 py-2">{t("problems.title")}</th>
            <th className="w-20 px-2 py-2 text-right">{t("problems.ac")}</th>
            <th className="w-20 px-2 py-2 text-right">{t("problems.total")}</th>
            <th className="w-40 px-2 py-2">{t("problems.acRate")}</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((p) => {
            const rate = p.ac !== null && p.total ? Math.round((p.ac / p.total) * 100) : 0;
            return (
              <tr key={p.id} className="border-b last:border-0" data-testid="contest-problem-row" data-display-id={p.displayId}>
                <td className="px-2 py-2">
                  <MyStatus status={p.myStatus} score={p.score} oi={oi} />
                </td>
                <td className="px-2 py-2">
                  <span className="inline-flex items-center gap-1 font-medium">
                    <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full border" style={{ backgroundColor: p.color || "transparent" }} />
                    {p.displayId}
                  </span>
                </td>
                <td className="px-2 py-2">
                  <Link to={`/contest/${p.cid}/problem/${encodeURIComponent(p.displayId)}`} className="text-blue-700 hover:underline">
                    {p.displayTitle}
                  </Link>
                </td>
                <td className="px-2 py-2 text-right tabular-nums">{p.ac ?? "?"}</td>
                <td className="px-2 py-2 text-right tabular-nums">{p.total ?? "?"}</td>
                <td className="px-2 py-2">
                  {p.ac !== null && p.total !== null ? (
                    <div className="flex items-center gap-2">
                      <div className="h-2 flex-1 overflow-hidden rounded bg-gray-200" aria-hidden="true">
                        <div className="h-full bg-green-700" style={{ width: `${rate}%` }} />
                      </div>
                      <span className="w-14 text-right tabular-nums">{acRate(p.ac, p.total)}</span>
                    </div>
                  ) : (
                    "?"
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {data.rows.length === 0 ? <p className="py-4 text-center text-gray-700">{t("problems.empty")}</p> : null}
    </section>
  );
}
