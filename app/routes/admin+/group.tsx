import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminCard } from "~/components/admin/AdminShell";
import { buttonClass, ConfirmSubmit } from "~/components/admin-problem/ui";
import { Pagination } from "~/components/ui/Pagination";
import { flash } from "~/http/flash.server";
import { formAttempt } from "~/http/group-page.server";
import { requireSuperAdmin } from "~/http/guards.server";
import { inputId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { formatDateTime } from "~/lib/format";
import { GroupStatus } from "~/lib/group";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { deleteGroup, groupListSchema, listGroups, setGroupStatus } from "~/services/group/groups.server";
import { getT } from "~/services/platform/i18n.server";

// The site's group list (super admins): every group, hidden and disabled ones included, with a
// keyword search; disable or enable a group, or disband it after a confirmation.

export const handle = { i18n: ["group", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuperAdmin(request);
  const query = groupListSchema.parse({ ...Object.fromEntries(new URL(request.url).searchParams), limit: 10, onlyMine: false });
  const [page, t] = await Promise.all([listGroups(query, user, true), getT(request, "group")]);
  return json({
    pageTitle: t("admin.title"),
    keyword: query.keyword,
    current: page.current,
    size: page.size,
    total: page.total,
    records: page.records.map((g) => ({ id: g._id, name: g.name, shortName: g.shortName, owner: g.owner, auth: g.auth, visible: g.visible, status: g.status, memberCount: g.memberCount, gmtCreate: formatDateTime(g.gmtCreate) })),
  });
}

type Answer = { error: string };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSuperAdmin(request);
  const t = await getT(request, ["group", "common"]);
  const form = await request.formData();
  const intent = form.get("intent");
  const gid = inputId(form.get("id"));
  if (intent === "disable" || intent === "enable") {
    const done = await formAttempt(t, () => setGroupStatus(user, gid, intent === "disable" ? GroupStatus.DISABLED : GroupStatus.NORMAL));
    if (!done.ok) return done.response;
  } else if (intent === "delete") {
    if (form.get("confirmed") !== "1") return json<Answer>({ error: t("group:home.confirmDisband") });
    const done = await formAttempt(t, () => deleteGroup(user, gid));
    if (!done.ok) return done.response;
  } else {
    return json<Answer>({ error: t("common:errors.badRequest") }, { status: 400 });
  }
  const cookie = await flash(request, { type: "success", key: intent === "delete" ? "group:flash.deleted" : "group:flash.saved" });
  return siteRedirect("/admin/group", { headers: { "Set-Cookie": cookie } });
}

export default function AdminGroups() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const { t } = useTranslation("group");
  return (
    <AdminCard title={data.pageTitle}>
      <Form method="get" className="mb-3 flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-sm text-gray-800">
          {t("list.keyword")}
          <input type="search" name="keyword" defaultValue={data.keyword} maxLength={100} className="mt-1 w-56 rounded border border-gray-400 px-2 py-1 text-sm" />
        </label>
        <button type="submit" className={buttonClass}>
          {t("list.search")}
        </button>
      </Form>
      {answer?.error ? (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {answer.error}
        </p>
      ) : null}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={data.pageTitle}>
        <table className="w-full text-left text-sm" data-testid="admin-groups">
          <thead>
            <tr className="border-b text-gray-700">
              <th className="p-2">ID</th>
              <th className="p-2">{t("admin.name")}</th>
              <th className="p-2">{t("list.owner")}</th>
              <th className="p-2">{t("list.auth")}</th>
              <th className="p-2">{t("admin.memberCount")}</th>
              <th className="p-2">{t("admin.status")}</th>
              <th className="p-2">{t("admin.created")}</th>
              <th className="p-2">{t("members.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {data.records.map((g) => (
              <tr key={g.id} className="border-b" data-testid="admin-group" data-gid={g.id} data-status={g.status}>
                <td className="p-2">{g.id}</td>
                <td className="p-2">
                  <Link to={`/group/${g.id}`} className="text-blue-700 underline">
                    {g.name}
                  </Link>{" "}
                  <span className="text-gray-700">({g.shortName})</span>
                </td>
                <td className="p-2">{g.owner}</td>
                <td className="p-2">{t(`auth.${g.auth}`)}</td>
                <td className="p-2">{g.memberCount}</td>
                <td className="p-2">{g.status === GroupStatus.DISABLED ? t("admin.disabled") : t("admin.normal")}</td>
                <td className="whitespace-nowrap p-2">{g.gmtCreate}</td>
                <td className="p-2">
                  <div className="flex flex-wrap gap-2">
                    <Form method="post">
                      <input type="hidden" name="id" value={g.id} />
                      <button type="submit" name="intent" value={g.status === GroupStatus.DISABLED ? "enable" : "disable"} className={buttonClass}>
                        {g.status === GroupStatus.DISABLED ? t("admin.enable") : t("admin.disable")}
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="id" value={g.id} />
                      <ConfirmSubmit name="intent" value="delete" message={t("home.confirmDisband")}>
                        {t("admin.delete")}
                      </ConfirmSubmit>
                    </Form>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination total={data.total} size={data.size} current={data.current} href={(p) => `/admin/group?currentPage=${p}${data.keyword ? `&keyword=${encodeURIComponent(data.keyword)}` : ""}`} />
    </AdminCard>
  );
}
