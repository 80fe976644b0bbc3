import { z } from "zod";
import { COMMUNITY_LIMITS, discussionPath, REPLIES_PREVIEWED } from "~/lib/community";
import { PAGE_SIZE } from "~/lib/constants";
import { Comment, Reply, type CommentDoc, type ReplyDoc } from "~/models/comment.server";
import { nextSeq } from "~/models/counter.server";
import { Discussion, type DiscussionDoc } from "~/models/discussion.server";
import {
  commentFilterFor,
  discussionCommentsRefusal,
  mayDeleteComment,
  replyRefusal,
  roleName,
  seesComment,
  seesReplies,
  speakRefusal,
  trustsMarkdownOf,
  type CommunityPlace,
} from "../access/community.server";
import type { Viewer } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { shownUsers, solvedProblemCount, type ShownUser } from "../account/users.server";
import { enterContest } from "../contest/scope.server";
import { discussionPlaceOf } from "../group/discussions.server";
import { DomainError } from "../errors.server";
import { renderMarkdownCached } from "../platform/markdown.server";
import { communitySettings, requireArea } from "./discussions.server";
import { likeTarget } from "./likes.server";
import { sendUserMessage } from "./messages.server";
import { pagesChanged } from "../platform/page-cache.server";

// Comments and replies (spec sections 2, 5, 6): on a discussion, or a contest's Q&A. Which of them
// a viewer sees, answers and deletes is the community policy's answer for the place.

const E = "community:errors.";

const contentField = z
  .string({ required_error: `${E}commentEmpty`, invalid_type_error: `${E}commentEmpty` })
  .trim()
  .min(1, `${E}commentEmpty`)
  .max(COMMUNITY_LIMITS.commentMax, `${E}commentTooLong`)
  .refine((s) => !s.includes("\u0000"), `${E}commentEmpty`);

const optionalId = z.preprocess((v) => (v === "" || v === null || v === undefined ? undefined : v), z.coerce.number().int().positive().optional());

export const commentInputSchema = z
  .object({ content: contentField, did: optionalId, cid: optionalId })
  .refine((c) => (c.did ? 1 : 0) + (c.cid ? 1 : 0) === 1, { message: "common:errors.badRequest", path: ["did"] });

export const replyInputSchema = z.object({
  commentId: z.coerce.number({ invalid_type_error: `${E}commentNotFound` }).int().positive(`${E}commentNotFound`),
  content: contentField,
  toUid: z.string().max(64).optional().nullable(),
  quoteId: optionalId,
  quoteType: z.enum(["Comment", "Reply"]).optional().nullable(),
});

/** Where a comment lives, with what the rules need of it. */
export interface CommentPlace {
  place: CommunityPlace;
  discussion: DiscussionDoc | null;
  contest: { _id: number; title: string } | null;
}

/**
 * The place of a discussion's comments or a contest's Q&A, refused when the viewer may not be
 * there: to read its comments (and delete them), or to add to them and like them (`write`).
 */
export async function commentPlace(viewer: CurrentUser | null, ids: { did?: number | null; cid?: number | null }, use: "read" | "write" = "write"): Promise<CommentPlace> {
  if (ids.cid) {
    const cs = await enterContest(ids.cid, viewer, null);
    const contest = cs.contest;
    const place: CommunityPlace = { kind: "contest", cid: contest._id, contestAdmin: cs.standing.admin, contestOwnerUid: contest.uid };
    await requireArea(place);
    return { place, discussion: null, contest: { _id: contest._id, title: contest.title } };
  }
  if (!ids.did) throw new DomainError("invalid", "common:errors.badRequest");
  const d = await Discussion.findById(ids.did).lean<DiscussionDoc>();
  if (!d) throw new DomainError("notFound", `${E}notFound`);
  // A group's discussion: its members only, its admins moderating.
  const place = await discussionPlaceOf(d, viewer);
  await requireArea(place);
  const refusal = discussionCommentsRefusal(viewer, d, place, use);
  if (refusal) throw refusal;
  return { place, discussion: d, contest: null };
}

/** HOJ's ReplyVO. */
export function replyJson(r: ReplyDoc, speakers: Map<string, ShownUser>) {
  const from = speakers.get(r.fromUid);
  return {
    id: r._id,
    commentId: r.commentId,
    fromUid: r.fromUid,
    fromName: r.fromName,
    fromAvatar: from?.avatar ?? r.fromAvatar,
    fromRole: r.fromRole,
    fromTitleName: from?.titleName ?? "",
    fromTitleColor: from?.titleColor ?? "",
    toUid: r.toUid,
    toName: r.toName,
    toAvatar: r.toAvatar,
    content: r.content,
    status: 0,
    gmtCreate: r.gmtCreate,
    gmtModified: r.gmtCreate,
  };
}
export type ReplyJson = ReturnType<typeof replyJson>;

/** HOJ's CommentVO, with the first replies the viewer may see. */
export function commentJson(c: CommentDoc, speakers: Map<string, ShownUser>, replies: ReplyJson[], repliesVisible: boolean) {
  const from = speakers.get(c.fromUid);
  return {
    id: c._id,
    content: c.content,
    fromUid: c.fromUid,
    fromName: c.fromName,
    fromAvatar: from?.avatar ?? c.fromAvatar,
    fromRole: c.fromRole,
    fromTitleName: from?.titleName ?? "",
    fromTitleColor: from?.titleColor ?? "",
    likeNum: Math.max(0, c.likeNum),
    totalReplyNum: repliesVisible ? c.replyNum : 0,
    replyList: replies,
    gmtCreate: c.gmtCreate,
  };
}
export type CommentJson = ReturnType<typeof commentJson>;

function commentQuery(viewer: Viewer, where: CommentPlace): Record<string, unknown> {
  const base: Record<string, unknown> = where.contest ? { cid: where.contest._id } : { did: where.discussion!._id };
  const seen = commentFilterFor(viewer, where.place);
  if ("all" in seen) return base;
  const or: Array<Record<string, unknown>> = [{ fromRole: { $in: seen.adminRoles } }, { fromUid: seen.ownerUid }];
  if (seen.ownUid) or.push({ fromUid: seen.ownUid });
  return { ...base, $or: or };
}

/** A page of comments, newest first, each with its first replies; and which of them the viewer likes. */
export async function listComments(viewer: CurrentUser | null, ids: { did?: number | null; cid?: number | null }, page: number, limit: number = PAGE_SIZE.comments) {
  const where = await commentPlace(viewer, ids, "read");
  const size = Math.min(Math.max(limit, 1), 50);
  const current = Math.max(page, 1);
  const filter = commentQuery(viewer, where);
  const [comments, total] = await Promise.all([
    Comment.find(filter).sort({ _id: -1 }).skip((current - 1) * size).limit(size).lean<CommentDoc[]>(),
    Comment.countDocuments(filter),
  ]);
  const visibleReplies = comments.filter((c) => seesReplies(viewer, c, where.place));
  // The first replies of the comments that have any (the kept replyNum): no read for the others.
  const previews = await Promise.all(
    visibleReplies.map((c) => (c.replyNum > 0 ? Reply.find({ commentId: c._id }).sort({ _id: 1 }).limit(REPLIES_PREVIEWED).lean<ReplyDoc[]>() : Promise.resolve([]))),
  );
  const byComment = new Map(visibleReplies.map((c, i) => [c._id, previews[i]]));
  const speakers = await shownUsers([...comments.map((c) => c.fromUid), ...previews.flat().map((r) => r.fromUid)]);
  const liked = await likeTarget.likedAmong("comment", comments.map((c) => c._id), viewer?._id);
  return {
    commentList: {
      records: comments.map((c) => commentJson(c, speakers, (byComment.get(c._id) ?? []).map((r) => replyJson(r, speakers)), byComment.has(c._id))),
      total,
      size,
      current,
    },
    commentLikeMap: Object.fromEntries(comments.map((c) => [c._id, liked.has(c._id)])),
    place: where.place,
  };
}

async function requireSpeaker(user: CurrentUser, place: CommunityPlace): Promise<void> {
  const refusal = speakRefusal(user, await communitySettings(), place, { solved: await solvedProblemCount(user._id) });
  if (refusal) throw refusal;
}

function sourceOf(where: CommentPlace) {
  return where.contest
    ? { sourceType: "Contest", sourceId: String(where.contest._id), sourceTitle: where.contest.title, url: `/contest/${where.contest._id}/comment` }
    : { sourceType: "Discussion", sourceId: String(where.discussion!._id), sourceTitle: where.discussion!.title, url: discussionPath(where.discussion!) };
}

export async function addComment(user: CurrentUser, input: z.infer<typeof commentInputSchema>): Promise<CommentJson> {
  const where = await commentPlace(user, input);
  await requireSpeaker(user, where.place);
  const doc = await Comment.create({
    _id: await nextSeq("comment"),
    did: where.discussion?._id ?? null,
    cid: where.contest?._id ?? null,
    content: input.content,
    fromUid: user._id,
    fromName: user.username,
    fromAvatar: user.avatar,
    fromRole: roleName(user.role),
    gmtCreate: new Date(),
  });
  if (where.discussion) {
    await Discussion.updateOne({ _id: where.discussion._id }, { $inc: { commentNum: 1 } });
    await pagesChanged("discussions");
    await sendUserMessage({
      recipientUid: where.discussion.uid,
      type: "discuss",
      senderUid: user._id,
      senderUsername: user.username,
      senderAvatar: user.avatar,
      action: "Discuss",
      sourceContent: input.content,
      ...sourceOf(where),
    });
  }
  const c = doc.toObject();
  return commentJson(c, await shownUsers([user._id]), [], true);
}

async function loadComment(id: number): Promise<CommentDoc> {
  const c = await Comment.findById(id).lean<CommentDoc>();
  if (!c) throw new DomainError("notFound", `${E}commentNotFound`);
  return c;
}

/** The comment with its place, refused when the viewer may not see it (or, for `write`, add to it). */
async function visibleComment(viewer: CurrentUser | null, id: number, use: "read" | "write"): Promise<{ comment: CommentDoc; where: CommentPlace }> {
  const comment = await loadComment(id);
  const where = await commentPlace(viewer, { did: comment.did, cid: comment.cid }, use);
  if (!seesComment(viewer, comment, where.place)) throw new DomainError("notFound", `${E}commentNotFound`);
  return { comment, where };
}

export async function deleteComment(user: CurrentUser, id: number): Promise<void> {
  const { comment, where } = await visibleComment(user, id, "read");
  if (!mayDeleteComment(user, comment, where.place)) throw new DomainError("forbidden", "common:errors.forbidden");
  const res = await Comment.deleteOne({ _id: comment._id });
  if (res.deletedCount !== 1) return;
  const replies = await Reply.deleteMany({ commentId: comment._id });
  await likeTarget.forget("comment", [comment._id]);
  if (where.discussion) {
    await Discussion.updateOne({ _id: where.discussion._id }, { $inc: { commentNum: -(1 + replies.deletedCount) } });
    await pagesChanged("discussions");
  }
}

export async function likeComment(user: CurrentUser, id: number, toLike: boolean): Promise<{ likeNum: number }> {
  const { comment, where } = await visibleComment(user, id, "write");
  const changed = toLike ? await likeTarget.add("comment", comment._id, user._id) : await likeTarget.remove("comment", comment._id, user._id);
  if (changed) await Comment.updateOne({ _id: comment._id }, { $inc: { likeNum: toLike ? 1 : -1 } });
  if (changed && toLike) {
    await sendUserMessage({
      recipientUid: comment.fromUid,
      type: "like",
      senderUid: user._id,
      senderUsername: user.username,
      senderAvatar: user.avatar,
      action: "Like_Discuss",
      sourceContent: comment.content,
      ...sourceOf(where),
    });
  }
  const now = await Comment.findById(comment._id).select("likeNum").lean<Pick<CommentDoc, "likeNum">>();
  return { likeNum: Math.max(0, now?.likeNum ?? 0) };
}

/** Every reply of a comment the viewer may see, oldest first. */
export async function listReplies(viewer: CurrentUser | null, commentId: number): Promise<ReplyJson[]> {
  const { comment, where } = await visibleComment(viewer, commentId, "read");
  if (!seesReplies(viewer, comment, where.place)) return [];
  const replies = await Reply.find({ commentId: comment._id }).sort({ _id: 1 }).lean<ReplyDoc[]>();
  const speakers = await shownUsers(replies.map((r) => r.fromUid));
  return replies.map((r) => replyJson(r, speakers));
}

export async function addReply(user: CurrentUser, input: z.infer<typeof replyInputSchema>): Promise<ReplyJson> {
  const { comment, where } = await visibleComment(user, input.commentId, "write");
  const refused = replyRefusal(user, comment, where.place);
  if (refused) throw refused;
  await requireSpeaker(user, where.place);
  // A reply answers the comment's author, or another reply's author named by toUid.
  let to = { uid: comment.fromUid, name: comment.fromName, avatar: comment.fromAvatar, quoted: comment.content };
  if (input.quoteType === "Reply" && input.quoteId) {
    const quoted = await Reply.findById(input.quoteId).lean<ReplyDoc>();
    if (!quoted || quoted.commentId !== comment._id) throw new DomainError("notFound", `${E}replyNotFound`);
    to = { uid: quoted.fromUid, name: quoted.fromName, avatar: quoted.fromAvatar, quoted: quoted.content };
  }
  const doc = await Reply.create({
    _id: await nextSeq("reply"),
    commentId: comment._id,
    content: input.content,
    fromUid: user._id,
    fromName: user.username,
    fromAvatar: user.avatar,
    fromRole: roleName(user.role),
    toUid: to.uid,
    toName: to.name,
    toAvatar: to.avatar,
    gmtCreate: new Date(),
  });
  await Comment.updateOne({ _id: comment._id }, { $inc: { replyNum: 1 } });
  if (where.discussion) {
    await Discussion.updateOne({ _id: where.discussion._id }, { $inc: { commentNum: 1 } });
    await pagesChanged("discussions");
  }
  await sendUserMessage({
    recipientUid: to.uid,
    type: "reply",
    senderUid: user._id,
    senderUsername: user.username,
    senderAvatar: user.avatar,
    action: "Reply",
    sourceContent: input.content,
    quoteContent: to.quoted,
    ...sourceOf(where),
  });
  return replyJson(doc.toObject(), await shownUsers([user._id]));
}

export async function deleteReply(user: CurrentUser, id: number): Promise<void> {
  const reply = await Reply.findById(id).lean<ReplyDoc>();
  if (!reply) throw new DomainError("notFound", `${E}replyNotFound`);
  const { where } = await visibleComment(user, reply.commentId, "read");
  if (!mayDeleteComment(user, reply, where.place)) throw new DomainError("forbidden", "common:errors.forbidden");
  const res = await Reply.deleteOne({ _id: reply._id });
  if (res.deletedCount !== 1) return;
  await Comment.updateOne({ _id: reply.commentId }, { $inc: { replyNum: -1 } });
  if (where.discussion) {
    await Discussion.updateOne({ _id: where.discussion._id }, { $inc: { commentNum: -1 } });
    await pagesChanged("discussions");
  }
}

/**
 * The comment section of a page: a page of comments with their replies as HTML and what the viewer
 * may do with each (reply, delete, like). `expand` names the comment whose replies are all shown.
 */
export async function commentSection(viewer: CurrentUser | null, ids: { did?: number | null; cid?: number | null }, page: number, expand: number | null) {
  const { commentList, commentLikeMap, place } = await listComments(viewer, ids, page);
  const records = await Promise.all(
    commentList.records.map(async (c) => {
      const replies = expand === c.id && c.totalReplyNum > REPLIES_PREVIEWED ? await listReplies(viewer, c.id) : c.replyList;
      return {
        ...c,
        html: renderMarkdownCached(c.content, { trusted: trustsMarkdownOf(c.fromRole) }),
        liked: commentLikeMap[c.id] === true,
        canDelete: mayDeleteComment(viewer, c, place),
        canReply: !!viewer && replyRefusal(viewer, c, place) === null,
        expanded: expand === c.id,
        replies: replies.map((r) => ({ ...r, html: renderMarkdownCached(r.content, { trusted: trustsMarkdownOf(r.fromRole) }), canDelete: mayDeleteComment(viewer, r, place) })),
      };
    }),
  );
  return { records, total: commentList.total, size: commentList.size, current: commentList.current, contestQa: place.kind === "contest" };
}
export type CommentSectionData = Awaited<ReturnType<typeof commentSection>>;

/** Why the viewer may not comment in the place now (the page shows it instead of the form); null when they may. */
export async function speakRefusalFor(viewer: CurrentUser | null, place: CommunityPlace): Promise<DomainError | null> {
  if (!viewer) return new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
  return speakRefusal(viewer, await communitySettings(), place, { solved: await solvedProblemCount(viewer._id) });
}
