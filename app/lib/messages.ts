import { LIMITS } from "./constants";

// The five kinds of user message (spec: message centre tabs and unread counts). `countKey` is the
// field name of HOJ's unread-count answer, where discussion messages are called "comment".

export const MESSAGE_TYPES = ["discuss", "reply", "like", "sys", "mine"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const MESSAGE_STATES = ["unread", "read"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export type UnreadCountKey = "comment" | "reply" | "like" | "sys" | "mine";
export type UnreadCounts = Record<UnreadCountKey, number>;

export const MESSAGE_COUNT_KEY: Record<MessageType, UnreadCountKey> = {
  discuss: "comment",
  reply: "reply",
  like: "like",
  sys: "sys",
  mine: "mine",
};

export const NO_UNREAD: UnreadCounts = { comment: 0, reply: 0, like: 0, sys: 0, mine: 0 };

export function totalUnread(counts: UnreadCounts): number {
  return counts.comment + counts.reply + counts.like + counts.sys + counts.mine;
}

/** Badge text: nothing for zero, at most "99+" (spec: capped display 99). */
export function badgeText(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return "";
  return n > LIMITS.unreadBadgeCap ? `${LIMITS.unreadBadgeCap}+` : String(Math.floor(n));
}

/** The message menu: one entry per type, in the order of the message centre's tabs. */
export const MESSAGE_MENU: ReadonlyArray<{ type: MessageType; to: string; label: string; countKey: UnreadCountKey }> =
  MESSAGE_TYPES.map((type) => ({ type, to: `/message/${type}`, label: `message.${type}`, countKey: MESSAGE_COUNT_KEY[type] }));

/** Messages per page of each tab (spec section 9: 6 for discuss, reply and like; 8 for sys and mine). */
export const MESSAGE_PAGE_SIZE: Record<MessageType, number> = { discuss: 6, reply: 6, like: 6, sys: 8, mine: 8 };

/** HOJ's type names of /msg/clean (Discuss, Reply, Like, Sys, Mine) as ours. */
export function messageTypeOfHoj(name: string): MessageType | null {
  const t = name.trim().toLowerCase();
  return (MESSAGE_TYPES as readonly string[]).includes(t) ? (t as MessageType) : null;
}
