import { Contest } from "~/models/contest.server";
import { Training } from "~/models/training.server";
import { groupAdminRefusal, groupContentScopes } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import type { z } from "zod";
import type { ProblemDoc } from "~/models/problem.server";
import { addContestProblem, createContestOnlyProblem, type newContestProblemLinkSchema } from "../contest/problems.server";
import { administerContest, type ContestScope } from "../contest/scope.server";
import type { ProblemInputRaw } from "../problem/schema.server";
import { createGroupProblem } from "./problems.server";
import { DomainError } from "../errors.server";
import { problemByRef } from "../problem/problems.server";
import { createCategory, listCategories } from "../training/categories.server";
import { groupFor, type GroupView } from "./groups.server";
import { SITE } from "../training/scope.server";

// A group's trainings and contests for its admins (spec sections 2 and 6; HOJ's GroupTraining and
// GroupContest managers): the group as the viewer meets it, and the scopes the training and contest
// services take (`create`: its admins add; `manage`: the author or the group's root edits, deletes
// and manages one). A training or contest named by id alone (HOJ's calls) gives its own group.

export interface GroupContentAdmin {
  view: GroupView;
  create: { gid: number; groupAdmin: boolean };
  manage: { gid: number; groupAdmin: boolean };
}

/** The group for one of its admins; refused for anyone else. */
export async function groupContentFor(gid: number, user: CurrentUser): Promise<GroupContentAdmin> {
  const view = await groupFor(gid, user);
  const scopes = groupContentScopes(user, view.ctx);
  if (!scopes) throw groupAdminRefusal(user, view.ctx) ?? new DomainError("forbidden", "group:notAdmin");
  return { view, ...scopes };
}

/** The group of a group training, for one of its admins (a site training is not found here). */
export async function groupOfTraining(tid: number, user: CurrentUser): Promise<GroupContentAdmin> {
  const t = await Training.findById(tid).select("gid").lean<{ gid: number | null }>();
  if (!t || t.gid === null || t.gid === undefined) throw new DomainError("notFound", "training:notFound");
  return groupContentFor(t.gid, user);
}

/** The group of a group contest, for one of its admins (a site contest is not found here). */
export async function groupOfContest(cid: number, user: CurrentUser): Promise<GroupContentAdmin> {
  const c = await Contest.findById(cid).select("gid").lean<{ gid: number | null }>();
  if (!c || c.gid === null || c.gid === undefined) throw new DomainError("notFound", "contest:notFound");
  return groupContentFor(c.gid, user);
}

/** The categories a group's training may take: the site's and the group's own. */
export async function groupTrainingCategories(gid: number) {
  const [site, own] = await Promise.all([listCategories(SITE), listCategories({ gid })]);
  return [...site, ...own];
}

/** A new category of the group (HOJ's TrainingDTO with a category that has no id yet). */
export async function newGroupCategory(user: CurrentUser, admin: GroupContentAdmin, name: string, color: string): Promise<number> {
  return (await createCategory(user, { name, color }, admin.create))._id;
}

/** Adds one of the group's own problems (named by its display id or number) to a group contest. */
export async function addContestProblemFromGroup(
  user: CurrentUser,
  input: { cid: number; problemId: string | number; displayId: string; displayTitle?: string; color?: string },
  scope: GroupContentAdmin["manage"],
) {
  const problem = await problemByRef(input.problemId);
  if (!problem || problem.gid !== scope.gid) throw new DomainError("notFound", "contest:unknownProblem");
  const cs = await administerContest(input.cid, user, scope);
  return addContestProblem(cs, { cid: input.cid, pid: problem._id, displayId: input.displayId, displayTitle: input.displayTitle ?? "", color: input.color ?? "" }, "group");
}

/**
 * A new problem for one of the group's contests (HOJ's POST /group/contest-problem with a
 * ProblemDTO): written in the group by the group problem service (the group's prefix, only for
 * contests) and listed in the contest under `link`'s display id, by the contest's admins.
 */
export async function createGroupContestProblem(
  user: CurrentUser,
  cs: ContestScope,
  raw: ProblemInputRaw,
  link: z.infer<typeof newContestProblemLinkSchema>,
  scope: GroupContentAdmin["manage"],
): Promise<ProblemDoc> {
  const made = await createContestOnlyProblem(cs, raw, link, (r) => createGroupProblem(user, scope.gid, r, {}, "contest"));
  return made.problem;
}
