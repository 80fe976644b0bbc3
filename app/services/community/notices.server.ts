import { z } from "zod";
import { ADMIN_ROLES, PAGE_SIZE } from "~/lib/constants";
import { nextSeq } from "~/models/counter.server";
import { NOTICE_RECIPIENTS } from "~/lib/community";
import { Notice, type NoticeDoc } from "~/models/notice.server";
import { User } from "~/models/user.server";
import { requireSiteAdministrator } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { findUserByUsername } from "../account/users.server";
import { DomainError } from "../errors.server";
import { logger } from "../platform/logger.server";
import { withLocks } from "../platform/redis-lock.server";
import { sendSystemMessages } from "./messages.server";

// System notices (spec: the admin sends to all, designated users or admins; pushed into the system
// message list by an hourly job). Super admins only, as the spec's admin pages are.

const E = "community:errors.";

export const NOTICE_PUSH_INTERVAL_MS = 60 * 60 * 1000;

export const noticeInputSchema = z
  .object({
    title: z.string({ required_error: `${E}titleRequired` }).trim().min(1, `${E}titleRequired`).max(255, `${E}titleTooLong`),
    content: z.string({ required_error: `${E}contentRequired` }).trim().min(1, `${E}contentRequired`).max(65535, `${E}contentTooLong`),
    type: z.enum(NOTICE_RECIPIENTS, { errorMap: () => ({ message: `${E}recipientRequired` }) }),
    recipient: z.string().trim().max(100).optional().nullable(),
  })
  .refine((n) => n.type !== "Single" || !!n.recipient, { message: `${E}recipientUserRequired`, path: ["recipient"] });
export type NoticeInput = z.infer<typeof noticeInputSchema>;

function requireRoot(user: CurrentUser): void {
  requireSiteAdministrator(user);
}

async function recipientUid(input: NoticeInput): Promise<string | null> {
  if (input.type !== "Single") return null;
  const u = await findUserByUsername(input.recipient ?? "");
  if (!u) throw new DomainError("invalid", `${E}recipientNotFound`);
  return u._id;
}

/** HOJ's AdminSysNoticeVO. */
export function noticeJson(n: NoticeDoc, recipientName: string | null = null) {
  return { id: n._id, title: n.title, content: n.content, type: n.type, recipientId: n.recipientId, recipientUsername: recipientName, state: n.state, adminId: n.adminId, adminUsername: n.adminUsername, gmtCreate: n.gmtCreate, gmtModified: n.gmtModified };
}

export async function createNotice(user: CurrentUser, input: NoticeInput): Promise<NoticeDoc> {
  requireRoot(user);
  const doc = await Notice.create({
    _id: await nextSeq("notice"),
    title: input.title,
    content: input.content,
    type: input.type,
    recipientId: await recipientUid(input),
    adminId: user._id,
    adminUsername: user.username,
  });
  return doc.toObject();
}

/** Changes a notice not yet pushed (a pushed one is in people's messages already). */
export async function updateNotice(user: CurrentUser, id: number, input: NoticeInput): Promise<void> {
  requireRoot(user);
  const n = await Notice.findById(id).lean<NoticeDoc>();
  if (!n) throw new DomainError("notFound", `${E}noticeNotFound`);
  if (n.state) throw new DomainError("conflict", `${E}noticePushed`);
  await Notice.updateOne({ _id: id }, { $set: { title: input.title, content: input.content, type: input.type, recipientId: await recipientUid(input), gmtModified: new Date() } });
}

export async function deleteNotice(user: CurrentUser, id: number): Promise<void> {
  requireRoot(user);
  const res = await Notice.deleteOne({ _id: id });
  if (res.deletedCount === 0) throw new DomainError("notFound", `${E}noticeNotFound`);
}

export async function listNotices(user: CurrentUser, page: number, limit: number = PAGE_SIZE.admin, type?: string | null) {
  requireRoot(user);
  const filter: Record<string, unknown> = {};
  if (type && (NOTICE_RECIPIENTS as readonly string[]).includes(type)) filter.type = type;
  const [rows, total] = await Promise.all([Notice.find(filter).sort({ _id: -1 }).skip((page - 1) * limit).limit(limit).lean<NoticeDoc[]>(), Notice.countDocuments(filter)]);
  const ids = rows.map((n) => n.recipientId).filter((x): x is string => !!x);
  const names = new Map((await User.find({ _id: { $in: ids } }).select("_id username").lean<Array<{ _id: string; username: string }>>()).map((u) => [u._id, u.username]));
  return { records: rows.map((n) => noticeJson(n, n.recipientId ? (names.get(n.recipientId) ?? null) : null)), total, size: limit, current: page };
}

async function recipientsOf(n: NoticeDoc): Promise<string[]> {
  if (n.type === "Single") return n.recipientId ? [n.recipientId] : [];
  const filter = n.type === "Admin" ? { role: { $in: [...ADMIN_ROLES] }, status: 0 } : { status: 0 };
  return (await User.find(filter).select("_id").lean<Array<{ _id: string }>>()).map((u) => u._id);
}

/**
 * Pushes every notice not pushed yet into its recipients' system messages (the hourly job, and the
 * admin's "push now"). One process at a time; a repeated push tells nobody twice.
 */
export async function pushPendingNotices(): Promise<number> {
  return withLocks(
    ["notice-push"],
    async () => {
      let pushed = 0;
      for (const n of await Notice.find({ state: false }).sort({ _id: 1 }).lean<NoticeDoc[]>()) {
        await sendSystemMessages(await recipientsOf(n), { noticeId: n._id, title: n.title, content: n.content, senderUid: n.adminId, senderUsername: n.adminUsername });
        await Notice.updateOne({ _id: n._id }, { $set: { state: true, gmtModified: new Date() } });
        pushed += 1;
      }
      return pushed;
    },
    { ttlMs: 60_000, waitMs: 5_000 },
  );
}

/** The web process's hourly notice job (a background worker). */
export function startNoticeJob(intervalMs = NOTICE_PUSH_INTERVAL_MS): { stop: () => void } {
  const run = () => void pushPendingNotices().catch((err) => logger.warn({ err }, "system notices were not pushed this time"));
  const timer = setInterval(run, intervalMs);
  timer.unref?.();
  return { stop: () => clearInterval(timer) };
}
