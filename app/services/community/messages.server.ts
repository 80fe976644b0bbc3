import type { TFunction } from "i18next";
import { MESSAGE_COUNT_KEY, MESSAGE_TYPES, NO_UNREAD, type MessageType, type UnreadCounts } from "~/lib/messages";
import { UnreadCount, UserMessage, type UnreadCountDoc, type UserMessageDoc } from "~/models/message.server";
import { COMMUNITY_LIMITS } from "~/lib/community";

// User messages: the unread counts of the header and the message centre, the one way features
// write a message, and the message centre's lists. Unread counts are kept per user (one document,
// moved with $inc when a message is sent, read or deleted), so the header's poll reads one
// document and never counts messages.

type Counts = Record<MessageType, number>;

async function keptCounts(uid: string): Promise<Counts> {
  const kept = await UnreadCount.findById(uid).lean<UnreadCountDoc>();
  if (!kept) return { discuss: 0, reply: 0, like: 0, sys: 0, mine: 0 };
  return { discuss: kept.discuss, reply: kept.reply, like: kept.like, sys: kept.sys, mine: kept.mine };
}

/** Unread messages of a user per type, in HOJ's shape ({comment, reply, like, sys, mine}). */
export async function unreadCounts(uid: string): Promise<UnreadCounts> {
  const out: UnreadCounts = { ...NO_UNREAD };
  if (!uid) return out;
  const counts = await keptCounts(uid);
  for (const type of MESSAGE_TYPES) out[MESSAGE_COUNT_KEY[type]] = Math.max(0, counts[type]);
  return out;
}

async function moveCount(uid: string, type: MessageType, by: number): Promise<void> {
  if (by === 0) return;
  await UnreadCount.updateOne({ _id: uid }, { $inc: { [type]: by } }, { upsert: true });
  if (by < 0) await UnreadCount.updateOne({ _id: uid, [type]: { $lt: 0 } }, { $set: { [type]: 0 } });
}

export type NewUserMessage = Pick<UserMessageDoc, "recipientUid" | "type"> &
  Partial<Omit<UserMessageDoc, "_id" | "recipientUid" | "type" | "state" | "gmtCreate">>;

function excerpt(text: string | undefined): string {
  const s = (text ?? "").trim();
  return s.length > COMMUNITY_LIMITS.messageExcerpt ? `${s.slice(0, COMMUNITY_LIMITS.messageExcerpt)}...` : s;
}

/**
 * Sends a message to a user. Nobody is told about their own action (liking one's own comment,
 * replying to oneself), so such a message is dropped and null returned.
 */
export async function sendUserMessage(input: NewUserMessage): Promise<UserMessageDoc | null> {
  if (!input.recipientUid) return null;
  if (input.senderUid && input.senderUid === input.recipientUid && input.type !== "sys" && input.type !== "mine") return null;
  const doc = await UserMessage.create({
    ...input,
    sourceContent: excerpt(input.sourceContent),
    quoteContent: excerpt(input.quoteContent),
    state: "unread",
    gmtCreate: new Date(),
  });
  await moveCount(input.recipientUid, input.type, 1);
  return doc.toObject();
}

/**
 * Sends an admin's notice to many users as system messages. Users who already hold a message of the
 * same notice are skipped, so a push repeated after a crash tells nobody twice.
 */
export async function sendSystemMessages(uids: readonly string[], notice: { noticeId: number; title: string; content: string; senderUid?: string; senderUsername?: string }): Promise<number> {
  const now = new Date();
  let sent = 0;
  for (let i = 0; i < uids.length; i += 500) {
    const slice = uids.slice(i, i + 500);
    const have = new Set(
      (await UserMessage.find({ noticeId: notice.noticeId, recipientUid: { $in: slice } }).select("recipientUid").lean<Array<{ recipientUid: string }>>()).map((m) => m.recipientUid),
    );
    const batch = slice.filter((uid) => !have.has(uid));
    if (batch.length === 0) continue;
    await UserMessage.insertMany(
      batch.map((uid) => ({ recipientUid: uid, type: "sys", state: "unread", noticeId: notice.noticeId, title: notice.title, content: notice.content, senderUid: notice.senderUid ?? "", senderUsername: notice.senderUsername ?? "", gmtCreate: now })),
    );
    for (const uid of batch) await moveCount(uid, "sys", 1);
    sent += batch.length;
  }
  return sent;
}

export interface MessagePage {
  records: UserMessageDoc[];
  total: number;
}

/**
 * One page of a user's messages of a type, newest first. Loading the list reads what it shows
 * (spec section 4): the page's unread messages become read and the kept count drops by as many.
 */
export async function listMessages(uid: string, type: MessageType, page: number, limit: number, options: { markRead?: boolean } = {}): Promise<MessagePage> {
  const filter = { recipientUid: uid, type };
  const [records, total] = await Promise.all([
    UserMessage.find(filter).sort({ gmtCreate: -1, _id: -1 }).skip((page - 1) * limit).limit(limit).lean<UserMessageDoc[]>(),
    UserMessage.countDocuments(filter),
  ]);
  if (options.markRead !== false) await markMessagesRead(uid, type, records.filter((m) => m.state === "unread").map((m) => String(m._id)));
  return { records, total };
}

/** Marks the user's listed messages of a type read (the message centre's page does it once shown). */
export async function markMessagesRead(uid: string, type: MessageType, ids: readonly string[]): Promise<number> {
  const valid = ids.filter((id) => /^[0-9a-f]{24}$/i.test(id));
  if (valid.length === 0) return 0;
  const res = await UserMessage.updateMany({ _id: { $in: valid }, recipientUid: uid, type, state: "unread" }, { $set: { state: "read" } });
  await moveCount(uid, type, -res.modifiedCount);
  return res.modifiedCount;
}

/** Deletes one message of the user (by id) or, without an id, every message of the type. */
export async function deleteMessages(uid: string, type: MessageType, id?: string): Promise<number> {
  if (id) {
    const msg = await UserMessage.findOne({ _id: id, recipientUid: uid, type }).lean<UserMessageDoc>();
    if (!msg) return 0;
    const res = await UserMessage.deleteOne({ _id: msg._id });
    if (res.deletedCount === 1 && msg.state === "unread") await moveCount(uid, type, -1);
    return res.deletedCount;
  }
  const res = await UserMessage.deleteMany({ recipientUid: uid, type });
  await UnreadCount.updateOne({ _id: uid }, { $set: { [type]: 0 } }, { upsert: true });
  return res.deletedCount;
}

/** The translation namespaces the messages' own texts need (beside "community", the message centre's). */
export function messageNamespaces(records: readonly UserMessageDoc[]): [string, ...string[]] {
  const out = new Set(["community"]);
  for (const m of records) for (const key of [m.titleKey, m.contentKey]) if (key?.includes(":")) out.add(key.slice(0, key.indexOf(":")));
  return [...out] as [string, ...string[]];
}

/**
 * HOJ's message row (UserMsgVO; sys and mine rows carry title and content). A notice stored as
 * translation keys is written out with `t`, in the reader's language.
 */
export function messageJson(m: UserMessageDoc, t: TFunction) {
  const params = m.textParams ?? {};
  const sourceId = /^\d+$/.test(m.sourceId) ? Number(m.sourceId) : m.sourceId || null;
  return {
    id: String(m._id),
    action: m.action,
    sourceId,
    sourceType: m.sourceType,
    sourceTitle: m.sourceTitle,
    sourceContent: m.sourceContent,
    quoteContent: m.quoteContent,
    url: m.url,
    state: m.state === "read",
    senderId: m.senderUid,
    senderUsername: m.senderUsername,
    senderAvatar: m.senderAvatar,
    title: m.titleKey ? t(m.titleKey, params) : m.title,
    content: m.contentKey ? t(m.contentKey, params) : m.content,
    gmtCreate: m.gmtCreate,
  };
}
