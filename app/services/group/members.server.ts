import { z } from "zod";
import { GROUP_LIMITS, GroupAuth, MemberAuth } from "~/lib/group";
import { PAGE_SIZE } from "~/lib/constants";
import { Group, type GroupDoc } from "~/models/group.server";
import { GroupMember, groupMemberKey, type GroupMemberDoc } from "~/models/group-member.server";
import { User } from "~/models/user.server";
import { groupAdminRefusal, groupContentRefusal, memberAuthChangeRefusal, memberRemoveRefusal, mayDeleteGroup, groupJoinRefusal, groupLeaveRefusal } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { sendUserMessage } from "../community/messages.server";
import { DomainError } from "../errors.server";
import { groupContextOf, loadGroup, memberAuthOf } from "./context.server";
import { deleteGroup } from "./groups.server";
import { escapeRegex } from "~/lib/regex";

// Membership of a group (spec sections 3, 5, 6, 7): joining a public group at once, applying to a
// protected one with a reason or to a private one with its invitation code, accepting, refusing,
// changing a member's auth, removing, leaving and handing the group to another member. The kept
// `memberCount` moves with $inc whenever a row enters or leaves auth 3..5.

const isCounted = (auth: number) => auth >= MemberAuth.MEMBER;
const E = "group:";

/** HOJ's POST /ojapi/group/member and the page's apply form: {gid, code, reason}. */
export const applySchema = z.object({
  code: z.string().trim().max(50).optional().default(""),
  reason: z.string().trim().max(1000).optional().default(""),
});
export type ApplyInput = z.infer<typeof applySchema>;

async function countDelta(gid: number, before: number, after: number): Promise<void> {
  const delta = (isCounted(after) ? 1 : 0) - (isCounted(before) ? 1 : 0);
  if (delta !== 0) await Group.updateOne({ _id: gid }, { $inc: { memberCount: delta } });
}

/**
 * Joins or applies: a public group takes the user at once; a protected one stores an application
 * with its reason (5 to 100 characters); a private one needs its invitation code as well. Applying
 * twice, applying after a refusal and joining a second time are refused and change nothing.
 */
export async function applyToGroup(user: CurrentUser, gid: number, input: ApplyInput): Promise<{ auth: number }> {
  const group = await loadGroup(gid);
  const existing = await memberAuthOf(gid, user);
  const refusal = groupJoinRefusal(user, groupContextOf(group, existing));
  if (refusal) throw refusal;
  if (existing === MemberAuth.APPLYING) throw new DomainError("conflict", `${E}alreadyApplied`);
  if (existing === MemberAuth.REFUSED) throw new DomainError("forbidden", `${E}applicationRefused`);
  if (group.auth === GroupAuth.PRIVATE) {
    if (input.code.length !== GROUP_LIMITS.codeLength) throw new DomainError("invalid", `${E}codeLength`);
    if (input.code !== group.code) throw new DomainError("forbidden", `${E}wrongCode`);
  }
  if (group.auth !== GroupAuth.PUBLIC && (input.reason.length < GROUP_LIMITS.reasonMin || input.reason.length > GROUP_LIMITS.reasonMax)) {
    throw new DomainError("invalid", `${E}reasonLength`);
  }
  const auth = group.auth === GroupAuth.PUBLIC ? MemberAuth.MEMBER : MemberAuth.APPLYING;
  const now = new Date();
  try {
    await GroupMember.create({
      _id: groupMemberKey(gid, user._id),
      gid,
      uid: user._id,
      username: user.username,
      auth,
      reason: group.auth === GroupAuth.PUBLIC ? "" : input.reason,
      gmtCreate: now,
      gmtModified: now,
    });
  } catch (err) {
    // Two requests at once: the unique _id lets one through.
    if (err && typeof err === "object" && (err as { code?: number }).code === 11000) throw new DomainError("conflict", `${E}alreadyApplied`);
    throw err;
  }
  await countDelta(gid, 0, auth);
  return { auth };
}

async function loadMember(gid: number, uid: string): Promise<GroupMemberDoc> {
  const m = await GroupMember.findById(groupMemberKey(gid, uid)).lean<GroupMemberDoc>();
  if (!m) throw new DomainError("notFound", `${E}memberNotFound`);
  return m;
}

export const memberAuthSchema = z.object({
  auth: z.coerce
    .number({ invalid_type_error: `${E}memberAuthInvalid`, required_error: `${E}memberAuthInvalid` })
    .int(`${E}memberAuthInvalid`)
    .min(1, `${E}memberAuthInvalid`)
    .max(5, `${E}memberAuthInvalid`),
});

/**
 * Changes a member's auth (HOJ's PUT /ojapi/group/member): accepting an application (to 3),
 * refusing it (2), promoting and demoting, within the policy's limits; the user is told. Auth 5
 * (root) hands the group over to that member (its owner or a super admin only).
 */
export async function changeMemberAuth(user: CurrentUser, gid: number, uid: string, auth: number): Promise<void> {
  const group = await loadGroup(gid);
  const target = await loadMember(gid, uid);
  const ctx = groupContextOf(group, await memberAuthOf(gid, user));
  const refusal = memberAuthChangeRefusal(user, ctx, target, auth);
  if (refusal) throw refusal;
  // A member made root is the group's new owner (HOJ has no other call for it): the owner hands it over.
  if (auth === MemberAuth.ROOT) return transferOwnership(user, gid, uid);
  if (target.auth === auth) return;
  if (isCounted(target.auth) && !isCounted(auth)) throw new DomainError("invalid", `${E}memberAuthInvalid`);
  const res = await GroupMember.updateOne({ _id: target._id, auth: target.auth }, { $set: { auth, gmtModified: new Date() } });
  if (res.modifiedCount === 0) return; // changed meanwhile by another admin: the count moved with that change
  await countDelta(gid, target.auth, auth);
  if (target.auth === MemberAuth.APPLYING) {
    const accepted = auth >= MemberAuth.MEMBER;
    await sendUserMessage({
      recipientUid: uid,
      type: "sys",
      action: accepted ? "Group_Accepted" : "Group_Refused",
      title: group.name,
      sourceType: "Group",
      sourceId: String(gid),
      sourceTitle: group.name,
      url: `/group/${gid}`,
    }).catch(() => undefined);
  }
}

/** Removes a member or an application (HOJ's DELETE /ojapi/group/member); removing the owner disbands the group. */
export async function removeMember(user: CurrentUser, gid: number, uid: string): Promise<void> {
  const group = await loadGroup(gid);
  const ctx = groupContextOf(group, await memberAuthOf(gid, user));
  const target = uid === group.uid ? { uid, auth: MemberAuth.ROOT } : await loadMember(gid, uid);
  const refusal = memberRemoveRefusal(user, ctx, target);
  if (refusal) throw refusal;
  if (uid === group.uid) return deleteGroup(user, gid);
  const res = await GroupMember.deleteOne({ _id: groupMemberKey(gid, uid) });
  if (res.deletedCount) await countDelta(gid, target.auth, 0);
}

/** Leaves the group (members, and applicants withdrawing); its owner hands it over or disbands it instead. */
export async function leaveGroup(user: CurrentUser, gid: number): Promise<void> {
  const group = await loadGroup(gid);
  const refusal = groupLeaveRefusal(user, groupContextOf(group, 0));
  if (refusal) throw refusal;
  const m = await GroupMember.findById(groupMemberKey(gid, user._id)).lean<GroupMemberDoc>();
  if (!m) throw new DomainError("notFound", `${E}notMember`);
  const res = await GroupMember.deleteOne({ _id: m._id });
  if (res.deletedCount) await countDelta(gid, m.auth, 0);
}

/** The owner (or a super admin) hands the group to one of its members, who becomes its root; the old owner stays as an admin. */
export async function transferOwnership(user: CurrentUser, gid: number, uid: string): Promise<void> {
  const group = await loadGroup(gid);
  if (!mayDeleteGroup(user, groupContextOf(group, await memberAuthOf(gid, user)))) throw new DomainError("forbidden", `${E}notOwner`);
  if (uid === group.uid) throw new DomainError("invalid", `${E}alreadyOwner`);
  const target = await loadMember(gid, uid);
  if (!isCounted(target.auth)) throw new DomainError("invalid", `${E}transferToMember`);
  const now = new Date();
  await Group.updateOne({ _id: gid }, { $set: { uid, owner: target.username, gmtModified: now } });
  await GroupMember.updateOne({ _id: target._id }, { $set: { auth: MemberAuth.ROOT, gmtModified: now } });
  await GroupMember.updateOne({ _id: groupMemberKey(gid, group.uid), auth: MemberAuth.ROOT }, { $set: { auth: MemberAuth.ADMIN, gmtModified: now } });
}

/** Whom the owner may hand the group to: its members (admins included) but the owner, by name. */
export async function handoverCandidates(group: Pick<GroupDoc, "_id" | "uid">): Promise<Array<{ uid: string; username: string }>> {
  const rows = await GroupMember.find({ gid: group._id, auth: { $gte: MemberAuth.MEMBER }, uid: { $ne: group.uid } })
    .select("uid username")
    .sort({ username: 1 })
    .limit(500)
    .lean<Array<{ uid: string; username: string }>>();
  return rows.map((m) => ({ uid: m.uid, username: m.username }));
}

// ---- Lists ----

export const memberListSchema = z.object({
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).catch(PAGE_SIZE.groupLists).default(PAGE_SIZE.groupLists),
  keyword: z.string().trim().max(100).catch("").default(""),
  auth: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().min(1).max(5).optional().catch(undefined)),
});
export type MemberListQuery = z.infer<typeof memberListSchema>;

async function pageOf(filter: Record<string, unknown>, query: MemberListQuery) {
  if (query.keyword) filter.username = { $regex: escapeRegex(query.keyword), $options: "i" };
  const [total, records] = await Promise.all([
    GroupMember.countDocuments(filter),
    GroupMember.find(filter)
      .sort({ auth: -1, gmtCreate: 1 })
      .skip((query.currentPage - 1) * query.limit)
      .limit(query.limit)
      .lean<GroupMemberDoc[]>(),
  ]);
  const users = records.length
    ? await User.find({ _id: { $in: records.map((r) => r.uid) } })
        .select("_id avatar")
        .lean<Array<{ _id: string; avatar: string }>>()
    : [];
  const avatars = new Map(users.map((u) => [u._id, u.avatar]));
  return { total, current: query.currentPage, size: query.limit, records: records.map((r) => ({ member: r, avatar: avatars.get(r.uid) ?? "" })) };
}

/** The member list (members 3..5), for the group's members. */
export async function listMembers(user: CurrentUser | null, group: GroupDoc, query: MemberListQuery) {
  const refusal = groupContentRefusal(user, groupContextOf(group, await memberAuthOf(group._id, user)));
  if (refusal) throw refusal;
  const auth = query.auth !== undefined && isCounted(query.auth) ? query.auth : { $gte: MemberAuth.MEMBER };
  return pageOf({ gid: group._id, auth }, query);
}

/** Applications, pending and refused (auth 1 and 2), for the group's admins. */
export async function listApplications(user: CurrentUser | null, group: GroupDoc, query: MemberListQuery) {
  const refusal = groupAdminRefusal(user, groupContextOf(group, await memberAuthOf(group._id, user)));
  if (refusal) throw refusal;
  const auth = query.auth === MemberAuth.APPLYING || query.auth === MemberAuth.REFUSED ? query.auth : { $lte: MemberAuth.REFUSED };
  return pageOf({ gid: group._id, auth }, query);
}
