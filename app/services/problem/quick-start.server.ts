import { Problem, type ProblemDoc } from "~/models/problem.server";
import { bankScope, type Viewer } from "../access/policy.server";

// Home page quick start (spec section 5): a problem ID opens that problem; the ID is matched
// without regard to case. Empty input and unknown IDs are refused with a warning.

export const QUICK_START_MAX = 100;

export type QuickStart = { ok: true; problemId: string } | { ok: false; error: "empty" | "notFound" };

export async function resolveQuickStart(raw: string | null, viewer: Viewer): Promise<QuickStart> {
  const id = (raw ?? "").trim();
  if (!id) return { ok: false, error: "empty" };
  if (id.length > QUICK_START_MAX) return { ok: false, error: "notFound" };
  const problem = await Problem.findOne({ problemIdUpper: id.toUpperCase() }).select("problemId auth gid applyPublicProgress").lean<ProblemDoc>();
  return problem && bankScope.seesProblem(viewer, problem) ? { ok: true, problemId: problem.problemId } : { ok: false, error: "notFound" };
}
