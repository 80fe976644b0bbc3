import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AuthTag, CategoryTag, Progress } from "~/components/training/TrainingTags";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { trainingPageBase } from "~/http/training-page.server";
import { trainingSimilarityRefusal } from "~/services/access/policy.server";
import { HomeworkDue } from "~/components/training/HomeworkDue";
import { trainingHomeworkView } from "~/services/training/homework.server";

// A training's page (spec section 2, /training/{id}; a group's training inside its group's frame,
// /group/{gid}/training/{id}, which re-exports this module): its number, title, auth and category
// tags, the signed-in user's progress (problems solved of the training's, from their kept solved
// list), a homework training's due time with the time left and the viewer's on-time and late
// solves, and the tabs; the tab's page is the child route. A visitor is sent to log in first.

export const handle = { i18n: ["training"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.training.title);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { detail, base, user, ts } = await trainingPageBase(request, params);
  const tr = detail.training;
  return json({
    base,
    inGroup: tr.gid != null,
    training: { id: tr._id, rank: tr.rank, title: tr.title, auth: tr.auth, author: tr.author },
    category: detail.category ? { name: detail.category.name, color: detail.category.color } : null,
    canEnter: detail.canEnter,
    admin: detail.admin,
    maySimilarity: !trainingSimilarityRefusal(user, detail.ctx),
    acCount: detail.acCount,
    problemCount: detail.problemCount,
    homework: await trainingHomeworkView(ts),
  });
}

/** The training layout's data, from a page under either address (the site's or its group's). */
export function useTrainingLayout() {
  const site = useRouteLoaderData<typeof loader>("routes/training+/$trainingId");
  const inGroup = useRouteLoaderData<typeof loader>("routes/group+/$groupId.training.$trainingId");
  return site ?? inGroup;
}

const TABS = [
  { path: "", label: "tabs.overview" },
  { path: "problems", label: "tabs.problems" },
  { path: "submissions", label: "tabs.records" },
  { path: "rank", label: "tabs.rank" },
  { path: "similarity", label: "tabs.similarity" },
] as const;

export default function TrainingLayout() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("training");
  const tr = data.training;
  // Inside its group's frame the group's name is the page's first heading.
  const Heading = data.inGroup ? "h2" : "h1";
  return (
    <div className={data.inGroup ? "space-y-3" : "mx-auto max-w-7xl space-y-3 p-2 sm:p-4"}>
      <section className="rounded bg-white p-3 shadow-sm sm:p-5">
        <div className="flex flex-wrap items-center gap-3">
          <Heading className="text-xl font-semibold" data-testid="training-title">
            {tr.title}
          </Heading>
          <AuthTag auth={tr.auth} />
          <CategoryTag name={data.category?.name ?? null} color={data.category?.color ?? null} />
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-4 text-sm text-gray-700">
          <span>
            {t("detail.author")}: {tr.author}
          </span>
          <Progress solved={data.acCount} total={data.problemCount} label={t("detail.progress")} />
        </div>
        {data.homework ? <HomeworkDue {...data.homework} /> : null}
        <nav aria-label={t("tabs.label")} className="mt-4 flex flex-wrap gap-1 border-b" data-testid="training-tabs">
          {TABS.filter((tab) => tab.path !== "similarity" || data.maySimilarity).map((tab) => (
            <NavLink
              key={tab.path}
              to={tab.path ? `${data.base}/${tab.path}` : data.base}
              end
              className={({ isActive }) =>
                `-mb-px border-b-2 px-3 py-2 text-sm ${isActive ? "border-blue-700 font-medium text-blue-700" : "border-transparent text-gray-700 hover:text-blue-700"}`
              }
            >
              {t(tab.label)}
            </NavLink>
          ))}
        </nav>
      </section>
      <Outlet />
    </div>
  );
}
