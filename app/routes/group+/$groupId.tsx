import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, NavLink, Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { GroupAuthTag, GroupAvatar } from "~/components/group/GroupTags";
import { groupPageBase } from "~/http/group-page.server";
import { pageTitle } from "~/lib/meta";
import { communitySettings } from "~/services/community/discussions.server";
import { groupSimilarityRefusal } from "~/services/access/policy.server";
import { useTranslation } from "~/lib/translation";

// A group's page (spec section 2, /group/{id}): avatar, name, short name, auth, owner, member count
// and the tabs the viewer may open (spec: all but home disabled until they are a member; the
// discussions only while the site's group discussions are on; the announcements for its admins; the
// settings for its root). The tab's page is the child route; each checks the viewer again.

export const handle = { i18n: ["group", "group-activity"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.group.name);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { view, user } = await groupPageBase(request, params);
  const g = view.group;
  return json({
    group: { id: g._id, name: g.name, shortName: g.shortName, avatar: g.avatar || null, auth: g.auth, owner: g.owner, memberCount: g.memberCount, brief: g.brief },
    signedIn: !!user,
    level: view.level,
    isMember: view.isMember,
    isAdmin: view.isAdmin,
    isRoot: view.isRoot,
    mayDelete: view.mayDelete,
    maySimilarity: !groupSimilarityRefusal(user, view.ctx),
    groupDiscussion: (await communitySettings()).openGroupDiscussion,
  });
}

export function useGroupLayout() {
  return useRouteLoaderData<typeof loader>("routes/group+/$groupId");
}

type Tab = { path: string; label: string; member: boolean; show?: (d: ReturnType<typeof useLoaderData<typeof loader>>) => boolean };
const TABS: Tab[] = [
  { path: "", label: "tabs.home", member: false },
  { path: "problem", label: "tabs.problems", member: true },
  { path: "training", label: "tabs.trainings", member: true },
  { path: "contest", label: "tabs.contests", member: true },
  { path: "status", label: "tabs.submissions", member: true },
  { path: "discussion", label: "group-activity:tabs.discussion", member: true, show: (d) => d.groupDiscussion },
  { path: "member", label: "tabs.members", member: true },
  { path: "announcement", label: "group-activity:tabs.announcement", member: false, show: (d) => d.isAdmin },
  { path: "setting", label: "tabs.settings", member: true, show: (d) => d.isRoot },
  { path: "rank", label: "group-activity:tabs.rank", member: true },
  { path: "similarity", label: "group-activity:tabs.similarity", member: false, show: (d) => d.maySimilarity },
];

export default function GroupLayout() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("group");
  const g = data.group;
  return (
    <div className="mx-auto max-w-7xl space-y-3 p-2 sm:p-4">
      <section className="rounded bg-white p-3 shadow-sm sm:p-5">
        <div className="flex flex-wrap items-center gap-3">
          <GroupAvatar avatar={g.avatar} name={g.name} size={56} />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="break-words text-xl font-semibold" data-testid="group-title">
                {g.name}
              </h1>
              <GroupAuthTag auth={g.auth} />
            </div>
            <p className="text-sm text-gray-700">
              {t("list.shortName")}: {g.shortName} · {t("list.members", { count: g.memberCount })} · {t("list.owner")}:{" "}
              <Link to={`/user-home?username=${encodeURIComponent(g.owner)}`} className="text-blue-700 underline">
                {g.owner}
              </Link>
            </p>
          </div>
        </div>
        <nav aria-label={t("tabs.label")} className="mt-4 flex flex-wrap gap-1 border-b" data-testid="group-tabs">
          {TABS.filter((tab) => !tab.show || tab.show(data)).map((tab) =>
            tab.member && !data.isMember ? (
              <span key={tab.path} aria-disabled="true" className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm text-gray-600" data-testid={`group-tab-disabled-${tab.path}`}>
                {t(tab.label)}
              </span>
            ) : (
              <NavLink
                key={tab.path}
                to={tab.path ? `/group/${g.id}/${tab.path}` : `/group/${g.id}`}
                end={!tab.path}
                className={({ isActive }) =>
                  `-mb-px border-b-2 px-3 py-2 text-sm ${isActive ? "border-blue-700 font-medium text-blue-700" : "border-transparent text-gray-700 hover:text-blue-700"}`
                }
              >
                {t(tab.label)}
              </NavLink>
            ),
          )}
        </nav>
      </section>
      <Outlet />
    </div>
  );
}
