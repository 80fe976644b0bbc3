import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminCard } from "~/components/admin/AdminShell";
import { AnnouncementForm } from "~/components/community/AnnouncementForm";
import { buttonClass, ConfirmSubmit, Notice, primaryButtonClass } from "~/components/admin-problem/ui";
import { Pagination } from "~/components/ui/Pagination";
import { positiveOrNull } from "~/http/community.server";
import { flash } from "~/http/flash.server";
import { requireSuperAdmin } from "~/http/guards.server";
import { inputId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { formatDateTime } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import {
  announcementInputSchema,
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncementsForAdmin,
  setAnnouncementVisible,
  updateAnnouncement,
} from "~/services/site/announcements.server";
import { pageFrom } from "~/lib/format";

// The site's announcements (super admin; spec section 2 "Admin area"): write one, edit it, show or
// hide it (saved at once), delete it after a confirmation. The home page shows the visible ones.

export const handle = { i18n: ["community", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuperAdmin(request);
  const url = new URL(request.url);
  const current = pageFrom(url.searchParams.get("currentPage"));
  const page = await listAnnouncementsForAdmin(user, current);
  const editId = positiveOrNull(url.searchParams.get("edit"));
  const t = await getT(request, "community");
  const editing = editId ? (page.records.find((a) => a.id === editId) ?? null) : null;
  return json({ pageTitle: t("admin.announcements"), page, editing });
}

type Answer = { error: string | null; errors: Record<string, string>; draft?: { title: string; content: string; visible: boolean; id: string } };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSuperAdmin(request);
  const t = await getT(request, ["community", "common"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const draft = { title: String(form.get("title") ?? ""), content: String(form.get("content") ?? ""), visible: form.has("visible"), id: String(form.get("id") ?? "") };
  try {
    if (intent === "save") {
      const v = validate(t, announcementInputSchema, { title: draft.title, content: draft.content, status: draft.visible ? 0 : 1 });
      if (!v.ok) return json<Answer>({ error: null, errors: v.errors, draft }, { status: 400 });
      if (draft.id) await updateAnnouncement(user, inputId(draft.id), v.data);
      else await createAnnouncement(user, v.data);
    } else if (intent === "show" || intent === "hide") {
      await setAnnouncementVisible(user, inputId(form.get("id")), intent === "show");
    } else if (intent === "delete") {
      if (form.get("confirmed") !== "1") return json<Answer>({ error: t("admin.confirmAnnouncementDelete"), errors: {} });
      await deleteAnnouncement(user, inputId(form.get("id")));
    } else {
      return json<Answer>({ error: t("common:errors.badRequest"), errors: {} }, { status: 400 });
    }
  } catch (err) {
    if (err instanceof DomainError) return json<Answer>({ error: t(err.message, err.params ?? {}), errors: {}, draft }, { status: httpStatusOf(err.kind) });
    throw err;
  }
  return siteRedirect("/admin/announcement", { headers: { "Set-Cookie": await flash(request, { type: "success", key: "common:success.update" }) } });
}

export default function AdminAnnouncements() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("community");
  const errors = answer?.errors ?? {};
  const draft = answer?.draft ?? (data.editing ? { title: data.editing.title, content: data.editing.content, visible: data.editing.status === 0, id: String(data.editing.id) } : { title: "", content: "", visible: true, id: "" });
  return (
    <AdminCard title={data.pageTitle}>
      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      <div className="mb-5">
        <AnnouncementForm draft={draft} errors={errors} cancelTo="/admin/announcement" testId="announcement-form" idPrefix="a" submitClass={primaryButtonClass} />
      </div>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={data.pageTitle}>
        <table className="w-full text-left text-sm" data-testid="admin-announcements">
          <thead className="border-b text-gray-700">
            <tr>
              <th className="p-2">{t("form.title")}</th>
              <th className="p-2">{t("admin.author")}</th>
              <th className="p-2">{t("admin.time")}</th>
              <th className="p-2">{t("admin.visible")}</th>
              <th className="p-2">
                <span className="sr-only">{t("admin.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.page.records.map((a) => (
              <tr key={a.id} className="border-b" data-testid="admin-announcement">
                <td className="p-2">{a.title}</td>
                <td className="p-2">{a.username}</td>
                <td className="whitespace-nowrap p-2">{formatDateTime(a.gmtCreate)}</td>
                <td className="p-2">
                  <Form method="post">
                    <input type="hidden" name="id" value={a.id} />
                    <button type="submit" name="intent" value={a.status === 0 ? "hide" : "show"} className={buttonClass} aria-pressed={a.status === 0}>
                      {a.status === 0 ? t("admin.shown") : t("admin.hidden")}
                    </button>
                  </Form>
                </td>
                <td className="flex gap-2 p-2">
                  <Link to={`/admin/announcement?edit=${a.id}`} className={buttonClass}>
                    {t("detail.edit")}
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="id" value={a.id} />
                    <ConfirmSubmit name="intent" value="delete" message={t("admin.confirmAnnouncementDelete")}>
                      {t("comments.delete")}
                    </ConfirmSubmit>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination total={data.page.total} size={data.page.size} current={data.page.current} href={(p) => `/admin/announcement?currentPage=${p}`} />
    </AdminCard>
  );
}
