import { getCurrentUser, type CurrentUser } from "~/services/account/session.server";
import { administerContest, resolveContest, type ContestPlace, type ContestScope } from "~/services/contest/scope.server";
import { groupOfContest, type GroupContentAdmin } from "~/services/group/content.server";
import { requireApiUser } from "./api.server";
import { inputId } from "./ids.server";

// The contest an /ojapi call names by its `cid` (HOJ's query or body field), resolved once for the
// token's user: the adapters hand it to the contest services, which read the policy's answers in it.

/** The signed-in caller and the contest named by `cid` (400 when malformed, 404 when unknown or of another place). */
export async function apiContest(request: Request, cid: unknown, place: ContestPlace | null): Promise<{ user: CurrentUser; cs: ContestScope }> {
  const id = inputId(cid);
  const user = await requireApiUser(request);
  return { user, cs: await resolveContest(id, user, place) };
}

/** The same for a call a visitor may make too (the policy decides what they see). */
export async function apiContestViewer(request: Request, cid: unknown, place: ContestPlace | null): Promise<{ user: CurrentUser | null; cs: ContestScope }> {
  const id = inputId(cid);
  const user = await getCurrentUser(request);
  return { user, cs: await resolveContest(id, user, place) };
}

/** The same for a call only the contest's admins may make (403 for the others). */
export async function apiContestAdmin(request: Request, cid: unknown, place: ContestPlace | null): Promise<{ user: CurrentUser; cs: ContestScope }> {
  // Who calls comes first: an anonymous call is refused as HOJ's guard refuses it, whatever its ids.
  const user = await requireApiUser(request);
  const id = inputId(cid);
  return { user, cs: await administerContest(id, user, place) };
}

/**
 * HOJ's group contest calls name the contest alone: its group (whose admins the caller must be)
 * and the contest resolved in that group's place, for a caller who administers it.
 */
export async function apiGroupContestAdmin(request: Request, cid: unknown): Promise<{ user: CurrentUser; cs: ContestScope; admin: GroupContentAdmin }> {
  const user = await requireApiUser(request);
  const id = inputId(cid);
  const admin = await groupOfContest(id, user);
  return { user, admin, cs: await administerContest(id, user, admin.manage) };
}
