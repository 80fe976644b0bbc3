import { ProblemAuth } from "~/lib/constants";
import { Problem } from "~/models/problem.server";
import { isAdminRole } from "./permissions.server";

// Home page quick start (spec section 5): a problem ID opens that problem; the ID is matched
// without regard to case. Empty input and unknown IDs are refused with a warning.

export const QUICK_START_MAX = 100;

export type QuickStart = { ok: true; problemId: string } | { ok: false; error: "empty" | "notFound" };

export async function resolveQuickStart(raw: string | null, viewer: { role: number } | null): Promise<QuickStart> {
  const id = (raw ?? "").trim();
  if (!id) return { ok: false, error: "empty" };
  if (id.length > QUICK_START_MAX) return { ok: false, error: "notFound" };
  // Site problems only (group problems live in their groups); admins may open private ones too.
  const filter: Record<string, unknown> = { problemIdUpper: id.toUpperCase(), gid: null };
  if (!isAdminRole(viewer)) filter.auth = ProblemAuth.PUBLIC;
  const problem = await Problem.findOne(filter).select("problemId").lean();
  return problem ? { ok: true, problemId: problem.problemId } : { ok: false, error: "notFound" };
}
