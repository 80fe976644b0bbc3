import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminCard } from "~/components/admin/AdminShell";
import { buttonClass, ConfirmSubmit } from "~/components/admin-problem/ui";
import { Pagination } from "~/components/ui/Pagination";
import { flash } from "~/http/flash.server";
import { formAttempt } from "~/http/group-page.server";
import { requireAdmin } from "~/http/guards.server";
import { siteRedirect } from "~/http/paths.server";
import { formatDateTime } from "~/lib/format";
import { ApplyProgress } from "~/lib/group-problem";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { applicationListSchema, changeApplyProgress, changeProgressSchema, listGroupProblemApplications } from "~/services/group/problems.server";
import { getT } from "~/services/platform/i18n.server";

// Group problems applying to join the bank (spec "Admin area", /admin/group-problem/apply; the
// admin roles): pending ones first, with their group; accept (the problem joins the public bank)
// or refuse, and take a decision back to pending. The service checks the role again.

export const handle = { i18n: ["group-problem", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const query = applicationListSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [page, t] = await Promise.all([listGroupProblemApplications(user, query), getT(request, "group-problem")]);
  return json({
    pageTitle: t("review.title"),
    keyword: query.keyword,
    progress: query.progress ?? null,
    current: page.current,
    size: page.size,
    total: page.total,
    records: page.records.map((p) => ({
      id: p.id,
      problemId: p.problemId,
      title: p.title,
      author: p.author,
      auth: p.auth,
      gid: p.gid as number,
      groupName: p.groupName,
      progress: p.applyPublicProgress as number,
      gmtModified: formatDateTime(p.gmtModified),
    })),
  });
}

type Answer = { error: string };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const t = await getT(request, ["group-problem", "problem", "common"]);
  const form = await request.formData();
  const parsed = changeProgressSchema.safeParse({ pid: form.get("pid"), progress: form.get("progress") });
  if (!parsed.success) return json<Answer>({ error: t(parsed.error.issues[0]?.message ?? "common:errors.badRequest") }, { status: 400 });
  const done = await formAttempt(t, () => changeApplyProgress(user, parsed.data));
  if (!done.ok) return done.response;
  const cookie = await flash(request, { type: "success", key: `group-problem:flash.progress${parsed.data.progress}` });
  return siteRedirect("/admin/group-problem/apply", { headers: { "Set-Cookie": cookie } });
}

function ProgressButton({ pid, progress, label, confirm }: { pid: number; progress: number; label: string; confirm?: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="pid" value={pid} />
      {confirm ? (
        <ConfirmSubmit name="progress" value={String(progress)} message={confirm}>
          {label}
        </ConfirmSubmit>
      ) : (
        <button type="submit" name="progress" value={progress} className={buttonClass}>
          {label}
        </button>
      )}
    </Form>
  );
}

export default function GroupProblemApplications() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const { t } = useTranslation(["group-problem", "admin-problem"]);
  const qs = (p: number) => {
    const sp = new URLSearchParams();
    sp.set("currentPage", String(p));
    if (data.keyword) sp.set("keyword", data.keyword);
    if (data.progress) sp.set("progress", String(data.progress));
    return `/admin/group-problem/apply?${sp.toString()}`;
  };
  return (
    <AdminCard title={data.pageTitle}>
      <Form method="get" className="mb-3 flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-sm text-gray-800">
          {t("keyword")}
          <input type="search" name="keyword" defaultValue={data.keyword} maxLength={100} className="mt-1 w-56 rounded border border-gray-400 px-2 py-1 text-sm" />
        </label>
        <label className="flex flex-col text-sm text-gray-800">
          {t("columns.progress")}
          <select name="progress" defaultValue={data.progress ?? ""} className="mt-1 rounded border border-gray-400 px-2 py-1 text-sm">
            <option value="">{t("review.all")}</option>
            {[ApplyProgress.APPLYING, ApplyProgress.PUBLIC, ApplyProgress.REFUSED].map((p) => (
              <option key={p} value={p}>
                {t(`progress.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass}>
          {t("search")}
        </button>
      </Form>
      {answer?.error ? (
        <p role="alert" className="mb-3 text-sm text-red-700" data-testid="group-problem-review-error">
          {answer.error}
        </p>
      ) : null}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={data.pageTitle}>
        <table className="w-full text-left text-sm" data-testid="group-problem-applications">
          <thead>
            <tr className="border-b text-gray-700">
              <th className="p-2">ID</th>
              <th className="p-2">{t("columns.id")}</th>
              <th className="p-2">{t("columns.title")}</th>
              <th className="p-2">{t("review.group")}</th>
              <th className="p-2">{t("columns.author")}</th>
              <th className="p-2">{t("columns.auth")}</th>
              <th className="p-2">{t("columns.progress")}</th>
              <th className="p-2">{t("review.modified")}</th>
              <th className="p-2">{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {data.records.map((p) => (
              <tr key={p.id} className="border-b" data-testid="group-problem-application" data-problem-id={p.problemId} data-progress={p.progress}>
                <td className="p-2">{p.id}</td>
                <td className="p-2 font-mono">{p.problemId}</td>
                <td className="p-2">{p.title}</td>
                <td className="p-2">
                  <Link to={`/group/${p.gid}`} className="text-blue-700 underline">
                    {p.groupName ?? p.gid}
                  </Link>
                </td>
                <td className="p-2">{p.author}</td>
                <td className="p-2">{t(`auth.${p.auth}`)}</td>
                <td className="p-2">{t(`progress.${p.progress}`)}</td>
                <td className="whitespace-nowrap p-2">{p.gmtModified}</td>
                <td className="p-2">
                  <div className="flex flex-wrap gap-2">
                    {p.progress !== ApplyProgress.PUBLIC ? <ProgressButton pid={p.id} progress={ApplyProgress.PUBLIC} label={t("review.accept")} confirm={t("review.confirmAccept", { id: p.problemId })} /> : null}
                    {p.progress !== ApplyProgress.REFUSED ? <ProgressButton pid={p.id} progress={ApplyProgress.REFUSED} label={t("review.refuse")} /> : null}
                    {p.progress !== ApplyProgress.APPLYING ? <ProgressButton pid={p.id} progress={ApplyProgress.APPLYING} label={t("review.reopen")} /> : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.records.length === 0 ? <p className="py-4 text-center text-gray-700">{t("review.empty")}</p> : null}
      <Pagination total={data.total} size={data.size} current={data.current} href={qs} />
    </AdminCard>
  );
}
