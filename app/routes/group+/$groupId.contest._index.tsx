import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/admin-problem/ui";
import { AcDownloadForm } from "~/components/contest/AcDownloadForm";
import { StatusTag, useServerClock } from "~/components/contest/ContestClock";
import { contestPrimaryButton } from "~/components/contest/styles";
import { DeleteRow, KeywordSearch, RowActionAnswer, ShownSwitch, type RowAnswer } from "~/components/ui/ListControls";
import { Pagination } from "~/components/ui/Pagination";
import { listRowAction } from "~/http/list-row-action.server";
import { groupAdminPageBase } from "~/http/group-content-page.server";
import { groupMemberPageBase } from "~/http/group-page.server";
import { PAGE_SIZE } from "~/lib/constants";
import { ContestAuth } from "~/lib/contest";
import { formatDateTime } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { durationParts, scoreboardPath } from "~/lib/contest-clock";
import { contestListSchema, deleteContest, listContests, setContestVisible } from "~/services/contest/contests.server";
import { ruleInfo } from "~/services/contest/rules/index.server";
import { administerContest } from "~/services/contest/scope.server";
import { getT } from "~/services/platform/i18n.server";

// A group's contests (spec section 2, /group/{gid}/contest): title, rule, auth, start, duration,
// participants of a non-public one, status, 10 a page, for its members; a contest opens on the
// contest pages. Its admins also see hidden ones and create, edit, show or hide, manage problems
// and announcements, download accepted submissions and delete (with confirmation). Status and
// duration look as on the site's contest list and the contest's overview (StatusTag, durationParts).

export const handle = { i18n: ["group", "contest-admin", "contest-page", "admin-problem"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { view, gid } = await groupMemberPageBase(request, params);
  const url = new URL(request.url);
  const query = contestListSchema.parse({ currentPage: url.searchParams.get("currentPage") ?? undefined, keyword: url.searchParams.get("keyword") ?? undefined, limit: PAGE_SIZE.groupLists });
  const page = await listContests(query, view.scope, view.isAdmin);
  return json({
    gid,
    isAdmin: view.isAdmin,
    keyword: query.keyword,
    total: page.total,
    size: page.size,
    current: page.current,
    now: page.now.toISOString(),
    rows: page.records.map((c) => ({
      id: c._id,
      title: c.title,
      type: c.type,
      rule: ruleInfo(c.type),
      auth: c.auth,
      visible: c.visible,
      author: c.author,
      startTime: c.startTime.toISOString(),
      endTime: c.endTime.toISOString(),
      duration: durationParts(c.duration),
      participants: c.auth === ContestAuth.PUBLIC ? null : (page.counts.get(c._id) ?? 0),
    })),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, gid, admin } = await groupAdminPageBase(request, params);
  const t = await getT(request, ["contest", "group", "common"]);
  return listRowAction(request, t, {
    idName: "cid",
    toggle: { intent: "visible", field: "visible", apply: async (cid, on) => setContestVisible(await administerContest(cid, user, admin.manage), on) },
    title: async (cid) => (await administerContest(cid, user, admin.manage)).contest.title,
    remove: async (cid) => deleteContest(await administerContest(cid, user, admin.manage)),
    back: `/group/${gid}/contest`,
    flash: { saved: "contest-admin:flash.saved", deleted: "contest-admin:flash.deleted" },
  });
}

export default function GroupContests() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<RowAnswer>();
  const { t } = useTranslation("contest-admin");
  const { t: tg } = useTranslation("group");
  const { t: tp } = useTranslation("contest-page");
  const now = useServerClock(data.now);
  const base = `/group/${data.gid}/contest`;
  const href = (p: number) => `${base}?${new URLSearchParams({ ...(data.keyword ? { keyword: data.keyword } : {}), currentPage: String(p) }).toString()}`;
  return (
    <section className="space-y-3 rounded bg-white p-3 shadow-sm sm:p-5" data-testid="group-contests">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{tg("content.contests")}</h2>
        {data.isAdmin ? (
          <Link to={`${base}/create`} className={contestPrimaryButton} data-testid="group-contest-create">
            {t("list.create")}
          </Link>
        ) : null}
      </div>
      <KeywordSearch keyword={data.keyword} label={t("list.keyword")} submit={t("list.search")} />
      <RowActionAnswer answer={answer} idName="cid" question={(id, title) => t("list.confirmDelete", { id, title })} label={t("list.delete")} cancel={t("list.cancel")} cancelTo={base} />
      <ul className="space-y-2" data-testid="group-contest-list">
        {data.rows.length === 0 ? <li className="py-6 text-center text-gray-700">{t("list.empty")}</li> : null}
        {data.rows.map((c) => (
          <li key={c.id} className="rounded border border-gray-200 p-3" data-testid="group-contest-row" data-cid={c.id}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <Link to={`/contest/${c.id}`} className="font-medium text-blue-700 underline">
                  {c.title}
                </Link>
                <p className="text-sm text-gray-700">
                  {c.rule.name} · {t(`auth.${c.auth}`)} · {formatDateTime(c.startTime)} · {tp("list.hoursMinutes", { h: c.duration.h, m: c.duration.m })}
                  {c.participants !== null ? ` · ${tg("content.participants", { count: c.participants })}` : ""} · {c.author}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Link to={scoreboardPath(c.id, c.rule.scoring)} className="text-sm text-blue-700 underline">
                  {tg("content.scoreboard")}
                </Link>
                <StatusTag contest={c} now={now} />
              </div>
            </div>
            {data.isAdmin ? (
              <div className="mt-2 flex flex-wrap items-center gap-1">
                <ShownSwitch row={{ idName: "cid", id: c.id }} intent="visible" field="visible" on={c.visible} label={t("list.visibleOf", { title: c.title })} shown={t("list.shown")} hidden={t("list.hidden")} />
                <Link to={`${base}/${c.id}/edit`} className={`${buttonClass} text-gray-800`}>
                  {t("list.edit")}
                </Link>
                <Link to={`${base}/${c.id}/manage-problems`} className={`${buttonClass} text-gray-800`}>
                  {t("list.problems")}
                </Link>
                <Link to={`${base}/${c.id}/announcements`} className={`${buttonClass} text-gray-800`}>
                  {t("list.announcements")}
                </Link>
                <AcDownloadForm action={`${base}/${c.id}/ac-submissions`} />
                <DeleteRow row={{ idName: "cid", id: c.id }} question={t("list.confirmDelete", { id: c.id, title: c.title })} label={t("list.delete")} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <Pagination total={data.total} size={data.size} current={data.current} href={href} />
    </section>
  );
}
