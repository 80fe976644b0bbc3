import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { contestPageBase, contestPageRefusal } from "~/http/contest-page.server";
import { flash } from "~/http/flash.server";
import { inputId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { contestProblems } from "~/services/contest/problems.server";
import { rejudgeProblemInContest } from "~/services/contest/submissions.server";

// Rejudge in a contest (spec section 2 "Contest admin helper pages"): the problems with Rejudge
// All each. Super admins only (the service refuses anyone else).

export const handle = { i18n: ["contest-page", "contest"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await contestPageBase(request, params);
  if (!base.mayRejudge) throw new Response("Forbidden", { status: 403 });
  const problems = await contestProblems(base.cid);
  return json({ cid: base.cid, problems: problems.map((p) => ({ pid: p.pid, displayId: p.displayId, title: p.displayTitle, total: p.total, ac: p.ac })) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const base = await contestPageBase(request, params);
  const form = await request.formData();
  const pid = inputId(form.get("pid"));
  let n: number;
  try {
    n = await rejudgeProblemInContest(base.cs, pid);
  } catch (err) {
    throw contestPageRefusal(err);
  }
  const cookie = await flash(request, { type: "success", key: "contest-page:rejudge.queued", params: { count: n } });
  return siteRedirect(`/contest/${base.cid}/rejudge`, { headers: { "Set-Cookie": cookie } });
}

export default function Rejudge() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("contest-page");
  return (
    <section className="overflow-x-auto rounded bg-white p-3 shadow-sm sm:p-5 focus:outline focus:outline-2 focus:outline-brand" tabIndex={0} data-testid="rejudge">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-left text-gray-700">
            <th className="px-2 py-2">#</th>
            <th className="px-2 py-2">{t("problems.title")}</th>
            <th className="px-2 py-2 text-right">{t("problems.ac")}</th>
            <th className="px-2 py-2 text-right">{t("problems.total")}</th>
            <th className="px-2 py-2" />
          </tr>
        </thead>
        <tbody>
          {data.problems.map((p) => (
            <tr key={p.pid} className="border-b">
              <td className="px-2 py-1 font-medium">{p.displayId}</td>
              <td className="px-2 py-1">{p.title}</td>
              <td className="px-2 py-1 text-right">{p.ac}</td>
              <td className="px-2 py-1 text-right">{p.total}</td>
              <td className="px-2 py-1 text-right">
                <Form method="post">
                  <input type="hidden" name="pid" value={p.pid} />
                  <button type="submit" className="rounded border border-red-700 px-2 py-0.5 text-xs text-red-700">
                    {t("rejudge.all")}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.problems.length === 0 ? <p className="py-4 text-center text-gray-700">{t("problems.empty")}</p> : null}
    </section>
  );
}
