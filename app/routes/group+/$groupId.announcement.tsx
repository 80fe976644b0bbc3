import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AnnouncementForm } from "~/components/community/AnnouncementForm";
import { AnnouncementDeleteConfirm, AnnouncementTable } from "~/components/community/AnnouncementTable";
import { Pagination } from "~/components/ui/Pagination";
import { positiveOrNull } from "~/http/community.server";
import { flash } from "~/http/flash.server";
import { groupPageBase, groupPageRefusal } from "~/http/group-page.server";
import { loginRedirect } from "~/http/guards.server";
import { inputId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { pageFrom } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { DomainError } from "~/services/errors.server";
import {
  createGroupAnnouncement,
  deleteGroupAnnouncement,
  listGroupAnnouncementsForAdmin,
  setGroupAnnouncementVisible,
  updateGroupAnnouncement,
} from "~/services/group/announcements.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import { announcementInputSchema } from "~/services/site/announcements.server";

// A group's announcements tab (spec section 2: its admins): every announcement, hidden ones too;
// write one, edit (?edit=id), show or hide it, delete it after a confirmation. The group's root
// changes any, its other admins those they wrote; members read the visible ones on the group's home.

export const handle = { i18n: ["group", "group-activity", "community", "admin-problem"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, gid } = await groupPageBase(request, params);
  if (!user) throw loginRedirect(request);
  const url = new URL(request.url);
  try {
    const page = await listGroupAnnouncementsForAdmin(user, gid, { currentPage: pageFrom(url.searchParams.get("currentPage")), limit: 10 });
    const editId = positiveOrNull(url.searchParams.get("edit"));
    const editing = editId ? (page.records.find((a) => a.id === editId && a.editable) ?? null) : null;
    return json({ gid, page, editing });
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}

type Answer = { error: string | null; errors: Record<string, string>; confirm?: number; draft?: { title: string; content: string; visible: boolean; id: string } };

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, gid } = await groupPageBase(request, params);
  if (!user) throw loginRedirect(request);
  const t = await getT(request, ["community", "group", "group-activity", "common"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const draft = { title: String(form.get("title") ?? ""), content: String(form.get("content") ?? ""), visible: form.has("visible"), id: String(form.get("id") ?? "") };
  try {
    if (intent === "save") {
      const v = validate(t, announcementInputSchema, { title: draft.title, content: draft.content, status: draft.visible ? 0 : 1 });
      if (!v.ok) return json<Answer>({ error: null, errors: v.errors, draft }, { status: 400 });
      if (draft.id) await updateGroupAnnouncement(user, inputId(draft.id), gid, v.data);
      else await createGroupAnnouncement(user, gid, v.data);
    } else if (intent === "show" || intent === "hide") {
      await setGroupAnnouncementVisible(user, inputId(form.get("id")), gid, intent === "show");
    } else if (intent === "delete") {
      const id = inputId(form.get("id"));
      if (form.get("confirmed") !== "1") return json<Answer>({ error: null, errors: {}, confirm: id });
      await deleteGroupAnnouncement(user, id, gid);
    } else {
      return json<Answer>({ error: t("common:errors.badRequest"), errors: {} }, { status: 400 });
    }
  } catch (err) {
    if (err instanceof DomainError) return json<Answer>({ error: t(err.message, err.params ?? {}), errors: {}, draft }, { status: httpStatusOf(err.kind) });
    throw err;
  }
  return siteRedirect(`/group/${gid}/announcement`, { headers: { "Set-Cookie": await flash(request, { type: "success", key: "common:success.update" }) } });
}

export default function GroupAnnouncements() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t: tg } = useTranslation("group-activity");
  const errors = answer?.errors ?? {};
  const draft = answer?.draft ?? (data.editing ? { title: data.editing.title, content: data.editing.content, visible: data.editing.status === 0, id: String(data.editing.id) } : { title: "", content: "", visible: true, id: "" });
  const base = `/group/${data.gid}/announcement`;
  return (
    <section className="space-y-4 rounded bg-white p-3 shadow-sm sm:p-5" aria-labelledby="group-announcements-title">
      <h2 id="group-announcements-title" className="text-lg font-semibold">
        {tg("announcements.title")}
      </h2>
      {answer?.error ? (
        <p role="alert" className="text-sm text-red-700" data-testid="group-announcement-error">
          {answer.error}
        </p>
      ) : null}
      {answer?.confirm ? <AnnouncementDeleteConfirm id={answer.confirm} base={base} testId="group-announcement-confirm" /> : null}
      <AnnouncementForm draft={draft} errors={errors} action={base} cancelTo={base} testId="group-announcement-form" idPrefix="ga" submitClass="rounded bg-blue-700 px-4 py-1.5 text-sm text-white hover:bg-blue-800" headingLevel={3} />
      {data.page.records.length === 0 ? (
        <p className="py-4 text-center text-gray-700">{tg("announcements.empty")}</p>
      ) : (
        <AnnouncementTable rows={data.page.records} base={base} label={{ id: "group-announcements-title" }} testId="group-announcements" rowTestId="group-announcement" />
      )}
      <Pagination total={data.page.total} size={data.page.size} current={data.page.current} href={(p) => `${base}?currentPage=${p}`} />
    </section>
  );
}
