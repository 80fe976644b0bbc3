import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass, primaryButtonClass } from "~/components/admin-problem/ui";
import { AuthTag, CategoryTag, Progress } from "~/components/training/TrainingTags";
import { DeleteRow, KeywordSearch, RowActionAnswer, ShownSwitch, type RowAnswer } from "~/components/ui/ListControls";
import { Pagination } from "~/components/ui/Pagination";
import { listRowAction } from "~/http/list-row-action.server";
import { groupAdminPageBase } from "~/http/group-content-page.server";
import { groupMemberPageBase } from "~/http/group-page.server";
import { PAGE_SIZE } from "~/lib/constants";
import { useTranslation } from "~/lib/translation";
import { getT } from "~/services/platform/i18n.server";
import { deleteTraining, listTrainings, setTrainingStatus, trainingListSchema } from "~/services/training/trainings.server";
import { administerTraining } from "~/services/training/scope.server";

// A group's trainings (spec section 2, /group/{gid}/training): number, title, auth tag, coloured
// category tag, progress, problem count and author, 10 a page, for its members; a training opens
// in the group's frame (/group/{gid}/training/{id}). Its admins also see hidden ones and create,
// edit, show or hide, manage problems and delete (with confirmation; the server asks again without
// JavaScript).

export const handle = { i18n: ["group", "training", "training-admin", "admin-problem"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { view, user, gid } = await groupMemberPageBase(request, params);
  const url = new URL(request.url);
  const query = trainingListSchema.parse({ currentPage: url.searchParams.get("currentPage") ?? undefined, keyword: url.searchParams.get("keyword") ?? undefined, limit: PAGE_SIZE.groupLists });
  const page = await listTrainings(query, user, view.scope, view.isAdmin);
  return json({
    gid,
    isAdmin: view.isAdmin,
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
      acCount: r.acCount ?? 0,
      categoryName: r.category?.name ?? null,
      categoryColor: r.category?.color ?? null,
    })),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, gid, admin } = await groupAdminPageBase(request, params);
  const t = await getT(request, ["training", "group", "common"]);
  return listRowAction(request, t, {
    idName: "tid",
    toggle: { intent: "status", field: "status", apply: async (tid, on) => setTrainingStatus(await administerTraining(tid, user, admin.manage), on) },
    title: async (tid) => (await administerTraining(tid, user, admin.manage)).training.title,
    remove: async (tid) => deleteTraining(await administerTraining(tid, user, admin.manage)),
    back: `/group/${gid}/training`,
    flash: { saved: "training-admin:flash.saved", deleted: "training-admin:flash.deleted" },
  });
}

export default function GroupTrainings() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<RowAnswer>();
  const { t } = useTranslation("training-admin");
  const { t: tg } = useTranslation("group");
  const base = `/group/${data.gid}/training`;
  const href = (p: number) => `${base}?${new URLSearchParams({ ...(data.keyword ? { keyword: data.keyword } : {}), currentPage: String(p) }).toString()}`;
  return (
    <section className="space-y-3 rounded bg-white p-3 shadow-sm sm:p-5" data-testid="group-trainings">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{tg("content.trainings")}</h2>
        {data.isAdmin ? (
          <Link to={`${base}/create`} className={primaryButtonClass} data-testid="group-training-create">
            {t("list.create")}
          </Link>
        ) : null}
      </div>
      <KeywordSearch keyword={data.keyword} label={t("list.keyword")} submit={t("list.search")} />
      <RowActionAnswer answer={answer} idName="tid" question={(id, title) => t("list.confirmDelete", { id, title })} label={t("list.delete")} cancel={t("list.cancel")} cancelTo={base} />
      <div className="overflow-x-auto rounded border border-gray-200 focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <table className="w-full text-left text-sm" data-testid="group-training-list">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th className="px-2 py-2">{t("list.rank")}</th>
              <th className="px-2 py-2">{t("list.titleCol")}</th>
              <th className="px-2 py-2">{t("list.auth")}</th>
              <th className="px-2 py-2">{t("list.category")}</th>
              <th className="px-2 py-2">{tg("content.progress")}</th>
              <th className="px-2 py-2">{t("list.info")}</th>
              {data.isAdmin ? <th className="px-2 py-2">{t("list.actions")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.rows.length === 0 ? (
              <tr>
                <td colSpan={data.isAdmin ? 7 : 6} className="px-2 py-6 text-center text-gray-700">
                  {t("list.empty")}
                </td>
              </tr>
            ) : null}
            {data.rows.map((r) => (
              <tr key={r.id} className="border-t border-gray-100" data-testid="group-training-row" data-tid={r.id}>
                <td className="px-2 py-2">{r.rank}</td>
                <td className="px-2 py-2">
                  <Link to={`${base}/${r.id}`} className="text-blue-700 underline">
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
                  <Progress solved={r.acCount} total={r.problemCount} label={tg("content.progressOf", { title: r.title })} />
                </td>
                <td className="whitespace-nowrap px-2 py-2 text-xs text-gray-700">
                  <div>{r.author}</div>
                  <div>{t("list.problemCount", { count: r.problemCount })}</div>
                </td>
                {data.isAdmin ? (
                  <td className="px-2 py-2">
                    <div className="flex flex-wrap items-center gap-1">
                      <ShownSwitch row={{ idName: "tid", id: r.id }} intent="status" field="status" on={r.status} label={t("list.shownOf", { title: r.title })} shown={t("list.shown")} hidden={t("list.hidden")} />
                      <Link to={`${base}/${r.id}/edit`} className={`${buttonClass} text-gray-800`}>
                        {t("list.edit")}
                      </Link>
                      <Link to={`${base}/${r.id}/manage-problems`} className={`${buttonClass} text-gray-800`}>
                        {t("list.problems")}
                      </Link>
                      <DeleteRow row={{ idName: "tid", id: r.id }} question={t("list.confirmDelete", { id: r.id, title: r.title })} label={t("list.delete")} />
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination total={data.total} size={data.size} current={data.current} href={href} />
    </section>
  );
}
