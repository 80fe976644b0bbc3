import { z } from "zod";
import { ContestAnnouncement, ContestAnnouncementRead, type ContestAnnouncementDoc } from "~/models/contest-announcement.server";
import { nextSeq } from "~/models/counter.server";
import type { CurrentUser } from "../account/session.server";
import { DomainError } from "../errors.server";
import { administerContest, requireContestAdmin, requireEntry, type ContestPlace, type ContestScope } from "./scope.server";

// Announcements of a contest (spec sections 2 and 3): written by its admins, read by whoever may
// enter it, unpaged, newest first; the page checks every 60 s for ones the user has not read.

export const announcementInputSchema = z.object({
  cid: z.coerce.number({ invalid_type_error: "contest:notFound" }).int().positive("contest:notFound"),
  title: z.string({ required_error: "contest:announcementTitleRequired" }).trim().min(1, "contest:announcementTitleRequired").max(255, "contest:titleTooLong"),
  content: z.string({ required_error: "contest:announcementContentRequired" }).trim().min(1, "contest:announcementContentRequired").max(65535),
  visible: z.preprocess((v) => (v === undefined || v === "" ? true : v === true || v === "true" || v === "on" || v === "1"), z.boolean()),
});

export const announcementUpdateSchema = announcementInputSchema.extend({
  id: z.coerce.number({ invalid_type_error: "contest:announcementNotFound" }).int().positive("contest:announcementNotFound"),
});

/** HOJ's announcement row. */
export function announcementJson(a: ContestAnnouncementDoc) {
  return { id: a._id, cid: a.cid, title: a.title, content: a.content, uid: a.uid, username: a.username, status: a.visible ? 0 : 1, gmtCreate: a.gmtCreate, gmtModified: a.gmtModified };
}

/** A new announcement of the contest (its admins; `input.cid` is the resolved contest's). */
export async function createAnnouncement(cs: ContestScope, input: z.infer<typeof announcementInputSchema>): Promise<ContestAnnouncementDoc> {
  requireContestAdmin(cs);
  const user = cs.viewer as CurrentUser;
  const contest = cs.contest;
  const doc = await ContestAnnouncement.create({
    _id: await nextSeq("contest-announcement"),
    cid: contest._id,
    title: input.title,
    content: input.content,
    visible: input.visible,
    uid: user._id,
    username: user.username,
  });
  return doc.toObject();
}

/** The contest an announcement belongs to; 404 when there is none. */
export async function announcementOwner(id: number): Promise<number> {
  const a = await ContestAnnouncement.findById(id).select("cid").lean<{ cid: number }>();
  if (!a) throw new DomainError("notFound", "contest:announcementNotFound");
  return a.cid;
}

/** An announcement of a contest of the place that the viewer administers. */
async function ownAnnouncement(user: CurrentUser, id: number, place: ContestPlace | null): Promise<ContestAnnouncementDoc> {
  const a = await ContestAnnouncement.findById(id).lean<ContestAnnouncementDoc>();
  if (!a) throw new DomainError("notFound", "contest:announcementNotFound");
  await administerContest(a.cid, user, place);
  return a;
}

export async function updateAnnouncement(user: CurrentUser, input: z.infer<typeof announcementUpdateSchema>, place: ContestPlace | null): Promise<void> {
  const a = await ownAnnouncement(user, input.id, place);
  if (a.cid !== input.cid) throw new DomainError("notFound", "contest:announcementNotFound");
  await ContestAnnouncement.updateOne({ _id: a._id }, { $set: { title: input.title, content: input.content, visible: input.visible, gmtModified: new Date() } });
}

export async function deleteAnnouncement(user: CurrentUser, id: number, place: ContestPlace | null): Promise<void> {
  const a = await ownAnnouncement(user, id, place);
  await ContestAnnouncement.deleteOne({ _id: a._id });
  await ContestAnnouncementRead.deleteMany({ aid: a._id });
}

/** The announcements a viewer sees: visible ones; admins see hidden ones too. */
export async function listAnnouncements(cs: ContestScope): Promise<ContestAnnouncementDoc[]> {
  requireEntry(cs);
  const filter: Record<string, unknown> = { cid: cs.contest._id };
  if (!cs.standing.admin) filter.visible = true;
  return ContestAnnouncement.find(filter).sort({ _id: -1 }).lean<ContestAnnouncementDoc[]>();
}

/** The admin list (every announcement of the contest). */
export async function listAnnouncementsForAdmin(cs: ContestScope): Promise<ContestAnnouncementDoc[]> {
  requireContestAdmin(cs);
  return ContestAnnouncement.find({ cid: cs.contest._id }).sort({ _id: -1 }).lean<ContestAnnouncementDoc[]>();
}

/**
 * Visible announcements the user has not read: neither in `readIds` (what HOJ's client kept in the
 * browser) nor marked read on the server.
 */
export async function unreadAnnouncements(cs: ContestScope, readIds: readonly number[]): Promise<ContestAnnouncementDoc[]> {
  const user = cs.viewer as CurrentUser;
  const cid = cs.contest._id;
  const list = await listAnnouncements(cs);
  if (list.length === 0) return [];
  const marks = await ContestAnnouncementRead.find({ uid: user._id, cid }).select("aid").lean<Array<{ aid: number }>>();
  const read = new Set([...readIds, ...marks.map((m) => m.aid)]);
  return list.filter((a) => a.visible && !read.has(a._id));
}

/** Marks announcements as read by the user (the page does when it shows them). */
export async function markAnnouncementsRead(cs: ContestScope, ids: readonly number[]): Promise<void> {
  const user = cs.viewer as CurrentUser;
  const cid = cs.contest._id;
  const visible = await listAnnouncements(cs);
  const known = new Set(visible.map((a) => a._id));
  const ops = ids
    .filter((id) => known.has(id))
    .map((aid) => ({ updateOne: { filter: { _id: `${aid}:${user._id}` }, update: { $set: { cid, uid: user._id, aid } }, upsert: true } }));
  if (ops.length > 0) await ContestAnnouncementRead.bulkWrite(ops);
}
