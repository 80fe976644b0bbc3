import { isAdminRole } from "../roles.server";
import type { Viewer } from "../scope.server";
import { contestStanding, type ContestAccessContext } from "./contest.server";
import { isGroupAdmin, type GroupAccessContext } from "./group.server";

// Results to take away (a contest's board, a training's progress, a group's rank as CSV or a
// workbook): whose real names the file holds. Those who run the place and the admin roles; for
// everyone else the file holds what their page shows. (A training's progress follows its rank
// page: its admins see real names there, `trainingRankPage`.)

export function contestRealNamesShown(viewer: Viewer, ctx: ContestAccessContext): boolean {
  return isAdminRole(viewer) || contestStanding(viewer, ctx).admin;
}

export function groupRealNamesShown(viewer: Viewer, ctx: GroupAccessContext): boolean {
  return isAdminRole(viewer) || isGroupAdmin(viewer, ctx);
}
