import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { hms } from "~/lib/contest-board";
import { pageTitle } from "~/lib/meta";
import { isHidden, medalOf, replay, type ScrollCell } from "~/lib/scroll-board";
import { useTranslation } from "~/lib/translation";
import { contestPageRefusal } from "~/http/contest-page.server";
import { requireUser } from "~/http/guards.server";
import { resolveContest } from "~/services/contest/scope.server";
import { scrollBoardData, scrollBoardSchema } from "~/services/contest/scroll-board.server";
import { getT } from "~/services/platform/i18n.server";

// The rolling scoreboard (/scrollBoard?cid=&removeStar=&medals=&medals=&medals=): the board as it
// froze at the seal; each step reveals the next hidden result of the lowest-ranked participant
// who has one, and the board re-sorts, as in an ICPC award ceremony. Keyboard-driven with
// JavaScript (→, Space or Enter: next; ←: back; Home, End); without it, Next and Back links
// (?step=) replay the same steps on the server. Medals appear once everything is revealed.

export const handle = { i18n: ["contest-page"], hideFooter: true };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const sp = url.searchParams;
  const parsed = scrollBoardSchema.safeParse({ cid: sp.get("cid") ?? undefined, removeStar: sp.get("removeStar") ?? undefined, medals: sp.getAll("medals") });
  if (!parsed.success) throw new Response("Bad Request", { status: 400 });
  let data: Awaited<ReturnType<typeof scrollBoardData>>;
  try {
    data = await scrollBoardData(await resolveContest(parsed.data.cid, user, null), parsed.data);
  } catch (err) {
    throw contestPageRefusal(err);
  }
  const t = await getT(request, "contest-page");
  const step = Math.min(Math.max(0, Number.parseInt(sp.get("step") ?? "0", 10) || 0), data.steps.length);
  return json({ ...data, step, pageTitle: t("scroll.title", { title: data.contest.title }) });
}

function Cell({ cell, oi, revealed }: { cell: ScrollCell | undefined; oi: boolean; revealed: boolean }) {
  if (!cell || (cell.judged === 0 && cell.tryNum === 0)) return <td className="border border-gray-700 px-1 py-1" />;
  const ring = revealed ? " ring-4 ring-white" : "";
  if (isHidden(cell)) {
    return (
      <td className={`border border-gray-700 bg-amber-700 px-1 py-1 text-center text-white${ring}`} data-cell="hidden">
        ? {cell.errorNum > 0 ? `-${cell.errorNum}+` : ""}
        {cell.tryNum}
      </td>
    );
  }
  if (oi) {
    const cls = cell.isAC ? "bg-green-700" : cell.score === 0 ? "bg-red-700" : "bg-amber-700";
    return (
      <td className={`border border-gray-700 px-1 py-1 text-center text-white ${cls}${ring}`} data-cell={cell.isAC ? "full" : cell.score === 0 ? "zero" : "partial"}>
        {cell.score}
      </td>
    );
  }
  return cell.isAC ? (
    <td className={`border border-gray-700 bg-green-700 px-1 py-1 text-center text-white${ring}`} data-cell="ac">
      <div className="tabular-nums">{hms(cell.acTime)}</div>
      {cell.errorNum > 0 ? <div className="text-xs">(-{cell.errorNum})</div> : null}
    </td>
  ) : (
    <td className={`border border-gray-700 bg-red-700 px-1 py-1 text-center text-white${ring}`} data-cell="wa">
      -{cell.errorNum}
    </td>
  );
}

const MEDAL_STYLE = { gold: "bg-yellow-300 text-black", silver: "bg-gray-300 text-black", bronze: "bg-orange-300 text-black" } as const;

export default function ScrollBoard() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("contest-page");
  const location = useLocation();
  const [step, setStep] = useState(data.step);
  const total = data.steps.length;
  const oi = data.contest.scoring === "oi";
  const rows = useMemo(() => replay(data.contest.scoring, data.initial, data.steps, step), [data, step]);
  const last = step > 0 ? data.steps[step - 1] : null;
  const done = step >= total;

  const go = useCallback((n: number) => setStep(Math.min(Math.max(0, n), total)), [total]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLElement && (e.target.tagName === "A" || e.target.tagName === "BUTTON")) return;
      if (e.key === "ArrowRight" || e.key === " " || e.key === "Enter") {
        e.preventDefault();
        go(step + 1);
      } else if (e.key === "ArrowLeft") go(step - 1);
      else if (e.key === "Home") go(0);
      else if (e.key === "End") go(total);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [go, step, total]);

  useEffect(() => {
    if (!last) return;
    document.getElementById(`scroll-row-${last.uid}`)?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [last]);

  const stepHref = (n: number) => {
    const sp = new URLSearchParams(location.search);
    sp.set("step", String(n));
    return `${location.pathname}?${sp.toString()}`;
  };

  let place = 0;
  let shownRank = 0;
  return (
    <div className="min-h-screen bg-gray-950 p-2 text-white sm:p-4" data-testid="scroll-board" data-step={step} data-steps={total}>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{data.pageTitle}</h1>
        <span className="text-sm text-gray-200" aria-live="polite" data-testid="scroll-progress">
          {t("scroll.progress", { step, total })}
        </span>
        <Link to={stepHref(Math.max(0, step - 1))} onClick={(e) => (e.preventDefault(), go(step - 1))} className="rounded border border-gray-400 px-2 py-0.5 text-sm">
          {t("scroll.back")}
        </Link>
        <Link to={stepHref(Math.min(total, step + 1))} onClick={(e) => (e.preventDefault(), go(step + 1))} className="rounded border border-gray-400 px-2 py-0.5 text-sm" data-testid="scroll-next">
          {t("scroll.next")}
        </Link>
        <span className="text-xs text-gray-300">{t("scroll.keys")}</span>
      </div>
      <div className="overflow-x-auto focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr className="text-left text-gray-200">
              <th className="px-2 py-1">{t("rank.rank")}</th>
              <th className="px-2 py-1">{t("rank.user")}</th>
              <th className="px-2 py-1 text-right">{oi ? t("rank.totalScore") : t("rank.solved")}</th>
              <th className="px-2 py-1 text-right">{t("rank.totalTime")}</th>
              {data.problems.map((p) => (
                <th key={p.pid} className="px-1 py-1 text-center">
                  {p.displayId}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => {
              if (!r.star) {
                place++;
                const prev = rows.slice(0, i).filter((x) => !x.star).pop();
                if (!prev || prev.ac !== r.ac || prev.totalScore !== r.totalScore || prev.totalTime !== r.totalTime) shownRank = place;
              }
              const medal = done && !r.star ? medalOf(shownRank, data.medals) : null;
              const current = last?.uid === r.uid;
              return (
                <tr key={r.uid} id={`scroll-row-${r.uid}`} className={`border-b border-gray-800 ${current ? "bg-sky-900" : ""}`} data-testid="scroll-row" data-uid={r.uid}>
                  <td className="px-2 py-1 whitespace-nowrap">
                    {r.star ? "*" : shownRank}
                    {medal ? <span className={`ml-1 rounded px-1 text-xs font-semibold ${MEDAL_STYLE[medal]}`} data-medal={medal}>{t(`scroll.${medal}`)}</span> : null}
                  </td>
                  <td className="px-2 py-1">
                    <div className="font-medium">{r.name}</div>
                    {r.school ? <div className="text-xs text-gray-300">{r.school}</div> : null}
                  </td>
                  <td className="px-2 py-1 text-right font-semibold tabular-nums">{oi ? r.totalScore : r.ac}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{oi ? `${r.totalTime}ms` : hms(r.totalTime)}</td>
                  {data.problems.map((p) => (
                    <Cell key={p.pid} cell={r.cells[String(p.pid)]} oi={oi} revealed={current && last?.pid === p.pid} />
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
