import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { AutoRevalidate } from "~/components/contest/AutoRevalidate";
import { Pagination } from "~/components/ui/Pagination";
import { formatDateTime } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { contestPageBase, contestPageRefusal } from "~/http/contest-page.server";
import { siteRedirect } from "~/http/paths.server";
import { acInfo, acInfoSchema, checkAcInfo, checkAcSchema } from "~/services/contest/submissions.server";

// The AC helper (spec section 2 "Contest admin helper pages"): accepted submissions with their AC
// time, coloured problem id, First Blood or Accepted, user, real name, Checked or Not Checked and
// the Check it button; refreshed every 10 s. Contest admins only.

export const handle = { i18n: ["contest-page", "contest"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await contestPageBase(request, params);
  const url = new URL(request.url);
  try {
    const page = await acInfo(base.cs, acInfoSchema.parse({ cid: base.cid, currentPage: url.searchParams.get("currentPage") ?? undefined }));
    return json({
      cid: base.cid,
      total: page.total,
      size: page.size,
      current: page.current,
      records: page.records.map((r) => ({ ...r, submitTime: formatDateTime(r.submitTime) })),
    });
  } catch (err) {
    throw contestPageRefusal(err);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const base = await contestPageBase(request, params);
  const form = await request.formData();
  const input = checkAcSchema.safeParse({ id: form.get("id"), cid: base.cid, checked: form.get("checked") });
  if (!input.success) throw new Response("Bad Request", { status: 400 });
  try {
    await checkAcInfo(base.cs, input.data);
  } catch (err) {
    throw contestPageRefusal(err);
  }
  const page = Number(form.get("currentPage")) > 1 ? `?currentPage=${Number(form.get("currentPage"))}` : "";
  return siteRedirect(`/contest/${base.cid}/ac-info${page}`);
}

export default function AcInfo() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("contest-page");
  const location = useLocation();
  return (
    <section className="overflow-x-auto rounded bg-white p-3 shadow-sm sm:p-5 focus:outline focus:outline-2 focus:outline-brand" tabIndex={0} data-testid="ac-info">
      <AutoRevalidate ms={10_000} />
      <div className="mb-2 flex justify-end">
        <Link to={location.pathname + location.search} reloadDocument className="rounded border px-3 py-1 text-sm text-gray-800">
          {t("rank.refresh")}
        </Link>
      </div>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-left text-gray-700">
            <th className="px-2 py-2">{t("acInfo.time")}</th>
            <th className="px-2 py-2">#</th>
            <th className="px-2 py-2">{t("acInfo.kind")}</th>
            <th className="px-2 py-2">{t("acInfo.username")}</th>
            <th className="px-2 py-2">{t("acInfo.realname")}</th>
            <th className="px-2 py-2">{t("acInfo.checked")}</th>
            <th className="px-2 py-2" />
          </tr>
        </thead>
        <tbody>
          {data.records.map((r) => (
            <tr key={r.id} className="border-b" data-testid="ac-row">
              <td className="px-2 py-1 whitespace-nowrap">{r.submitTime}</td>
              <td className="px-2 py-1">
                <span className="inline-flex items-center gap-1 font-medium">
                  <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full border" style={{ backgroundColor: r.color || "transparent" }} />
                  {r.displayId}
                </span>
              </td>
              <td className="px-2 py-1">
                <span className={`rounded px-1.5 py-0.5 text-xs text-white ${r.firstBlood ? "bg-red-700" : "bg-green-700"}`}>
                  {r.firstBlood ? t("acInfo.firstBlood") : t("acInfo.accepted")}
                </span>
              </td>
              <td className="px-2 py-1">{r.username}</td>
              <td className="px-2 py-1">{r.realname}</td>
              <td className="px-2 py-1">
                <span className={r.checked ? "text-green-800" : "text-gray-700"}>{r.checked ? t("acInfo.isChecked") : t("acInfo.notChecked")}</span>
              </td>
              <td className="px-2 py-1">
                <Form method="post">
                  <input type="hidden" name="id" value={r.id} />
                  <input type="hidden" name="checked" value={r.checked ? "false" : "true"} />
                  <input type="hidden" name="currentPage" value={data.current} />
                  <button type="submit" className="rounded border border-blue-700 px-2 py-0.5 text-xs text-blue-700">
                    {r.checked ? t("acInfo.uncheck") : t("acInfo.check")}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.records.length === 0 ? <p className="py-4 text-center text-gray-700">{t("acInfo.empty")}</p> : null}
      <Pagination total={data.total} size={data.size} current={data.current} href={(p) => `/contest/${data.cid}/ac-info?currentPage=${p}`} />
    </section>
  );
}
