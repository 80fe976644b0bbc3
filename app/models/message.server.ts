import mongoose, { Schema, type Model, type Types } from "mongoose";
import { MESSAGE_STATES, MESSAGE_TYPES, type MessageState, type MessageType } from "~/lib/messages";

// A message to one user (spec section 3 "Message"): someone commented on, replied to or liked
// what the user wrote (discuss, reply, like), a system notice (sys), or a notice about the user's
// own content (mine). Features that cause a message write one; the message centre lists them.

export interface UserMessageDoc {
  _id: Types.ObjectId;
  /** uid of the user who receives it. */
  recipientUid: string;
  type: MessageType;
  state: MessageState;
  /** Who caused it; empty for system messages. */
  senderUid: string;
  senderUsername: string;
  senderAvatar: string;
  /** What happened, in HOJ's words (Discuss, Reply, Like...). */
  action: string;
  /** Where it happened: Discussion, Contest, Comment, Reply... */
  sourceType: string;
  sourceId: string;
  sourceTitle: string;
  /** The commented, replied or liked text. */
  sourceContent: string;
  /** The text this message quotes (the reply's content, for instance). */
  quoteContent: string;
  /** System and own-content notices have a title and a body. */
  title: string;
  content: string;
  /**
   * A notice the site writes itself keeps translation keys ("ns:key") and their values instead, so
   * it reads in the recipient's language wherever it is shown; absent for the others.
   */
  titleKey?: string;
  contentKey?: string;
  textParams?: Record<string, string>;
  /** Site path that opens the source. */
  url: string;
  /** The admin notice a system message came from (0 for none): a push repeated after a crash skips those who have it. */
  noticeId: number;
  gmtCreate: Date;
}

const userMessageSchema = new Schema<UserMessageDoc>(
  {
    recipientUid: { type: String, required: true },
    type: { type: String, required: true, enum: MESSAGE_TYPES },
    state: { type: String, required: true, enum: MESSAGE_STATES, default: "unread" },
    senderUid: { type: String, default: "" },
    senderUsername: { type: String, default: "" },
    senderAvatar: { type: String, default: "" },
    action: { type: String, default: "" },
    sourceType: { type: String, default: "" },
    sourceId: { type: String, default: "" },
    sourceTitle: { type: String, default: "" },
    sourceContent: { type: String, default: "" },
    quoteContent: { type: String, default: "" },
    title: { type: String, default: "" },
    content: { type: String, default: "" },
    titleKey: { type: String },
    contentKey: { type: String },
    textParams: { type: Schema.Types.Mixed },
    url: { type: String, default: "" },
    noticeId: { type: Number, default: 0 },
    gmtCreate: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
// Unread counts per user and type (header badges), and each tab's newest-first list.
userMessageSchema.index({ recipientUid: 1, state: 1, type: 1 });
userMessageSchema.index({ recipientUid: 1, type: 1, gmtCreate: -1 });
userMessageSchema.index({ noticeId: 1, recipientUid: 1 });

export const UserMessage: Model<UserMessageDoc> =
  (mongoose.models.UserMessage as Model<UserMessageDoc>) ??
  mongoose.model<UserMessageDoc>("UserMessage", userMessageSchema, "user_messages");

/**
 * A user's unread messages per type, kept with $inc when a message is sent and lowered when
 * messages are read or deleted, so the header's poll reads one document.
 */
export interface UnreadCountDoc {
  _id: string;
  discuss: number;
  reply: number;
  like: number;
  sys: number;
  mine: number;
}

const unreadCountSchema = new Schema<UnreadCountDoc>(
  {
    _id: { type: String, required: true },
    discuss: { type: Number, default: 0 },
    reply: { type: Number, default: 0 },
    like: { type: Number, default: 0 },
    sys: { type: Number, default: 0 },
    mine: { type: Number, default: 0 },
  },
  { versionKey: false },
);

export const UnreadCount: Model<UnreadCountDoc> =
  (mongoose.models.UnreadCount as Model<UnreadCountDoc>) ??
  mongoose.model<UnreadCountDoc>("UnreadCount", unreadCountSchema, "unread_counts");
