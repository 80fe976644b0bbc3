import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { useLiveRows } from "~/components/submission/live";
import { StatusTag } from "~/components/submission/StatusTag";
import { Pagination } from "~/components/ui/Pagination";
import { JUDGE_STATUS_INFO, JudgeStatus } from "~/lib/constants";
import { formatDateTime, formatLength, runFigures, shownScore } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { getT } from "~/services/platform/i18n.server";
import { getCurrentUser } from "~/services/account/session.server";
import { listSubmissions, parseSubmissionListQuery, type SubmissionListPage } from "~/services/submission/views.server";

export const handle = { i18n: ["submission", "judge"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

/** Statuses offered in the filter: every verdict a stored submission can have. */
const FILTER_STATUSES = Object.keys(JUDGE_STATUS_INFO)
  .map(Number)
  .filter((s) => s !== JudgeStatus.NOT_SUBMITTED && s !== JudgeStatus.SUBMITTED_UNKNOWN_RESULT)
  .sort((a, b) => a - b);

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [user, t] = await Promise.all([getCurrentUser(request), getT(request, ["submission", "common"])]);
  const query = parseSubmissionListQuery(Object.fromEntries(url.searchParams));
  if (query.onlyMine) query.username = "";
  // Mine needs login (spec section 5): a visitor is told so and shown no rows, never everyone's.
  const mineOfVisitor = query.onlyMine && !user;
  const notice = mineOfVisitor ? t("common:errors.pleaseLoginFirst") : null;
  const page: SubmissionListPage = mineOfVisitor
    ? { records: [], total: 0, size: query.limit, current: query.currentPage, pages: 1 }
    : await listSubmissions(query, user);
  return json({ pageTitle: t("list.title"), query, page, notice, signedIn: !!user });
}

type Query = ReturnType<typeof useLoaderData<typeof loader>>["query"];

function statusHref(q: Query, change: Partial<Query>): string {
  const next = { ...q, currentPage: 1, ...change };
  const sp = new URLSearchParams();
  if (next.onlyMine) sp.set("onlyMine", "true");
  if (next.status !== undefined && next.status !== null) sp.set("status", String(next.status));
  if (next.problemID) sp.set("problemID", next.problemID);
  if (next.username && !next.onlyMine) sp.set("username", next.username);
  if (next.currentPage > 1) sp.set("currentPage", String(next.currentPage));
  const s = sp.toString();
  return s ? `/status?${s}` : "/status";
}

export default function StatusList() {
  const { query, page, notice, signedIn } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["submission", "judge"]);
  const navigate = useNavigate();
  const [mine, setMine] = useState(query.onlyMine);
  const live = useLiveRows(page.records);
  useEffect(() => setMine(query.onlyMine), [query.onlyMine]);

  return (
    <div className="mx-auto max-w-6xl p-2 sm:p-4">
      <section className="rounded bg-white p-3 shadow-sm sm:p-5">
        <h1 className="mb-4 text-xl font-semibold">{t("list.title")}</h1>
        {notice ? (
          <p className="mb-3 rounded border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm text-yellow-800" role="alert" data-testid="status-notice">
            {notice}
          </p>
        ) : null}
        <Form
          key={JSON.stringify(query)}
          method="get"
          action="/status"
          className="flex flex-wrap items-end gap-2"
          id="status-filters"
          onChange={(e) => {
            const el = e.target as HTMLInputElement;
            if (el.name === "onlyMine") {
              if (el.checked && !signedIn) {
                el.checked = false;
                setMine(false);
                navigate(statusHref(query, { onlyMine: true }));
                return;
              }
              setMine(el.checked);
            }
            if (el.tagName === "SELECT" || el.type === "checkbox") e.currentTarget.requestSubmit();
          }}
          onSubmit={(e) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            const s = String(f.get("status") ?? "");
            navigate(
              statusHref(query, {
                onlyMine: f.get("onlyMine") === "true",
                status: s === "" ? undefined : Number(s),
                problemID: String(f.get("problemID") ?? "").trim(),
                username: String(f.get("username") ?? "").trim(),
              }),
            );
          }}
        >
          <label className="flex items-center gap-1 rounded border px-2 py-1 text-sm">
            <input type="checkbox" name="onlyMine" value="true" defaultChecked={query.onlyMine} data-testid="only-mine" />
            {t("list.mine")}
          </label>
          <label className="flex flex-col text-xs text-gray-600">
            {t("list.status")}
            <select name="status" defaultValue={query.status ?? ""} className="mt-1 rounded border px-2 py-1 text-sm text-gray-800" data-testid="status-filter">
              <option value="">{t("list.allStatus")}</option>
              {FILTER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`judge:status.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col text-xs text-gray-600">
            {t("list.problemId")}
            <input name="problemID" defaultValue={query.problemID} maxLength={100} className="mt-1 w-32 rounded border px-2 py-1 text-sm text-gray-800" />
          </label>
          <label className="flex flex-col text-xs text-gray-600">
            {t("list.author")}
            <input
              name="username"
              defaultValue={query.onlyMine ? "" : query.username}
              disabled={mine}
              maxLength={50}
              className="mt-1 w-36 rounded border px-2 py-1 text-sm text-gray-800 disabled:bg-gray-100"
              data-testid="author-filter"
            />
          </label>
          <button type="submit" className="rounded bg-brand px-3 py-1 text-sm text-white">
            {t("list.search")}
          </button>
          <Link to={statusHref(query, { currentPage: query.currentPage })} className="rounded border px-3 py-1 text-sm" data-testid="refresh">
            {t("list.refresh")}
          </Link>
        </Form>

        <div className="mt-4 overflow-x-auto focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
          <table className="w-full text-left text-sm" data-testid="submission-table">
            <thead className="border-b text-xs text-gray-600">
              <tr>
                <th className="py-2 pr-2">{t("columns.runId")}</th>
                <th className="py-2 pr-2">{t("columns.problem")}</th>
                <th className="py-2 pr-2">{t("columns.author")}</th>
                <th className="py-2 pr-2">{t("columns.status")}</th>
                <th className="py-2 pr-2">{t("columns.time")}</th>
                <th className="py-2 pr-2">{t("columns.memory")}</th>
                <th className="hidden py-2 pr-2 sm:table-cell">{t("columns.length")}</th>
                <th className="py-2 pr-2">{t("columns.language")}</th>
                <th className="hidden py-2 pr-2 md:table-cell">{t("columns.judger")}</th>
                <th className="hidden py-2 pr-2 sm:table-cell">{t("columns.submitTime")}</th>
              </tr>
            </thead>
            <tbody>
              {page.records.length === 0 ? (
                <tr>
                  <td colSpan={10} className="py-8 text-center text-gray-600">
                    {t("empty")}
                  </td>
                </tr>
              ) : null}
              {page.records.map((row) => {
                // With JavaScript, rows still being judged follow their submission live.
                const s = { ...row, ...live[row.submitId] };
                return (
                  <tr key={s.submitId} className="border-b last:border-0 hover:bg-gray-50" data-submit-id={s.submitId} data-status={s.status}>
                    <td className="py-2 pr-2 font-mono">
                      <Link to={`/submission-detail/${s.submitId}`}>{s.submitId}</Link>
                    </td>
                    <td className="py-2 pr-2 font-mono">
                      <Link to={`/problem/${encodeURIComponent(s.displayPid)}`}>{s.displayPid}</Link>
                    </td>
                    {/* Plain text until the user home page exists; the author links to it again then. */}
                    <td className="py-2 pr-2 text-gray-800" data-testid="row-author">
                      {s.username}
                    </td>
                    <td className="py-2 pr-2">
                      <Link to={`/submission-detail/${s.submitId}`}>
                        <StatusTag status={s.status} />
                      </Link>
                      {shownScore(s) !== null ? (
                        <span className="ml-1 text-xs text-gray-600" data-testid="row-score">
                          {shownScore(s)}
                        </span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-2 tabular-nums" data-testid="row-time">
                      {runFigures(s).time}
                    </td>
                    <td className="py-2 pr-2 tabular-nums" data-testid="row-memory">
                      {runFigures(s).memory}
                    </td>
                    <td className="hidden py-2 pr-2 tabular-nums sm:table-cell">{formatLength(s.length)}</td>
                    <td className="py-2 pr-2">{s.language}</td>
                    <td className="hidden py-2 pr-2 md:table-cell" data-testid="row-judger">
                      {s.judger || "-"}
                    </td>
                    <td className="hidden py-2 pr-2 sm:table-cell">
                      <time dateTime={String(s.submitTime)} suppressHydrationWarning>
                        {formatDateTime(s.submitTime)}
                      </time>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <Pagination total={page.total} size={page.size} current={page.current} href={(n) => statusHref(query, { currentPage: n })} />
      </section>
    </div>
  );
}
