import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "remix-utils/use-hydrated";
import { Field, inputClass, Notice, primaryButtonClass, ProblemSearch, Section, sized, usePageHref } from "~/components/admin-problem/ui";
import { Pagination } from "~/components/ui/Pagination";
import { withBase } from "~/lib/base-path";
import { CONFLICT_POLICIES, IMPORT_FORMATS, UPLOAD_LIMITS, type ConflictPolicy, type ImportFormat } from "~/lib/problem-admin";
import { pageTitle } from "~/lib/meta";
import { getT } from "~/services/platform/i18n.server";
import { requireAdmin } from "~/http/guards.server";
import { adminListQueryFrom, listAdminProblems } from "~/services/problem/admin.server";
import { ProblemAdminError } from "~/services/problem/errors.server";
import { parseMultipart, removeUploaded } from "~/http/problem-form.server";
import { runImport, startImportJob, type ImportJob, type ImportReport } from "~/services/problem/import.server";
import { ImportReportView as Report } from "~/components/admin-problem/ImportReport";

// Batch operations (spec section 2, problem/batch-operation): export selected problems as a HOJ
// archive, import HOJ, Hydro, QDUOJ or FPS files, ICPC (Kattis) and Polygon packages. Without JavaScript an import answers with its
// report when done; with JavaScript it runs in the background and the page shows its progress.

export const handle = { i18n: ["admin-problem"] };

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
    rows: list.records.map((p) => ({ id: p._id, problemId: p.problemId, title: p.title, author: p.author })),
    pageTitle: t("batch.title"),
  });
}

type ActionData = { report: ImportReport | null; jobId: string | null; errors: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const t = await getT(request, ["admin-problem", "common"]);
  const fail = (errors: Record<string, string>, status = 400) => json<ActionData>({ report: null, jobId: null, errors }, { status });
  let parsed: Awaited<ReturnType<typeof parseMultipart>>;
  try {
    parsed = await parseMultipart(request, ["file"], Math.max(UPLOAD_LIMITS.archiveMaxBytes, UPLOAD_LIMITS.fpsMaxBytes));
  } catch (err) {
    if (err instanceof ProblemAdminError) return fail({ [err.field ?? "file"]: t(err.message) });
    throw err;
  }
  const { form, files, tooLarge } = parsed;
  let handedOver = false;
  try {
    const format = String(form.get("format") ?? "") as ImportFormat;
    const onConflict = String(form.get("onConflict") ?? "refuse") as ConflictPolicy;
    const errors: Record<string, string> = {};
    if (!IMPORT_FORMATS.includes(format)) errors.format = t("admin-problem:errors.invalidFormat");
    if (!CONFLICT_POLICIES.includes(onConflict)) errors.onConflict = t("admin-problem:errors.invalid");
    const file = files.get("file");
    if (tooLarge.length) errors.file = t("admin-problem:errors.exceedMaxSize");
    else if (!file) errors.file = t("admin-problem:errors.chooseFile");
    if (Object.keys(errors).length > 0 || !file) return fail(errors);
    if (form.get("async") === "1") {
      const jobId = await startImportJob(format, file.path, file.name, { username: user.username, uid: user._id }, onConflict);
      handedOver = true;
      return json<ActionData>({ report: null, jobId, errors: {} });
    }
    const report = await runImport(format, file.path, file.name, user, { onConflict });
    return json<ActionData>({ report, jobId: null, errors: {} });
  } catch (err) {
    if (err instanceof ProblemAdminError) return fail({ [err.field ?? "file"]: t(err.message, err.params ?? {}) });
    throw err;
  } finally {
    if (!handedOver) await removeUploaded(files);
  }
}

function JobProgress({ jobId }: { jobId: string }) {
  const { t } = useTranslation("admin-problem");
  const [job, setJob] = useState<ImportJob | null>(null);
  const [lost, setLost] = useState(false);
  useEffect(() => {
    let stop = false;
    let timer = 0;
    const poll = async () => {
      try {
        const res = await fetch(withBase(`/admin/problem/import-job/${jobId}`), { headers: { Accept: "application/json" } });
        const body = (await res.json()) as { job: ImportJob | null };
        if (stop) return;
        if (!body.job) {
          setLost(true);
          return;
        }
        setJob(body.job);
        if (body.job.status === "running") timer = window.setTimeout(poll, 1000);
      } catch {
        if (!stop) setLost(true);
      }
    };
    void poll();
    return () => {
      stop = true;
      window.clearTimeout(timer);
    };
  }, [jobId]);
  if (lost) return <Notice kind="error">{t("batch.jobLost")}</Notice>;
  if (!job || job.status === "running") {
    const total = job?.progress.total ?? 0;
    const done = job?.progress.done ?? 0;
    const pct = total ? Math.round((done * 100) / total) : 0;
    return (
      <div className="space-y-1" data-testid="import-progress">
        <p className="text-sm">{total ? t("batch.progress", { done, total, current: job?.progress.current ?? "" }) : t("batch.reading")}</p>
        {job?.progress.step ? (
          <p className="text-sm text-gray-700" data-testid="import-step">
            {t(job.progress.step.key, job.progress.step.params ?? {})}
          </p>
        ) : null}
        <div className="h-2 w-full rounded bg-gray-200">
          <div className="h-2 rounded bg-brand" style={{ width: `${pct}%` }} />
        </div>
      </div>
    );
  }
  if (job.status === "failed") return <Notice kind="error">{t(job.error?.key ?? "errors.importFailed", job.error?.params ?? {})}</Notice>;
  return job.report ? <Report report={job.report} /> : null;
}

export default function BatchOperation() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const fetcher = useFetcher<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const { t } = useTranslation("admin-problem");
  const result = fetcher.data ?? answer;
  const busy = navigation.state === "submitting" || fetcher.state === "submitting";
  const pageHref = usePageHref();

  return (
    <div className="mx-auto max-w-6xl space-y-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{t("batch.title")}</h1>
        <Link to="/admin/problems">{t("edit.backToList")}</Link>
      </div>

      <Section title={t("batch.importTitle")}>
        <Form
          method="post"
          encType="multipart/form-data"
          className="space-y-3"
          onSubmit={(e) => {
            if (!hydrated) return;
            e.preventDefault();
            const fd = new FormData(e.currentTarget);
            fd.set("async", "1");
            fetcher.submit(fd, { method: "post", encType: "multipart/form-data" });
          }}
        >
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label={t("batch.format")} htmlFor="format" error={result?.errors.format}>
              <select id="format" name="format" className={inputClass} defaultValue="hoj">
                {IMPORT_FORMATS.map((f) => (
                  <option key={f} value={f}>
                    {t(`batch.formats.${f}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t("batch.onConflict")} htmlFor="onConflict" error={result?.errors.onConflict}>
              <select id="onConflict" name="onConflict" className={inputClass} defaultValue="refuse">
                {CONFLICT_POLICIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`batch.conflict.${c}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t("batch.file")} htmlFor="import-file" error={result?.errors.file} hint={t("batch.fileHint")}>
              <input id="import-file" type="file" name="file" accept=".zip,.kpp,.xml" className="text-sm" />
            </Field>
          </div>
          <button type="submit" className={primaryButtonClass} disabled={busy} data-testid="start-import">
            {busy ? t("batch.uploading") : t("batch.import")}
          </button>
        </Form>
        {result?.jobId ? <JobProgress key={result.jobId} jobId={result.jobId} /> : null}
        {result?.report ? <Report report={result.report} /> : null}
      </Section>

      <Section title={t("batch.exportTitle")}>
        <ProblemSearch keyword={data.keyword} />
        {/* A plain form: the browser downloads the archive itself. */}
        <form method="get" action={withBase("/admin/problem/export")} className="space-y-3">
          <table className="w-full text-left text-sm" data-testid="export-list">
            <thead className="bg-gray-50 text-gray-600">
              <tr>
                <th className="px-2 py-1">{t("batch.select")}</th>
                <th className="px-2 py-1">{t("list.id")}</th>
                <th className="px-2 py-1">{t("list.displayId")}</th>
                <th className="px-2 py-1">{t("list.titleCol")}</th>
                <th className="px-2 py-1">{t("list.author")}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((p) => (
                <tr key={p.id} className="border-t border-gray-100">
                  <td className="px-2 py-1">
                    <input type="checkbox" name="pid" value={p.id} aria-label={t("batch.selectOne", { id: p.problemId })} />
                  </td>
                  <td className="px-2 py-1">{p.id}</td>
                  <td className="px-2 py-1 font-mono">{p.problemId}</td>
                  <td className="px-2 py-1">{p.title}</td>
                  <td className="px-2 py-1">{p.author}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination total={data.total} size={data.limit} current={data.page} href={pageHref} />
          <Field label={t("batch.pids")} htmlFor="pids" hint={t("batch.pidsHint")}>
            <input id="pids" name="pids" className={sized("w-72")} placeholder="1-5, 8" />
          </Field>
          <button type="submit" className={primaryButtonClass}>
            {t("batch.export")}
          </button>
        </form>
      </Section>
    </div>
  );
}
