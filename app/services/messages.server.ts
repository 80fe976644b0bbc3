import { MESSAGE_COUNT_KEY, MESSAGE_TYPES, NO_UNREAD, type MessageType, type UnreadCounts } from "~/lib/messages";
import { UserMessage, type UserMessageDoc } from "~/models/message.server";

// User messages: the unread counts of the header and the message centre, and the one way features
// write a message.

/** Unread messages of a user per type, in HOJ's shape ({comment, reply, like, sys, mine}). */
export async function unreadCounts(uid: string): Promise<UnreadCounts> {
  const counts: UnreadCounts = { ...NO_UNREAD };
  if (!uid) return counts;
  const rows = await UserMessage.aggregate<{ _id: MessageType; n: number }>([
    { $match: { recipientUid: uid, state: "unread" } },
    { $group: { _id: "$type", n: { $sum: 1 } } },
  ]);
  for (const row of rows) {
    if ((MESSAGE_TYPES as readonly string[]).includes(row._id)) counts[MESSAGE_COUNT_KEY[row._id]] = row.n;
  }
  return counts;
}

export type NewUserMessage = Pick<UserMessageDoc, "recipientUid" | "type"> &
  Partial<Omit<UserMessageDoc, "_id" | "recipientUid" | "type" | "state" | "gmtCreate">>;

/**
 * Sends a message to a user. Nobody is told about their own action (liking one's own comment,
 * replying to oneself), so such a message is dropped and null returned.
 */
export async function sendUserMessage(input: NewUserMessage): Promise<UserMessageDoc | null> {
  if (!input.recipientUid) return null;
  if (input.senderUid && input.senderUid === input.recipientUid && input.type !== "sys" && input.type !== "mine") return null;
  const doc = await UserMessage.create({ ...input, state: "unread", gmtCreate: new Date() });
  return doc.toObject();
}
