import mongoose, { Schema, type Model } from "mongoose";

// Discussions (spec section 3 "Discussion"), their categories, reports, and the likes of
// discussions and comments. A discussion belongs to the site (gid null) or to a group.

export interface DiscussionDoc {
  _id: number;
  categoryId: number;
  title: string;
  description: string;
  content: string;
  /** The problem's display id when the discussion is about a problem; null otherwise. */
  pid: string | null;
  uid: string;
  /** The author's username when it was written. */
  author: string;
  /** The author's role name when it was written (root, admin, ...): decides sanitising. */
  role: string;
  viewNum: number;
  likeNum: number;
  commentNum: number;
  topPriority: boolean;
  /** 0 normal, 1 disabled by an admin. */
  status: number;
  gid: number | null;
  gmtCreate: Date;
  gmtModified: Date;
}

const discussionSchema = new Schema<DiscussionDoc>(
  {
    _id: { type: Number, required: true },
    categoryId: { type: Number, required: true },
    title: { type: String, required: true },
    description: { type: String, default: "" },
    content: { type: String, default: "" },
    pid: { type: String, default: null },
    uid: { type: String, required: true },
    author: { type: String, required: true },
    role: { type: String, default: "default_role" },
    viewNum: { type: Number, default: 0 },
    likeNum: { type: Number, default: 0 },
    commentNum: { type: Number, default: 0 },
    topPriority: { type: Boolean, default: false },
    status: { type: Number, default: 0 },
    gid: { type: Number, default: null },
    gmtCreate: { type: Date, default: () => new Date() },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
// The list: a scope's discussions, pinned first, newest first; narrowed by author or problem.
discussionSchema.index({ gid: 1, topPriority: -1, _id: -1 });
discussionSchema.index({ uid: 1, _id: -1 });
discussionSchema.index({ pid: 1, _id: -1 });

export const Discussion: Model<DiscussionDoc> =
  (mongoose.models.Discussion as Model<DiscussionDoc>) ?? mongoose.model<DiscussionDoc>("Discussion", discussionSchema, "discussions");

export interface DiscussionCategoryDoc {
  _id: number;
  name: string;
  gmtCreate: Date;
}

const categorySchema = new Schema<DiscussionCategoryDoc>(
  {
    _id: { type: Number, required: true },
    name: { type: String, required: true },
    gmtCreate: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);

export const DiscussionCategory: Model<DiscussionCategoryDoc> =
  (mongoose.models.DiscussionCategory as Model<DiscussionCategoryDoc>) ??
  mongoose.model<DiscussionCategoryDoc>("DiscussionCategory", categorySchema, "discussion_categories");

export interface DiscussionReportDoc {
  _id: number;
  did: number;
  reporterUid: string;
  reporter: string;
  /** "#tag #tag reason" (spec section 5). */
  content: string;
  /** Whether an admin has handled it. */
  status: boolean;
  gmtCreate: Date;
}

const reportSchema = new Schema<DiscussionReportDoc>(
  {
    _id: { type: Number, required: true },
    did: { type: Number, required: true },
    reporterUid: { type: String, required: true },
    reporter: { type: String, required: true },
    content: { type: String, default: "" },
    status: { type: Boolean, default: false },
    gmtCreate: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
reportSchema.index({ status: 1, _id: -1 });

export const DiscussionReport: Model<DiscussionReportDoc> =
  (mongoose.models.DiscussionReport as Model<DiscussionReportDoc>) ??
  mongoose.model<DiscussionReportDoc>("DiscussionReport", reportSchema, "discussion_reports");

/**
 * One user's like of a discussion or a comment. The _id is "<kind>:<target>:<uid>", so a second
 * like (repeated or raced) meets the unique _id and counts nothing.
 */
export interface LikeDoc {
  _id: string;
  kind: "discussion" | "comment";
  targetId: number;
  uid: string;
  gmtCreate: Date;
}

const likeSchema = new Schema<LikeDoc>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    targetId: { type: Number, required: true },
    uid: { type: String, required: true },
    gmtCreate: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
likeSchema.index({ uid: 1, kind: 1, targetId: 1 });

export const Like: Model<LikeDoc> = (mongoose.models.Like as Model<LikeDoc>) ?? mongoose.model<LikeDoc>("Like", likeSchema, "likes");

export function likeId(kind: LikeDoc["kind"], targetId: number, uid: string): string {
  return `${kind}:${targetId}:${uid}`;
}
