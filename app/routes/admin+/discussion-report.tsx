import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminCard } from "~/components/admin/AdminShell";
import { buttonClass } from "~/components/admin-problem/ui";
import { Pagination } from "~/components/ui/Pagination";
import { flash } from "~/http/flash.server";
import { requireAdmin } from "~/http/guards.server";
import { inputId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { formatDateTime, pageFrom } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { reportRows, setReportHandled } from "~/services/community/discussions.server";
import { getT } from "~/services/platform/i18n.server";

// Reports of discussions (spec section 2 "Admin area"): unhandled first, each with its discussion,
// reporter, tags and reason; marking one handled saves at once. Admin roles.

export const handle = { i18n: ["community", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const current = pageFrom(new URL(request.url).searchParams.get("currentPage"));
  const t = await getT(request, "community");
  return json({ pageTitle: t("admin.reports"), page: await reportRows(user, current) });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const form = await request.formData();
  await setReportHandled(user, inputId(form.get("id")), form.get("handled") === "1");
  const back = new URL(request.url);
  return siteRedirect(`/admin/discussion-report${back.search}`, { headers: { "Set-Cookie": await flash(request, { type: "success", key: "common:success.update" }) } });
}

export default function AdminReports() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("community");
  return (
    <AdminCard title={data.pageTitle}>
      {data.page.records.length === 0 ? (
        <p className="py-6 text-center text-gray-700">{t("admin.noReports")}</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={data.pageTitle}>
          <table className="w-full text-left text-sm" data-testid="admin-reports">
            <thead className="border-b text-gray-700">
              <tr>
                <th className="p-2">{t("admin.discussion")}</th>
                <th className="p-2">{t("admin.reporter")}</th>
                <th className="p-2">{t("admin.reportContent")}</th>
                <th className="p-2">{t("admin.time")}</th>
                <th className="p-2">{t("admin.status")}</th>
              </tr>
            </thead>
            <tbody>
              {data.page.records.map((r) => (
                <tr key={r.id} className="border-b" data-testid="admin-report">
                  <td className="p-2">
                    {r.title ? (
                      <Link to={`/discussion-detail/${r.did}`} className="text-blue-800 underline">
                        {r.title}
                      </Link>
                    ) : (
                      <span className="text-gray-700">{t("admin.discussionGone", { id: r.did })}</span>
                    )}
                    {r.author ? <span className="block text-xs text-gray-700">{r.author}</span> : null}
                  </td>
                  <td className="p-2">{r.reporter}</td>
                  <td className="max-w-md break-words p-2">{r.content}</td>
                  <td className="whitespace-nowrap p-2">{formatDateTime(r.gmtCreate)}</td>
                  <td className="p-2">
                    <Form method="post">
                      <input type="hidden" name="id" value={r.id} />
                      <input type="hidden" name="handled" value={r.status ? "0" : "1"} />
                      <button type="submit" className={buttonClass} aria-pressed={r.status}>
                        {r.status ? t("admin.handled") : t("admin.notHandled")}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination total={data.page.total} size={data.page.size} current={data.page.current} href={(p) => `/admin/discussion-report?currentPage=${p}`} />
    </AdminCard>
  );
}
