import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass, primaryButtonClass } from "~/components/admin-problem/ui";
import { AuthTag, CategoryTag } from "~/components/training/TrainingTags";
import { AdminList, infoCell, type AdminListColumn } from "~/components/admin/AdminList";
import { ShownSwitch, type RowAnswer } from "~/components/ui/ListControls";
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
  type Row = (typeof data.rows)[number];
  const columns: AdminListColumn<Row>[] = [
    { head: t("list.rank"), cell: (r) => r.rank },
    { head: "ID", cell: (r) => r.id },
    {
      head: t("list.titleCol"),
      cell: (r) => (
        <Link to={`/training/${r.id}`} className="text-blue-700 underline">
          {r.title}
        </Link>
      ),
    },
    { head: t("list.auth"), cell: (r) => <AuthTag auth={r.auth} /> },
    { head: t("list.category"), cell: (r) => <CategoryTag name={r.categoryName} color={r.categoryColor} /> },
    {
      head: t("list.shownCol"),
      cell: (r) => <ShownSwitch row={{ idName: "tid", id: r.id }} intent="status" field="status" on={r.status} label={t("list.shownOf", { title: r.title })} shown={t("list.shown")} hidden={t("list.hidden")} />,
    },
    {
      head: t("list.info"),
      className: infoCell,
      cell: (r) => (
        <>
          <div>{r.author}</div>
          <div>{r.gmtModified}</div>
          <div>{t("list.problemCount", { count: r.problemCount })}</div>
        </>
      ),
    },
  ];
  return (
    <AdminList
      t={t}
      path="/admin/training"
      idName="tid"
      testId="admin-training"
      buttons={
        <>
          <Link to="/admin/training/category" className={`${buttonClass} text-gray-800`}>
            {t("list.categories")}
          </Link>
          <Link to="/admin/training/create" className={primaryButtonClass}>
            {t("list.create")}
          </Link>
        </>
      }
      {...data}
      answer={answer}
      columns={columns}
    />
  );
}
