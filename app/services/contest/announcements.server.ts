import { z } from "zod";
import { ContestAnnouncement, ContestAnnouncementRead, type ContestAnnouncementDoc } from "~/models/contest-announcement.server";
import { nextSeq } from "~/models/counter.server";
import { isContestAdmin } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { DomainError } from "../errors.server";
import { contestScopeFor, loadContest, requireContestAdmin, requireEntry, SITE, type ContestOwnerScope } from "./contests.server";

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

export async function createAnnouncement(user: CurrentUser, input: z.infer<typeof announcementInputSchema>, scope: ContestOwnerScope = SITE): Promise<ContestAnnouncementDoc> {
  const contest = await loadContest(input.cid, scope);
  requireContestAdmin(user, contest, scope);
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

async function ownAnnouncement(user: CurrentUser, id: number, scope: ContestOwnerScope): Promise<ContestAnnouncementDoc> {
  const a = await ContestAnnouncement.findById(id).lean<ContestAnnouncementDoc>();
  if (!a) throw new DomainError("notFound", "contest:announcementNotFound");
  requireContestAdmin(user, await loadContest(a.cid, scope), scope);
  return a;
}

export async function updateAnnouncement(user: CurrentUser, input: z.infer<typeof announcementUpdateSchema>, scope: ContestOwnerScope = SITE): Promise<void> {
  const a = await ownAnnouncement(user, input.id, scope);
  if (a.cid !== input.cid) throw new DomainError("notFound", "contest:announcementNotFound");
  await ContestAnnouncement.updateOne({ _id: a._id }, { $set: { title: input.title, content: input.content, visible: input.visible, gmtModified: new Date() } });
}

export async function deleteAnnouncement(user: CurrentUser, id: number, scope: ContestOwnerScope = SITE): Promise<void> {
  const a = await ownAnnouncement(user, id, scope);
  await ContestAnnouncement.deleteOne({ _id: a._id });
  await ContestAnnouncementRead.deleteMany({ aid: a._id });
}

/** The announcements a viewer sees: visible ones; admins see hidden ones too. */
export async function listAnnouncements(user: CurrentUser, cid: number): Promise<ContestAnnouncementDoc[]> {
  const { contest, ctx } = await contestScopeFor(cid, user);
  requireEntry(user, ctx);
  const filter: Record<string, unknown> = { cid };
  if (!isContestAdmin(user, contest, ctx.groupAdmin)) filter.visible = true;
  return ContestAnnouncement.find(filter).sort({ _id: -1 }).lean<ContestAnnouncementDoc[]>();
}

/** The admin list (every announcement of the contest). */
export async function listAnnouncementsForAdmin(user: CurrentUser, cid: number, scope: ContestOwnerScope = SITE): Promise<ContestAnnouncementDoc[]> {
  const contest = await loadContest(cid, scope);
  requireContestAdmin(user, contest, scope);
  return ContestAnnouncement.find({ cid }).sort({ _id: -1 }).lean<ContestAnnouncementDoc[]>();
}

/**
 * Visible announcements the user has not read: neither in `readIds` (what HOJ's client kept in the
 * browser) nor marked read on the server.
 */
export async function unreadAnnouncements(user: CurrentUser, cid: number, readIds: readonly number[] = []): Promise<ContestAnnouncementDoc[]> {
  const list = await listAnnouncements(user, cid);
  if (list.length === 0) return [];
  const marks = await ContestAnnouncementRead.find({ uid: user._id, cid }).select("aid").lean<Array<{ aid: number }>>();
  const read = new Set([...readIds, ...marks.map((m) => m.aid)]);
  return list.filter((a) => a.visible && !read.has(a._id));
}

/** Marks announcements as read by the user (the page does when it shows them). */
export async function markAnnouncementsRead(user: CurrentUser, cid: number, ids: readonly number[]): Promise<void> {
  const visible = await listAnnouncements(user, cid);
  const known = new Set(visible.map((a) => a._id));
  const ops = ids
    .filter((id) => known.has(id))
    .map((aid) => ({ updateOne: { filter: { _id: `${aid}:${user._id}` }, update: { $set: { cid, uid: user._id, aid } }, upsert: true } }));
  if (ops.length > 0) await ContestAnnouncementRead.bulkWrite(ops);
}
