import { json } from "@remix-run/node";
import { announcementInputSchema, announcementUpdateSchema, createAnnouncement, deleteAnnouncement, listAnnouncementsForAdmin, updateAnnouncement } from "~/services/contest/announcements.server";
import type { ContestPlace, ContestScope } from "~/services/contest/scope.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import { flash } from "./flash.server";
import { inputId } from "./ids.server";
import { siteRedirect } from "./paths.server";
import { httpStatusOf } from "./status.server";

// The contest announcements page's edge (the site's admin page and a group's): the posted form
// validated by the service's schemas, a delete confirmed by the server without JavaScript, and the
// page again after a write. The services check the contest's admins in the given scope.

export type AnnouncementsAnswer = { error: string | null; errors: Record<string, string>; draft?: { title: string; content: string }; editId?: number; confirmDelete?: { id: number; title: string } };

/** The announcements page's POST (create, update, delete with the server's confirmation step), in a scope. */
export async function contestAnnouncementsAction(request: Request, cs: ContestScope, where: { place: ContestPlace | null; here: string }) {
  const user = cs.viewer!;
  const cid = cs.contest._id;
  const t = await getT(request, ["contest", "common"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const draft = { title: String(form.get("title") ?? ""), content: String(form.get("content") ?? "") };
  const input = { cid, ...draft, visible: form.has("visible") ? "true" : "false" };
  try {
    if (intent === "create") {
      const v = validate(t, announcementInputSchema, input);
      if (!v.ok) return json<AnnouncementsAnswer>({ error: null, errors: v.errors, draft }, { status: 400 });
      await createAnnouncement(cs, v.data);
    } else if (intent === "update") {
      const id = inputId(form.get("id"));
      const v = validate(t, announcementUpdateSchema, { ...input, id });
      if (!v.ok) return json<AnnouncementsAnswer>({ error: null, errors: v.errors, draft, editId: id }, { status: 400 });
      await updateAnnouncement(user, v.data, where.place);
    } else if (intent === "delete") {
      const id = inputId(form.get("id"));
      const own = (await listAnnouncementsForAdmin(cs)).find((a) => a._id === id);
      if (!own) throw new DomainError("notFound", "contest:announcementNotFound");
      // Without JavaScript the server asks first (the dialog sends confirmed=1).
      if (form.get("confirmed") !== "1") return json<AnnouncementsAnswer>({ error: null, errors: {}, confirmDelete: { id, title: own.title } });
      await deleteAnnouncement(user, id, where.place);
    } else {
      return json<AnnouncementsAnswer>({ error: t("common:errors.badRequest"), errors: {} }, { status: 400 });
    }
  } catch (err) {
    if (err instanceof DomainError) return json<AnnouncementsAnswer>({ error: t(err.message, err.params ?? {}), errors: {}, draft }, { status: httpStatusOf(err.kind) });
    throw err;
  }
  const cookie = await flash(request, { type: "success", key: "contest-admin:flash.saved" });
  return siteRedirect(where.here, { headers: { "Set-Cookie": cookie } });
}

