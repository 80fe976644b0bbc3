import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass, ConfirmSubmit, Notice, primaryButtonClass } from "~/components/admin-problem/ui";
import { AuthTag, CategoryTag, Progress } from "~/components/training/TrainingTags";
import { Pagination } from "~/components/ui/Pagination";
import { flash } from "~/http/flash.server";
import { groupAdminPageBase } from "~/http/group-content-page.server";
import { formAttempt, groupMemberPageBase } from "~/http/group-page.server";
import { inputId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { PAGE_SIZE } from "~/lib/constants";
import { useTranslation } from "~/lib/translation";
import { getT } from "~/services/platform/i18n.server";
import { deleteTraining, listTrainings, loadTraining, setTrainingStatus, trainingListSchema } from "~/services/training/trainings.server";

// A group's trainings (spec section 2, /group/{gid}/training): number, title, auth tag, coloured
// category tag, progress, problem count and author, 10 a page, for its members; a training opens
// in the group's frame (/group/{gid}/training/{id}). Its admins also see hidden ones and create,
// edit, show or hide, manage problems and delete (with confirmation; the server asks again without
// JavaScript).

export const handle = { i18n: ["group", "training", "training-admin", "admin-problem"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { view, user, gid } = await groupMemberPageBase(request, params);
  const url = new URL(request.url);
  const query = trainingListSchema.parse({ currentPage: url.searchParams.get("currentPage") ?? undefined, keyword: url.searchParams.get("keyword") ?? undefined, limit: PAGE_SIZE.groupLists });
  const page = await listTrainings(query, user, view.scope, view.isAdmin);
  return json({
    gid,
    isAdmin: view.isAdmin,
    keyword: query.keyword,
    total: page.total,
    size: page.size,
    current: page.current,
    rows: page.records.map((r) => ({
      id: r.training._id,
      rank: r.training.rank,
      title: r.training.title,
      auth: r.training.auth,
      status: r.training.status,
      author: r.training.author,
      problemCount: r.training.problemCount ?? 0,
      acCount: r.acCount ?? 0,
      categoryName: r.category?.name ?? null,
      categoryColor: r.category?.color ?? null,
    })),
  });
}

type Answer = { error?: string; confirmDelete?: { tid: number; title: string } };

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, gid, admin } = await groupAdminPageBase(request, params);
  const t = await getT(request, ["training", "group", "common"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const tid = inputId(form.get("tid"));
  const done = async (key: string) => siteRedirect(`/group/${gid}/training`, { headers: { "Set-Cookie": await flash(request, { type: "success", key }) } });
  if (intent === "status") {
    const r = await formAttempt(t, () => setTrainingStatus(user, tid, form.get("status") === "true", admin.manage));
    return r.ok ? done("training-admin:flash.saved") : r.response;
  }
  if (intent === "delete") {
    if (form.get("confirmed") !== "1") {
      const r = await formAttempt(t, () => loadTraining(tid, admin.manage));
      return r.ok ? json<Answer>({ confirmDelete: { tid, title: r.value.title } }) : r.response;
    }
    const r = await formAttempt(t, () => deleteTraining(user, tid, admin.manage));
    return r.ok ? done("training-admin:flash.deleted") : r.response;
  }
  return json<Answer>({ error: t("common:errors.badRequest") }, { status: 400 });
}

export default function GroupTrainings() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const { t } = useTranslation("training-admin");
  const { t: tg } = useTranslation("group");
  const base = `/group/${data.gid}/training`;
  const href = (p: number) => `${base}?${new URLSearchParams({ ...(data.keyword ? { keyword: data.keyword } : {}), currentPage: String(p) }).toString()}`;
  return (
    <section className="space-y-3 rounded bg-white p-3 shadow-sm sm:p-5" data-testid="group-trainings">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{tg("content.trainings")}</h2>
        {data.isAdmin ? (
          <Link to={`${base}/create`} className={primaryButtonClass} data-testid="group-training-create">
            {t("list.create")}
          </Link>
        ) : null}
      </div>
      <Form method="get" className="flex items-end gap-2">
        <label className="flex flex-col text-sm text-gray-700">
          {t("list.keyword")}
          <input type="search" name="keyword" defaultValue={data.keyword} maxLength={100} className="mt-1 w-64 rounded border px-2 py-1 text-sm" />
        </label>
        <button type="submit" className={`${buttonClass} text-gray-800`}>
          {t("list.search")}
        </button>
      </Form>
      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      {answer?.confirmDelete ? (
        <Notice kind="warning">
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <span>{t("list.confirmDelete", { id: answer.confirmDelete.tid, title: answer.confirmDelete.title })}</span>
            <input type="hidden" name="tid" value={answer.confirmDelete.tid} />
            <input type="hidden" name="confirmed" value="1" />
            <button type="submit" name="intent" value="delete" className="rounded border border-red-700 px-3 py-1 text-sm text-red-700">
              {t("list.delete")}
            </button>
            <Link to={base}>{t("list.cancel")}</Link>
          </Form>
        </Notice>
      ) : null}
      <div className="overflow-x-auto rounded border border-gray-200 focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <table className="w-full text-left text-sm" data-testid="group-training-list">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th className="px-2 py-2">{t("list.rank")}</th>
              <th className="px-2 py-2">{t("list.titleCol")}</th>
              <th className="px-2 py-2">{t("list.auth")}</th>
              <th className="px-2 py-2">{t("list.category")}</th>
              <th className="px-2 py-2">{tg("content.progress")}</th>
              <th className="px-2 py-2">{t("list.info")}</th>
              {data.isAdmin ? <th className="px-2 py-2">{t("list.actions")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.rows.length === 0 ? (
              <tr>
                <td colSpan={data.isAdmin ? 7 : 6} className="px-2 py-6 text-center text-gray-700">
                  {t("list.empty")}
                </td>
              </tr>
            ) : null}
            {data.rows.map((r) => (
              <tr key={r.id} className="border-t border-gray-100" data-testid="group-training-row" data-tid={r.id}>
                <td className="px-2 py-2">{r.rank}</td>
                <td className="px-2 py-2">
                  <Link to={`${base}/${r.id}`} className="text-blue-700 underline">
                    {r.title}
                  </Link>
                </td>
                <td className="px-2 py-2">
                  <AuthTag auth={r.auth} />
                </td>
                <td className="px-2 py-2">
                  <CategoryTag name={r.categoryName} color={r.categoryColor} />
                </td>
                <td className="px-2 py-2">
                  <Progress solved={r.acCount} total={r.problemCount} label={tg("content.progressOf", { title: r.title })} />
                </td>
                <td className="whitespace-nowrap px-2 py-2 text-xs text-gray-700">
                  <div>{r.author}</div>
                  <div>{t("list.problemCount", { count: r.problemCount })}</div>
                </td>
                {data.isAdmin ? (
                  <td className="px-2 py-2">
                    <div className="flex flex-wrap items-center gap-1">
                      <Form method="post">
                        <input type="hidden" name="tid" value={r.id} />
                        <input type="hidden" name="status" value={r.status ? "false" : "true"} />
                        <button type="submit" name="intent" value="status" role="switch" aria-checked={r.status} aria-label={t("list.shownOf", { title: r.title })} className={`rounded px-2 py-0.5 text-xs ${r.status ? "bg-green-700 text-white" : "border border-gray-400 text-gray-800"}`}>
                          {r.status ? t("list.shown") : t("list.hidden")}
                        </button>
                      </Form>
                      <Link to={`${base}/${r.id}/edit`} className={`${buttonClass} text-gray-800`}>
                        {t("list.edit")}
                      </Link>
                      <Link to={`${base}/${r.id}/manage-problems`} className={`${buttonClass} text-gray-800`}>
                        {t("list.problems")}
                      </Link>
                      <Form method="post">
                        <input type="hidden" name="tid" value={r.id} />
                        <ConfirmSubmit name="intent" value="delete" message={t("list.confirmDelete", { id: r.id, title: r.title })}>
                          {t("list.delete")}
                        </ConfirmSubmit>
                      </Form>
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination total={data.total} size={data.size} current={data.current} href={href} />
    </section>
  );
}
