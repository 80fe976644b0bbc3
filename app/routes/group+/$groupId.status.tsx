import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { AutoRevalidate } from "~/components/contest/AutoRevalidate";
import { RecordsTable } from "~/components/submission/RecordsTable";
import { Pagination } from "~/components/ui/Pagination";
import { groupMemberPageBase, groupPageRefusal } from "~/http/group-page.server";
import { JUDGE_STATUS_INFO, JudgeStatus, RUNNING_STATUSES } from "~/lib/constants";
import { formatDateTime } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { listGroupSubmissions } from "~/services/group/submissions.server";
import { parseSubmissionListQuery } from "~/services/submission/views.server";

// A group's records (spec section 2, /group/{id}/status): the submissions to its problems for its
// members, Mine or All, an author, a problem and a status filter as a GET form. A row opens the
// submission's detail, where the group's scope decides (its admins read code and cases). With
// JavaScript the list reloads every 2 s while a row is being judged; without it the Refresh link does.

export const handle = { i18n: ["group", "group-problem", "submission", "judge"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, gid } = await groupMemberPageBase(request, params);
  const q = parseSubmissionListQuery(Object.fromEntries(new URL(request.url).searchParams));
  let page: Awaited<ReturnType<typeof listGroupSubmissions>>;
  try {
    page = await listGroupSubmissions(user, gid, q);
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
  return json({
    gid,
    query: { onlyMine: q.onlyMine, username: q.username, problemID: q.problemID, status: q.status ?? null },
    total: page.total,
    size: page.size,
    current: page.current,
    records: page.records.map((r) => ({ ...r, submitTime: formatDateTime(r.submitTime) })),
  });
}

const STATUS_CHOICES = Object.keys(JUDGE_STATUS_INFO)
  .map(Number)
  .filter((s) => s !== JudgeStatus.NOT_SUBMITTED);

export default function GroupSubmissions() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["group-problem", "submission", "judge"]);
  const location = useLocation();
  const running = data.records.some((r) => RUNNING_STATUSES.has(r.status));
  const href = (p: number) => {
    const sp = new URLSearchParams(location.search);
    sp.set("currentPage", String(p));
    return `${location.pathname}?${sp.toString()}`;
  };
  const field = "mt-1 rounded border px-2 py-1 text-sm text-gray-800";
  return (
    <section className="rounded bg-white p-3 shadow-sm sm:p-5" data-testid="group-submissions">
      {running ? <AutoRevalidate ms={2000} /> : null}
      <Form method="get" className="mb-3 flex flex-wrap items-end gap-3">
        <label className="flex items-center gap-1 text-sm text-gray-800">
          <input type="checkbox" name="onlyMine" value="true" defaultChecked={data.query.onlyMine} />
          {t("group-problem:records.mine")}
        </label>
        <label className="flex flex-col text-xs text-gray-700">
          {t("group-problem:records.author")}
          <input name="username" defaultValue={data.query.username} maxLength={50} className={`${field} w-36`} />
        </label>
        <label className="flex flex-col text-xs text-gray-700">
          {t("group-problem:records.problem")}
          <input name="problemID" defaultValue={data.query.problemID} maxLength={100} className={`${field} w-36`} />
        </label>
        <label className="flex flex-col text-xs text-gray-700">
          {t("group-problem:records.status")}
          <select name="status" defaultValue={data.query.status ?? ""} className={field}>
            <option value="">{t("group-problem:records.allStatuses")}</option>
            {STATUS_CHOICES.map((s) => (
              <option key={s} value={s}>
                {t(`judge:status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded bg-blue-700 px-3 py-1 text-sm text-white">
          {t("group-problem:search")}
        </button>
        <Link to={location.pathname + location.search} reloadDocument className="rounded border px-3 py-1 text-sm text-gray-800">
          {t("group-problem:records.refresh")}
        </Link>
      </Form>
      <div className="overflow-x-auto focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <RecordsTable
          rows={data.records}
          problemHeader={t("group-problem:columns.id")}
          problemOf={(r) => r.displayPid}
          detailHref={(r) => `/group/${data.gid}/submission-detail/${r.submitId}`}
          problemHref={(r) => `/group/${data.gid}/problem/${encodeURIComponent(r.displayPid)}`}
          rowTestId="group-submission"
          authorLinked
        />
      </div>
      <Pagination total={data.total} size={data.size} current={data.current} href={href} />
    </section>
  );
}
