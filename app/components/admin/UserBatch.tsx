import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { buttonClass, Notice } from "~/components/admin-problem/ui";
import { useTranslation } from "~/lib/translation";

// The two batch pages of user administration (spec section 5), generating numbered accounts and
// importing a CSV: the title with the way back to the user list, the form, then the report of
// every row (created, or why not).

export function UserBatchPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation("admin-user");
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-4">
      <div className="flex items-center gap-3">
        <h1 className="text-xl font-semibold">{title}</h1>
        <Link to="/admin/user" className={`${buttonClass} text-gray-800`}>
          {t("list.title")}
        </Link>
      </div>
      {children}
    </div>
  );
}

export interface BatchRow {
  ok: boolean;
  error: string | null;
}

/** The report: a summary, then a row a user with its own columns and the result. */
export function UserBatchReport<R extends BatchRow>(p: {
  /** "generate" or "import": the section's test id is `<name>-report`, a row's `<rowTestId>`. */
  name: string;
  rowTestId: string;
  summary: ReactNode;
  warn: boolean;
  columns: Array<{ head: string; cell: (row: R) => ReactNode; className?: string }>;
  rows: R[];
  rowKey: (row: R) => string | number;
}) {
  const { t } = useTranslation("admin-user");
  return (
    <section className="space-y-2" data-testid={`${p.name}-report`}>
      <Notice kind={p.warn ? "warning" : "success"}>{p.summary}</Notice>
      <div className="max-h-96 overflow-auto rounded border border-gray-200 bg-white focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <table className="w-full text-left text-sm">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              {p.columns.map((c) => (
                <th key={c.head} className="px-2 py-1">
                  {c.head}
                </th>
              ))}
              <th className="px-2 py-1">{t("import.result")}</th>
            </tr>
          </thead>
          <tbody>
            {p.rows.map((r) => (
              <tr key={p.rowKey(r)} className="border-t border-gray-100" data-testid={p.rowTestId} data-ok={r.ok ? "1" : "0"}>
                {p.columns.map((c) => (
                  <td key={c.head} className={`px-2 py-1 ${c.className ?? ""}`}>
                    {c.cell(r)}
                  </td>
                ))}
                <td className={`px-2 py-1 ${r.ok ? "text-green-800" : "text-red-800"}`}>{r.ok ? t("import.created") : r.error}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
