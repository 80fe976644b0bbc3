import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminCard } from "~/components/admin/AdminShell";
import { AnnouncementForm } from "~/components/community/AnnouncementForm";
import { AnnouncementDeleteConfirm, AnnouncementTable } from "~/components/community/AnnouncementTable";
import { Notice, primaryButtonClass } from "~/components/admin-problem/ui";
import { Pagination } from "~/components/ui/Pagination";
import { positiveOrNull } from "~/http/community.server";
import { flash } from "~/http/flash.server";
import { requireSuperAdmin } from "~/http/guards.server";
import { inputId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { pageTitle } from "~/lib/meta";
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

type Answer = { error: string | null; errors: Record<string, string>; confirm?: number; draft?: { title: string; content: string; visible: boolean; id: string } };

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
      const id = inputId(form.get("id"));
      if (form.get("confirmed") !== "1") return json<Answer>({ error: null, errors: {}, confirm: id });
      await deleteAnnouncement(user, id);
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
  const errors = answer?.errors ?? {};
  const draft = answer?.draft ?? (data.editing ? { title: data.editing.title, content: data.editing.content, visible: data.editing.status === 0, id: String(data.editing.id) } : { title: "", content: "", visible: true, id: "" });
  return (
    <AdminCard title={data.pageTitle}>
      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      {answer?.confirm ? <AnnouncementDeleteConfirm id={answer.confirm} base="/admin/announcement" testId="announcement-confirm" /> : null}
      <div className="mb-5">
        <AnnouncementForm draft={draft} errors={errors} cancelTo="/admin/announcement" testId="announcement-form" idPrefix="a" submitClass={primaryButtonClass} />
      </div>
      <AnnouncementTable rows={data.page.records} base="/admin/announcement" label={{ text: data.pageTitle }} testId="admin-announcements" rowTestId="admin-announcement" />
      <Pagination total={data.page.total} size={data.page.size} current={data.page.current} href={(p) => `/admin/announcement?currentPage=${p}`} />
    </AdminCard>
  );
}
