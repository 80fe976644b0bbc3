import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/stats/Avatar";
import { Carousel } from "~/components/stats/Carousel";
import { Heatmap } from "~/components/stats/Heatmap";
import { UserCell } from "~/components/stats/RankTable";
import { WeekChart } from "~/components/stats/WeekChart";
import { Pagination } from "~/components/ui/Pagination";
import { homeHeatmapDays } from "~/lib/calendar";
import { formatDateTime } from "~/lib/format-time";
import { pageTitle } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/translation";
import { siteRedirect } from "~/http/paths.server";
import { contestStatusAt } from "~/services/access/policy.server";
import { getCurrentUser } from "~/services/account/session.server";
import { findUserById } from "~/services/account/users.server";
import { getT } from "~/services/platform/i18n.server";
import { renderMarkdownCached } from "~/services/platform/markdown.server";
import { QUICK_START_MAX, resolveQuickStart } from "~/services/problem/quick-start.server";
import { announcementListSchema, listSiteAnnouncements } from "~/services/site/announcements.server";
import { getWebsiteConfig } from "~/services/site/config.server";
import { carouselImages, recentContests, recentUpdatedProblems } from "~/services/site/home.server";
import { lastWeekStatistics, sevenDayAcRank, userHeatmap } from "~/services/stats/stats.server";
import { ruleInfo } from "~/services/contest/rules/index.server";

// The home page (spec section 2 "Home"): carousel, announcements (5 a page), recently updated
// problems, last week's submissions, quick start, the signed-in user's card with the 98-day heat
// map, the 7-day AC ranking and recent contests. Everything is rendered on the server from kept
// counters; the carousel turns with JavaScript.

export const handle: RouteHandle = { i18n: ["common", "home"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [t, config, user] = await Promise.all([getT(request), getWebsiteConfig(), getCurrentUser(request)]);
  let quickStartError: string | null = null;
  const pid = url.searchParams.get("pid");
  if (pid !== null) {
    const found = await resolveQuickStart(pid, user);
    if (found.ok) throw siteRedirect(`/problem/${encodeURIComponent(found.problemId)}`);
    quickStartError = found.error === "empty" ? t("home.quickStart.empty") : t("home.quickStart.notFound");
  }
  const now = new Date();
  const annQuery = announcementListSchema.parse({ currentPage: url.searchParams.get("announcementPage") ?? undefined });
  const [announcements, carousel, problems, sevenDay, contests, week, me, heatmap] = await Promise.all([
    listSiteAnnouncements(annQuery),
    carouselImages(),
    recentUpdatedProblems(),
    sevenDayAcRank(now),
    recentContests(now),
    lastWeekStatistics(now),
    user ? findUserById(user._id) : null,
    user ? userHeatmap(user._id, homeHeatmapDays(now), now) : null,
  ]);
  return json({
    title: t("home.title"),
    siteName: config.projectName,
    description: config.description,
    pid: pid ?? "",
    quickStartError,
    pidMaxLength: QUICK_START_MAX,
    carousel,
    announcements: {
      total: announcements.total,
      size: announcements.size,
      current: announcements.current,
      records: announcements.records.map((a) => ({
        id: a._id,
        title: a.title,
        username: a.username,
        gmtCreate: a.gmtCreate,
        html: renderMarkdownCached(a.content),
      })),
    },
    problems,
    sevenDay,
    contests: contests.map((c) => ({ id: c._id, title: c.title, startTime: c.startTime, status: contestStatusAt(c, now), rule: ruleInfo(c.type).name })),
    week,
    me: me
      ? {
          username: me.username,
          nickname: me.nickname,
          avatar: me.avatar,
          titleName: me.titleName || null,
          titleColor: me.titleColor || null,
          solved: me.acCount ?? 0,
          total: me.submitCount ?? 0,
          acSubmits: me.acSubmitCount ?? 0,
        }
      : null,
    heatmap,
  });
}

function Card({ id, title, children, className = "" }: { id: string; title: string; children: React.ReactNode; className?: string }) {
  return (
    <section className={`rounded-lg bg-white p-4 shadow-sm ${className}`} aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-gray-800">
        {title}
      </h2>
      {children}
    </section>
  );
}

const CONTEST_STATUS_CLASS: Record<number, string> = {
  [-1]: "bg-blue-100 text-blue-800",
  0: "bg-green-100 text-green-800",
  1: "bg-gray-100 text-gray-700",
};

export default function Home() {
  const { t } = useTranslation(["common", "home"]);
  const d = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid max-w-6xl gap-4 p-4 lg:grid-cols-3">
      <h1 className="sr-only">{t("home.welcome", { name: d.siteName })}</h1>
      <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
        <Carousel images={d.carousel} siteName={d.siteName} />

        <Card id="announcements-title" title={t("home:announcements.title")}>
          {d.announcements.records.length === 0 ? (
            <p className="text-gray-600">{d.description || t("home.defaultDescription")}</p>
          ) : (
            <ul className="divide-y" data-announcements>
              {d.announcements.records.map((a) => (
                <li key={a.id} className="py-2">
                  <details>
                    <summary className="flex cursor-pointer flex-wrap items-baseline justify-between gap-2">
                      <span className="font-medium text-gray-800">{a.title}</span>
                      <span className="text-xs text-gray-600">
                        {formatDateTime(a.gmtCreate)} · {a.username}
                      </span>
                    </summary>
                    <div className="markdown-body mt-2 text-sm" dangerouslySetInnerHTML={{ __html: a.html }} />
                  </details>
                </li>
              ))}
            </ul>
          )}
          <Pagination
            total={d.announcements.total > d.announcements.size ? d.announcements.total : 0}
            size={d.announcements.size}
            current={d.announcements.current}
            href={(p) => `/home?announcementPage=${p}`}
          />
        </Card>

        <Card id="recent-problems-title" title={t("home:recentProblems.title")}>
          {d.problems.length === 0 ? (
            <p className="text-gray-600">{t("home:recentProblems.empty")}</p>
          ) : (
            <div className="overflow-x-auto" tabIndex={0}>
              <table className="w-full text-left text-sm" data-recent-problems>
                <thead className="border-b text-gray-700">
                  <tr>
                    <th scope="col" className="py-2 pr-2 font-medium">
                      {t("home:recentProblems.id")}
                    </th>
                    <th scope="col" className="py-2 pr-2 font-medium">
                      {t("home:recentProblems.problem")}
                    </th>
                    <th scope="col" className="hidden py-2 pr-2 font-medium sm:table-cell">
                      {t("home:recentProblems.updated")}
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      <span className="sr-only">{t("home:recentProblems.action")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {d.problems.map((p) => (
                    <tr key={p.id}>
                      <td className="py-2 pr-2 text-gray-800">{p.problemId}</td>
                      <td className="py-2 pr-2 text-gray-800">{p.title}</td>
                      <td className="hidden py-2 pr-2 text-gray-600 sm:table-cell">{formatDateTime(p.gmtModified)}</td>
                      <td className="py-2 text-right">
                        <Link
                          to={`/problem/${encodeURIComponent(p.problemId)}`}
                          className="inline-block rounded bg-brand px-3 py-1 text-xs text-white hover:bg-brand-dark"
                          aria-label={t("home:recentProblems.challengeOne", { title: p.title })}
                        >
                          {t("home:recentProblems.challenge")}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>

        <Card id="week-stats-title" title={t("home:stats.title")}>
          <WeekChart dates={d.week.dateStrList} ac={d.week.acCountList} total={d.week.totalCountList} />
        </Card>
      </div>

      <div className="flex min-w-0 flex-col gap-4">
        <Card id="quick-start-title" title={t("home.quickStart.title")}>
          <p className="text-sm text-gray-600">{t("home.quickStart.hint")}</p>
          <Form method="get" action="/home" className="mt-3 flex gap-2" noValidate>
            <label htmlFor="quick-start-pid" className="sr-only">
              {t("home.quickStart.label")}
            </label>
            <input
              id="quick-start-pid"
              name="pid"
              defaultValue={d.pid}
              maxLength={d.pidMaxLength}
              placeholder={t("home.quickStart.placeholder")}
              aria-invalid={d.quickStartError ? true : undefined}
              aria-describedby={d.quickStartError ? "quick-start-error" : undefined}
              className="min-w-0 flex-1 rounded border border-gray-300 px-3 py-2 text-sm focus:border-brand focus:outline-none"
            />
            <button type="submit" className="rounded bg-brand px-4 py-2 text-sm text-white hover:bg-brand-dark">
              {t("home.quickStart.go")}
            </button>
          </Form>
          {d.quickStartError ? (
            <p id="quick-start-error" role="alert" className="mt-2 text-sm text-yellow-800">
              {d.quickStartError}
            </p>
          ) : null}
        </Card>

        {d.me && d.heatmap ? (
          <Card id="my-card-title" title={t("home:me.title")}>
            <div className="flex items-center gap-3">
              <Avatar src={d.me.avatar} name={d.me.username} size={48} />
              <div className="min-w-0">
                <Link to="/user-home" className="font-medium text-brand underline">
                  {d.me.username}
                </Link>
                {d.me.nickname ? <div className="truncate text-sm text-gray-600">{d.me.nickname}</div> : null}
              </div>
            </div>
            <dl className="my-3 grid grid-cols-3 gap-2 text-center">
              <div>
                <dt className="text-xs text-gray-600">{t("home:me.solved")}</dt>
                <dd className="font-semibold text-gray-800" data-me-solved>
                  {d.me.solved}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-gray-600">{t("home:me.submissions")}</dt>
                <dd className="font-semibold text-gray-800" data-me-total>
                  {d.me.total}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-gray-600">{t("home:me.acRate")}</dt>
                <dd className="font-semibold text-gray-800">{d.me.total > 0 ? ((d.me.acSubmits / d.me.total) * 100).toFixed(1) : "0.0"}%</dd>
              </div>
            </dl>
            <Heatmap id="home-heatmap" days={d.heatmap.dataList} label={t("home:me.heatmap")} />
          </Card>
        ) : null}

        <Card id="seven-day-title" title={t("home:sevenDay.title")}>
          {d.sevenDay.length === 0 ? (
            <p className="text-gray-600">{t("home:sevenDay.empty")}</p>
          ) : (
            <ol className="divide-y" data-seven-day>
              {d.sevenDay.map((r, i) => (
                <li key={r.uid} className="flex items-center gap-2 py-2" data-seven-day-row={r.username}>
                  <span className="w-6 text-center font-semibold text-gray-800">{i + 1}</span>
                  <div className="min-w-0 flex-1">
                    <UserCell row={r} />
                  </div>
                  <span className="text-sm text-gray-800">{t("home:sevenDay.ac", { n: r.ac })}</span>
                </li>
              ))}
            </ol>
          )}
        </Card>

        <Card id="recent-contests-title" title={t("home:contests.title")}>
          {d.contests.length === 0 ? (
            <p className="text-gray-600">{t("home:contests.empty")}</p>
          ) : (
            <ul className="divide-y" data-recent-contests>
              {d.contests.map((c) => (
                <li key={c.id} className="py-2">
                  <Link to={`/contest/${c.id}`} className="font-medium text-brand underline">
                    {c.title}
                  </Link>
                  <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-700">
                    <span className={`rounded px-1.5 py-0.5 ${CONTEST_STATUS_CLASS[c.status] ?? ""}`}>{t(`home:contests.status.${c.status}`)}</span>
                    <span>{formatDateTime(c.startTime)}</span>
                    <span>{c.rule}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
