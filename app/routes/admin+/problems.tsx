import { httpStatusOf } from "~/http/status.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams, useSubmit } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "remix-utils/use-hydrated";
import { buttonClass, ConfirmSubmit, dangerButtonClass, Notice, primaryButtonClass, ProblemSearch, sized, usePageHref } from "~/components/admin-problem/ui";
import { Pagination } from "~/components/ui/Pagination";
import { withBase } from "~/lib/base-path";
import { formatDateTime } from "~/lib/format-time";
import { pageTitle } from "~/lib/meta";
import { flash } from "~/http/flash.server";
import { getT } from "~/services/platform/i18n.server";
import { safeRedirectTarget, siteRedirect } from "~/http/paths.server";
import { requireAdmin } from "~/http/guards.server";
import { adminListQueryFrom, changeProblemAuth, findProblem, listAdminProblems } from "~/services/problem/admin.server";
import { removeProblem } from "~/services/problem/removal.server";
import { ProblemAdminError } from "~/services/problem/errors.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { validate } from "~/services/platform/validation.server";
import { importRemoteProblem, remoteImportSchema, splitTypedId } from "~/services/remote/import.server";

// The admin problem list (spec section 2): id, display id, title, author, created and modified
// times, visibility, edit, delete with confirmation, test data download.

export const handle = { i18n: ["admin-problem", "remote"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = adminListQueryFrom(new URL(request.url));
  const [list, t] = await Promise.all([listAdminProblems(query), getT(request, "admin-problem")]);
  return json({
    keyword: query.keyword ?? "",
    page: list.page,
    total: list.total,
    limit: list.limit,
    rows: list.records.map((p) => ({
      id: p._id,
      problemId: p.problemId,
      title: p.title,
      author: p.author,
      auth: p.auth,
      hasData: !!p.testCaseHash,
      isRemote: !!p.isRemote,
      created: formatDateTime(p.gmtCreate),
      modified: formatDateTime(p.gmtModified),
    })),
    pageTitle: t("list.title"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = safeRedirectTarget(form.get("back"), "/admin/problems");
  const t = await getT(request, ["admin-problem", "remote", "common"]);
  if (intent === "remote") {
    // A remote problem by its id ("HDU-1000"), fetched by a remote worker.
    const typed = String(form.get("remoteId") ?? "");
    const v = validate(t, remoteImportSchema, splitTypedId(typed));
    if (!v.ok) return json({ confirmDelete: null, error: null, remoteError: Object.values(v.errors)[0] ?? t("remote:errors.badId"), remoteId: typed }, { status: 400 });
    try {
      const doc = await importRemoteProblem(splitTypedId(typed), user);
      const cookie = await flash(request, { type: "success", key: "remote:flash.imported", params: { id: doc.problemId } });
      return siteRedirect(back, { headers: { "Set-Cookie": cookie } });
    } catch (err) {
      if (err instanceof DomainError) return json({ confirmDelete: null, error: null, remoteError: t(err.message, err.params ?? {}), remoteId: typed }, { status: httpStatusOf(err.kind) });
      throw err;
    }
  }
  const pid = inputId(form.get("pid"));
  try {
    if (intent === "auth") {
      await changeProblemAuth(pid, Number(form.get("auth")), user);
      const cookie = await flash(request, { type: "success", key: "admin-problem:flash.updated" });
      return siteRedirect(back, { headers: { "Set-Cookie": cookie } });
    }
    if (intent === "delete") {
      if (form.get("confirmed") !== "1") {
        const p = await findProblem(pid);
        if (!p) throw new ProblemAdminError("problemNotFound");
        return json({ confirmDelete: { pid, problemId: p.problemId, title: p.title, back }, error: null });
      }
      await removeProblem(pid);
      const cookie = await flash(request, { type: "success", key: "admin-problem:flash.deleted" });
      return siteRedirect(back, { headers: { "Set-Cookie": cookie } });
    }
    return json({ confirmDelete: null, error: t("common:errors.badRequest") }, { status: 400 });
  } catch (err) {
    if (err instanceof ProblemAdminError) return json({ confirmDelete: null, error: t(err.message) }, { status: httpStatusOf(err.kind) });
    throw err;
  }
}

export default function AdminProblems() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("admin-problem");
  const [params] = useSearchParams();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const back = `/admin/problems${params.toString() ? `?${params.toString()}` : ""}`;
  const pageHref = usePageHref();

  return (
    <div className="mx-auto max-w-6xl space-y-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold">{t("list.title")}</h1>
        <div className="flex gap-2">
          <Link to="/admin/problem/batch-operation" className={buttonClass}>
            {t("batch.title")}
          </Link>
          <Link to="/admin/problem/create" className={primaryButtonClass}>
            {t("list.create")}
          </Link>
        </div>
      </div>

      <ProblemSearch keyword={data.keyword} />

      <Form method="post" className="flex flex-wrap items-start gap-2 rounded border border-gray-200 bg-white p-3" data-testid="import-remote">
        <input type="hidden" name="back" value={back} />
        <label className="flex flex-col text-sm text-gray-800">
          {t("remote:import.label")}
          <input
            name="remoteId"
            defaultValue={answer && "remoteId" in answer ? String(answer.remoteId ?? "") : ""}
            placeholder="HDU-1000"
            maxLength={70}
            className={`mt-1 font-mono ${sized("w-56")}`}
            aria-describedby="remote-import-hint"
            aria-invalid={answer && "remoteError" in answer && answer.remoteError ? true : undefined}
          />
          <span id="remote-import-hint" className="mt-1 text-xs text-gray-700">
            {t("remote:import.hint")}
          </span>
          {answer && "remoteError" in answer && answer.remoteError ? (
            <span role="alert" className="mt-1 text-xs text-red-700">
              {answer.remoteError}
            </span>
          ) : null}
        </label>
        <button type="submit" name="intent" value="remote" className={`${primaryButtonClass} mt-5`}>
          {t("remote:import.button")}
        </button>
      </Form>

      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      {answer?.confirmDelete ? (
        <Notice kind="warning">
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <span>{t("list.confirmDelete", { id: answer.confirmDelete.problemId, title: answer.confirmDelete.title })}</span>
            <input type="hidden" name="pid" value={answer.confirmDelete.pid} />
            <input type="hidden" name="back" value={answer.confirmDelete.back} />
            <input type="hidden" name="confirmed" value="1" />
            <button type="submit" name="intent" value="delete" className={dangerButtonClass}>
              {t("list.delete")}
            </button>
            <Link to={back}>{t("confirm.cancel")}</Link>
          </Form>
        </Notice>
      ) : null}

      <div className="overflow-x-auto rounded border border-gray-200 bg-white focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <table className="w-full text-left text-sm" data-testid="problem-list">
          <thead className="bg-gray-50 text-gray-600">
            <tr>
              <th className="px-2 py-2">{t("list.id")}</th>
              <th className="px-2 py-2">{t("list.displayId")}</th>
              <th className="px-2 py-2">{t("list.titleCol")}</th>
              <th className="px-2 py-2">{t("list.author")}</th>
              <th className="px-2 py-2">{t("list.created")}</th>
              <th className="px-2 py-2">{t("list.modified")}</th>
              <th className="px-2 py-2">{t("list.auth")}</th>
              <th className="px-2 py-2">{t("list.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.length === 0 ? (
              <tr>
                <td colSpan={8} className="px-2 py-6 text-center text-gray-600">
                  {t("list.empty")}
                </td>
              </tr>
            ) : null}
            {data.rows.map((p) => (
              <tr key={p.id} className="border-t border-gray-100" data-problem-row={p.problemId}>
                <td className="px-2 py-2">{p.id}</td>
                <td className="px-2 py-2 font-mono">{p.problemId}</td>
                <td className="px-2 py-2">{p.title}</td>
                <td className="px-2 py-2">{p.author}</td>
                <td className="whitespace-nowrap px-2 py-2">{p.created}</td>
                <td className="whitespace-nowrap px-2 py-2">{p.modified}</td>
                <td className="px-2 py-2">
                  <Form method="post" className="flex items-center gap-1">
                    <input type="hidden" name="pid" value={p.id} />
                    <input type="hidden" name="back" value={back} />
                    <input type="hidden" name="intent" value="auth" />
                    <select
                      name="auth"
                      defaultValue={String(p.auth)}
                      className={sized("w-28")}
                      aria-label={t("list.authOf", { id: p.problemId })}
                      onChange={(e) => {
                        if (hydrated) submit(e.currentTarget.form);
                      }}
                    >
                      {["1", "2", "3"].map((a) => (
                        <option key={a} value={a}>
                          {t(`auth.${a}`)}
                        </option>
                      ))}
                    </select>
                    {hydrated ? null : (
                      <button type="submit" className={buttonClass}>
                        {t("list.change")}
                      </button>
                    )}
                  </Form>
                </td>
                <td className="px-2 py-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link to={`/admin/problem/edit/${p.id}`} className={buttonClass}>
                      {t("list.edit")}
                    </Link>
                    {p.hasData ? (
                      <a href={withBase(`/admin/problem/testcase/${p.id}`)} className={buttonClass} download>
                        {t("list.downloadCases")}
                      </a>
                    ) : null}
                    {p.hasData && !p.isRemote ? (
                      <a href={withBase(`/admin/problem/package/${p.id}`)} className={buttonClass} download title={t("list.downloadPackageHint")} data-testid="download-package">
                        {t("list.downloadPackage")}
                      </a>
                    ) : null}
                    <Form method="post">
                      <input type="hidden" name="pid" value={p.id} />
                      <input type="hidden" name="back" value={back} />
                      <ConfirmSubmit name="intent" value="delete" message={t("list.confirmDelete", { id: p.problemId, title: p.title })}>
                        {t("list.delete")}
                      </ConfirmSubmit>
                    </Form>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination total={data.total} size={data.limit} current={data.page} href={pageHref} />
    </div>
  );
}
