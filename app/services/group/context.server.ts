import { Group, type GroupDoc } from "~/models/group.server";
import { GroupMember, groupMemberKey } from "~/models/group-member.server";
import type { GroupAccessContext, Viewer } from "../access/policy.server";
import { DomainError } from "../errors.server";

// A group as one viewer meets it, read for the contest and training contexts: a group contest or
// training is open to the group's members only (the policy decides on this). Reads the store
// alone, so the contest and training services take it without the group services.

/** The group's access context for the viewer; null when the group is gone. */
export async function groupAccessContext(gid: number, viewer: Viewer): Promise<GroupAccessContext | null> {
  const [group, member] = await Promise.all([
    Group.findById(gid).select("uid auth visible status").lean<{ _id: number; uid: string; auth: number; visible: boolean; status: number }>(),
    viewer ? GroupMember.findById(groupMemberKey(gid, viewer._id)).select("auth").lean<{ auth: number }>() : Promise.resolve(null),
  ]);
  if (!group) return null;
  return { group: { _id: group._id, uid: group.uid, auth: group.auth, visible: group.visible, status: group.status }, memberAuth: member?.auth ?? 0 };
}

/** A group's id and name, for the way back to it from its contests' pages; null when it is gone. */
export async function groupLinkOf(gid: number): Promise<{ id: number; name: string } | null> {
  const group = await Group.findById(gid).select("name").lean<{ _id: number; name: string }>();
  return group ? { id: group._id, name: group.name } : null;
}

/** The group, or 404. */
export async function loadGroup(gid: number): Promise<GroupDoc> {
  const g = await Group.findById(gid).lean<GroupDoc>();
  if (!g) throw new DomainError("notFound", "group:notFound");
  return g;
}

/** The viewer's stored auth in the group (0: none). */
export async function memberAuthOf(gid: number, viewer: Viewer): Promise<number> {
  if (!viewer) return 0;
  const m = await GroupMember.findById(groupMemberKey(gid, viewer._id)).select("auth").lean<{ auth: number }>();
  return m?.auth ?? 0;
}

/** What the policy decides on for one viewer. */
export function groupContextOf(group: GroupDoc, memberAuth: number): GroupAccessContext {
  return { group: { _id: group._id, uid: group.uid, auth: group.auth, visible: group.visible, status: group.status }, memberAuth };
}
