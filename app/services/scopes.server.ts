import { ApiError } from "./api.server";

// Contests, trainings and groups are later parts of the product. Until they exist, no call may
// place anything in one or read through one: a caller-chosen contest, training or group is
// refused, so the rules of the public problem bank (visibility, counters, the status list) always
// apply. When one of them is built, its membership and access checks replace its refusal here.

const REFUSALS = {
  contest: "common:errors.contestUnavailable",
  training: "common:errors.trainingUnavailable",
  group: "common:errors.groupUnavailable",
} as const;

export type UnbuiltScope = keyof typeof REFUSALS;

/** 403 with a translated message: that part of the site does not exist yet. */
export function refuseScope(scope: UnbuiltScope): never {
  throw new ApiError(403, REFUSALS[scope]);
}

export interface ScopeIds {
  cid?: number | null;
  tid?: number | null;
  gid?: number | null;
}

/** Refuses a named contest, training or group (0, null and absent name none). */
export function refuseUnbuiltScopes(s: ScopeIds): void {
  if (s.cid) refuseScope("contest");
  if (s.tid) refuseScope("training");
  if (s.gid !== undefined && s.gid !== null) refuseScope("group");
}
