import { z } from "zod";
import { PAGE_SIZE, ProblemAuth } from "~/lib/constants";
import { ApplyProgress, GROUP_PROBLEM_AUTHS } from "~/lib/group-problem";
import { escapeRegex } from "~/lib/regex";
import { Group, type GroupDoc } from "~/models/group.server";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { Tag, type TagDoc } from "~/models/tag.server";
import { groupAdminRefusal, groupContentRefusal, groupProblemChangeRefusal, isGroupAdmin, mayReviewGroupProblems, type Viewer } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { findUserByUsername } from "../account/users.server";
import { sendUserMessage } from "../community/messages.server";
import { DomainError } from "../errors.server";
import { queryLimit, queryPage, queryText } from "../platform/validation.server";
import { changeProblemAuth, createProblem, getProblemForEdit, updateProblem, type ProblemForEdit, type SaveOptions } from "../problem/admin.server";
import { ProblemAdminError } from "../problem/errors.server";
import { toHojCases, toHojProblem } from "../problem/hoj-problem.server";
import { problemCount } from "../problem/problems.server";
import { removeProblem } from "../problem/removal.server";
import type { ProblemInputRaw } from "../problem/schema.server";
import { getTagsByIds, listTags } from "../problem/tags.server";
import { problemVisibilityChanged } from "../problem/visibility.server";
import { groupScopeFor } from "./scope.server";

// A group's own problems (spec sections 2, 3, 4, 6, 7): its admins write them with the bank's
// problem editor and services, stored with the group's id and a display id prefixed with the
// group's short name in upper case; its members read its public ones (its admins the private ones
// too) and submit to them through the group's scope. A group admin applies for a problem to join
// the bank (applyPublicProgress 1); the site's admin roles accept (2) or refuse (3) it.

/** Group problems are public to the group's members (1) or private to its admins (2). */
const GROUP_PROBLEM_AUTH_SET: ReadonlySet<number> = new Set(GROUP_PROBLEM_AUTHS);

/** The display id a group problem is stored under: the group's short name in upper case before it. */
export function groupDisplayId(group: Pick<GroupDoc, "shortName">, problemId: unknown): unknown {
  if (typeof problemId !== "string" || problemId.trim() === "") return problemId;
  const prefix = group.shortName.toUpperCase();
  const id = problemId.trim();
  return id.toUpperCase().startsWith(prefix) ? prefix + id.slice(prefix.length) : prefix + id;
}

function requireGroupAuth(raw: ProblemInputRaw): void {
  const auth = raw.auth === undefined || raw.auth === null || raw.auth === "" ? ProblemAuth.PUBLIC : Number(raw.auth);
  if (!GROUP_PROBLEM_AUTH_SET.has(auth)) throw new ProblemAdminError("group-problem:invalidAuth", "auth");
}

/** The group for one of its admins managing its problems (the group's refusal otherwise). */
export async function requireGroupProblemAdmin(user: CurrentUser, gid: number) {
  const found = await groupScopeFor(gid, user);
  const refusal = groupAdminRefusal(user, found.ctx);
  if (refusal) throw refusal;
  return found;
}

/**
 * One of the group's own problems for a change by the viewer: 404 when the id names no problem of
 * this group (another group's included), refused unless the policy lets the viewer change it.
 */
async function changeableProblem(user: CurrentUser, gid: number, pid: number): Promise<{ group: GroupDoc; problem: ProblemDoc }> {
  const { group, ctx } = await requireGroupProblemAdmin(user, gid);
  const problem = Number.isSafeInteger(pid) && pid > 0 ? await Problem.findById(pid).lean<ProblemDoc>() : null;
  if (!problem || problem.gid !== gid) throw new DomainError("notFound", "problem:notFound");
  const refusal = groupProblemChangeRefusal(user, ctx, problem.author === user.username);
  if (refusal) throw refusal;
  return { group, problem };
}

/** The group of a problem (HOJ's calls on one group problem name only the problem); 404 for others. */
export async function groupOfProblem(pid: number): Promise<number> {
  const p = await Problem.findById(pid).select("gid").lean<Pick<ProblemDoc, "gid">>();
  if (!p || p.gid === null) throw new DomainError("notFound", "problem:notFound");
  return p.gid;
}

/**
 * Creates a problem of the group (its admins), with the group's prefix on its display id: for the
 * group's problem list (public to its members or private to its admins), or (`use` "contest") for
 * one of its contests only (auth 3, listed by the contest alone).
 */
export async function createGroupProblem(user: CurrentUser, gid: number, raw: ProblemInputRaw, opts: SaveOptions = {}, use: "list" | "contest" = "list"): Promise<ProblemDoc> {
  const { group } = await requireGroupProblemAdmin(user, gid);
  if (use === "list") requireGroupAuth(raw);
  const auth = use === "contest" ? { auth: ProblemAuth.CONTEST } : {};
  return createProblem({ ...raw, ...auth, problemId: groupDisplayId(group, raw.problemId) }, user, { ...opts, gid });
}

/** Changes a problem of the group (its root, or the admin who wrote it). */
export async function updateGroupProblem(user: CurrentUser, gid: number, pid: number, raw: ProblemInputRaw, opts: SaveOptions = {}): Promise<ProblemDoc> {
  const { group, problem } = await changeableProblem(user, gid, pid);
  requireGroupAuth(raw);
  return updateProblem(problem._id, { ...raw, problemId: groupDisplayId(group, raw.problemId) }, user, opts);
}

/**
 * Deletes a problem of the group (its root, or the admin who wrote it); it leaves the group's
 * contests and trainings that list it, and the site's when the bank took it in.
 */
export async function deleteGroupProblem(user: CurrentUser, gid: number, pid: number): Promise<void> {
  const { problem } = await changeableProblem(user, gid, pid);
  await removeProblem(problem._id);
}

/** The problem and what its edit form shows (the group's admins). */
export async function groupProblemForEdit(user: CurrentUser, gid: number, pid: number): Promise<ProblemForEdit> {
  const { problem } = await changeableProblem(user, gid, pid);
  return getProblemForEdit(problem._id);
}

/** HOJ's ProblemCase rows of a group problem (its admins). */
export async function groupProblemCases(user: CurrentUser, gid: number, pid: number) {
  const { problem } = await changeableProblem(user, gid, pid);
  return toHojCases(problem);
}

export const groupProblemAuthSchema = z.object({
  auth: z.coerce.number({ invalid_type_error: "group-problem:invalidAuth" }).int("group-problem:invalidAuth").refine((a) => GROUP_PROBLEM_AUTH_SET.has(a), "group-problem:invalidAuth"),
});

/** Public to the members (1) or private to the admins (2). */
export async function changeGroupProblemAuth(user: CurrentUser, gid: number, pid: number, auth: number): Promise<void> {
  const { problem } = await changeableProblem(user, gid, pid);
  if (!GROUP_PROBLEM_AUTH_SET.has(auth)) throw new DomainError("invalid", "group-problem:invalidAuth");
  await changeProblemAuth(problem._id, auth, user);
}

/**
 * Applies for the problem to join the bank (`apply`), or takes a pending application back. An
 * application is made once at a time, never for a problem the bank already holds.
 */
export async function applyGroupProblemPublic(user: CurrentUser, gid: number, pid: number, apply: boolean): Promise<void> {
  const { problem } = await changeableProblem(user, gid, pid);
  const progress = problem.applyPublicProgress;
  if (apply) {
    if (progress === ApplyProgress.APPLYING) throw new DomainError("conflict", "group-problem:alreadyApplying");
    if (progress === ApplyProgress.PUBLIC) throw new DomainError("conflict", "group-problem:alreadyPublic");
  } else if (progress !== ApplyProgress.APPLYING) {
    throw new DomainError("invalid", "group-problem:notApplying");
  }
  const next = apply ? ApplyProgress.APPLYING : null;
  const res = await Problem.updateOne({ _id: problem._id, applyPublicProgress: progress }, { $set: { applyPublicProgress: next, gmtModified: new Date() } });
  if (res.matchedCount === 0) throw new DomainError("conflict", "group-problem:changedMeanwhile");
}

// ---- Lists ----

export const groupProblemListSchema = z.object({
  keyword: queryText(100),
  currentPage: queryPage,
  limit: queryLimit(PAGE_SIZE.groupLists),
});
export type GroupProblemListQuery = z.infer<typeof groupProblemListSchema>;

function listFilter(gid: number, admin: boolean, keyword: string): Record<string, unknown> {
  // A contest of the group keeps its own problems (auth 3) in the contest.
  const filter: Record<string, unknown> = { gid, auth: admin ? { $in: [...GROUP_PROBLEM_AUTH_SET] } : ProblemAuth.PUBLIC };
  if (keyword) {
    filter.$or = [{ title: { $regex: escapeRegex(keyword), $options: "i" } }, { problemIdUpper: { $regex: escapeRegex(keyword.toUpperCase()) } }];
  }
  return filter;
}

async function pageOf(filter: Record<string, unknown>, q: GroupProblemListQuery): Promise<{ docs: ProblemDoc[]; total: number }> {
  const [total, docs] = await Promise.all([
    Problem.countDocuments(filter),
    Problem.find(filter)
      .sort({ _id: -1 })
      .skip((q.currentPage - 1) * q.limit)
      .limit(q.limit)
      .lean<ProblemDoc[]>(),
  ]);
  return { docs, total };
}

function pageShape<R>(records: R[], total: number, q: GroupProblemListQuery) {
  return { records, total, size: q.limit, current: q.currentPage, pages: Math.max(1, Math.ceil(total / q.limit)) };
}

/**
 * The group's problem list (its members; HOJ's get-problem-list): its public problems, and for its
 * admins the private ones too, newest first, 10 a page, as the bank's list rows with each
 * problem's auth and application progress.
 */
export async function listGroupProblems(viewer: CurrentUser, gid: number, q: GroupProblemListQuery) {
  const { ctx } = await groupScopeFor(gid, viewer);
  const refusal = groupContentRefusal(viewer, ctx);
  if (refusal) throw refusal;
  const admin = isGroupAdmin(viewer, ctx);
  const { docs, total } = await pageOf(listFilter(gid, admin, q.keyword), q);
  const tagById = new Map((await getTagsByIds(docs.flatMap((d) => d.tags ?? []))).map((t) => [t._id, t]));
  const records = docs.map((d) => ({
    ...problemCount(d),
    problemId: d.problemId,
    title: d.title,
    difficulty: d.difficulty,
    type: d.type,
    auth: d.auth,
    author: d.author,
    gid: d.gid,
    applyPublicProgress: d.applyPublicProgress,
    /** The viewer may edit, delete, change the auth of and apply for this problem. */
    mayChange: admin && !groupProblemChangeRefusal(viewer, ctx, d.author === viewer.username),
    tags: (d.tags ?? [])
      .map((id) => tagById.get(id))
      .filter((t): t is TagDoc => !!t)
      .map((t) => ({ id: t._id, name: t.name, color: t.color })),
  }));
  return { ...pageShape(records, total, q), admin };
}

/** The group's admin list (HOJ's get-admin-problem-list): whole problems in HOJ's shape. */
export async function listGroupProblemsForAdmin(user: CurrentUser, gid: number, q: GroupProblemListQuery) {
  await requireGroupProblemAdmin(user, gid);
  const { docs, total } = await pageOf(listFilter(gid, true, q.keyword), q);
  return pageShape(docs.map(toHojProblem), total, q);
}

/** The tags a group problem may take: the site's and the group's own (HOJ's get-all-problem-tags). */
export async function groupProblemTags(user: CurrentUser, gid: number): Promise<TagDoc[]> {
  await requireGroupProblemAdmin(user, gid);
  const [site, own] = await Promise.all([listTags(), Tag.find({ gid }).lean<TagDoc[]>()]);
  return [...site, ...own];
}

/** A problem of the group by its display id, for a viewer its scope lets see it (404 otherwise). */
export async function groupProblemByDisplayId(viewer: Viewer, gid: number, displayId: string): Promise<{ group: GroupDoc; problem: ProblemDoc; admin: boolean }> {
  const { group, ctx, scope } = await groupScopeFor(gid, viewer);
  const refusal = groupContentRefusal(viewer, ctx);
  if (refusal) throw refusal;
  const key = displayId.trim().toUpperCase();
  const problem = key && key.length <= 100 ? await Problem.findOne({ problemIdUpper: key, gid }).lean<ProblemDoc>() : null;
  if (!problem || !scope.seesProblem(viewer, problem)) throw new DomainError("notFound", "problem:notFound");
  return { group, problem, admin: isGroupAdmin(viewer, ctx) };
}

// ---- The bank's review of applications (site admin) ----

export const applicationListSchema = z.object({
  keyword: queryText(100),
  currentPage: queryPage,
  limit: queryLimit(PAGE_SIZE.admin),
  gid: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().positive().optional().catch(undefined)),
  /** 1 applying, 2 accepted, 3 refused; none: all of them. */
  progress: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().min(1).max(3).optional().catch(undefined)),
});
export type ApplicationListQuery = z.infer<typeof applicationListSchema>;

function requireReviewer(viewer: Viewer): void {
  if (!viewer) throw new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
  if (!mayReviewGroupProblems(viewer)) throw new DomainError("forbidden", "common:errors.forbidden");
}

/**
 * Group problems with an application (HOJ's GET /admin/group-problem/list): pending first, then
 * newest; each with its group's name and short name.
 */
export async function listGroupProblemApplications(viewer: Viewer, q: ApplicationListQuery) {
  requireReviewer(viewer);
  const filter: Record<string, unknown> = { gid: q.gid ?? { $ne: null }, applyPublicProgress: q.progress ?? { $ne: null } };
  if (q.keyword) filter.$or = [{ title: { $regex: escapeRegex(q.keyword), $options: "i" } }, { problemIdUpper: { $regex: escapeRegex(q.keyword.toUpperCase()) } }];
  const [total, docs] = await Promise.all([
    Problem.countDocuments(filter),
    Problem.find(filter)
      .sort({ applyPublicProgress: 1, _id: -1 })
      .skip((q.currentPage - 1) * q.limit)
      .limit(q.limit)
      .lean<ProblemDoc[]>(),
  ]);
  const groups = await Group.find({ _id: { $in: [...new Set(docs.map((d) => d.gid))] } })
    .select("_id name shortName")
    .lean<Array<Pick<GroupDoc, "_id" | "name" | "shortName">>>();
  const byId = new Map(groups.map((g) => [g._id, g]));
  const records = docs.map((d) => ({ ...toHojProblem(d), groupName: byId.get(d.gid as number)?.name ?? null, groupShortName: byId.get(d.gid as number)?.shortName ?? null }));
  return { records, total, size: q.limit, current: q.currentPage, pages: Math.max(1, Math.ceil(total / q.limit)) };
}

export const changeProgressSchema = z.object({
  pid: z.coerce.number({ invalid_type_error: "problem:notFound" }).int("problem:notFound").positive("problem:notFound"),
  progress: z.coerce
    .number({ invalid_type_error: "group-problem:invalidProgress" })
    .int("group-problem:invalidProgress")
    .refine((p) => p === ApplyProgress.PUBLIC || p === ApplyProgress.REFUSED || p === ApplyProgress.APPLYING, "group-problem:invalidProgress"),
});

type ReviewedProblem = Pick<ProblemDoc, "_id" | "gid" | "applyPublicProgress" | "problemId" | "title" | "author">;

/**
 * Accepts (2: the problem joins the bank, as public as its auth says), refuses (3) or reopens (1)
 * a group problem's application: the site's admin roles. A new acceptance or refusal is told to
 * the group's owner and to the admin who wrote the problem.
 */
export async function changeApplyProgress(user: CurrentUser, input: z.infer<typeof changeProgressSchema>): Promise<void> {
  requireReviewer(user);
  const problem = await Problem.findById(input.pid).select("_id gid applyPublicProgress problemId title author").lean<ReviewedProblem>();
  if (!problem || problem.gid === null) throw new DomainError("notFound", "problem:notFound");
  if (problem.applyPublicProgress === null) throw new DomainError("invalid", "group-problem:notApplying");
  const res = await Problem.updateOne({ _id: problem._id, applyPublicProgress: problem.applyPublicProgress }, { $set: { applyPublicProgress: input.progress, gmtModified: new Date() } });
  if (res.matchedCount === 0) throw new DomainError("conflict", "group-problem:changedMeanwhile");
  await problemVisibilityChanged();
  if (input.progress !== problem.applyPublicProgress && (input.progress === ApplyProgress.PUBLIC || input.progress === ApplyProgress.REFUSED)) {
    await tellDecision(user, problem, input.progress);
  }
}

/** The "mine" message of a decision, stored as translation keys so each reader gets it in their language. */
async function tellDecision(reviewer: CurrentUser, problem: ReviewedProblem, progress: number): Promise<void> {
  const group = await Group.findById(problem.gid).select("name uid").lean<Pick<GroupDoc, "name" | "uid">>();
  if (!group) return;
  const author = problem.author ? await findUserByUsername(problem.author) : null;
  const recipients = [...new Set([group.uid, ...(author ? [author._id] : [])])];
  const accepted = progress === ApplyProgress.PUBLIC;
  for (const recipientUid of recipients) {
    await sendUserMessage({
      recipientUid,
      type: "mine",
      senderUid: reviewer._id,
      senderUsername: reviewer.username,
      action: accepted ? "Apply_Public_Accepted" : "Apply_Public_Refused",
      sourceType: "Problem",
      sourceId: String(problem._id),
      sourceTitle: problem.title,
      titleKey: accepted ? "group-problem:decision.acceptedTitle" : "group-problem:decision.refusedTitle",
      contentKey: accepted ? "group-problem:decision.acceptedContent" : "group-problem:decision.refusedContent",
      textParams: { problemId: problem.problemId, title: problem.title, group: group.name },
      url: `/group/${problem.gid}/problem/${encodeURIComponent(problem.problemId)}`,
    });
  }
}
