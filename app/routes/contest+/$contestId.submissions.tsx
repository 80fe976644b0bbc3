import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { RecordsTable } from "~/components/submission/RecordsTable";
import { AutoRevalidate } from "~/components/contest/AutoRevalidate";
import { Pagination } from "~/components/ui/Pagination";
import { JUDGE_STATUS_INFO, JudgeStatus, RUNNING_STATUSES } from "~/lib/constants";
import { formatDateTime } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { contestPageBase, contestPageRefusal } from "~/http/contest-page.server";
import { contestSubmissionsSchema, listContestSubmissions } from "~/services/contest/submissions.server";

// A contest's submissions (spec section 2 "Submissions", contest variant): Mine or All, status,
// problem and author filters as a GET form; results hidden by the seal read "Submitted Unknown
// Result" (the service decides, by the real-time rules); submissions before the start flagged.
// With JavaScript the list reloads every 2 s while one of its rows is still being judged.

export const handle = { i18n: ["contest-page", "contest", "submission", "judge"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await contestPageBase(request, params);
  const sp = new URL(request.url).searchParams;
  const q = contestSubmissionsSchema.parse({
    cid: base.cid,
    onlyMine: sp.get("onlyMine") ?? undefined,
    displayId: sp.get("displayId") ?? undefined,
    searchStatus: sp.get("status") ?? undefined,
    searchUsername: sp.get("username") ?? undefined,
    completeProblemID: true,
    containsEnd: true,
    currentPage: sp.get("currentPage") ?? undefined,
  });
  try {
    const page = await listContestSubmissions(base.cs, q);
    return json({
      cid: base.cid,
      query: { onlyMine: q.onlyMine, displayId: q.displayId, status: q.searchStatus ?? null, username: q.searchUsername },
      total: page.total,
      size: page.size,
      current: page.current,
      records: page.records.map((r) => ({ ...r, submitTime: formatDateTime(r.submitTime) })),
    });
  } catch (err) {
    throw contestPageRefusal(err);
  }
}

export default function ContestSubmissions() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["contest-page", "submission", "judge"]);
  const location = useLocation();
  const q = data.query;
  const running = data.records.some((r) => RUNNING_STATUSES.has(r.status));
  const href = (p: number) => {
    const sp = new URLSearchParams(location.search);
    sp.set("currentPage", String(p));
    return `${location.pathname}?${sp.toString()}`;
  };
  return (
    <section className="overflow-x-auto rounded bg-white p-3 shadow-sm sm:p-5 focus:outline focus:outline-2 focus:outline-brand" tabIndex={0} data-testid="contest-submissions">
      {running ? <AutoRevalidate ms={2000} /> : null}
      <Form method="get" className="mb-3 flex flex-wrap items-end gap-3">
        <label className="flex items-center gap-1 text-sm text-gray-800">
          <input type="checkbox" name="onlyMine" value="true" defaultChecked={q.onlyMine} />
          {t("contest-page:submissions.mine")}
        </label>
        <label className="flex flex-col text-xs text-gray-700">
          {t("submission:columns.status")}
          <select name="status" defaultValue={q.status ?? ""} className="mt-1 rounded border px-2 py-1 text-sm text-gray-800">
            <option value="">{t("contest-page:list.all")}</option>
            {Object.keys(JUDGE_STATUS_INFO)
              .map(Number)
              .filter((s) => s !== JudgeStatus.NOT_SUBMITTED)
              .map((s) => (
                <option key={s} value={s}>
                  {t(`judge:status.${s}`)}
                </option>
              ))}
          </select>
        </label>
        <label className="flex flex-col text-xs text-gray-700">
          {t("contest-page:submissions.problem")}
          <input name="displayId" defaultValue={q.displayId} maxLength={20} className="mt-1 w-24 rounded border px-2 py-1 text-sm text-gray-800" />
        </label>
        <label className="flex flex-col text-xs text-gray-700">
          {t("contest-page:submissions.author")}
          <input name="username" defaultValue={q.username} maxLength={50} className="mt-1 w-40 rounded border px-2 py-1 text-sm text-gray-800" />
        </label>
        <button type="submit" className="rounded bg-blue-700 px-3 py-1 text-sm text-white">
          {t("contest-page:list.search")}
        </button>
        <Link to={location.pathname + location.search} reloadDocument className="rounded border px-3 py-1 text-sm text-gray-800">
          {t("contest-page:rank.refresh")}
        </Link>
      </Form>
      <RecordsTable
        rows={data.records}
        problemHeader="#"
        problemOf={(r) => r.displayId}
        detailHref={(r) => `/contest/${data.cid}/problem/${encodeURIComponent(r.displayId)}/submission-detail/${r.submitId}`}
        problemHref={(r) => `/contest/${data.cid}/problem/${encodeURIComponent(r.displayId)}`}
        rowTestId="contest-submission"
        timeNote={(r) => (r.beforeContestSubmit ? <span className="ml-1 rounded border border-amber-700 px-1 text-xs text-amber-800">{t("contest-page:submissions.beforeStart")}</span> : null)}
      />
      <Pagination total={data.total} size={data.size} current={data.current} href={href} />
    </section>
  );
}
