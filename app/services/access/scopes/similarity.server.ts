import { DomainError } from "../../errors.server";
import { isAdminOrAbove } from "../roles.server";
import { loginFirst, type Viewer } from "../scope.server";
import { contestStanding, type ContestAccessContext } from "./contest.server";
import { groupAdminRefusal, type GroupAccessContext } from "./group.server";
import { isTrainingAdmin, type TrainingAccessContext } from "./training.server";

// Code similarity checks (spec: what a teacher needs after the class has submitted): who may start
// one in a contest, a training or a group's problem set, and read its report with the code in it.
// Its admins and the site's admins (super admins and admins); everyone else, participants and
// members included, is told nothing exists there, so no one learns that their code was compared.

function unseen(): DomainError {
  return new DomainError("notFound", "similarity:notFound");
}

/** A contest's checks: its admins (the policy's standing) and the site's admins. */
export function contestSimilarityRefusal(viewer: Viewer, ctx: ContestAccessContext): DomainError | null {
  if (!viewer) return loginFirst();
  if (isAdminOrAbove(viewer) || contestStanding(viewer, ctx).admin) return null;
  return unseen();
}

/** A training's checks: its admins (author, super admins, its group's root) and the site's admins. */
export function trainingSimilarityRefusal(viewer: Viewer, ctx: TrainingAccessContext): DomainError | null {
  if (!viewer) return loginFirst();
  if (isAdminOrAbove(viewer) || isTrainingAdmin(viewer, ctx.training, ctx.groupAdmin)) return null;
  return unseen();
}

/** A group's problem set's checks: the group's admins and the site's admins. */
export function groupSimilarityRefusal(viewer: Viewer, ctx: GroupAccessContext): DomainError | null {
  if (!viewer) return loginFirst();
  if (isAdminOrAbove(viewer) || !groupAdminRefusal(viewer, ctx)) return null;
  return unseen();
}
