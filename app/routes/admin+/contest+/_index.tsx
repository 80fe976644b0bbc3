import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/admin-problem/ui";
import { AcDownloadForm } from "~/components/contest/AcDownloadForm";
import { AdminList, infoCell, type AdminListColumn } from "~/components/admin/AdminList";
import { ShownSwitch, type RowAnswer } from "~/components/ui/ListControls";
import { CONTEST_PAGE_SIZE } from "~/lib/contest";
import { formatDateTime } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { contestPrimaryButton } from "~/components/contest/styles";
import { useTranslation } from "~/lib/translation";
import { withBase } from "~/lib/base-path";
import { requireAdmin } from "~/http/guards.server";
import { listRowAction } from "~/http/list-row-action.server";
import { contestListSchema, contestStatus, deleteContest, listContests, setContestVisible } from "~/services/contest/contests.server";
import { ruleInfo } from "~/services/contest/rules/index.server";
import { administerContest, SITE } from "~/services/contest/scope.server";
import { getT } from "~/services/platform/i18n.server";

// The admin contest table (spec section 2 "Admin area"): id, title, rule, type, status, the visible
// switch, times, and edit, problems, announcements, download accepted submissions (excluding
// admins, split by user or problem) and delete with confirmation. 10 a page, keyword search.

export const handle = { i18n: ["contest-admin", "contest-page", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const query = contestListSchema.parse({ currentPage: url.searchParams.get("currentPage") ?? undefined, keyword: url.searchParams.get("keyword") ?? undefined, limit: CONTEST_PAGE_SIZE.admin });
  const [page, t] = await Promise.all([listContests(query, SITE, true), getT(request, "contest-admin")]);
  return json({
    pageTitle: t("list.title"),
    keyword: query.keyword,
    total: page.total,
    size: page.size,
    current: page.current,
    rows: page.records.map((c) => ({
      id: c._id,
      title: c.title,
      rule: ruleInfo(c.type).name,
      icpc: ruleInfo(c.type).scoring === "acm",
      auth: c.auth,
      status: contestStatus(c, page.now),
      visible: c.visible,
      author: c.author,
      startTime: formatDateTime(c.startTime),
      endTime: formatDateTime(c.endTime),
    })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const t = await getT(request, ["contest", "contest-admin", "common"]);
  return listRowAction(request, t, {
    idName: "cid",
    toggle: { intent: "visible", field: "visible", apply: async (cid, on) => setContestVisible(await administerContest(cid, user, SITE), on) },
    title: async (cid) => (await administerContest(cid, user, SITE)).contest.title,
    remove: async (cid) => deleteContest(await administerContest(cid, user, SITE)),
    back: "/admin/contest",
    flash: { saved: "contest-admin:flash.saved", deleted: "contest-admin:flash.deleted" },
  });
}

export default function AdminContests() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<RowAnswer>();
  const { t } = useTranslation("contest-admin");
  type Row = (typeof data.rows)[number];
  const columns: AdminListColumn<Row>[] = [
    { head: "ID", cell: (c) => c.id },
    {
      head: t("list.titleCol"),
      cell: (c) => (
        <Link to={`/contest/${c.id}`} className="text-blue-700 hover:underline">
          {c.title}
        </Link>
      ),
    },
    { head: t("list.rule"), cell: (c) => c.rule },
    { head: t("list.auth"), cell: (c) => t(`auth.${c.auth}`) },
    { head: t("list.status"), cell: (c) => t(`status.${c.status}`) },
    {
      head: t("list.visible"),
      cell: (c) => <ShownSwitch row={{ idName: "cid", id: c.id }} intent="visible" field="visible" on={c.visible} label={t("list.visibleOf", { title: c.title })} shown={t("list.shown")} hidden={t("list.hidden")} />,
    },
    {
      head: t("list.info"),
      className: infoCell,
      cell: (c) => (
        <>
          <div>{c.startTime}</div>
          <div>{c.endTime}</div>
          <div>{c.author}</div>
        </>
      ),
    },
  ];
  return (
    <AdminList
      t={t}
      path="/admin/contest"
      idName="cid"
      testId="admin-contest"
      buttons={
        <Link to="/admin/contest/create" className={contestPrimaryButton}>
          {t("list.create")}
        </Link>
      }
      {...data}
      answer={answer}
      columns={columns}
      actions={(c) => (
        <>
          <Link to={`/admin/contest/${c.id}/announcements`} className={`${buttonClass} text-gray-800`}>
            {t("list.announcements")}
          </Link>
          <AcDownloadForm action={`/admin/contest/${c.id}/ac-submissions`} />
          {c.icpc ? (
            <a href={withBase(`/admin/contest/${c.id}/icpc-package`)} download className={`${buttonClass} text-gray-800`} data-testid="icpc-package">
              {t("list.icpcPackage")}
            </a>
          ) : null}
        </>
      )}
    />
  );
}
