import { z } from "zod";
import { GROUP_AUTHS, GROUP_LIMITS, GroupAuth, GroupStatus, MemberAuth } from "~/lib/group";
import { PAGE_SIZE } from "~/lib/constants";
import { Announcement } from "~/models/announcement.server";
import { Contest } from "~/models/contest.server";
import { nextSeq } from "~/models/counter.server";
import { Discussion } from "~/models/discussion.server";
import { Group, type GroupDoc } from "~/models/group.server";
import { GroupRank } from "~/models/group-rank.server";
import { GroupMember, groupMemberKey, type GroupMemberDoc } from "~/models/group-member.server";
import { Problem } from "~/models/problem.server";
import { Tag } from "~/models/tag.server";
import { Training } from "~/models/training.server";
import { TrainingCategory } from "~/models/training-category.server";
import {
  exemptFromGroupCreationLimits,
  type GroupAccessContext,
  groupContentRefusal,
  groupEntryRefusal,
  groupLeaveRefusal,
  groupLevel,
  groupRootRefusal,
  isGroupAdmin,
  isGroupMember,
  isGroupRoot,
  mayDeleteGroup,
  requireSiteAdministrator,
  type Viewer,
} from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { deleteContest } from "../contest/contests.server";
import { resolveContest } from "../contest/scope.server";
import { deleteDiscussion } from "../community/discussions.server";
import { DomainError } from "../errors.server";
import { groupContextOf, loadGroup, memberAuthOf } from "./context.server";
import { withdrawProblems } from "../problem/removal.server";
import { problemVisibilityChanged } from "../problem/visibility.server";
import { getWebsiteConfig } from "../site/config.server";
import { deleteTraining } from "../training/trainings.server";
import { escapeRegex } from "~/lib/regex";
import { solvedProblemCount } from "../account/users.server";
import { resolveTraining } from "../training/scope.server";

// Groups (spec sections 2, 3, 5, 6, 7): the form's validation, creating under the site's limits,
// the list with its filters, the per-viewer context the access policy's group rules decide on,
// settings, and disbanding a group with everything it holds. Membership is in members.server.ts.

const L = GROUP_LIMITS;
const bool = z.preprocess((v) => (v === "true" || v === "on" || v === "1" || v === true ? true : v === "false" || v === "0" || v === "" || v === false ? false : v), z.boolean());

/** The group form and HOJ's POST/PUT /ojapi/group (spec section 7's limits). */
export const groupInputSchema = z
  .object({
    name: z.string({ required_error: "group:nameLength" }).trim().min(L.nameMin, "group:nameLength").max(L.nameMax, "group:nameLength"),
    shortName: z
      .string({ required_error: "group:shortNameLength" })
      .trim()
      .min(L.shortNameMin, "group:shortNameLength")
      .max(L.shortNameMax, "group:shortNameLength")
      .regex(/^[A-Za-z0-9]+$/, "group:shortNameChars"),
    brief: z.string({ required_error: "group:briefLength" }).trim().min(L.briefMin, "group:briefLength").max(L.briefMax, "group:briefLength"),
    description: z.string({ required_error: "group:descriptionLength" }).trim().min(L.descriptionMin, "group:descriptionLength").max(L.descriptionMax, "group:descriptionLength"),
    auth: z.coerce
      .number({ required_error: "group:authRequired", invalid_type_error: "group:authRequired" })
      .int("group:authRequired")
      .refine((a) => (GROUP_AUTHS as readonly number[]).includes(a), "group:authRequired"),
    code: z.string().trim().optional().default(""),
    visible: bool.optional().default(true),
  })
  .superRefine((g, ctx) => {
    if (g.auth !== GroupAuth.PUBLIC && g.code.length !== L.codeLength) ctx.addIssue({ code: "custom", path: ["code"], message: "group:codeLength" });
  });

export type GroupInput = z.infer<typeof groupInputSchema>;

/** HOJ sends the group itself, or {group: {...}}. */
export function groupInputFromHoj(body: Record<string, unknown>): Record<string, unknown> {
  return (body.group && typeof body.group === "object" ? body.group : body) as Record<string, unknown>;
}

export interface GroupView {
  group: GroupDoc;
  ctx: GroupAccessContext;
  /** The viewer's level: 5 root, 4 admin, 3 member, 2 refused, 1 applying, 0 none. */
  level: number;
  isMember: boolean;
  isAdmin: boolean;
  isRoot: boolean;
  mayDelete: boolean;
  /** May leave it (or withdraw an application): everyone in it but its owner. */
  mayLeave: boolean;
  /** The scope the contest, training and community services take for this viewer. */
  scope: { gid: number; groupAdmin: boolean };
}

/** The group as the viewer meets it, refused when they may not open its home. */
export async function groupFor(gid: number, viewer: Viewer): Promise<GroupView> {
  const group = await loadGroup(gid);
  const ctx = groupContextOf(group, await memberAuthOf(gid, viewer));
  const refusal = groupEntryRefusal(viewer, ctx);
  if (refusal) throw refusal;
  const isAdmin = isGroupAdmin(viewer, ctx);
  return {
    group,
    ctx,
    level: groupLevel(viewer, ctx),
    isMember: isGroupMember(viewer, ctx),
    isAdmin,
    isRoot: isGroupRoot(viewer, ctx),
    mayDelete: mayDeleteGroup(viewer, ctx),
    mayLeave: ctx.memberAuth >= MemberAuth.APPLYING && ctx.memberAuth !== MemberAuth.REFUSED && !groupLeaveRefusal(viewer, ctx),
    scope: { gid, groupAdmin: isAdmin },
  };
}

/** The group for a member (its content), refused otherwise. */
export async function groupForMember(gid: number, viewer: Viewer): Promise<GroupView> {
  const view = await groupFor(gid, viewer);
  const refusal = groupContentRefusal(viewer, view.ctx);
  if (refusal) throw refusal;
  return view;
}

// ---- Creating ----

function startOfToday(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** Why the user may not create a group now (the site's limits; admins are exempt); null when they may. */
export async function createGroupRefusal(user: CurrentUser): Promise<DomainError | null> {
  if (exemptFromGroupCreationLimits(user)) return null;
  const config = await getWebsiteConfig();
  const [solved, today, total] = await Promise.all([
    solvedProblemCount(user._id),
    Group.countDocuments({ uid: user._id, gmtCreate: { $gte: startOfToday() } }),
    Group.countDocuments({ uid: user._id }),
  ]);
  if (solved < config.groupAcMin) return new DomainError("forbidden", "group:needAcToCreate", { count: config.groupAcMin });
  if (today >= config.groupDailyMax) return new DomainError("tooMany", "group:dailyCreateLimit", { count: config.groupDailyMax });
  if (total >= config.groupTotalMax) return new DomainError("tooMany", "group:totalCreateLimit", { count: config.groupTotalMax });
  return null;
}

async function requireFreeShortName(shortName: string, except?: number): Promise<void> {
  const other = await Group.findOne({ shortNameLower: shortName.toLowerCase() }).select("_id").lean<{ _id: number }>();
  if (other && other._id !== except) throw new DomainError("conflict", "group:shortNameTaken");
}

function storedFields(input: GroupInput) {
  return {
    name: input.name,
    shortName: input.shortName,
    shortNameLower: input.shortName.toLowerCase(),
    brief: input.brief,
    description: input.description,
    auth: input.auth,
    code: input.auth === GroupAuth.PUBLIC ? "" : input.code,
    visible: input.visible,
  };
}

function isDuplicateKey(err: unknown): boolean {
  return !!err && typeof err === "object" && (err as { code?: number }).code === 11000;
}

/** Creates a group; its creator is its owner and root member. */
export async function createGroup(user: CurrentUser, input: GroupInput): Promise<GroupDoc> {
  const refusal = await createGroupRefusal(user);
  if (refusal) throw refusal;
  await requireFreeShortName(input.shortName);
  const now = new Date();
  const _id = await nextSeq("group");
  try {
    await Group.create({
      _id,
      ...storedFields(input),
      avatar: "",
      owner: user.username,
      uid: user._id,
      status: GroupStatus.NORMAL,
      memberCount: 1,
      gmtCreate: now,
      gmtModified: now,
    });
  } catch (err) {
    if (isDuplicateKey(err)) throw new DomainError("conflict", "group:shortNameTaken");
    throw err;
  }
  await GroupMember.create({
    _id: groupMemberKey(_id, user._id),
    gid: _id,
    uid: user._id,
    username: user.username,
    auth: MemberAuth.ROOT,
    reason: "",
    gmtCreate: now,
    gmtModified: now,
  });
  return loadGroup(_id);
}

// ---- Settings ----

/** Changes the group's settings: its root. */
export async function updateGroup(user: CurrentUser, gid: number, input: GroupInput): Promise<GroupDoc> {
  const group = await loadGroup(gid);
  const refusal = groupRootRefusal(user, groupContextOf(group, await memberAuthOf(gid, user)));
  if (refusal) throw refusal;
  await requireFreeShortName(input.shortName, gid);
  try {
    await Group.updateOne({ _id: gid }, { $set: { ...storedFields(input), gmtModified: new Date() } });
  } catch (err) {
    if (isDuplicateKey(err)) throw new DomainError("conflict", "group:shortNameTaken");
    throw err;
  }
  return loadGroup(gid);
}

/** The group's new avatar (its root): `store` keeps the picture once the root is known and returns its path. */
export async function setGroupAvatar(user: CurrentUser, gid: number, store: () => Promise<string>): Promise<string> {
  const group = await loadGroup(gid);
  const refusal = groupRootRefusal(user, groupContextOf(group, await memberAuthOf(gid, user)));
  if (refusal) throw refusal;
  const avatar = await store();
  await Group.updateOne({ _id: gid }, { $set: { avatar, gmtModified: new Date() } });
  return avatar;
}

/**
 * Disbands a group (its owner or a super admin): its problems, trainings, contests, discussions,
 * categories, tags and members leave the site with it; its members' submissions stay in their records.
 */
export async function deleteGroup(user: CurrentUser, gid: number): Promise<void> {
  const group = await loadGroup(gid);
  if (!mayDeleteGroup(user, groupContextOf(group, await memberAuthOf(gid, user)))) throw new DomainError("forbidden", "group:notOwner");
  await removeGroupContent(user, gid);
}

async function removeGroupContent(user: CurrentUser, gid: number): Promise<void> {
  const scope = { gid, groupAdmin: true };
  const [contests, trainings, discussions] = await Promise.all([
    Contest.find({ gid }).select("_id").lean<Array<{ _id: number }>>(),
    Training.find({ gid }).select("_id").lean<Array<{ _id: number }>>(),
    Discussion.find({ gid }).select("_id").lean<Array<{ _id: number }>>(),
  ]);
  for (const c of contests) await deleteContest(await resolveContest(c._id, user, scope));
  for (const t of trainings) await deleteTraining(await resolveTraining(t._id, user, scope));
  for (const d of discussions) await deleteDiscussion(user, d._id, { kind: "group", gid, groupAdmin: true });
  const problems = await Problem.find({ gid }).select("_id").lean<Array<{ _id: number }>>();
  await Promise.all([
    Problem.deleteMany({ gid }),
    TrainingCategory.deleteMany({ gid }),
    Tag.deleteMany({ gid }),
    GroupMember.deleteMany({ gid }),
    Announcement.deleteMany({ gid }),
    GroupRank.deleteMany({ gid }),
  ]);
  await Group.deleteOne({ _id: gid });
  // The group's contests and trainings are gone; those of the site may list a problem the bank took in.
  await withdrawProblems(problems.map((p) => p._id));
  await problemVisibilityChanged();
}

// ---- Site admin ----

/** Disables or enables a group (super admins): a disabled group is closed to everyone else. */
export async function setGroupStatus(user: CurrentUser, gid: number, status: number): Promise<void> {
  requireSiteAdministrator(user);
  if (status !== GroupStatus.NORMAL && status !== GroupStatus.DISABLED) throw new DomainError("invalid", "group:statusInvalid");
  const res = await Group.updateOne({ _id: gid }, { $set: { status, gmtModified: new Date() } });
  if (res.matchedCount === 0) throw new DomainError("notFound", "group:notFound");
}

// ---- The list ----

const optionalAuth = z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().min(1).max(3).optional().catch(undefined));

export const groupListSchema = z.object({
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(120).catch(PAGE_SIZE.groups).default(PAGE_SIZE.groups),
  keyword: z.string().trim().max(100).catch("").default(""),
  auth: optionalAuth,
  onlyMine: bool.optional().catch(false).default(false),
});
export type GroupListQuery = z.infer<typeof groupListSchema>;

/**
 * A page of the group list (spec section 2: auth, keyword, onlyMine; 15 a page), newest first:
 * shown groups that are not disabled; with onlyMine the viewer's own groups (member or above),
 * hidden ones included. `admin` (the site's group admin list) lists every group.
 */
export async function listGroups(query: GroupListQuery, viewer: Viewer, admin = false) {
  const filter: Record<string, unknown> = {};
  if (query.onlyMine && viewer) {
    const mine = await GroupMember.find({ uid: viewer._id, auth: { $gte: MemberAuth.MEMBER } })
      .select("gid")
      .lean<Array<{ gid: number }>>();
    filter._id = { $in: mine.map((m) => m.gid) };
    if (!admin) filter.status = GroupStatus.NORMAL;
  } else if (!admin) {
    filter.visible = true;
    filter.status = GroupStatus.NORMAL;
  }
  if (query.auth !== undefined) filter.auth = query.auth;
  if (query.keyword) {
    const k = escapeRegex(query.keyword);
    const or: Record<string, unknown>[] = [{ name: { $regex: k, $options: "i" } }, { shortName: { $regex: k, $options: "i" } }, { brief: { $regex: k, $options: "i" } }];
    if (/^\d{1,9}$/.test(query.keyword)) or.push({ _id: Number(query.keyword) });
    filter.$or = or;
  }
  const [total, records] = await Promise.all([
    Group.countDocuments(filter),
    Group.find(filter)
      .sort({ gmtCreate: -1, _id: -1 })
      .skip((query.currentPage - 1) * query.limit)
      .limit(query.limit)
      .lean<GroupDoc[]>(),
  ]);
  return { total, current: query.currentPage, size: query.limit, records };
}

// ---- HOJ's shapes ----

/** HOJ's GroupVO (the invitation code only for the group's root). */
export function groupJson(g: GroupDoc, showCode = false) {
  return {
    id: g._id,
    avatar: g.avatar || null,
    name: g.name,
    shortName: g.shortName,
    brief: g.brief,
    description: g.description,
    owner: g.owner,
    uid: g.uid,
    auth: g.auth,
    code: showCode ? g.code : null,
    visible: g.visible,
    status: g.status,
    memberCount: g.memberCount,
    gmtCreate: g.gmtCreate,
    gmtModified: g.gmtModified,
  };
}

/** HOJ's GroupMemberVO. */
export function memberJson(m: GroupMemberDoc, avatar?: string) {
  return { id: m._id, uid: m.uid, gid: m.gid, username: m.username, avatar: avatar || null, auth: m.auth, reason: m.reason, gmtCreate: m.gmtCreate, gmtModify: m.gmtModified };
}
