import { DomainError } from "../errors.server";
import { isSuperAdmin } from "./roles.server";
import { loginFirst, type ProblemForAccess, type Viewer } from "./scope.server";
import { bankScope } from "./scopes/bank.server";

// ---- The AI helper ----

/**
 * Why the viewer may not ask the AI helper about a problem (a missing or hidden one included);
 * null when they may: any signed-in user who sees the problem in the bank. Asking without a
 * problem (HOJ's teaching call with only messages) needs a signed-in user alone.
 */
export function aiHelperRefusal(viewer: Viewer, problem: ProblemForAccess | null | undefined): DomainError | null {
  if (!viewer) return loginFirst();
  if (problem === undefined) return null;
  if (!problem || !bankScope.seesProblem(viewer, problem)) return new DomainError("notFound", "judge:problemNotFound");
  return null;
}

/** Who sets the AI helper's endpoint, key and model: super admins, as every site setting. */
export function mayConfigureAi(viewer: Viewer): boolean {
  return isSuperAdmin(viewer);
}

