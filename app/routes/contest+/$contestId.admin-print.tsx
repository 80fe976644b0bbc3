import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AutoRevalidate } from "~/components/contest/AutoRevalidate";
import { Pagination } from "~/components/ui/Pagination";
import { withBase } from "~/lib/base-path";
import { formatDateTime } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { contestPageBase, contestPageRefusal } from "~/http/contest-page.server";
import { inputId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { listPrints, markPrinted, printListSchema } from "~/services/contest/prints.server";

// The print requests of a contest for its admins (spec section 2 "Contest admin helper pages"):
// username, real name, submit time, Printed or Not Printed, Download and OK; refreshed every 10 s.

export const handle = { i18n: ["contest-page", "contest"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await contestPageBase(request, params);
  const url = new URL(request.url);
  try {
    const page = await listPrints(base.cs, printListSchema.parse({ cid: base.cid, currentPage: url.searchParams.get("currentPage") ?? undefined }));
    return json({ cid: base.cid, ...page, records: page.records.map((r) => ({ ...r, gmtCreate: formatDateTime(r.gmtCreate) })) });
  } catch (err) {
    throw contestPageRefusal(err);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const base = await contestPageBase(request, params);
  const form = await request.formData();
  const id = inputId(form.get("id"));
  try {
    await markPrinted(base.user, id, base.cid, null);
  } catch (err) {
    throw contestPageRefusal(err);
  }
  return siteRedirect(`/contest/${base.cid}/admin-print`);
}

export default function AdminPrint() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("contest-page");
  return (
    <section className="overflow-x-auto rounded bg-white p-3 shadow-sm sm:p-5 focus:outline focus:outline-2 focus:outline-brand" tabIndex={0} data-testid="admin-print">
      <AutoRevalidate ms={10_000} />
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-left text-gray-700">
            <th className="px-2 py-2">{t("acInfo.username")}</th>
            <th className="px-2 py-2">{t("acInfo.realname")}</th>
            <th className="px-2 py-2">{t("print.time")}</th>
            <th className="px-2 py-2">{t("print.state")}</th>
            <th className="px-2 py-2" />
          </tr>
        </thead>
        <tbody>
          {data.records.map((r) => (
            <tr key={r.id} className="border-b" data-testid="print-row">
              <td className="px-2 py-1">{r.username}</td>
              <td className="px-2 py-1">{r.realname}</td>
              <td className="px-2 py-1 whitespace-nowrap">{r.gmtCreate}</td>
              <td className="px-2 py-1">{r.status === 1 ? <span className="text-green-800">{t("print.printed")}</span> : <span className="text-amber-800">{t("print.notPrinted")}</span>}</td>
              <td className="flex gap-2 px-2 py-1">
                <a href={withBase(`/contest/${data.cid}/admin-print/${r.id}`)} className="rounded border px-2 py-0.5 text-xs text-gray-800" download>
                  {t("print.download")}
                </a>
                {r.status !== 1 ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={r.id} />
                    <button type="submit" className="rounded border border-blue-700 px-2 py-0.5 text-xs text-blue-700">
                      {t("print.ok")}
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.records.length === 0 ? <p className="py-4 text-center text-gray-700">{t("print.empty")}</p> : null}
      <Pagination total={data.total} size={data.size} current={data.current} href={(p) => `/contest/${data.cid}/admin-print?currentPage=${p}`} />
    </section>
  );
}
