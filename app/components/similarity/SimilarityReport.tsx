import { Form, Link, useActionData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { Pagination } from "~/components/ui/Pagination";
import { formatDateTime } from "~/lib/format";
import { percent } from "~/lib/similarity";
import { useTranslation } from "~/lib/translation";
import type { SimilarityPageData } from "~/http/similarity-page.server";

// A place's similarity page (a contest, a training, a group's problems): the start form, the
// checks with their progress, and the chosen check's pairs by similarity with the longest shared
// fragment, each opening side by side. Server-rendered; while a check runs the page asks for its
// data again every few seconds, and without JavaScript the Refresh link does.

const POLL_MS = 2_000;

type Check = SimilarityPageData["checks"][number];

function active(c: Pick<Check, "status">): boolean {
  return c.status === "queued" || c.status === "running";
}

function StatusText({ c }: { c: Check }) {
  const { t } = useTranslation("similarity");
  const tone = c.status === "done" ? "text-green-800" : c.status === "failed" || c.status === "interrupted" ? "text-red-800" : "text-blue-800";
  return (
    <span className={`font-medium ${tone}`} data-testid="check-status" data-status={c.status}>
      {t(`status.${c.status}`)}
    </span>
  );
}

function ProgressOf({ c }: { c: Check }) {
  const { t } = useTranslation("similarity");
  return (
    <div className="min-w-32">
      <progress className="h-2 w-full" max={100} value={c.progress} aria-label={t("progress.label", { id: c.id })} />
      <div className="text-xs text-gray-700">{t("progress.text", { done: c.groupsDone, total: c.groups })}</div>
    </div>
  );
}

export function SimilarityReport({ data }: { data: SimilarityPageData }) {
  const { t } = useTranslation("similarity");
  const action = useActionData<{ error?: string }>();
  const navigation = useNavigation();
  const { revalidate, state } = useRevalidator();
  const anyActive = data.checks.some(active);
  const report = data.report;
  const shownId = report?.check.id ?? null;

  useEffect(() => {
    if (!anyActive || state !== "idle") return;
    const id = window.setTimeout(revalidate, POLL_MS);
    return () => window.clearTimeout(id);
  }, [anyActive, state, revalidate, data]);

  const here = (check: number, page = 1) => `${data.path}?check=${check}${page > 1 ? `&page=${page}` : ""}`;

  return (
    <div className="space-y-3" data-testid="similarity-page">
      <section className="rounded bg-white p-3 shadow-sm sm:p-5" aria-labelledby="similarity-start">
        <h2 id="similarity-start" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{t("intro")}</p>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" data-testid="similarity-start">
          <label className="flex flex-col text-sm text-gray-800">
            {t("start.problem")}
            <select name="problem" defaultValue="all" className="mt-1 rounded border border-gray-400 px-2 py-1">
              <option value="all">{t("start.allProblems")}</option>
              {data.problems.map((p) => (
                <option key={p.pid} value={p.pid}>
                  {p.displayId} {p.title}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="flex flex-col text-sm text-gray-800">
            <legend>{t("start.mode")}</legend>
            <label className="mt-1 flex items-center gap-1">
              <input type="radio" name="mode" value="accepted" defaultChecked />
              {t("start.modeAccepted")}
            </label>
            <label className="flex items-center gap-1">
              <input type="radio" name="mode" value="final" />
              {t("start.modeFinal")}
            </label>
          </fieldset>
          <button type="submit" disabled={data.running || navigation.state === "submitting"} className="rounded bg-blue-700 px-4 py-1.5 text-sm text-white disabled:bg-gray-500" data-testid="similarity-submit">
            {t("start.submit")}
          </button>
        </Form>
        {data.running ? <p className="mt-2 text-sm text-gray-800">{t("start.busy")}</p> : null}
        {action?.error ? (
          <p role="alert" className="mt-2 text-sm text-red-800" data-testid="similarity-error">
            {action.error}
          </p>
        ) : null}
      </section>

      <section className="rounded bg-white p-3 shadow-sm sm:p-5" aria-labelledby="similarity-checks">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="similarity-checks" className="text-lg font-semibold">
            {t("checks.heading")}
          </h2>
          {anyActive ? (
            <p className="flex items-center gap-2 text-sm text-gray-800" role="status">
              {t("progress.polling")}
              <Link to={shownId ? here(shownId) : data.path} reloadDocument className="rounded border px-2 py-0.5 text-blue-700 underline" data-testid="similarity-refresh">
                {t("progress.refresh")}
              </Link>
            </p>
          ) : null}
        </div>
        {data.checks.length === 0 ? (
          <p className="py-3 text-sm text-gray-700">{t("checks.empty")}</p>
        ) : (
          <div className="relative mt-2 overflow-x-auto focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
            <table className="w-full text-sm" data-testid="similarity-checks">
              <thead>
                <tr className="border-b text-left text-gray-700">
                  <th className="px-2 py-2">{t("checks.check")}</th>
                  <th className="px-2 py-2">{t("checks.when")}</th>
                  <th className="px-2 py-2">{t("checks.problem")}</th>
                  <th className="px-2 py-2">{t("checks.mode")}</th>
                  <th className="px-2 py-2">{t("checks.status")}</th>
                  <th className="px-2 py-2">{t("checks.progress")}</th>
                  <th className="px-2 py-2 text-right">{t("checks.files")}</th>
                  <th className="px-2 py-2 text-right">{t("checks.pairs")}</th>
                  <th className="px-2 py-2">{t("checks.by")}</th>
                </tr>
              </thead>
              <tbody>
                {data.checks.map((c) => (
                  <tr key={c.id} className={`border-b ${c.id === shownId ? "bg-blue-50" : ""}`} data-testid="similarity-check" data-check={c.id}>
                    <td className="px-2 py-1 whitespace-nowrap">
                      {c.id === shownId ? (
                        <span aria-current="true">
                          #{c.id} <span className="text-xs text-gray-700">({t("checks.shown")})</span>
                        </span>
                      ) : (
                        <Link to={here(c.id)} className="text-blue-700 underline">
                          {t("checks.open", { id: c.id })}
                        </Link>
                      )}
                    </td>
                    <td className="px-2 py-1 whitespace-nowrap">{formatDateTime(c.createdAt)}</td>
                    <td className="px-2 py-1">{c.displayId ?? t("checks.all")}</td>
                    <td className="px-2 py-1">{t(`checks.${c.mode}`)}</td>
                    <td className="px-2 py-1">
                      <StatusText c={c} />
                    </td>
                    <td className="px-2 py-1">
                      <ProgressOf c={c} />
                    </td>
                    <td className="px-2 py-1 text-right tabular-nums">{c.files}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{c.kept}</td>
                    <td className="px-2 py-1">{c.username}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {report ? <PairList data={data} report={report} here={here} /> : null}
    </div>
  );
}

function PairList({ data, report, here }: { data: SimilarityPageData; report: NonNullable<SimilarityPageData["report"]>; here: (check: number, page?: number) => string }) {
  const { t } = useTranslation("similarity");
  const c = report.check;
  return (
    <section className="rounded bg-white p-3 shadow-sm sm:p-5" aria-labelledby="similarity-pairs" data-testid="similarity-report" data-check={c.id}>
      <h2 id="similarity-pairs" className="text-lg font-semibold">
        {t("report.heading", { id: c.id })}
      </h2>
      {c.status === "failed" || c.status === "interrupted" ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {t("report.failed")}
        </p>
      ) : null}
      {active(c) ? <p className="mt-2 text-sm text-gray-800">{t("report.waiting")}</p> : null}
      {c.status === "done" ? <p className="mt-1 text-sm text-gray-700">{t("report.summary", { files: c.files, compared: c.compared, kept: c.kept })}</p> : null}
      {c.status === "done" && report.pairs.length === 0 ? <p className="py-3 text-sm text-gray-700">{t("report.empty")}</p> : null}
      {report.pairs.length > 0 ? (
        <div className="relative mt-2 overflow-x-auto focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
          <table className="w-full text-sm" data-testid="similarity-pairs">
            <thead>
              <tr className="border-b text-left text-gray-700">
                <th className="px-2 py-2">{t("report.rank")}</th>
                <th className="px-2 py-2 text-right">{t("report.similarity")}</th>
                <th className="px-2 py-2">{t("report.problem")}</th>
                <th className="px-2 py-2">{t("report.left")}</th>
                <th className="px-2 py-2">{t("report.right")}</th>
                <th className="px-2 py-2">{t("report.longest")}</th>
                <th className="px-2 py-2 text-right">{t("report.fragments")}</th>
                <th className="px-2 py-2" />
              </tr>
            </thead>
            <tbody>
              {report.pairs.map((p, i) => (
                <tr key={p.id} className="border-b" data-testid="similarity-pair" data-left={p.left.username} data-right={p.right.username} data-similarity={p.similarity.toFixed(4)}>
                  <td className="px-2 py-1 tabular-nums">{(report.current - 1) * report.size + i + 1}</td>
                  <td className="px-2 py-1 text-right font-semibold tabular-nums">
                    <span className="inline-flex items-center gap-2">
                      <span aria-hidden="true" className="inline-block h-2 w-16 overflow-hidden rounded bg-gray-200">
                        <span className="block h-2 bg-red-700" style={{ width: percent(p.similarity) }} />
                      </span>
                      {percent(p.similarity)}
                    </span>
                  </td>
                  <td className="px-2 py-1">
                    {p.displayId} <span className="text-xs text-gray-700">{p.family}</span>
                  </td>
                  <td className="px-2 py-1">
                    {p.left.username} <span className="text-xs text-gray-700">#{p.left.sid} {p.left.language}</span>
                  </td>
                  <td className="px-2 py-1">
                    {p.right.username} <span className="text-xs text-gray-700">#{p.right.sid} {p.right.language}</span>
                  </td>
                  <td className="px-2 py-1 whitespace-nowrap">{t("report.longestValue", { lines: p.longestLines })}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{p.fragments}</td>
                  <td className="px-2 py-1">
                    <Link
                      to={`${data.path}/pair/${p.id}`}
                      className="whitespace-nowrap text-blue-700 underline"
                      data-testid="similarity-open-pair"
                    >
                      {t("report.open")}
                      <span className="sr-only">: {t("report.openLabel", { a: p.left.username, b: p.right.username })}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pagination total={report.total} size={report.size} current={report.current} href={(page) => here(c.id, page)} />
    </section>
  );
}
