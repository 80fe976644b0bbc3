import { Contest, type ContestDoc } from "~/models/contest.server";
import { ContestProblem } from "~/models/contest-problem.server";
import { ContestRegister, contestRegisterKey } from "~/models/contest-register.server";
import {
  contestScope,
  contestStanding,
  groupContentAdmin,
  type ContestAccessContext,
  type ContestStanding,
  type Scope,
} from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { DomainError } from "../errors.server";
import { groupAccessContext } from "../group/context.server";
import { ruleOf, type ContestRule } from "./rules/index.server";
import { matchesAccountLimit } from "./account-limit.server";

// A contest as one request meets it: resolved once at the edge (the contest, the viewer's
// registration and group, its problems, its rule) into one value that the contest services are
// handed. What the viewer may see and do in it is the access policy's answer (`scope`, `standing`);
// the services read those answers and never work a rule out again.

/** Where a request addresses contests: the site's own (gid null) or a group's. */
export type ContestPlace = { gid: number | null; groupAdmin?: boolean };
/** The site's own contests (the site's pages and HOJ's admin calls). */
export const SITE: ContestPlace = { gid: null };

export interface ContestScope {
  readonly kind: "contest";
  readonly viewer: CurrentUser | null;
  readonly contest: ContestDoc;
  readonly ctx: ContestAccessContext;
  /** The policy's answers for this contest's problems and submissions. */
  readonly scope: Scope;
  readonly rule: ContestRule;
  /** The viewer's standing: entry, admin, registration, real-time rights, seal. */
  readonly standing: ContestStanding;
}

/** The contest, or 404 (one of another place is not found either). */
export async function loadContest(cid: number, place: ContestPlace | null): Promise<ContestDoc> {
  const c = await Contest.findById(cid).lean<ContestDoc>();
  if (!c || (place && (c.gid ?? null) !== place.gid)) throw new DomainError("notFound", "contest:notFound");
  return c;
}

/**
 * Everything the policy's contest scope decides on, for one viewer now: registration, the account
 * limit rule, the contest's problems, its group as the viewer meets it, its rule's visibility.
 */
export async function contestContext(contest: ContestDoc, viewer: CurrentUser | null): Promise<ContestAccessContext> {
  const gid = contest.gid ?? null;
  const [registered, pids, group] = await Promise.all([
    viewer ? ContestRegister.exists({ _id: contestRegisterKey(contest._id, viewer._id) }).then(Boolean) : Promise.resolve(false),
    ContestProblem.find({ cid: contest._id }).select("pid").lean<Array<{ pid: number }>>(),
    gid === null ? Promise.resolve(null) : groupAccessContext(gid, viewer),
  ]);
  if (gid !== null && !group) throw new DomainError("notFound", "contest:notFound");
  return {
    contest: { ...contest, gid: contest.gid ?? null, sealRankTime: contest.sealRankTime ?? null },
    now: new Date(),
    registered,
    accountAllowed: !contest.openAccountLimit || (!!viewer && matchesAccountLimit(contest.accountLimitRule, viewer.username)),
    groupAdmin: groupContentAdmin(viewer, group),
    problemPids: new Set(pids.map((p) => p.pid)),
    group,
    visibility: ruleOf(contest.type).visibility,
  };
}

/** The resolved scope of a loaded contest for a viewer. */
export async function scopeOfContest(contest: ContestDoc, viewer: CurrentUser | null): Promise<ContestScope> {
  const ctx = await contestContext(contest, viewer);
  return { kind: "contest", viewer, contest, ctx, scope: contestScope(ctx), rule: ruleOf(contest.type), standing: contestStanding(viewer, ctx) };
}

/** The contest a request names, resolved for its viewer (404 when it is unknown or of another place). */
export async function resolveContest(cid: number, viewer: CurrentUser | null, place: ContestPlace | null): Promise<ContestScope> {
  return scopeOfContest(await loadContest(cid, place), viewer);
}

/** Refuses a viewer who may not look inside the contest (login first, not found, not started, register first). */
export function requireEntry(cs: ContestScope): void {
  if (cs.standing.entryRefusal) throw cs.standing.entryRefusal;
}

/** Refuses anyone but the contest's admins. */
export function requireContestAdmin(cs: ContestScope): void {
  if (!cs.viewer) throw new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
  if (!cs.standing.admin) throw new DomainError("forbidden", "contest:notAdmin");
}

/** A contest the viewer may look inside, resolved. */
export async function enterContest(cid: number, viewer: CurrentUser | null, place: ContestPlace | null): Promise<ContestScope> {
  const cs = await resolveContest(cid, viewer, place);
  requireEntry(cs);
  return cs;
}

/** A contest the viewer administers, resolved. */
export async function administerContest(cid: number, viewer: CurrentUser | null, place: ContestPlace | null): Promise<ContestScope> {
  const cs = await resolveContest(cid, viewer, place);
  requireContestAdmin(cs);
  return cs;
}
