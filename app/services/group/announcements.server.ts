import { z } from "zod";
import { PAGE_SIZE } from "~/lib/constants";
import { Announcement, type AnnouncementDoc } from "~/models/announcement.server";
import { nextSeq } from "~/models/counter.server";
import { groupAdminRefusal, groupItemEditRefusal } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { DomainError } from "../errors.server";
import { renderMarkdownCached } from "../platform/markdown.server";
import { announcementJson, announcementPage, type AnnouncementInput } from "../site/announcements.server";
import { groupFor, groupForMember } from "./groups.server";

// A group's announcements (spec sections 2 and 6; HOJ's GroupAnnouncementController): the site's
// announcement model with the group's id. Members read the visible ones; the group's admins list all
// of them and write: its root edits and deletes any, its other admins those they wrote.

export const groupAnnouncementListSchema = z.object({
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).catch(PAGE_SIZE.admin).default(PAGE_SIZE.admin),
});
export type GroupAnnouncementListQuery = z.infer<typeof groupAnnouncementListSchema>;

async function page(filter: Record<string, unknown>, q: GroupAnnouncementListQuery) {
  const result = await announcementPage(filter, q);
  return { ...result, records: result.records.map((a) => ({ ...announcementJson(a), html: renderMarkdownCached(a.content) })) };
}

/** The visible announcements of the group, newest first (HOJ's GET /group/get-announcement-list): its members. */
export async function listGroupAnnouncements(viewer: CurrentUser | null, gid: number, q: GroupAnnouncementListQuery) {
  await groupForMember(gid, viewer);
  return page({ gid, status: 0 }, q);
}

/** Every announcement of the group, hidden ones too (HOJ's get-admin-announcement-list): its admins. */
export async function listGroupAnnouncementsForAdmin(viewer: CurrentUser | null, gid: number, q: GroupAnnouncementListQuery) {
  const view = await groupFor(gid, viewer);
  const refusal = groupAdminRefusal(viewer, view.ctx);
  if (refusal) throw refusal;
  const result = await page({ gid }, q);
  const root = view.isRoot;
  return { ...result, records: result.records.map((a) => ({ ...a, editable: root || a.uid === viewer!._id })) };
}

export async function createGroupAnnouncement(user: CurrentUser, gid: number, input: AnnouncementInput): Promise<AnnouncementDoc> {
  const view = await groupFor(gid, user);
  const refusal = groupAdminRefusal(user, view.ctx);
  if (refusal) throw refusal;
  const now = new Date();
  const doc = await Announcement.create({ _id: await nextSeq("announcement"), title: input.title, content: input.content, status: input.status, uid: user._id, username: user.username, gid, gmtCreate: now, gmtModified: now });
  return doc.toObject();
}

/** The announcement as its editor may change it: refused outside its group, to non-admins, and to admins who did not write it. */
async function editable(user: CurrentUser, id: number, gid: number | null): Promise<AnnouncementDoc> {
  const a = await Announcement.findById(id).lean<AnnouncementDoc>();
  if (!a || a.gid === null || (gid !== null && a.gid !== gid)) throw new DomainError("notFound", "community:errors.announcementNotFound");
  const view = await groupFor(a.gid, user);
  const refusal = groupItemEditRefusal(user, view.ctx, a);
  if (refusal) throw refusal;
  return a;
}

/** HOJ's PUT /group/announcement carries the announcement with its gid; the page names its group. */
export async function updateGroupAnnouncement(user: CurrentUser, id: number, gid: number | null, input: AnnouncementInput): Promise<void> {
  const a = await editable(user, id, gid);
  await Announcement.updateOne({ _id: a._id }, { $set: { title: input.title, content: input.content, status: input.status, gmtModified: new Date() } });
}

/** The list's visible switch. */
export async function setGroupAnnouncementVisible(user: CurrentUser, id: number, gid: number | null, visible: boolean): Promise<void> {
  const a = await editable(user, id, gid);
  await Announcement.updateOne({ _id: a._id }, { $set: { status: visible ? 0 : 1, gmtModified: new Date() } });
}

export async function deleteGroupAnnouncement(user: CurrentUser, id: number, gid: number | null): Promise<void> {
  const a = await editable(user, id, gid);
  await Announcement.deleteOne({ _id: a._id });
}
