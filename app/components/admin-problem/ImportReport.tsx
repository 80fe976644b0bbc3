import { Link } from "@remix-run/react";
import { Notice } from "~/components/admin-problem/ui";
import { JUDGE_STATUS_INFO } from "~/lib/constants";
import { useTranslation } from "~/lib/translation";
import type { ImportReport, ImportResult } from "~/services/problem/import.server";

// The report of an import: each problem imported or refused with the reason and warnings, and for
// packages each of their programs with its verdict beside the folder or tag it came in.

function Checks({ result }: { result: ImportResult }) {
  const { t } = useTranslation("admin-problem");
  const checks = result.checks ?? [];
  if (checks.length === 0) return null;
  return (
    <table className="mt-2 w-full text-left text-xs" data-testid="package-checks">
      <caption className="text-left font-medium text-gray-700">{t("import.checks.title")}</caption>
      <thead className="bg-gray-50 text-gray-600">
        <tr>
          <th className="px-2 py-1">{t("import.checks.program")}</th>
          <th className="px-2 py-1">{t("import.checks.folder")}</th>
          <th className="px-2 py-1">{t("import.checks.language")}</th>
          <th className="px-2 py-1">{t("import.checks.verdict")}</th>
          <th className="px-2 py-1">{t("import.checks.time")}</th>
          <th className="px-2 py-1">{t("import.checks.agrees")}</th>
        </tr>
      </thead>
      <tbody>
        {checks.map((c) => (
          <tr key={c.label} className="border-t border-gray-100 align-top" data-check={c.label} data-check-ok={c.ok ? "1" : "0"}>
            <td className="px-2 py-1 font-mono">{c.label}</td>
            <td className="px-2 py-1 font-mono">{c.group}</td>
            <td className="px-2 py-1">{c.language ?? "—"}</td>
            <td className="px-2 py-1">
              {c.status === null ? t("import.checks.notJudged") : (JUDGE_STATUS_INFO[c.status]?.name ?? String(c.status))}
              {c.note ? <p className="text-gray-700">{t(c.note.key, c.note.params ?? {})}</p> : null}
            </td>
            <td className="px-2 py-1">{c.status === null ? "" : `${c.timeMs} ms`}</td>
            <td className={`px-2 py-1 font-medium ${c.ok ? "text-green-700" : "text-red-700"}`}>{c.ok ? t("import.checks.yes") : t("import.checks.no")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation("admin-problem");
  return (
    <div className="space-y-2" data-testid="import-report">
      <Notice kind={report.refused === 0 ? "success" : report.imported === 0 ? "error" : "warning"}>
        {t("batch.reportSummary", { file: report.fileName, total: report.total, imported: report.imported, refused: report.refused })}
      </Notice>
      <table className="w-full text-left text-sm">
        <thead className="bg-gray-50 text-gray-600">
          <tr>
            <th className="px-2 py-1">{t("batch.source")}</th>
            <th className="px-2 py-1">{t("batch.result")}</th>
            <th className="px-2 py-1">{t("list.displayId")}</th>
            <th className="px-2 py-1">{t("list.titleCol")}</th>
            <th className="px-2 py-1">{t("batch.details")}</th>
          </tr>
        </thead>
        <tbody>
          {report.results.map((r, i) => (
            <tr key={i} className="border-t border-gray-100 align-top" data-import-result={r.status}>
              <td className="px-2 py-1 font-mono">{r.label}</td>
              <td className={`px-2 py-1 ${r.status === "imported" ? "text-green-700" : "text-red-700"}`}>{t(`batch.status.${r.status}`)}</td>
              <td className="px-2 py-1">{r.pid ? <Link to={`/admin/problem/edit/${r.pid}`}>{r.problemId}</Link> : null}</td>
              <td className="px-2 py-1">{r.title}</td>
              <td className="px-2 py-1">
                {r.reason ? <p className="whitespace-pre-wrap text-red-700">{t(r.reason.key, r.reason.params ?? {})}</p> : null}
                {r.renamedFrom ? <p>{t("batch.renamed", { from: r.renamedFrom, to: r.problemId })}</p> : null}
                {r.warnings.map((w, j) => (
                  <p key={j} className="text-yellow-800" data-import-warning={w.key}>
                    {t(w.key, w.params ?? {})}
                  </p>
                ))}
                <Checks result={r} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
