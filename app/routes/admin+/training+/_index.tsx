import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass, primaryButtonClass } from "~/components/admin-problem/ui";
import { AuthTag, CategoryTag } from "~/components/training/TrainingTags";
import { DeleteRow, KeywordSearch, RowActionAnswer, ShownSwitch, type RowAnswer } from "~/components/ui/ListControls";
import { Pagination } from "~/components/ui/Pagination";
import { PAGE_SIZE } from "~/lib/constants";
import { formatDateTime } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { listRowAction } from "~/http/list-row-action.server";
import { requireAdmin } from "~/http/guards.server";
import { getT } from "~/services/platform/i18n.server";
import { deleteTraining, listTrainings, setTrainingStatus, trainingListSchema } from "~/services/training/trainings.server";
import { administerTraining, SITE } from "~/services/training/scope.server";

// The admin training table (spec section 2 "Admin area"): number, id, title, auth, category, the
// shown switch, author and time, and edit, problems and delete (with confirmation). 10 a page.

export const handle = { i18n: ["training-admin", "training", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const url = new URL(request.url);
  const query = trainingListSchema.parse({ currentPage: url.searchParams.get("currentPage") ?? undefined, keyword: url.searchParams.get("keyword") ?? undefined, limit: PAGE_SIZE.admin });
  const [page, t] = await Promise.all([listTrainings(query, user, SITE, true), getT(request, "training-admin")]);
  return json({
    pageTitle: t("list.title"),
    keyword: query.keyword,
    total: page.total,
    size: page.size,
    current: page.current,
    rows: page.records.map((r) => ({
      id: r.training._id,
      rank: r.training.rank,
      title: r.training.title,
      auth: r.training.auth,
      status: r.training.status,
      author: r.training.author,
      problemCount: r.training.problemCount ?? 0,
      categoryName: r.category?.name ?? null,
      categoryColor: r.category?.color ?? null,
      gmtModified: formatDateTime(r.training.gmtModified),
    })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const t = await getT(request, ["training", "training-admin", "common"]);
  return listRowAction(request, t, {
    idName: "tid",
    toggle: { intent: "status", field: "status", apply: async (tid, on) => setTrainingStatus(await administerTraining(tid, user, SITE), on) },
    title: async (tid) => (await administerTraining(tid, user, SITE)).training.title,
    remove: async (tid) => deleteTraining(await administerTraining(tid, user, SITE)),
    back: "/admin/training",
    flash: { saved: "training-admin:flash.saved", deleted: "training-admin:flash.deleted" },
  });
}

export default function AdminTrainings() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<RowAnswer>();
  const { t } = useTranslation("training-admin");
  const href = (p: number) => `/admin/training?${new URLSearchParams({ ...(data.keyword ? { keyword: data.keyword } : {}), currentPage: String(p) }).toString()}`;
  return (
    <div className="mx-auto max-w-7xl space-y-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold">{t("list.title")}</h1>
        <div className="flex gap-2">
          <Link to="/admin/training/category" className={`${buttonClass} text-gray-800`}>
            {t("list.categories")}
          </Link>
          <Link to="/admin/training/create" className={primaryButtonClass}>
            {t("list.create")}
          </Link>
        </div>
      </div>
      <KeywordSearch keyword={data.keyword} label={t("list.keyword")} submit={t("list.search")} />
      <RowActionAnswer answer={answer} idName="tid" question={(id, title) => t("list.confirmDelete", { id, title })} label={t("list.delete")} cancel={t("list.cancel")} cancelTo="/admin/training" />
      <div className="overflow-x-auto rounded border border-gray-200 bg-white focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <table className="w-full text-left text-sm" data-testid="admin-training-list">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th className="px-2 py-2">{t("list.rank")}</th>
              <th className="px-2 py-2">ID</th>
              <th className="px-2 py-2">{t("list.titleCol")}</th>
              <th className="px-2 py-2">{t("list.auth")}</th>
              <th className="px-2 py-2">{t("list.category")}</th>
              <th className="px-2 py-2">{t("list.shownCol")}</th>
              <th className="px-2 py-2">{t("list.info")}</th>
              <th className="px-2 py-2">{t("list.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.length === 0 ? (
              <tr>
                <td colSpan={8} className="px-2 py-6 text-center text-gray-700">
                  {t("list.empty")}
                </td>
              </tr>
            ) : null}
            {data.rows.map((r) => (
              <tr key={r.id} className="border-t border-gray-100" data-testid="admin-training-row" data-tid={r.id}>
                <td className="px-2 py-2">{r.rank}</td>
                <td className="px-2 py-2">{r.id}</td>
                <td className="px-2 py-2">
                  <Link to={`/training/${r.id}`} className="text-blue-700 underline">
                    {r.title}
                  </Link>
                </td>
                <td className="px-2 py-2">
                  <AuthTag auth={r.auth} />
                </td>
                <td className="px-2 py-2">
                  <CategoryTag name={r.categoryName} color={r.categoryColor} />
                </td>
                <td className="px-2 py-2">
                  <ShownSwitch row={{ idName: "tid", id: r.id }} intent="status" field="status" on={r.status} label={t("list.shownOf", { title: r.title })} shown={t("list.shown")} hidden={t("list.hidden")} />
                </td>
                <td className="whitespace-nowrap px-2 py-2 text-xs text-gray-700">
                  <div>{r.author}</div>
                  <div>{r.gmtModified}</div>
                  <div>{t("list.problemCount", { count: r.problemCount })}</div>
                </td>
                <td className="px-2 py-2">
                  <div className="flex flex-wrap items-center gap-1">
                    <Link to={`/admin/training/${r.id}/edit`} className={`${buttonClass} text-gray-800`}>
                      {t("list.edit")}
                    </Link>
                    <Link to={`/admin/training/${r.id}/problems`} className={`${buttonClass} text-gray-800`}>
                      {t("list.problems")}
                    </Link>
                    <DeleteRow row={{ idName: "tid", id: r.id }} question={t("list.confirmDelete", { id: r.id, title: r.title })} label={t("list.delete")} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination total={data.total} size={data.size} current={data.current} href={href} />
    </div>
  );
}
