import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import type { TFunction } from "~/lib/translation";
import { buttonClass } from "~/components/admin-problem/ui";
import { DeleteRow, KeywordSearch, RowActionAnswer, type RowAnswer } from "~/components/ui/ListControls";
import { Pagination } from "~/components/ui/Pagination";

// The admin area's tables of contests and trainings (spec section 2 "Admin area"): a title with its
// buttons, the keyword search, the table with a row's edit, problems, further actions and delete
// (confirmed on a page of its own without JavaScript), 10 a page. Each page brings its loader, its
// action (listRowAction) and its columns; the words come from its namespace's `list.*` keys.

export interface AdminListColumn<R> {
  head: ReactNode;
  cell: (row: R) => ReactNode;
  /** Classes of the cell (the header's are the default padding). */
  className?: string;
}

export interface AdminListProps<R extends { id: number; title: string }> {
  /** The page's namespace: list.title, keyword, search, confirmDelete, delete, cancel, empty, actions, edit, problems. */
  t: TFunction;
  /** The list's address ("/admin/contest"); a row's pages are below it. */
  path: string;
  /** The id's form field for the row actions ("cid", "tid"). */
  idName: string;
  /** "admin-contest": the table's test id is `<testId>-list`, a row's `<testId>-row` with `data-<idName>`. */
  testId: string;
  /** Beside the title: the create button and the like. */
  buttons: ReactNode;
  keyword: string;
  total: number;
  size: number;
  current: number;
  rows: R[];
  answer: RowAnswer | undefined;
  columns: AdminListColumn<R>[];
  /** Further actions of a row, between its problems and delete. */
  actions?: (row: R) => ReactNode;
}

export function AdminList<R extends { id: number; title: string }>(p: AdminListProps<R>) {
  // The page's own namespace (contest-admin, training-admin) holds these keys.
  const words = p.t;
  const href = (page: number) => `${p.path}?${new URLSearchParams({ ...(p.keyword ? { keyword: p.keyword } : {}), currentPage: String(page) }).toString()}`;
  const colSpan = p.columns.length + 1;
  return (
    <div className="mx-auto max-w-7xl space-y-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold">{words("list.title")}</h1>
        <div className="flex gap-2">{p.buttons}</div>
      </div>
      <KeywordSearch keyword={p.keyword} label={words("list.keyword")} submit={words("list.search")} />
      <RowActionAnswer answer={p.answer} idName={p.idName} question={(id, title) => words("list.confirmDelete", { id, title })} label={words("list.delete")} cancel={words("list.cancel")} cancelTo={p.path} />
      <div className="overflow-x-auto rounded border border-gray-200 bg-white focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <table className="w-full text-left text-sm" data-testid={`${p.testId}-list`}>
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              {p.columns.map((c, i) => (
                <th key={i} className="px-2 py-2">
                  {c.head}
                </th>
              ))}
              <th className="px-2 py-2">{words("list.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {p.rows.length === 0 ? (
              <tr>
                <td colSpan={colSpan} className="px-2 py-6 text-center text-gray-700">
                  {words("list.empty")}
                </td>
              </tr>
            ) : null}
            {p.rows.map((r) => (
              <tr key={r.id} className="border-t border-gray-100" data-testid={`${p.testId}-row`} {...{ [`data-${p.idName}`]: r.id }}>
                {p.columns.map((c, i) => (
                  <td key={i} className={c.className ?? "px-2 py-2"}>
                    {c.cell(r)}
                  </td>
                ))}
                <td className="px-2 py-2">
                  <div className="flex flex-wrap items-center gap-1">
                    <Link to={`${p.path}/${r.id}/edit`} className={`${buttonClass} text-gray-800`}>
                      {words("list.edit")}
                    </Link>
                    <Link to={`${p.path}/${r.id}/problems`} className={`${buttonClass} text-gray-800`}>
                      {words("list.problems")}
                    </Link>
                    {p.actions?.(r)}
                    <DeleteRow row={{ idName: p.idName, id: r.id }} question={words("list.confirmDelete", { id: r.id, title: r.title })} label={words("list.delete")} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination total={p.total} size={p.size} current={p.current} href={href} />
    </div>
  );
}

/** The info cell of a row: lines of small grey text. */
export const infoCell = "whitespace-nowrap px-2 py-2 text-xs text-gray-700";
