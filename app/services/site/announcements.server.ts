import { z } from "zod";
import { PAGE_SIZE } from "~/lib/constants";
import { Announcement, type AnnouncementDoc } from "~/models/announcement.server";
import { nextSeq } from "~/models/counter.server";
import { requireSiteAdministrator } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { DomainError } from "../errors.server";
import { pagesChanged } from "../platform/page-cache.server";

// The site's announcements as the home page and HOJ's /get-common-announcement read them: visible
// ones, newest first, 5 a page; and the super admin's writing of them.

export const announcementListSchema = z.object({
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).catch(PAGE_SIZE.homeAnnouncements).default(PAGE_SIZE.homeAnnouncements),
});

export type AnnouncementListQuery = z.infer<typeof announcementListSchema>;

/** HOJ's AnnouncementVO. */
export function announcementJson(a: AnnouncementDoc) {
  return {
    id: a._id,
    title: a.title,
    content: a.content,
    uid: a.uid,
    username: a.username,
    status: a.status,
    gid: a.gid ?? null,
    gmtCreate: a.gmtCreate,
    gmtModified: a.gmtModified,
  };
}

/** A page of the announcements a filter selects (the site's or a group's), newest first. */
export async function announcementPage(filter: Record<string, unknown>, q: AnnouncementListQuery) {
  const [total, records] = await Promise.all([
    Announcement.countDocuments(filter),
    Announcement.find(filter)
      .sort({ _id: -1 })
      .skip((q.currentPage - 1) * q.limit)
      .limit(q.limit)
      .lean<AnnouncementDoc[]>(),
  ]);
  return { total, current: q.currentPage, size: q.limit, records };
}

/** A page of the site's visible announcements. */
export function listSiteAnnouncements(q: AnnouncementListQuery) {
  return announcementPage({ gid: null, status: 0 }, q);
}

// ---- Writing (the super admin's announcement screen and /ojapi/admin/announcement) ----

const E = "community:errors.";

export const announcementInputSchema = z.object({
  title: z.string({ required_error: `${E}titleRequired` }).trim().min(1, `${E}titleRequired`).max(255, `${E}titleTooLong`),
  content: z.string({ required_error: `${E}contentRequired` }).trim().min(1, `${E}contentRequired`).max(65535, `${E}contentTooLong`),
  /** 0 visible, 1 hidden (HOJ's status); forms send the visible switch. */
  status: z.preprocess((v) => (v === true || v === "0" || v === 0 ? 0 : v === false || v === "1" || v === 1 ? 1 : v), z.union([z.literal(0), z.literal(1)])).default(0),
});
export type AnnouncementInput = z.infer<typeof announcementInputSchema>;

function requireAnnouncer(user: CurrentUser): void {
  requireSiteAdministrator(user);
}

async function siteOwn(id: number): Promise<AnnouncementDoc> {
  const a = await Announcement.findOne({ _id: id, gid: null }).lean<AnnouncementDoc>();
  if (!a) throw new DomainError("notFound", `${E}announcementNotFound`);
  return a;
}

/** Every site announcement, hidden ones too, for the admin list. */
export async function listAnnouncementsForAdmin(user: CurrentUser, page: number, limit: number = PAGE_SIZE.admin) {
  requireAnnouncer(user);
  const result = await announcementPage({ gid: null }, { currentPage: page, limit });
  return { ...result, records: result.records.map(announcementJson) };
}

export async function createAnnouncement(user: CurrentUser, input: AnnouncementInput): Promise<AnnouncementDoc> {
  requireAnnouncer(user);
  const now = new Date();
  const doc = await Announcement.create({ _id: await nextSeq("announcement"), title: input.title, content: input.content, status: input.status, uid: user._id, username: user.username, gid: null, gmtCreate: now, gmtModified: now });
  await pagesChanged("site");
  return doc.toObject();
}

export async function updateAnnouncement(user: CurrentUser, id: number, input: AnnouncementInput): Promise<void> {
  requireAnnouncer(user);
  await siteOwn(id);
  await Announcement.updateOne({ _id: id }, { $set: { title: input.title, content: input.content, status: input.status, gmtModified: new Date() } });
  await pagesChanged("site");
}

/** The list's visible switch, saved at once. */
export async function setAnnouncementVisible(user: CurrentUser, id: number, visible: boolean): Promise<void> {
  requireAnnouncer(user);
  await siteOwn(id);
  await Announcement.updateOne({ _id: id }, { $set: { status: visible ? 0 : 1, gmtModified: new Date() } });
  await pagesChanged("site");
}

export async function deleteAnnouncement(user: CurrentUser, id: number): Promise<void> {
  requireAnnouncer(user);
  await siteOwn(id);
  await Announcement.deleteOne({ _id: id });
  await pagesChanged("site");
}
