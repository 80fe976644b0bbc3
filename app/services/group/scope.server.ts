import type { GroupDoc } from "~/models/group.server";
import { groupContentRefusal, groupScope, requestedScope, type GroupAccessContext, type Scope, type ScopeIds, type Viewer } from "../access/policy.server";
import { DomainError } from "../errors.server";
import { groupContextOf, loadGroup, memberAuthOf } from "./context.server";

// A group as a scope of the access policy for one viewer: the submit path, the self-test, the
// problem detail and statuses, the submission detail and the status check resolve a `gid` here
// (as a contest's is resolved from its `cid`), then ask the scope.

/** The group, the viewer's context in it and its scope (404 when the group does not exist). */
export async function groupScopeFor(gid: number, viewer: Viewer): Promise<{ group: GroupDoc; ctx: GroupAccessContext; scope: Scope }> {
  const group = await loadGroup(gid);
  const ctx = groupContextOf(group, await memberAuthOf(gid, viewer));
  return { group, ctx, scope: groupScope(ctx) };
}

/**
 * The scope a request names (`requestedScope`), with a named group loaded for the viewer: a call
 * naming a group is its members' (the others get the group's refusal).
 */
export async function scopeForRequest(ids: ScopeIds, viewer: Viewer): Promise<Scope> {
  if (ids.cid || ids.gid === null || ids.gid === undefined) return requestedScope(ids);
  const { ctx } = await groupScopeFor(ids.gid, viewer);
  const refusal = groupContentRefusal(viewer, ctx);
  if (refusal) throw refusal;
  return requestedScope(ids, ctx);
}

/**
 * The group's scope for a stored submission or problem carrying a gid outside contests; null when
 * it carries none or its group is gone (the policy's record scope answers then).
 */
export async function groupScopeOfRecord(record: { gid?: number | null; cid?: number | null }, viewer: Viewer): Promise<Scope | null> {
  if (record.gid === null || record.gid === undefined || (record.cid ?? 0) > 0) return null;
  try {
    return (await groupScopeFor(record.gid, viewer)).scope;
  } catch (err) {
    if (err instanceof DomainError && err.kind === "notFound") return null;
    throw err;
  }
}

/** The scopes of the groups some submissions outside contests belong to, by gid (one read per group). */
export async function groupScopesOf(viewer: Viewer, subs: ReadonlyArray<{ gid?: number | null; cid?: number | null }>): Promise<Map<number, Scope>> {
  const gids = [...new Set(subs.filter((s) => (s.cid ?? 0) === 0 && s.gid !== null && s.gid !== undefined).map((s) => s.gid as number))];
  const out = new Map<number, Scope>();
  for (const gid of gids) {
    const scope = await groupScopeOfRecord({ gid }, viewer);
    if (scope) out.set(gid, scope);
  }
  return out;
}
