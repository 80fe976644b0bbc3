import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass, dangerButtonClass, Notice, primaryButtonClass } from "~/components/admin-problem/ui";
import { Pagination } from "~/components/ui/Pagination";
import { formatDateTime } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { flash } from "~/http/flash.server";
import { requireSuperAdmin } from "~/http/guards.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { deleteUsers, deleteUsersSchema, listUsers, userListSchema, usernamesOf } from "~/services/account/admin-users.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { formObject, validate } from "~/services/platform/validation.server";

// User administration (spec section 2, super admins): search, the user table with roles by their
// numeric codes and the disabled mark, edit links, and deleting the checked users (an empty
// selection is refused; the server asks for confirmation first). Import and generate are pages of
// their own.

export const handle = { i18n: ["admin-user", "admin", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuperAdmin(request);
  const url = new URL(request.url);
  const q = userListSchema.parse({ ...Object.fromEntries(url.searchParams), limit: undefined });
  const [page, t] = await Promise.all([listUsers(user, q), getT(request, "admin-user")]);
  return json({
    pageTitle: t("list.title"),
    me: user._id,
    query: { keyword: q.keyword, onlyAdmin: q.onlyAdmin },
    total: page.total,
    size: page.size,
    current: page.current,
    rows: page.records.map((u) => ({
      uid: u._id,
      username: u.username,
      realname: u.realname,
      email: u.email,
      role: u.role,
      status: u.status,
      gmtCreate: formatDateTime(u.gmtCreate),
    })),
  });
}

type Answer = { error: string | null; confirm?: { ids: string[]; names: string[] } };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSuperAdmin(request);
  const t = await getT(request, ["admin-user", "common"]);
  const form = await request.formData();
  const v = validate(t, deleteUsersSchema, { ids: formObject(form).ids });
  if (!v.ok) return json<Answer>({ error: Object.values(v.errors)[0] ?? "" }, { status: 400 });
  try {
    if (form.get("confirmed") !== "1") {
      const names = await usernamesOf(user, v.data.ids);
      return json<Answer>({ error: null, confirm: { ids: v.data.ids, names } });
    }
    await deleteUsers(user, v.data);
  } catch (err) {
    if (err instanceof DomainError) return json<Answer>({ error: t(err.message, err.params ?? {}) }, { status: httpStatusOf(err.kind) });
    throw err;
  }
  const cookie = await flash(request, { type: "success", key: "admin-user:flash.deleted" });
  return siteRedirect("/admin/user", { headers: { "Set-Cookie": cookie } });
}

export default function AdminUsers() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation(["admin-user", "admin"]);
  const href = (p: number) => {
    const sp = new URLSearchParams();
    if (data.query.keyword) sp.set("keyword", data.query.keyword);
    if (data.query.onlyAdmin) sp.set("onlyAdmin", "true");
    sp.set("currentPage", String(p));
    return `/admin/user?${sp.toString()}`;
  };
  return (
    <div className="mx-auto max-w-7xl space-y-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold">{t("list.title")}</h1>
        <div className="flex gap-2">
          <Link to="/admin/user/import" className={`${buttonClass} text-gray-800`}>
            {t("list.import")}
          </Link>
          <Link to="/admin/user/generate" className={primaryButtonClass}>
            {t("list.generate")}
          </Link>
        </div>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm text-gray-700">
          {t("list.keyword")}
          <input type="search" name="keyword" defaultValue={data.query.keyword} maxLength={100} className="mt-1 w-64 rounded border px-2 py-1 text-sm" />
        </label>
        <label className="flex items-center gap-1 text-sm text-gray-800">
          <input type="checkbox" name="onlyAdmin" value="true" defaultChecked={data.query.onlyAdmin} />
          {t("list.onlyAdmin")}
        </label>
        <button type="submit" className={`${buttonClass} text-gray-800`}>
          {t("list.search")}
        </button>
      </Form>
      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      {answer?.confirm ? (
        <Notice kind="warning">
          <Form method="post" className="flex flex-wrap items-center gap-3" data-testid="confirm-delete-users">
            <span>{t("list.confirmDelete", { names: answer.confirm.names.join(", ") })}</span>
            {answer.confirm.ids.map((id: string) => (
              <input key={id} type="hidden" name="ids" value={id} />
            ))}
            <input type="hidden" name="confirmed" value="1" />
            <button type="submit" className="rounded border border-red-700 px-3 py-1 text-sm text-red-700">
              {t("list.delete")}
            </button>
            <Link to="/admin/user">{t("list.cancel")}</Link>
          </Form>
        </Notice>
      ) : null}
      <Form method="post" id="delete-users" />
      <div className="overflow-x-auto rounded border border-gray-200 bg-white focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <table className="w-full text-left text-sm" data-testid="admin-user-list">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th className="px-2 py-2">
                <span className="sr-only">{t("list.select")}</span>
              </th>
              <th className="px-2 py-2">{t("list.username")}</th>
              <th className="px-2 py-2">{t("list.realname")}</th>
              <th className="px-2 py-2">{t("list.email")}</th>
              <th className="px-2 py-2">{t("list.role")}</th>
              <th className="px-2 py-2">{t("list.status")}</th>
              <th className="px-2 py-2">{t("list.created")}</th>
              <th className="px-2 py-2">{t("list.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((u) => (
              <tr key={u.uid} className="border-t border-gray-100" data-testid="admin-user-row" data-username={u.username}>
                <td className="px-2 py-2">
                  {u.uid !== data.me ? <input type="checkbox" name="ids" value={u.uid} form="delete-users" aria-label={t("list.selectUser", { name: u.username })} /> : null}
                </td>
                <td className="px-2 py-2">{u.username}</td>
                <td className="px-2 py-2">{u.realname}</td>
                <td className="px-2 py-2">{u.email}</td>
                <td className="px-2 py-2">
                  {u.role} · {t(`roles.${u.role}`)}
                </td>
                <td className="px-2 py-2">{u.status === 1 ? <span className="text-red-800">{t("list.disabled")}</span> : t("list.normal")}</td>
                <td className="whitespace-nowrap px-2 py-2 text-xs text-gray-700">{u.gmtCreate}</td>
                <td className="px-2 py-2">
                  <Link to={`/admin/user/${u.uid}`} className={`${buttonClass} text-gray-800`}>
                    {t("list.edit")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {data.rows.length === 0 ? <p className="py-6 text-center text-gray-700">{t("list.empty")}</p> : null}
      </div>
      <button type="submit" form="delete-users" className={dangerButtonClass} data-testid="delete-selected">
        {t("list.deleteSelected")}
      </button>
      <Pagination total={data.total} size={data.size} current={data.current} href={href} />
    </div>
  );
}
