import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/admin-problem/ui";
import { AcDownloadForm } from "~/components/contest/AcDownloadForm";
import { DeleteRow, KeywordSearch, RowActionAnswer, ShownSwitch, type RowAnswer } from "~/components/ui/ListControls";
import { Pagination } from "~/components/ui/Pagination";
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
  const href = (p: number) => `/admin/contest?${new URLSearchParams({ ...(data.keyword ? { keyword: data.keyword } : {}), currentPage: String(p) }).toString()}`;
  return (
    <div className="mx-auto max-w-7xl space-y-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold">{t("list.title")}</h1>
        <Link to="/admin/contest/create" className={contestPrimaryButton}>
          {t("list.create")}
        </Link>
      </div>
      <KeywordSearch keyword={data.keyword} label={t("list.keyword")} submit={t("list.search")} />
      <RowActionAnswer answer={answer} idName="cid" question={(id, title) => t("list.confirmDelete", { id, title })} label={t("list.delete")} cancel={t("list.cancel")} cancelTo="/admin/contest" />
      <div className="overflow-x-auto rounded border border-gray-200 bg-white focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <table className="w-full text-left text-sm" data-testid="admin-contest-list">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th className="px-2 py-2">ID</th>
              <th className="px-2 py-2">{t("list.titleCol")}</th>
              <th className="px-2 py-2">{t("list.rule")}</th>
              <th className="px-2 py-2">{t("list.auth")}</th>
              <th className="px-2 py-2">{t("list.status")}</th>
              <th className="px-2 py-2">{t("list.visible")}</th>
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
            {data.rows.map((c) => (
              <tr key={c.id} className="border-t border-gray-100" data-testid="admin-contest-row" data-cid={c.id}>
                <td className="px-2 py-2">{c.id}</td>
                <td className="px-2 py-2">
                  <Link to={`/contest/${c.id}`} className="text-blue-700 hover:underline">
                    {c.title}
                  </Link>
                </td>
                <td className="px-2 py-2">{c.rule}</td>
                <td className="px-2 py-2">{t(`auth.${c.auth}`)}</td>
                <td className="px-2 py-2">{t(`status.${c.status}`)}</td>
                <td className="px-2 py-2">
                  <ShownSwitch row={{ idName: "cid", id: c.id }} intent="visible" field="visible" on={c.visible} label={t("list.visibleOf", { title: c.title })} shown={t("list.shown")} hidden={t("list.hidden")} />
                </td>
                <td className="whitespace-nowrap px-2 py-2 text-xs text-gray-700">
                  <div>{c.startTime}</div>
                  <div>{c.endTime}</div>
                  <div>{c.author}</div>
                </td>
                <td className="px-2 py-2">
                  <div className="flex flex-wrap items-center gap-1">
                    <Link to={`/admin/contest/${c.id}/edit`} className={`${buttonClass} text-gray-800`}>
                      {t("list.edit")}
                    </Link>
                    <Link to={`/admin/contest/${c.id}/problems`} className={`${buttonClass} text-gray-800`}>
                      {t("list.problems")}
                    </Link>
                    <Link to={`/admin/contest/${c.id}/announcements`} className={`${buttonClass} text-gray-800`}>
                      {t("list.announcements")}
                    </Link>
                    <AcDownloadForm action={`/admin/contest/${c.id}/ac-submissions`} />
                    {c.icpc ? (
                      <a href={withBase(`/admin/contest/${c.id}/icpc-package`)} download className={`${buttonClass} text-gray-800`} data-testid="icpc-package">
                        {t("list.icpcPackage")}
                      </a>
                    ) : null}
                    <DeleteRow row={{ idName: "cid", id: c.id }} question={t("list.confirmDelete", { id: c.id, title: c.title })} label={t("list.delete")} />
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
