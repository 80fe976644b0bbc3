import mongoose, { Schema, type Model } from "mongoose";

// Comments (on a discussion, or a contest's Q&A) and their replies (spec section 3).

export interface CommentDoc {
  _id: number;
  /** The discussion commented on, or null for a contest's Q&A. */
  did: number | null;
  /** The contest of a Q&A comment, or null. */
  cid: number | null;
  content: string;
  fromUid: string;
  fromName: string;
  fromAvatar: string;
  /** Role name of the author when written (root, admin, ...). */
  fromRole: string;
  likeNum: number;
  replyNum: number;
  gmtCreate: Date;
}

const commentSchema = new Schema<CommentDoc>(
  {
    _id: { type: Number, required: true },
    did: { type: Number, default: null },
    cid: { type: Number, default: null },
    content: { type: String, required: true },
    fromUid: { type: String, required: true },
    fromName: { type: String, required: true },
    fromAvatar: { type: String, default: "" },
    fromRole: { type: String, default: "default_role" },
    likeNum: { type: Number, default: 0 },
    replyNum: { type: Number, default: 0 },
    gmtCreate: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
commentSchema.index({ did: 1, _id: -1 });
commentSchema.index({ cid: 1, _id: -1 });

export const Comment: Model<CommentDoc> =
  (mongoose.models.Comment as Model<CommentDoc>) ?? mongoose.model<CommentDoc>("Comment", commentSchema, "comments");

export interface ReplyDoc {
  _id: number;
  commentId: number;
  content: string;
  fromUid: string;
  fromName: string;
  fromAvatar: string;
  fromRole: string;
  toUid: string;
  toName: string;
  toAvatar: string;
  gmtCreate: Date;
}

const replySchema = new Schema<ReplyDoc>(
  {
    _id: { type: Number, required: true },
    commentId: { type: Number, required: true },
    content: { type: String, required: true },
    fromUid: { type: String, required: true },
    fromName: { type: String, required: true },
    fromAvatar: { type: String, default: "" },
    fromRole: { type: String, default: "default_role" },
    toUid: { type: String, default: "" },
    toName: { type: String, default: "" },
    toAvatar: { type: String, default: "" },
    gmtCreate: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
replySchema.index({ commentId: 1, _id: 1 });

export const Reply: Model<ReplyDoc> = (mongoose.models.Reply as Model<ReplyDoc>) ?? mongoose.model<ReplyDoc>("Reply", replySchema, "replies");
