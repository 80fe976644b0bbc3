import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { AutoRevalidate } from "~/components/contest/AutoRevalidate";
import { RecordsTable } from "~/components/submission/RecordsTable";
import { Pagination } from "~/components/ui/Pagination";
import { RUNNING_STATUSES } from "~/lib/constants";
import { formatDateTime } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { EntryRefusal } from "~/components/training/EntryRefusal";
import { trainingEntryRefusalText, trainingPageBase } from "~/http/training-page.server";
import { listTrainingSubmissions, trainingSubmissionsSchema } from "~/services/training/submissions.server";

// A training's record list (spec section 2 "record list" tab): submissions made in the training,
// Mine or All and an author filter as a GET form. With JavaScript the list reloads every 2 s while
// one of its rows is still being judged; without it the Refresh link does.

export const handle = { i18n: ["training", "submission", "judge"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await trainingPageBase(request, params);
  const sp = new URL(request.url).searchParams;
  const q = trainingSubmissionsSchema.parse({
    tid: base.tid,
    onlyMine: sp.get("onlyMine") ?? undefined,
    searchUsername: sp.get("username") ?? undefined,
    currentPage: sp.get("currentPage") ?? undefined,
  });
  try {
    const page = await listTrainingSubmissions(base.ts, q);
    return json({
      base: base.base,
      gid: base.detail.training.gid ?? null,
      query: { onlyMine: q.onlyMine, username: q.searchUsername },
      total: page.total,
      size: page.size,
      current: page.current,
      records: page.records.map((r) => ({ ...r, submitTime: formatDateTime(r.submitTime) })),
      refusal: null as string | null,
    });
  } catch (err) {
    const refusal = await trainingEntryRefusalText(request, err);
    return json({ base: base.base, gid: base.detail.training.gid ?? null, query: { onlyMine: q.onlyMine, username: q.searchUsername }, total: 0, size: q.limit, current: 1, records: [], refusal }, { status: 403 });
  }
}

export default function TrainingSubmissions() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["training", "submission", "judge"]);
  const location = useLocation();
  if (data.refusal) return <EntryRefusal base={data.base} message={data.refusal} />;
  const running = data.records.some((r) => RUNNING_STATUSES.has(r.status));
  const href = (p: number) => {
    const sp = new URLSearchParams(location.search);
    sp.set("currentPage", String(p));
    return `${location.pathname}?${sp.toString()}`;
  };
  return (
    <section className="overflow-x-auto rounded bg-white p-3 shadow-sm sm:p-5 focus:outline focus:outline-2 focus:outline-brand" tabIndex={0} data-testid="training-submissions">
      {running ? <AutoRevalidate ms={2000} /> : null}
      <Form method="get" className="mb-3 flex flex-wrap items-end gap-3">
        <label className="flex items-center gap-1 text-sm text-gray-800">
          <input type="checkbox" name="onlyMine" value="true" defaultChecked={data.query.onlyMine} />
          {t("training:records.mine")}
        </label>
        <label className="flex flex-col text-xs text-gray-700">
          {t("training:records.author")}
          <input name="username" defaultValue={data.query.username} maxLength={50} className="mt-1 w-40 rounded border px-2 py-1 text-sm text-gray-800" />
        </label>
        <button type="submit" className="rounded bg-blue-700 px-3 py-1 text-sm text-white">
          {t("training:list.search")}
        </button>
        <Link to={location.pathname + location.search} reloadDocument className="rounded border px-3 py-1 text-sm text-gray-800">
          {t("training:records.refresh")}
        </Link>
      </Form>
      <RecordsTable
        rows={data.records}
        problemHeader={t("training:problems.id")}
        problemOf={(r) => r.displayPid}
        detailHref={(r) => (data.gid != null ? `/group/${data.gid}/submission-detail/${r.submitId}` : `/submission-detail/${r.submitId}`)}
        problemHref={(r) => `${data.base}/problem/${encodeURIComponent(r.displayPid)}`}
        rowTestId="training-submission"
      />
      <Pagination total={data.total} size={data.size} current={data.current} href={href} />
    </section>
  );
}
