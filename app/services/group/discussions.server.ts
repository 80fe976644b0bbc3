import { Discussion } from "~/models/discussion.server";
import type { CommunityPlace } from "../access/community.server";
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

/** The area of a group discussion named by its id alone (HOJ's DELETE ?did); a site discussion is not found here. */
export async function discussionGroupPlace(did: number, viewer: Viewer): Promise<CommunityPlace> {
  const d = await Discussion.findById(did).select("gid").lean<{ gid: number | null }>();
  if (!d || d.gid === null || d.gid === undefined) throw new DomainError("notFound", "community:errors.notFound");
  return groupDiscussionPlace(d.gid, viewer);
}
