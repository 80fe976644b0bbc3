import { z } from "zod";
import { COMMUNITY_LIMITS, discussionPath, DiscussionStatus, REPORT_TAGS, reportContent, SEEDED_CATEGORY_NAME, titleForProblem } from "~/lib/community";
import { PAGE_SIZE } from "~/lib/constants";
import { nextSeq } from "~/models/counter.server";
import { Discussion, DiscussionCategory, DiscussionReport, type DiscussionCategoryDoc, type DiscussionDoc, type DiscussionReportDoc } from "~/models/discussion.server";
import { Comment, Reply } from "~/models/comment.server";
import {
  areaRefusal,
  mayDeleteDiscussion,
  mayEditCategories,
  mayEditDiscussion,
  mayModerateDiscussion,
  postDiscussionRefusal,
  roleName,
  seesDisabledDiscussion,
  trustsMarkdownOf,
  type CommunityPlace,
  type CommunitySettings,
} from "../access/community.server";
import { bankScope, type Viewer } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { shownUsers, solvedProblemCount, type ShownUser } from "../account/users.server";
import { DomainError } from "../errors.server";
import { renderMarkdownCached } from "../platform/markdown.server";
import { problemByRef } from "../problem/problems.server";
import { groupProblemByDisplayId } from "../group/problems.server";
import { getWebsiteConfig } from "../site/config.server";
import { pagesChanged, pageVersions } from "../platform/page-cache.server";
import { cacheKey, kept } from "../platform/query-cache.server";
import { pendingViews, viewed } from "./views.server";
import { sendUserMessage } from "./messages.server";
import { likeTarget } from "./likes.server";
import { escapeRegex } from "~/lib/regex";

// Discussions (spec sections 2, 3, 5, 6): the list, one discussion, writing, editing, deleting,
// pinning and disabling, categories, likes and reports. A discussion belongs to the site's area or
// to a group's (`place`); who may do what is the community policy's answer.

export const SITE_AREA: CommunityPlace = { kind: "site" };

export async function communitySettings(): Promise<CommunitySettings> {
  const c = await getWebsiteConfig();
  return {
    openPublicDiscussion: c.openPublicDiscussion,
    openGroupDiscussion: c.openGroupDiscussion,
    openContestComment: c.openContestComment,
    discussionAcMin: c.discussionAcMin,
    discussionDailyMax: c.discussionDailyMax,
    commentAcMin: c.commentAcMin,
  };
}

/** Refuses when the area is switched off (spec: no-access message, back home). */
export async function requireArea(place: CommunityPlace): Promise<void> {
  const refusal = areaRefusal(await communitySettings(), place);
  if (refusal) throw refusal;
}

function gidOf(place: CommunityPlace): number | null {
  return place.kind === "group" ? place.gid : null;
}

const E = "community:errors.";

const text = (max: number, required: string, tooLong: string) =>
  z
    .string({ required_error: `${E}${required}`, invalid_type_error: `${E}${required}` })
    .trim()
    .min(1, `${E}${required}`)
    .max(max, `${E}${tooLong}`)
    .refine((s) => !s.includes("\u0000"), `${E}${required}`);

export const discussionInputSchema = z.object({
  title: text(COMMUNITY_LIMITS.titleMax, "titleRequired", "titleTooLong"),
  description: text(COMMUNITY_LIMITS.descriptionMax, "descriptionRequired", "descriptionTooLong"),
  content: text(COMMUNITY_LIMITS.contentMax, "contentRequired", "contentTooLong"),
  categoryId: z.coerce.number({ invalid_type_error: `${E}categoryRequired`, required_error: `${E}categoryRequired` }).int(`${E}categoryRequired`).positive(`${E}categoryRequired`),
  pid: z.preprocess((v) => (v === null || v === undefined ? "" : v), z.string().trim().max(100)).optional(),
});
export type DiscussionInput = z.infer<typeof discussionInputSchema>;

export const discussionUpdateSchema = discussionInputSchema.extend({
  id: z.coerce.number({ invalid_type_error: `${E}notFound` }).int().positive(`${E}notFound`),
});

export const reportSchema = z
  .object({
    did: z.coerce.number({ invalid_type_error: `${E}notFound` }).int().positive(`${E}notFound`),
    tags: z.array(z.enum(REPORT_TAGS)).default([]),
    reason: z.string().trim().max(COMMUNITY_LIMITS.reportReasonMax, `${E}reasonTooLong`).default(""),
  })
  .refine((r) => r.tags.length > 0 || r.reason.length > 0, { message: `${E}reportEmpty`, path: ["reason"] });

export const categoryListSchema = z
  .array(
    z.object({
      id: z.coerce.number().int().positive().optional().nullable(),
      name: z.string({ required_error: `${E}categoryNameRequired` }).trim().min(1, `${E}categoryNameRequired`).max(COMMUNITY_LIMITS.categoryNameMax, `${E}categoryNameTooLong`),
    }),
  )
  .refine((list) => new Set(list.map((c) => c.name)).size === list.length, `${E}categoryDuplicate`);

// ---- Categories ----

export async function listCategories(): Promise<DiscussionCategoryDoc[]> {
  return DiscussionCategory.find({}).sort({ _id: 1 }).lean<DiscussionCategoryDoc[]>();
}

/**
 * Saves the category list as the super admin edited it (HOJ's POST /discussion-category): names
 * of listed ids change, new names are added, and categories left out are removed when no
 * discussion uses them.
 */
export async function saveCategories(viewer: Viewer, list: z.infer<typeof categoryListSchema>): Promise<DiscussionCategoryDoc[]> {
  if (!mayEditCategories(viewer)) throw new DomainError("forbidden", "common:errors.forbidden");
  const existing = await listCategories();
  const keep = new Set<number>();
  for (const c of list) {
    if (c.id && existing.some((e) => e._id === c.id)) {
      keep.add(c.id);
      await DiscussionCategory.updateOne({ _id: c.id }, { $set: { name: c.name } });
    } else {
      const id = await nextSeq("discussion-category");
      keep.add(id);
      await DiscussionCategory.create({ _id: id, name: c.name });
    }
  }
  for (const e of existing) {
    if (keep.has(e._id)) continue;
    if (await Discussion.exists({ categoryId: e._id })) throw new DomainError("conflict", `${E}categoryInUse`, { name: e.name });
  }
  await DiscussionCategory.deleteMany({ _id: { $in: existing.filter((e) => !keep.has(e._id)).map((e) => e._id) } });
  return listCategories();
}

/** First start: one category so the form can be used. */
export async function seedCategories(): Promise<void> {
  if (await DiscussionCategory.exists({})) return;
  await DiscussionCategory.updateOne({ _id: 1 }, { $setOnInsert: { name: SEEDED_CATEGORY_NAME, gmtCreate: new Date() } }, { upsert: true });
  await nextSeq("discussion-category");
}

async function requireCategory(id: number): Promise<DiscussionCategoryDoc> {
  const c = await DiscussionCategory.findById(id).lean<DiscussionCategoryDoc>();
  if (!c) throw new DomainError("invalid", `${E}categoryRequired`);
  return c;
}

// ---- Reading ----

export interface DiscussionListQuery {
  page: number;
  limit?: number;
  categoryId?: number | null;
  pid?: string | null;
  onlyMine?: boolean;
  keyword?: string;
  /** The admin list: disabled discussions too. */
  admin?: boolean;
}

/** HOJ's discussion row (DiscussionVO), with the author's current avatar and title. */
export function discussionJson(d: DiscussionDoc, author: ShownUser | undefined, categoryName: string, hasLike = false) {
  return {
    id: d._id,
    categoryId: d.categoryId,
    categoryName,
    title: d.title,
    description: d.description,
    content: d.content,
    pid: d.pid,
    uid: d.uid,
    author: d.author,
    avatar: author?.avatar ?? "",
    titleName: author?.titleName ?? "",
    titleColor: author?.titleColor ?? "",
    role: d.role,
    viewNum: d.viewNum,
    likeNum: d.likeNum,
    commentNum: d.commentNum,
    hasLike,
    topPriority: d.topPriority,
    status: d.status,
    gid: d.gid,
    gmtCreate: d.gmtCreate,
    gmtModified: d.gmtModified,
  };
}

/** How long a discussion list's order is kept at least (every write that changes it replaces it at once). */
const LIST_KEEP_MS = 5_000;

/**
 * The ids of a list, in order (pinned first, newest first). Without a keyword the whole order is
 * kept under the discussions' version, so a page reads its ten rows by id instead of sorting every
 * discussion again (the development store sorts in memory).
 */
async function orderedIds(filter: Record<string, unknown>, keyword: boolean): Promise<number[]> {
  const load = async () => (await Discussion.find(filter).sort({ topPriority: -1, _id: -1 }).select("_id").lean<Array<{ _id: number }>>()).map((d) => d._id);
  if (keyword) return load();
  const version = (await pageVersions(["discussions"]))?.[0] ?? null;
  if (version === null) return load();
  return kept(cacheKey("discussion-ids", { filter, version }), { minTtlMs: LIST_KEEP_MS }, load);
}

export async function listDiscussions(viewer: Viewer, query: DiscussionListQuery, place: CommunityPlace = SITE_AREA) {
  await requireArea(place);
  const limit = Math.min(Math.max(query.limit ?? PAGE_SIZE.discussions, 1), 100);
  const page = Math.max(query.page, 1);
  const filter: Record<string, unknown> = { gid: gidOf(place) };
  if (!(query.admin && mayModerateDiscussion(viewer, place))) filter.status = DiscussionStatus.NORMAL;
  if (query.categoryId) filter.categoryId = query.categoryId;
  if (query.pid) filter.pid = query.pid;
  if (query.onlyMine) {
    if (!viewer) throw new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
    filter.uid = viewer._id;
  }
  const keyword = (query.keyword ?? "").trim().slice(0, 100);
  if (keyword) filter.title = { $regex: escapeRegex(keyword), $options: "i" };
  const [ids, categories] = await Promise.all([orderedIds(filter, !!keyword), listCategories()]);
  const pageIds = ids.slice((page - 1) * limit, page * limit);
  const found = pageIds.length ? await Discussion.find({ _id: { $in: pageIds } }).select("-content").lean<DiscussionDoc[]>() : [];
  const byId = new Map(found.map((d) => [d._id, d]));
  const rows = pageIds.map((id) => byId.get(id)).filter((d): d is DiscussionDoc => !!d);
  const authors = await shownUsers(rows.map((d) => d.uid));
  const names = new Map(categories.map((c) => [c._id, c.name]));
  return {
    records: rows.map((d) => discussionJson({ ...d, content: "" }, authors.get(d.uid), names.get(d.categoryId) ?? "")),
    total: ids.length,
    size: limit,
    current: page,
  };
}

async function loadDiscussion(did: number, place: CommunityPlace): Promise<DiscussionDoc> {
  const d = await Discussion.findById(did).lean<DiscussionDoc>();
  if (!d || (d.gid ?? null) !== gidOf(place)) throw new DomainError("notFound", `${E}notFound`);
  return d;
}

/** One discussion for reading: counts the view, and says what the viewer may do with it. */
export async function discussionDetail(viewer: Viewer, did: number, place: CommunityPlace = SITE_AREA, options: { countView?: boolean } = {}) {
  await requireArea(place);
  const d = await loadDiscussion(did, place);
  if (d.status !== DiscussionStatus.NORMAL && !seesDisabledDiscussion(viewer, d, place)) throw new DomainError("notFound", `${E}notFound`);
  d.viewNum += await pendingViews(d._id);
  if (options.countView !== false) {
    await viewed(d._id);
    d.viewNum += 1;
  }
  const [authors, category, hasLike] = await Promise.all([
    shownUsers([d.uid]),
    DiscussionCategory.findById(d.categoryId).lean<DiscussionCategoryDoc>(),
    viewer ? likeTarget.has("discussion", d._id, viewer._id) : Promise.resolve(false),
  ]);
  return {
    discussion: discussionJson(d, authors.get(d.uid), category?.name ?? "", hasLike),
    html: renderMarkdownCached(d.content, { trusted: trustsMarkdownOf(d.role) }),
    rights: {
      edit: mayEditDiscussion(viewer, d),
      delete: mayDeleteDiscussion(viewer, d, place),
      moderate: mayModerateDiscussion(viewer, place),
    },
  };
}

// ---- Writing ----

async function speakerRecord(uid: string): Promise<{ solved: number; postedToday: number }> {
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  const [solved, postedToday] = await Promise.all([solvedProblemCount(uid), Discussion.countDocuments({ uid, gmtCreate: { $gte: start } })]);
  return { solved, postedToday };
}

/** Why the viewer may not post here now (for the page to show before the form); null when they may. */
export async function postRefusalFor(viewer: Viewer, place: CommunityPlace = SITE_AREA): Promise<DomainError | null> {
  if (!viewer) return new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
  return postDiscussionRefusal(viewer, await communitySettings(), place, await speakerRecord(viewer._id));
}

/**
 * The display id of a problem the area's discussions may be about, named by its display id (or, on
 * the site, its number): in a group one of the group's own problems its scope shows the viewer, on
 * the site a bank problem the viewer sees. Null when there is none.
 */
export async function discussionProblemId(viewer: Viewer, ref: string, place: CommunityPlace = SITE_AREA): Promise<string | null> {
  if (place.kind === "group") {
    try {
      return (await groupProblemByDisplayId(viewer, place.gid, ref)).problem.problemId;
    } catch (err) {
      if (err instanceof DomainError && err.kind === "notFound") return null;
      throw err;
    }
  }
  const problem = await problemByRef(ref);
  return problem && bankScope.seesProblem(viewer, problem) ? problem.problemId : null;
}

/** The problem a new discussion is about: one the area's discussions may be about, or refused. */
async function problemRef(viewer: Viewer, pid: string | undefined, place: CommunityPlace): Promise<string | null> {
  const ref = (pid ?? "").trim();
  if (!ref) return null;
  const problemId = await discussionProblemId(viewer, ref, place);
  if (!problemId) throw new DomainError("invalid", `${E}problemNotFound`);
  return problemId;
}

export async function createDiscussion(user: CurrentUser, input: DiscussionInput, place: CommunityPlace = SITE_AREA): Promise<DiscussionDoc> {
  const refusal = await postRefusalFor(user, place);
  if (refusal) throw refusal;
  await requireCategory(input.categoryId);
  const pid = await problemRef(user, input.pid, place);
  const now = new Date();
  const doc = await Discussion.create({
    _id: await nextSeq("discussion"),
    categoryId: input.categoryId,
    title: titleForProblem(pid, input.title).slice(0, COMMUNITY_LIMITS.titleMax),
    description: input.description,
    content: input.content,
    pid,
    uid: user._id,
    author: user.username,
    role: roleName(user.role),
    gid: gidOf(place),
    gmtCreate: now,
    gmtModified: now,
  });
  await pagesChanged("discussions");
  return doc.toObject();
}

export async function updateDiscussion(user: CurrentUser, input: z.infer<typeof discussionUpdateSchema>, place: CommunityPlace = SITE_AREA): Promise<void> {
  await requireArea(place);
  const d = await loadDiscussion(input.id, place);
  if (!mayEditDiscussion(user, d)) throw new DomainError("forbidden", `${E}notAuthor`);
  await requireCategory(input.categoryId);
  await Discussion.updateOne(
    { _id: d._id },
    { $set: { title: input.title, description: input.description, content: input.content, categoryId: input.categoryId, gmtModified: new Date() } },
  );
  await pagesChanged("discussions");
}

/** Deletes a discussion with its comments, replies and likes; an admin's deletion tells the author. */
export async function deleteDiscussion(user: CurrentUser, did: number, place: CommunityPlace = SITE_AREA): Promise<void> {
  const d = await loadDiscussion(did, place);
  if (!mayDeleteDiscussion(user, d, place)) throw new DomainError("forbidden", "common:errors.forbidden");
  await Discussion.deleteOne({ _id: d._id });
  const comments = await Comment.find({ did: d._id }).select("_id").lean<Array<{ _id: number }>>();
  const ids = comments.map((c) => c._id);
  await Promise.all([Reply.deleteMany({ commentId: { $in: ids } }), Comment.deleteMany({ did: d._id }), likeTarget.forget("discussion", [d._id]), likeTarget.forget("comment", ids)]);
  await pagesChanged("discussions");
  if (user._id !== d.uid) {
    await sendUserMessage({ recipientUid: d.uid, type: "mine", action: "Delete_Discussion", title: d.title, sourceType: "Discussion", sourceId: String(d._id), sourceTitle: d.title });
  }
}

/** Pin or unpin, enable or disable (the admin list's switches save at once). */
export async function moderateDiscussion(user: CurrentUser, did: number, change: { topPriority?: boolean; status?: number }, place: CommunityPlace = SITE_AREA): Promise<void> {
  if (!mayModerateDiscussion(user, place)) throw new DomainError("forbidden", "common:errors.forbidden");
  const d = await loadDiscussion(did, place);
  const set: Record<string, unknown> = {};
  if (change.topPriority !== undefined) set.topPriority = change.topPriority;
  if (change.status !== undefined) set.status = change.status === DiscussionStatus.DISABLED ? DiscussionStatus.DISABLED : DiscussionStatus.NORMAL;
  if (Object.keys(set).length > 0) {
    await Discussion.updateOne({ _id: d._id }, { $set: set });
    await pagesChanged("discussions");
  }
}

/** Likes or unlikes a discussion; a repeated or raced request changes nothing more. */
export async function likeDiscussion(user: CurrentUser, did: number, toLike: boolean, place: CommunityPlace = SITE_AREA): Promise<{ likeNum: number; hasLike: boolean }> {
  await requireArea(place);
  const d = await loadDiscussion(did, place);
  if (d.status !== DiscussionStatus.NORMAL) throw new DomainError("notFound", `${E}notFound`);
  const changed = toLike ? await likeTarget.add("discussion", d._id, user._id) : await likeTarget.remove("discussion", d._id, user._id);
  if (changed) {
    await Discussion.updateOne({ _id: d._id }, { $inc: { likeNum: toLike ? 1 : -1 } });
    await pagesChanged("discussions");
  }
  if (changed && toLike) {
    await sendUserMessage({
      recipientUid: d.uid,
      type: "like",
      senderUid: user._id,
      senderUsername: user.username,
      senderAvatar: user.avatar,
      action: "Like_Post",
      sourceType: "Discussion",
      sourceId: String(d._id),
      sourceTitle: d.title,
      url: discussionPath(d),
    });
  }
  const now = await Discussion.findById(d._id).select("likeNum").lean<Pick<DiscussionDoc, "likeNum">>();
  return { likeNum: Math.max(0, now?.likeNum ?? 0), hasLike: toLike ? true : false };
}

// ---- Reports ----

export async function reportDiscussion(user: CurrentUser, input: z.infer<typeof reportSchema>, place: CommunityPlace = SITE_AREA): Promise<void> {
  await requireArea(place);
  const d = await loadDiscussion(input.did, place);
  await DiscussionReport.create({
    _id: await nextSeq("discussion-report"),
    did: d._id,
    reporterUid: user._id,
    reporter: user.username,
    content: reportContent(input.tags, input.reason),
  });
}

export async function listReports(viewer: Viewer, page: number, limit: number = PAGE_SIZE.admin) {
  if (!mayModerateDiscussion(viewer, SITE_AREA)) throw new DomainError("forbidden", "common:errors.forbidden");
  const [records, total] = await Promise.all([
    DiscussionReport.find({}).sort({ status: 1, _id: -1 }).skip((page - 1) * limit).limit(limit).lean<DiscussionReportDoc[]>(),
    DiscussionReport.countDocuments({}),
  ]);
  return { records, total };
}

export async function setReportHandled(viewer: Viewer, id: number, handled: boolean): Promise<void> {
  if (!mayModerateDiscussion(viewer, SITE_AREA)) throw new DomainError("forbidden", "common:errors.forbidden");
  const res = await DiscussionReport.updateOne({ _id: id }, { $set: { status: handled } });
  if (res.matchedCount === 0) throw new DomainError("notFound", `${E}reportNotFound`);
}

/** The admin list's delete: a non-empty selection, each deleted as its own deletion would be. */
export async function deleteDiscussions(user: CurrentUser, ids: number[], place: CommunityPlace = SITE_AREA): Promise<number> {
  if (ids.length === 0) throw new DomainError("invalid", `${E}selectionEmpty`);
  if (!mayModerateDiscussion(user, place)) throw new DomainError("forbidden", "common:errors.forbidden");
  let deleted = 0;
  for (const id of [...new Set(ids)]) {
    try {
      await deleteDiscussion(user, id, place);
      deleted += 1;
    } catch (err) {
      if (!(err instanceof DomainError && err.kind === "notFound")) throw err;
    }
  }
  return deleted;
}

/** HOJ's DiscussionReportVO rows, with the reported discussion's title and author. */
export async function reportRows(viewer: Viewer, page: number, limit: number = PAGE_SIZE.admin) {
  const { records, total } = await listReports(viewer, page, limit);
  const ds = await Discussion.find({ _id: { $in: records.map((r) => r.did) } }).select("_id title author").lean<Array<Pick<DiscussionDoc, "_id" | "title" | "author">>>();
  const byId = new Map(ds.map((d) => [d._id, d]));
  return {
    records: records.map((r) => ({ id: r._id, did: r.did, reporter: r.reporter, content: r.content, status: r.status, gmtCreate: r.gmtCreate, title: byId.get(r.did)?.title ?? null, author: byId.get(r.did)?.author ?? null })),
    total,
    size: limit,
    current: page,
  };
}
