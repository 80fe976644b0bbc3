import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { Pagination } from "~/components/ui/Pagination";
import { SCOREBOARD_PAGE_SIZES } from "~/lib/contest";
import { acmCellClass, CELL_STYLE, followKey, hms, oiCellClass, readableOn, type AcmCellInfo } from "~/lib/contest-board";
import { useTranslation } from "~/lib/translation";
import type { BoardPageData } from "~/http/contest-board.server";

// The scoreboard, ACM or OI view by the contest's rule (spec section 2 "Scoreboards"). Rendered on
// the server from the kept board; the switches are a GET form and the refresh a link, so it works
// without JavaScript. With JavaScript: auto refresh every 30 s (off once the contest has ended),
// and followed users (kept in the browser per contest) pinned above the page.

const AUTO_REFRESH_MS = 30_000;
const REBUILD_POLL_MS = 3_000;

type Rec = BoardPageData["records"][number];

function readFollowed(cid: number): string[] {
  try {
    const v = JSON.parse(window.localStorage.getItem(followKey(cid)) ?? "[]") as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string").slice(0, 100) : [];
  } catch {
    return [];
  }
}

export function boardHref(pathname: string, q: BoardPageData["query"], change: Partial<BoardPageData["query"]>): string {
  const n = { ...q, ...change };
  const sp = new URLSearchParams();
  if (n.keyword) sp.set("keyword", n.keyword);
  if (!n.star) sp.set("star", "0");
  if (n.containsEnd) sp.set("containsEnd", "1");
  if (n.limit !== 50) sp.set("limit", String(n.limit));
  if (n.currentPage > 1) sp.set("currentPage", String(n.currentPage));
  const s = sp.toString();
  return s ? `${pathname}?${s}` : pathname;
}

function Award({ r }: { r: Rec }) {
  if (!r.isWinAward || !r.awardName) return null;
  const bg = r.awardBackground ?? "#e5e7eb";
  return (
    <span className="ml-1 rounded px-1 text-xs font-semibold" style={{ backgroundColor: bg, color: readableOn(bg) }} data-testid="award">
      {r.awardName}
    </span>
  );
}

export function Scoreboard({ data, forceUpdate, downloads }: { data: BoardPageData; forceUpdate: boolean; downloads?: (query: BoardPageData["query"]) => ReactNode }) {
  const { t } = useTranslation("contest-page");
  const location = useLocation();
  const fetcher = useFetcher<BoardPageData>();
  const [followed, setFollowed] = useState<string[]>([]);
  const [auto, setAuto] = useState(data.contest.status !== 1);
  const shown = fetcher.data ?? data;
  const cid = data.contest.id;

  const refresh = useCallback(
    (list: string[]) => {
      const sp = new URLSearchParams(location.search);
      if (list.length) sp.set("concernedList", list.join(","));
      else sp.delete("concernedList");
      fetcher.load(`${location.pathname}?${sp.toString()}`);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [location.pathname, location.search],
  );

  useEffect(() => {
    const list = readFollowed(cid);
    setFollowed(list);
    if (list.length) refresh(list);
  }, [cid, refresh]);

  useEffect(() => {
    if (!auto || shown.contest.status === 1) return;
    const id = window.setInterval(() => refresh(readFollowed(cid)), AUTO_REFRESH_MS);
    return () => window.clearInterval(id);
  }, [auto, cid, refresh, shown.contest.status]);

  // While a Force Update runs, the board is asked again every few seconds until the new rows are in.
  useEffect(() => {
    if (!shown.rebuilding) return;
    const id = window.setTimeout(() => refresh(readFollowed(cid)), REBUILD_POLL_MS);
    return () => window.clearTimeout(id);
  }, [shown.rebuilding, shown, cid, refresh]);

  const toggleFollow = (uid: string) => {
    const next = followed.includes(uid) ? followed.filter((u) => u !== uid) : [...followed, uid].slice(-100);
    window.localStorage.setItem(followKey(cid), JSON.stringify(next));
    setFollowed(next);
    refresh(next);
  };

  const q = shown.query;
  const oi = shown.oi;
  const problems = shown.problems;
  const followedSet = useMemo(() => new Set(followed), [followed]);

  return (
    <section className="rounded bg-white p-3 shadow-sm sm:p-5" data-testid="scoreboard" data-rule={oi ? "oi" : "acm"}>
      <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="board-filters">
        <label className="flex flex-col text-xs text-gray-700">
          {t("rank.search")}
          <input type="search" name="keyword" defaultValue={q.keyword} maxLength={50} className="mt-1 w-48 rounded border px-2 py-1 text-sm text-gray-800" />
        </label>
        <label className="flex items-center gap-1 text-sm text-gray-800">
          <input type="hidden" name="star" value="0" />
          <input type="checkbox" name="star" value="1" defaultChecked={q.star} />
          {t("rank.starUser")}
        </label>
        <label className="flex items-center gap-1 text-sm text-gray-800">
          <input type="hidden" name="containsEnd" value="0" />
          <input type="checkbox" name="containsEnd" value="1" defaultChecked={q.containsEnd} />
          {t("rank.containsEnd")}
        </label>
        <label className="flex flex-col text-xs text-gray-700">
          {t("rank.pageSize")}
          <select name="limit" defaultValue={q.limit} className="mt-1 rounded border px-2 py-1 text-sm text-gray-800">
            {SCOREBOARD_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded bg-blue-700 px-3 py-1 text-sm text-white">
          {t("rank.apply")}
        </button>
        <Link to={boardHref(location.pathname, q, {})} reloadDocument className="rounded border px-3 py-1 text-sm text-gray-800" data-testid="board-refresh">
          {t("rank.refresh")}
        </Link>
        {shown.contest.status !== 1 ? (
          <label className="flex items-center gap-1 text-sm text-gray-800">
            <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.target.checked)} />
            {t("rank.autoRefresh")}
          </label>
        ) : null}
      </Form>
      {forceUpdate && shown.admin ? (
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="forceUpdate" />
          <button
            type="submit"
            disabled={shown.rebuilding}
            className="rounded border border-blue-700 px-3 py-1 text-sm text-blue-700 disabled:border-gray-400 disabled:text-gray-700"
            data-testid="force-update"
          >
            {t("rank.forceUpdate")}
          </button>
        </Form>
      ) : null}
      {downloads ? <div className="mt-2">{downloads(q)}</div> : null}
      {shown.rebuilding ? (
        <p className="mt-3 rounded border border-blue-300 bg-blue-50 p-2 text-sm text-blue-900" role="status" data-testid="board-rebuilding">
          {t("rank.rebuilding")}
        </p>
      ) : null}
      {shown.sealed ? (
        <p className="mt-3 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" data-testid="board-sealed">
          {t("rank.sealed")}
        </p>
      ) : null}
      <div className="mt-3 overflow-x-auto focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <table className="w-full border-collapse text-sm" data-testid="board-table">
          <thead>
            <tr className="border-b text-left text-gray-700">
              <th className="px-2 py-2">{t("rank.rank")}</th>
              <th className="px-2 py-2">{t("rank.user")}</th>
              <th className="px-2 py-2 text-right">{oi ? t("rank.totalScore") : t("rank.solved")}</th>
              <th className="px-2 py-2 text-right">{t("rank.totalTime")}</th>
              {problems.map((p) => (
                <th key={p.pid} className="min-w-16 px-1 py-2 text-center" title={p.title}>
                  <span className="inline-flex items-center gap-1">
                    <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full border" style={{ backgroundColor: p.color || "transparent" }} />
                    {p.displayId}
                  </span>
                  <span className="block text-xs font-normal text-gray-700">
                    {p.ac ?? "?"}/{p.total ?? "?"}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.records.map((r, i) => {
              const pinned = r.concerned && i < shown.records.length && shown.records.findIndex((x) => x.uid === r.uid) === i && followedSet.has(r.uid);
              const rowCls = pinned ? "bg-sky-50" : r.rank === -1 ? "bg-violet-50" : r.gender === "female" ? "bg-pink-50" : "";
              const info = r.submissionInfo as Record<string, unknown>;
              return (
                <tr key={`${r.uid}-${i}`} className={`border-b ${rowCls}`} data-testid="board-row" data-username={r.username} data-rank={r.rank}>
                  <td className="px-2 py-1 whitespace-nowrap">
                    {r.rank === -1 ? "*" : r.rank}
                    <Award r={r} />
                  </td>
                  <td className="px-2 py-1">
                    <div className="flex items-center gap-1">
                      <button
                        type="button"
                        onClick={() => toggleFollow(r.uid)}
                        className="text-amber-700"
                        aria-pressed={followedSet.has(r.uid)}
                        aria-label={t(followedSet.has(r.uid) ? "rank.unfollow" : "rank.follow", { name: r.username })}
                      >
                        {followedSet.has(r.uid) ? "★" : "☆"}
                      </button>
                      <Link to={`/user-home?username=${encodeURIComponent(r.username)}`} className="font-medium text-blue-700 hover:underline">
                        {r.showName}
                      </Link>
                      {r.rank === -1 ? <span className="rounded border border-violet-700 px-1 text-xs text-violet-800">{t("rank.star")}</span> : null}
                      {r.gender === "female" ? <span className="rounded border border-pink-700 px-1 text-xs text-pink-800">{t("rank.girl")}</span> : null}
                    </div>
                    {r.school ? <div className="text-xs text-gray-700">{r.school}</div> : null}
                  </td>
                  <td className="px-2 py-1 text-right font-semibold tabular-nums">{"totalScore" in r ? r.totalScore : r.ac}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{oi ? `${r.totalTime}ms` : hms(r.totalTime)}</td>
                  {problems.map((p) => {
                    const v = info[p.displayId];
                    if (v === undefined) return <td key={p.pid} className="border px-1 py-1" />;
                    if (typeof v === "number") {
                      const time = (r as { timeInfo?: Record<string, number> }).timeInfo?.[p.displayId];
                      const cls = oiCellClass(v, time !== undefined);
                      return (
                        <td key={p.pid} className={`border px-1 py-1 text-center ${CELL_STYLE[cls]}`} data-cell={cls}>
                          <div className="font-semibold">{v}</div>
                          {time !== undefined ? <div className="text-xs">{time}ms</div> : null}
                        </td>
                      );
                    }
                    const c = v as AcmCellInfo;
                    const cls = acmCellClass(c);
                    return (
                      <td key={p.pid} className={`border px-1 py-1 text-center ${CELL_STYLE[cls]}`} data-cell={cls} title={c.errorNum ? t("rank.rejected", { count: c.errorNum }) : undefined}>
                        {c.isAC ? <div className="tabular-nums">{hms(c.ACTime ?? 0)}</div> : null}
                        {(c.tryNum ?? 0) > 0 && !c.isAC ? <div>{`? ${c.errorNum ? `-${c.errorNum}+` : ""}${c.tryNum}`}</div> : c.errorNum > 0 ? <div className="text-xs">(-{c.errorNum})</div> : null}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
        {shown.records.length === 0 ? <p className="py-4 text-center text-gray-700">{t("rank.empty")}</p> : null}
      </div>
      <Pagination total={shown.total} size={q.limit} current={q.currentPage} href={(page) => boardHref(location.pathname, q, { currentPage: page })} />
    </section>
  );
}
