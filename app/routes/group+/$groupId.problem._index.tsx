import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmButton } from "~/components/community/ConfirmButton";
import { DifficultyTag } from "~/components/problem/DifficultyTag";
import { StatusTag } from "~/components/submission/StatusTag";
import { Pagination } from "~/components/ui/Pagination";
import { flash } from "~/http/flash.server";
import { formAttempt, groupMemberPageBase, groupPageRefusal } from "~/http/group-page.server";
import { inputId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { JudgeStatus, ProblemAuth } from "~/lib/constants";
import { ApplyProgress } from "~/lib/group-problem";
import { useTranslation } from "~/lib/translation";
import {
  applyGroupProblemPublic,
  changeGroupProblemAuth,
  deleteGroupProblem,
  groupProblemAuthSchema,
  groupProblemListSchema,
  listGroupProblems,
} from "~/services/group/problems.server";
import { getT } from "~/services/platform/i18n.server";
import { problemStatusesIn } from "~/services/submission/user-problem-status.server";

// A group's problems (spec section 2, /group/{id}/problem): its members see its public problems
// with their own status and open them; its admins also see the private ones, create problems with
// the full editor, and (the group's root, or the admin who wrote one) edit, delete, change who sees
// a problem and apply for it to join the bank. Every change is a POST the service checks again.

export const handle = { i18n: ["group", "group-problem", "problem", "judge"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, gid } = await groupMemberPageBase(request, params);
  const q = groupProblemListSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  let page: Awaited<ReturnType<typeof listGroupProblems>>;
  try {
    page = await listGroupProblems(user, gid, q);
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
  const statuses = await problemStatusesIn(user, { gid }, page.records.map((r) => r.pid));
  return json({
    gid,
    admin: page.admin,
    keyword: q.keyword,
    total: page.total,
    size: page.size,
    current: page.current,
    records: page.records.map((r) => ({ ...r, myStatus: statuses.get(r.pid)?.status ?? JudgeStatus.NOT_SUBMITTED })),
  });
}

type Answer = { error?: string; confirmDelete?: { pid: number; problemId: string } };

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, gid } = await groupMemberPageBase(request, params);
  const t = await getT(request, ["group", "group-problem", "problem", "common"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const pid = inputId(form.get("pid"));
  const done = async (key: string) => {
    const cookie = await flash(request, { type: "success", key });
    return siteRedirect(`/group/${gid}/problem`, { headers: { "Set-Cookie": cookie } });
  };
  if (intent === "auth") {
    const parsed = groupProblemAuthSchema.safeParse({ auth: form.get("auth") });
    if (!parsed.success) return json<Answer>({ error: t("group-problem:invalidAuth") }, { status: 400 });
    const r = await formAttempt(t, () => changeGroupProblemAuth(user, gid, pid, parsed.data.auth));
    return r.ok ? done("group-problem:flash.authChanged") : r.response;
  }
  if (intent === "apply" || intent === "cancel") {
    const r = await formAttempt(t, () => applyGroupProblemPublic(user, gid, pid, intent === "apply"));
    return r.ok ? done(intent === "apply" ? "group-problem:flash.applied" : "group-problem:flash.applicationCancelled") : r.response;
  }
  if (intent === "delete") {
    if (form.get("confirmed") !== "1") return json<Answer>({ confirmDelete: { pid, problemId: String(form.get("problemId") ?? "") } });
    const r = await formAttempt(t, () => deleteGroupProblem(user, gid, pid));
    return r.ok ? done("group-problem:flash.deleted") : r.response;
  }
  return json<Answer>({ error: t("common:errors.badRequest") }, { status: 400 });
}

const btn = "rounded border px-2 py-0.5 text-sm";

export default function GroupProblems() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const { t } = useTranslation(["group-problem", "problem"]);
  const location = useLocation();
  const href = (p: number) => {
    const sp = new URLSearchParams(location.search);
    sp.set("currentPage", String(p));
    return `${location.pathname}?${sp.toString()}`;
  };
  return (
    <section className="space-y-3 rounded bg-white p-3 shadow-sm sm:p-5" data-testid="group-problems">
      {answer?.error ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800" data-testid="group-problem-error">
          {answer.error}
        </p>
      ) : null}
      {answer?.confirmDelete ? (
        <Form method="post" className="flex flex-wrap items-center gap-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="group-problem-confirm-delete">
          <span>{t("confirmDelete", { id: answer.confirmDelete.problemId })}</span>
          <input type="hidden" name="pid" value={answer.confirmDelete.pid} />
          <input type="hidden" name="confirmed" value="1" />
          <button type="submit" name="intent" value="delete" className={`${btn} border-red-700 text-red-700`}>
            {t("delete")}
          </button>
          <Link to={`/group/${data.gid}/problem`} className="text-blue-700 underline">
            {t("cancel")}
          </Link>
        </Form>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col text-xs text-gray-700">
            {t("keyword")}
            <input name="keyword" defaultValue={data.keyword} maxLength={100} className="mt-1 w-48 rounded border px-2 py-1 text-sm text-gray-800" />
          </label>
          <button type="submit" className="rounded bg-blue-700 px-3 py-1 text-sm text-white">
            {t("search")}
          </button>
        </Form>
        {data.admin ? (
          <Link to={`/group/${data.gid}/problem/create`} className="rounded bg-blue-700 px-3 py-1 text-sm text-white" data-testid="group-problem-create">
            {t("create")}
          </Link>
        ) : null}
      </div>
      <div className="overflow-x-auto focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b text-left text-gray-700">
              <th className="px-2 py-2">{t("columns.status")}</th>
              <th className="px-2 py-2">{t("columns.id")}</th>
              <th className="px-2 py-2">{t("columns.title")}</th>
              <th className="px-2 py-2">{t("columns.difficulty")}</th>
              <th className="px-2 py-2">{t("columns.acTotal")}</th>
              {data.admin ? (
                <>
                  <th className="px-2 py-2">{t("columns.auth")}</th>
                  <th className="px-2 py-2">{t("columns.progress")}</th>
                  <th className="px-2 py-2">{t("columns.author")}</th>
                  <th className="px-2 py-2">{t("columns.actions")}</th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {data.records.map((r) => (
              <tr key={r.pid} className="border-b align-top" data-testid="group-problem-row" data-problem-id={r.problemId}>
                <td className="px-2 py-1">{r.myStatus === JudgeStatus.NOT_SUBMITTED ? null : <StatusTag status={r.myStatus} />}</td>
                <td className="px-2 py-1 font-mono">
                  <Link to={`/group/${data.gid}/problem/${encodeURIComponent(r.problemId)}`} className="text-blue-700 underline">
                    {r.problemId}
                  </Link>
                </td>
                <td className="px-2 py-1">
                  <Link to={`/group/${data.gid}/problem/${encodeURIComponent(r.problemId)}`} className="text-blue-700 underline">
                    {r.title}
                  </Link>
                </td>
                <td className="px-2 py-1">
                  <DifficultyTag difficulty={r.difficulty} />
                </td>
                <td className="px-2 py-1">
                  {r.ac}/{r.total}
                </td>
                {data.admin ? (
                  <>
                    <td className="px-2 py-1">{t(`auth.${r.auth}`)}</td>
                    <td className="px-2 py-1" data-testid="group-problem-progress">
                      {r.applyPublicProgress ? t(`progress.${r.applyPublicProgress}`) : t("progress.none")}
                    </td>
                    <td className="px-2 py-1">{r.author}</td>
                    <td className="px-2 py-1">{r.mayChange ? <RowActions gid={data.gid} row={r} /> : null}</td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.records.length === 0 ? <p className="py-4 text-center text-gray-700">{t("empty")}</p> : null}
      <Pagination total={data.total} size={data.size} current={data.current} href={href} />
    </section>
  );
}

function RowActions({ gid, row }: { gid: number; row: { pid: number; problemId: string; auth: number; applyPublicProgress: number | null } }) {
  const { t } = useTranslation("group-problem");
  const otherAuth = row.auth === ProblemAuth.PUBLIC ? ProblemAuth.PRIVATE : ProblemAuth.PUBLIC;
  return (
    <div className="flex flex-wrap gap-1">
      <Link to={`/group/${gid}/problem/${row.pid}/edit`} className={`${btn} text-blue-700`} aria-label={t("editLabel", { id: row.problemId })}>
        {t("edit")}
      </Link>
      <Form method="post">
        <input type="hidden" name="pid" value={row.pid} />
        <input type="hidden" name="auth" value={otherAuth} />
        <button type="submit" name="intent" value="auth" className={btn} data-testid="group-problem-toggle-auth">
          {t(`makeAuth.${otherAuth}`)}
        </button>
      </Form>
      {row.applyPublicProgress === ApplyProgress.APPLYING ? (
        <Form method="post">
          <input type="hidden" name="pid" value={row.pid} />
          <ConfirmButton value="cancel" message={t("confirmCancel")} className={btn}>
            {t("cancelApplication")}
          </ConfirmButton>
        </Form>
      ) : row.applyPublicProgress !== ApplyProgress.PUBLIC ? (
        <Form method="post">
          <input type="hidden" name="pid" value={row.pid} />
          <ConfirmButton value="apply" message={t("confirmApply")} className={btn}>
            {t("applyPublic")}
          </ConfirmButton>
        </Form>
      ) : null}
      <Form method="post">
        <input type="hidden" name="pid" value={row.pid} />
        <input type="hidden" name="problemId" value={row.problemId} />
        <ConfirmButton value="delete" message={t("confirmDelete", { id: row.problemId })} className={`${btn} border-red-700 text-red-700`}>
          {t("delete")}
        </ConfirmButton>
      </Form>
    </div>
  );
}
