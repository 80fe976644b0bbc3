import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminCard } from "~/components/admin/AdminShell";
import { buttonClass, ConfirmSubmit, Notice } from "~/components/admin-problem/ui";
import { Pagination } from "~/components/ui/Pagination";
import { flash } from "~/http/flash.server";
import { requireAdmin } from "~/http/guards.server";
import { inputId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { formatDateTime } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { deleteDiscussions, listDiscussions, moderateDiscussion } from "~/services/community/discussions.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { pageFrom } from "~/lib/format";

// The admin discussion list (spec section 2 "Admin area"): every discussion, disabled ones too;
// pin and disable save at once; delete a non-empty selection after a confirmation. Admin roles.

export const handle = { i18n: ["community", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const url = new URL(request.url);
  const current = pageFrom(url.searchParams.get("currentPage"));
  const keyword = (url.searchParams.get("keyword") ?? "").slice(0, 100);
  const t = await getT(request, "community");
  const list = await listDiscussions(user, { page: current, limit: 10, keyword, admin: true });
  return json({ pageTitle: t("admin.discussions"), keyword, list, current });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const t = await getT(request, ["community", "common"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "pin" || intent === "unpin") await moderateDiscussion(user, inputId(form.get("id")), { topPriority: intent === "pin" });
    else if (intent === "disable" || intent === "enable") await moderateDiscussion(user, inputId(form.get("id")), { status: intent === "disable" ? 1 : 0 });
    else if (intent === "delete") {
      const ids = form.getAll("ids").map((v) => inputId(v));
      if (ids.length === 0) throw new DomainError("invalid", "community:errors.selectionEmpty");
      // Without JavaScript the page asks first; the confirmation sends confirmed=1.
      if (form.get("confirmed") !== "1") return json({ error: null, confirm: ids });
      await deleteDiscussions(user, ids);
    } else throw new DomainError("invalid", "common:errors.badRequest");
  } catch (err) {
    if (err instanceof DomainError) return json({ error: t(err.message, err.params ?? {}), confirm: null }, { status: httpStatusOf(err.kind) });
    throw err;
  }
  const back = new URL(request.url);
  return siteRedirect(`/admin/discussion${back.search}`, { headers: { "Set-Cookie": await flash(request, { type: "success", key: "common:success.update" }) } });
}

export default function AdminDiscussions() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("community");
  return (
    <AdminCard title={data.pageTitle}>
      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      <Form method="get" className="mb-3 flex gap-2" role="search">
        <label className="flex flex-col text-xs text-gray-700">
          {t("list.keyword")}
          <input type="search" name="keyword" defaultValue={data.keyword} className="mt-1 w-56 rounded border border-gray-400 px-2 py-1 text-sm" />
        </label>
        <button type="submit" className={`${buttonClass} self-end`}>
          {t("list.search")}
        </button>
      </Form>
      {answer && "confirm" in answer && answer.confirm ? (
        <Notice kind="warning">
          <Form method="post" className="flex flex-wrap items-center gap-3" data-testid="confirm-bulk-delete">
            <span>{t("admin.confirmDelete")}</span>
            {answer.confirm.map((id: number) => (
              <input key={id} type="hidden" name="ids" value={id} />
            ))}
            <input type="hidden" name="confirmed" value="1" />
            <button type="submit" name="intent" value="delete" className={buttonClass}>
              {t("admin.deleteSelected")}
            </button>
            <Link to="/admin/discussion">{t("comments.cancel")}</Link>
          </Form>
        </Notice>
      ) : null}
      {data.list.records.map((d) => (
        <Form key={d.id} method="post" id={`row-${d.id}`} className="hidden">
          <input type="hidden" name="id" value={d.id} />
        </Form>
      ))}
      <Form method="post" data-testid="bulk-form">
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={data.pageTitle}>
          <table className="w-full text-left text-sm" data-testid="admin-discussions">
            <thead className="border-b text-gray-700">
              <tr>
                <th className="p-2">
                  <span className="sr-only">{t("admin.select")}</span>
                </th>
                <th className="p-2">ID</th>
                <th className="p-2">{t("form.title")}</th>
                <th className="p-2">{t("admin.author")}</th>
                <th className="p-2">{t("admin.time")}</th>
                <th className="p-2">{t("admin.top")}</th>
                <th className="p-2">{t("admin.status")}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.records.map((d) => (
                <tr key={d.id} className="border-b" data-testid="admin-discussion" data-did={d.id}>
                  <td className="p-2">
                    <input type="checkbox" name="ids" value={d.id} aria-label={t("admin.selectOne", { title: d.title })} />
                  </td>
                  <td className="p-2">{d.id}</td>
                  <td className="p-2">
                    <Link to={`/discussion-detail/${d.id}`} className="text-blue-800 underline">
                      {d.title}
                    </Link>
                  </td>
                  <td className="p-2">{d.author}</td>
                  <td className="whitespace-nowrap p-2">{formatDateTime(d.gmtCreate)}</td>
                  <td className="p-2">
                    <button type="submit" form={`row-${d.id}`} name="intent" value={d.topPriority ? "unpin" : "pin"} className={buttonClass} aria-pressed={d.topPriority}>
                      {d.topPriority ? t("admin.pinned") : t("admin.notPinned")}
                    </button>
                  </td>
                  <td className="p-2">
                    <button type="submit" form={`row-${d.id}`} name="intent" value={d.status === 1 ? "enable" : "disable"} className={buttonClass} aria-pressed={d.status === 1}>
                      {d.status === 1 ? t("admin.disabled") : t("admin.normal")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-3">
          <ConfirmSubmit name="intent" value="delete" message={t("admin.confirmDelete")}>
            {t("admin.deleteSelected")}
          </ConfirmSubmit>
        </div>
      </Form>
      <Pagination total={data.list.total} size={data.list.size} current={data.current} href={(p) => `/admin/discussion?${new URLSearchParams({ ...(data.keyword ? { keyword: data.keyword } : {}), currentPage: String(p) })}`} />
    </AdminCard>
  );
}
