import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Countdown, ProgressBar, StatusTag, useServerClock } from "~/components/contest/ContestClock";
import { Pagination } from "~/components/ui/Pagination";
import { ContestAuth } from "~/lib/contest";
import { durationParts, phaseAt, scoreboardPath } from "~/lib/contest-clock";
import { formatDateTime } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { FilterChip, FilterRow, ListSearchForm } from "~/components/ui/ListFilters";
import { useTranslation } from "~/lib/translation";
import { getCurrentUser } from "~/services/account/session.server";
import { contestListSchema, listContests } from "~/services/contest/contests.server";
import { ruleChoices, ruleInfo } from "~/services/contest/rules/index.server";
import { SITE } from "~/services/contest/scope.server";
import { getT } from "~/services/platform/i18n.server";

// The contest list (spec section 2 "Contest list"): rule, status and keyword filters as a GET form
// (query keys type, status, keyword, currentPage; 10 a page), each contest with its status,
// countdown and progress on the server's clock, and the outside scoreboard when the contest opens
// its rank and has started. Opening a contest needs login (its page sends a visitor to the login).

export const handle = { i18n: ["contest-page"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = contestListSchema.parse({ ...Object.fromEntries(url.searchParams), limit: undefined });
  const [page, t, user] = await Promise.all([listContests(query, SITE, false), getT(request, "contest-page"), getCurrentUser(request)]);
  return json({
    pageTitle: t("list.title"),
    signedIn: !!user,
    rules: ruleChoices(),
    query: { keyword: query.keyword, type: query.type ?? null, status: query.status ?? null, currentPage: query.currentPage },
    total: page.total,
    size: page.size,
    now: page.now.toISOString(),
    records: page.records.map((c) => ({
      id: c._id,
      title: c.title,
      type: c.type,
      rule: ruleInfo(c.type),
      auth: c.auth,
      startTime: c.startTime.toISOString(),
      endTime: c.endTime.toISOString(),
      duration: c.duration,
      openRank: c.openRank,
      count: c.auth === ContestAuth.PUBLIC ? null : (page.counts.get(c._id) ?? 0),
    })),
  });
}

type Query = ReturnType<typeof useLoaderData<typeof loader>>["query"];

function listHref(q: Query, page: number): string {
  const sp = new URLSearchParams();
  if (q.type !== null) sp.set("type", String(q.type));
  if (q.status !== null) sp.set("status", String(q.status));
  if (q.keyword) sp.set("keyword", q.keyword);
  if (page > 1) sp.set("currentPage", String(page));
  const s = sp.toString();
  return s ? `/contest?${s}` : "/contest";
}

export default function ContestList() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("contest-page");
  const now = useServerClock(data.now);
  const { query } = data;
  const filterLink = (change: Partial<Query>) => listHref({ ...query, ...change }, 1);
  return (
    <div className="mx-auto max-w-6xl p-2 sm:p-4">
      <section className="rounded bg-white p-3 shadow-sm sm:p-5">
        <h1 className="mb-4 text-xl font-semibold">{t("list.title")}</h1>
        <div className="space-y-2" data-testid="contest-filters">
          <FilterRow label={t("list.rule")}>
            {[null, ...data.rules.map((r) => r.type)].map((v) => (
              <FilterChip key={String(v)} to={filterLink({ type: v })} active={query.type === v}>
                {v === null ? t("list.all") : t(`type.${v}`)}
              </FilterChip>
            ))}
          </FilterRow>
          <FilterRow label={t("list.status")}>
            {[null, -1, 0, 1].map((v) => (
              <FilterChip key={String(v)} to={filterLink({ status: v })} active={query.status === v}>
                {v === null ? t("list.all") : t(`status.${v}`)}
              </FilterChip>
            ))}
          </FilterRow>
          <ListSearchForm action="/contest" keep={{ type: query.type, status: query.status }} keyword={query.keyword} label={t("list.keyword")} submit={t("list.search")} />
        </div>

        {data.records.length === 0 ? (
          <p className="mt-6 text-center text-gray-700" data-testid="contest-empty">
            {t("list.empty")}
          </p>
        ) : (
          <ul className="mt-4 divide-y" data-testid="contest-list">
            {data.records.map((c) => {
              const d = durationParts(c.duration);
              const phase = phaseAt(c, now);
              return (
                <li key={c.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center" data-testid="contest-row" data-cid={c.id}>
                  <div className="flex-1 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link to={`/contest/${c.id}`} className="text-lg font-medium text-blue-700 hover:underline">
                        {c.title}
                      </Link>
                      {c.auth !== ContestAuth.PUBLIC ? (
                        <svg role="img" aria-label={t(`auth.${c.auth}`)} viewBox="0 0 16 16" className="h-4 w-4 fill-current text-gray-700" data-testid="contest-lock">
                          <title>{t(`auth.${c.auth}`)}</title>
                          <path d="M4 7V5a4 4 0 1 1 8 0v2h1a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h1Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
                        </svg>
                      ) : null}
                    </div>
                    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-700">
                      <span>
                        {t("list.startAt")}: {formatDateTime(c.startTime)}
                      </span>
                      <span>
                        {t("list.duration")}: {t("list.hoursMinutes", { h: d.h, m: d.m })}
                      </span>
                      <span className="rounded border px-1.5 text-xs">{t(`type.${c.type}`)}</span>
                      <span className="rounded border px-1.5 text-xs">{t(`auth.${c.auth}`)}</span>
                      {c.count !== null ? <span>{t("list.participants", { count: c.count })}</span> : null}
                    </div>
                    <div className="flex items-center gap-3 text-sm text-gray-700">
                      <Countdown contest={c} now={now} />
                    </div>
                    <ProgressBar contest={c} now={now} label={t("list.progress")} />
                  </div>
                  <div className="flex items-center gap-2 sm:w-56 sm:justify-end">
                    <StatusTag contest={c} now={now} />
                    {c.openRank && phase !== -1 ? (
                      <Link to={scoreboardPath(c.id, c.rule.scoring)} className="rounded border border-blue-700 px-2 py-1 text-sm text-blue-700" data-testid="outside-board">
                        {t("list.outsideBoard")}
                      </Link>
                    ) : (
                      <span className="cursor-not-allowed rounded border px-2 py-1 text-sm text-gray-600" aria-disabled="true">
                        {t("list.outsideBoard")}
                      </span>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <Pagination total={data.total} size={data.size} current={query.currentPage} href={(p) => listHref(query, p)} />
      </section>
    </div>
  );
}
