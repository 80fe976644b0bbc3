import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass, ConfirmSubmit, Notice, inputClass, textareaClass } from "~/components/admin-problem/ui";
import { formatDateTime } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { contestPrimaryButton } from "~/components/contest/styles";
import { useTranslation } from "~/lib/translation";
import { contestPageRefusal } from "~/http/contest-page.server";
import { flash } from "~/http/flash.server";
import { requireAdmin } from "~/http/guards.server";
import { inputId, pathId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { announcementInputSchema, announcementUpdateSchema, createAnnouncement, deleteAnnouncement, listAnnouncementsForAdmin, updateAnnouncement } from "~/services/contest/announcements.server";
import { loadContest } from "~/services/contest/contests.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";

// A contest's announcements for its admins (spec section 2): write one, change it or hide it, delete
// with confirmation. Contest admins only (the services check).

export const handle = { i18n: ["contest-admin", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const cid = pathId(params.contestId);
  try {
    const [list, contest, t] = await Promise.all([listAnnouncementsForAdmin(user, cid), loadContest(cid), getT(request, "contest-admin")]);
    return json({
      cid,
      pageTitle: t("announcements.title", { title: contest.title }),
      rows: list.map((a) => ({ id: a._id, title: a.title, content: a.content, visible: a.visible, username: a.username, time: formatDateTime(a.gmtCreate) })),
    });
  } catch (err) {
    throw contestPageRefusal(err);
  }
}

type Answer = { error: string | null; errors: Record<string, string>; draft?: { title: string; content: string }; editId?: number; confirmDelete?: { id: number; title: string } };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const cid = pathId(params.contestId);
  const t = await getT(request, ["contest", "common"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const draft = { title: String(form.get("title") ?? ""), content: String(form.get("content") ?? "") };
  const input = { cid, ...draft, visible: form.has("visible") ? "true" : "false" };
  try {
    if (intent === "create") {
      const v = validate(t, announcementInputSchema, input);
      if (!v.ok) return json<Answer>({ error: null, errors: v.errors, draft }, { status: 400 });
      await createAnnouncement(user, v.data);
    } else if (intent === "update") {
      const id = inputId(form.get("id"));
      const v = validate(t, announcementUpdateSchema, { ...input, id });
      if (!v.ok) return json<Answer>({ error: null, errors: v.errors, draft, editId: id }, { status: 400 });
      await updateAnnouncement(user, v.data);
    } else if (intent === "delete") {
      const id = inputId(form.get("id"));
      const own = (await listAnnouncementsForAdmin(user, cid)).find((a) => a._id === id);
      if (!own) throw new DomainError("notFound", "contest:announcementNotFound");
      // Without JavaScript the server asks first (the dialog sends confirmed=1).
      if (form.get("confirmed") !== "1") return json<Answer>({ error: null, errors: {}, confirmDelete: { id, title: own.title } });
      await deleteAnnouncement(user, id);
    } else {
      return json<Answer>({ error: t("common:errors.badRequest"), errors: {} }, { status: 400 });
    }
  } catch (err) {
    if (err instanceof DomainError) return json<Answer>({ error: t(err.message, err.params ?? {}), errors: {}, draft }, { status: httpStatusOf(err.kind) });
    throw err;
  }
  const cookie = await flash(request, { type: "success", key: "contest-admin:flash.saved" });
  return siteRedirect(`/admin/contest/${cid}/announcements`, { headers: { "Set-Cookie": cookie } });
}

export default function AdminContestAnnouncements() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("contest-admin");
  const createErr = answer && answer.editId === undefined ? answer.errors : {};
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{data.pageTitle}</h1>
        <Link to="/admin/contest" className={`${buttonClass} text-gray-800`}>
          {t("list.title")}
        </Link>
      </div>
      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      {answer?.confirmDelete ? (
        <Notice kind="warning">
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <span>{t("announcements.confirmDelete", { title: answer.confirmDelete.title })}</span>
            <input type="hidden" name="id" value={answer.confirmDelete.id} />
            <input type="hidden" name="confirmed" value="1" />
            <button type="submit" name="intent" value="delete" className="rounded border border-red-700 px-3 py-1 text-sm text-red-700">
              {t("list.delete")}
            </button>
            <Link to={`/admin/contest/${data.cid}/announcements`}>{t("list.cancel")}</Link>
          </Form>
        </Notice>
      ) : null}
      <section className="space-y-2 rounded border border-gray-200 bg-white p-4">
        <h2 className="font-semibold">{t("announcements.create")}</h2>
        <Form method="post" className="space-y-2" data-testid="announcement-form">
          <input type="hidden" name="intent" value="create" />
          <label className="block text-sm text-gray-800">
            {t("announcements.titleField")}
            <input name="title" defaultValue={answer?.editId === undefined ? answer?.draft?.title : ""} className={inputClass} aria-invalid={createErr.title ? true : undefined} />
          </label>
          {createErr.title ? <p role="alert" className="text-xs text-red-700">{createErr.title}</p> : null}
          <label className="block text-sm text-gray-800">
            {t("announcements.content")}
            <textarea name="content" rows={5} defaultValue={answer?.editId === undefined ? answer?.draft?.content : ""} className={textareaClass} aria-invalid={createErr.content ? true : undefined} />
          </label>
          {createErr.content ? <p role="alert" className="text-xs text-red-700">{createErr.content}</p> : null}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="visible" defaultChecked /> {t("announcements.visible")}
          </label>
          <button type="submit" className={contestPrimaryButton}>
            {t("announcements.publish")}
          </button>
        </Form>
      </section>
      {data.rows.length === 0 ? <p className="text-center text-gray-700">{t("announcements.empty")}</p> : null}
      {data.rows.map((a) => {
        const errs = answer?.editId === a.id ? answer.errors : {};
        return (
          <details key={a.id} className="rounded border border-gray-200 bg-white p-3" data-testid="admin-announcement">
            <summary className="cursor-pointer">
              <span className="font-medium">{a.title}</span> <span className="text-xs text-gray-700">{a.username} · {a.time} · {a.visible ? t("list.shown") : t("list.hidden")}</span>
            </summary>
            <Form method="post" className="mt-2 space-y-2">
              <input type="hidden" name="id" value={a.id} />
              <input name="title" defaultValue={a.title} aria-label={t("announcements.titleField")} className={inputClass} />
              {errs.title ? <p role="alert" className="text-xs text-red-700">{errs.title}</p> : null}
              <textarea name="content" rows={5} defaultValue={a.content} aria-label={t("announcements.content")} className={textareaClass} />
              {errs.content ? <p role="alert" className="text-xs text-red-700">{errs.content}</p> : null}
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="visible" defaultChecked={a.visible} /> {t("announcements.visible")}
              </label>
              <div className="flex gap-2">
                <button type="submit" name="intent" value="update" className={`${buttonClass} text-gray-800`}>
                  {t("problems.save")}
                </button>
                <ConfirmSubmit name="intent" value="delete" message={t("announcements.confirmDelete", { title: a.title })}>
                  {t("list.delete")}
                </ConfirmSubmit>
              </div>
            </Form>
          </details>
        );
      })}
    </div>
  );
}
