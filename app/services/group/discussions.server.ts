import { Discussion } from "~/models/discussion.server";
import { discussionAreaRefusal, type CommunityPlace } from "../access/community.server";
import type { Viewer } from "../access/policy.server";
import { DomainError } from "../errors.server";
import { groupForMember } from "./groups.server";

// A group's discussion area as the community services take it (spec section 2: its members only;
// its admins moderate). The discussions themselves are the community services'.

/** The group's discussion area for one viewer; refused to those outside the group. */
export async function groupDiscussionPlace(gid: number, viewer: Viewer): Promise<CommunityPlace> {
  const view = await groupForMember(gid, viewer);
  return { kind: "group", gid, groupAdmin: view.isAdmin };
}

/**
 * The area of a discussion named by its id alone (HOJ's get-discussion-detail?did, its comments):
 * the site's, or its group's for the group's members. Outside the group, a hidden discussion is
 * not found; a shown one answers the group's refusal.
 */
export async function discussionPlaceOf(d: { gid?: number | null; status: number }, viewer: Viewer): Promise<CommunityPlace> {
  if (d.gid === null || d.gid === undefined) return { kind: "site" };
  try {
    return await groupDiscussionPlace(d.gid, viewer);
  } catch (err) {
    throw err instanceof DomainError ? discussionAreaRefusal(d, err) : err;
  }
}

/** The area of the discussion with this id (see discussionPlaceOf). */
export async function discussionPlaceById(did: number, viewer: Viewer): Promise<CommunityPlace> {
  const d = await Discussion.findById(did).select("gid status").lean<{ gid: number | null; status: number }>();
  if (!d) throw new DomainError("notFound", "community:errors.notFound");
  return discussionPlaceOf(d, viewer);
}

/** The area of a group discussion named by its id alone (HOJ's DELETE ?did); a site discussion is not found here. */
export async function discussionGroupPlace(did: number, viewer: Viewer): Promise<CommunityPlace> {
  const d = await Discussion.findById(did).select("gid").lean<{ gid: number | null }>();
  if (!d || d.gid === null || d.gid === undefined) throw new DomainError("notFound", "community:errors.notFound");
  return groupDiscussionPlace(d.gid, viewer);
}
