import type { LoaderFunctionArgs } from "@remix-run/node";
import type { CurrentUser } from "~/services/account/session.server";
import { administerContest, type ContestScope } from "~/services/contest/scope.server";
import { administerTraining, type TrainingScope } from "~/services/training/scope.server";
import { groupContentFor, type GroupContentAdmin } from "~/services/group/content.server";
import { pathId } from "./ids.server";
import { groupPageRefusal, groupPageBase } from "./group-page.server";
import { loginRedirect } from "./guards.server";

// The edge of a group's training and contest admin pages (/group/{gid}/training/..., /contest/...):
// the group from the path, a signed-in admin of it, and the scopes the services take; anyone else
// is refused as the group's pages refuse (log in, 403, 404).

export interface GroupAdminPageBase {
  user: CurrentUser;
  gid: number;
  admin: GroupContentAdmin;
}

export async function groupAdminPageBase(request: Request, params: LoaderFunctionArgs["params"]): Promise<GroupAdminPageBase> {
  const { user, gid } = await groupPageBase(request, params);
  if (!user) throw loginRedirect(request);
  try {
    return { user, gid, admin: await groupContentFor(gid, user) };
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}

/**
 * A group contest's admin pages (`/group/{gid}/contest/{contestId}/...`): the group's admin page
 * base and the contest resolved once for a viewer who administers it (its author, the group's root,
 * a super admin); a contest of another group is not found here.
 */
export async function groupContestAdminBase(request: Request, params: LoaderFunctionArgs["params"]): Promise<GroupAdminPageBase & { cid: number; cs: ContestScope }> {
  const base = await groupAdminPageBase(request, params);
  const cid = pathId(params.contestId);
  try {
    return { ...base, cid, cs: await administerContest(cid, base.user, base.admin.manage) };
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}

/**
 * A group training's admin pages (`/group/{gid}/training/{trainingId}/edit`, `manage-problems`): the
 * group's admin page base and the training resolved for a viewer who administers it; a training of
 * another group is not found here.
 */
export async function groupTrainingAdminBase(request: Request, params: LoaderFunctionArgs["params"]): Promise<GroupAdminPageBase & { tid: number; ts: TrainingScope }> {
  const base = await groupAdminPageBase(request, params);
  const tid = pathId(params.trainingId);
  try {
    return { ...base, tid, ts: await administerTraining(tid, base.user, base.admin.manage) };
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}
