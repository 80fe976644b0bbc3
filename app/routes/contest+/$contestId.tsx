import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, NavLink, Outlet, useFetcher, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { Countdown, ProgressBar, StatusTag, useServerClock } from "~/components/contest/ContestClock";
import { contestTabs } from "~/lib/contest-tabs";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { contestPageBase } from "~/http/contest-page.server";
import { groupLinkOf } from "~/services/group/context.server";
import { contestSimilarityRefusal } from "~/services/access/policy.server";
import { getWebsiteConfig } from "~/services/site/config.server";

// A contest's page: its title, clock and tabs (spec section 2, /contest/{id}); the tab's page is
// the child route. A visitor is sent to log in first; a hidden or unknown contest is 404. A group's
// contest names its group with the way back to the group's contests.

export const handle = { i18n: ["contest-page", "contest"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.contest.title);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [base, config] = await Promise.all([contestPageBase(request, params), getWebsiteConfig()]);
  const c = base.info.contest;
  const group = c.gid == null ? null : await groupLinkOf(c.gid);
  return json({
    group,
    openComment: config.openContestComment,
    contest: {
      id: c._id,
      title: c.title,
      type: c.type,
      auth: c.auth,
      startTime: c.startTime.toISOString(),
      endTime: c.endTime.toISOString(),
      openPrint: c.openPrint,
      openRank: c.openRank,
    },
    now: base.info.ctx.now.toISOString(),
    admin: base.admin,
    mayRejudge: base.mayRejudge,
    maySimilarity: !contestSimilarityRefusal(base.user, base.cs.ctx),
    /** Whether the viewer may look inside now (the unread announcements are asked only then). */
    canEnter: !base.cs.standing.entryRefusal,
  });
}

export function useContestLayout() {
  return useRouteLoaderData<typeof loader>("routes/contest+/$contestId");
}

export default function ContestLayout() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("contest-page");
  const now = useServerClock(data.now);
  const c = data.contest;
  const tabs = contestTabs({ admin: data.admin, mayRejudge: data.mayRejudge, openPrint: c.openPrint, openComment: data.openComment, maySimilarity: data.maySimilarity });
  // Unread announcements, checked every 60 s (spec section 2) from the announcements page's data.
  const unread = useFetcher<{ unread?: number }>();
  const { load } = unread;
  const { canEnter } = data;
  useEffect(() => {
    if (!canEnter) return;
    const check = () => load(`/contest/${c.id}/announcements`);
    check();
    const id = window.setInterval(check, 60_000);
    return () => window.clearInterval(id);
  }, [c.id, canEnter, load]);
  const unreadCount = unread.data?.unread ?? 0;
  return (
    <div className="mx-auto max-w-7xl space-y-3 p-2 sm:p-4">
      <section className="rounded bg-white p-3 shadow-sm sm:p-5">
        {data.group ? (
          <Link to={`/group/${data.group.id}/contest`} className="mb-2 inline-block break-words text-sm text-blue-700 underline" data-testid="back-to-group">
            <span aria-hidden="true">← </span>
            {t("backToGroup", { name: data.group.name })}
          </Link>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-xl font-semibold" data-testid="contest-title">
            {c.title}
          </h1>
          <StatusTag contest={c} now={now} />
          <span className="text-sm text-gray-700">
            <Countdown contest={c} now={now} />
          </span>
        </div>
        <div className="mt-3">
          <ProgressBar contest={c} now={now} label={t("list.progress")} />
        </div>
        <nav aria-label={t("tabs.label")} className="mt-4 flex flex-wrap gap-1 border-b" data-testid="contest-tabs">
          {tabs.map((tab) => (
            <NavLink
              key={tab.path}
              to={tab.path ? `/contest/${c.id}/${tab.path}` : `/contest/${c.id}`}
              end
              className={({ isActive }) =>
                `-mb-px border-b-2 px-3 py-2 text-sm ${isActive ? "border-blue-700 font-medium text-blue-700" : "border-transparent text-gray-700 hover:text-blue-700"}`
              }
            >
              {t(tab.label)}
              {tab.path === "announcements" && unreadCount > 0 ? (
                <span className="ml-1 rounded-full bg-red-700 px-1.5 text-xs text-white" data-testid="unread-announcements">
                  {t("announcements.unreadBadge", { count: unreadCount })}
                </span>
              ) : null}
            </NavLink>
          ))}
        </nav>
      </section>
      <Outlet />
    </div>
  );
}
