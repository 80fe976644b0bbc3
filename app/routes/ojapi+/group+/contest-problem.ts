import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import type { CurrentUser } from "~/services/account/session.server";
import { DomainError } from "~/services/errors.server";
import {
  addContestProblem,
  addContestProblemSchema,
  contestProblemForAdmin,
  contestProblemOwner,
  newContestProblemLinkSchema,
  removeContestProblem,
  updateContestProblem,
  updateContestProblemSchema,
} from "~/services/contest/problems.server";
import { createGroupContestProblem, groupOfContest } from "~/services/group/content.server";
import { createGroupProblem } from "~/services/group/problems.server";
import { fromProblemDto } from "~/services/problem/hoj-problem.server";
import { apiGroupContestAdmin } from "~/http/contest-api.server";

const json = (cp: { _id: number; cid: number; pid: number; displayId: string; displayTitle: string; color: string }) => ({
  id: cp._id,
  cid: cp.cid,
  pid: cp.pid,
  displayId: cp.displayId,
  displayTitle: cp.displayTitle,
  color: cp.color,
});

const given = (v: unknown) => v !== undefined && v !== null && v !== "";

/**
 * A new problem for a group contest from HOJ's ProblemDTO, answering HOJ's {pid}. With `cid` and
 * `displayId` (and optional `displayTitle`, `color`) beside the DTO it is listed in that contest at
 * once (the contest's admins); without them it is written for the group's contests only (its admins,
 * the group named by problem.gid) and HOJ's client lists it next with PUT {pid, cid, displayId}.
 */
async function newProblem(request: Request, user: CurrentUser, body: Record<string, unknown>) {
  const problem = body.problem as Record<string, unknown>;
  const raw = fromProblemDto(body);
  if (!given(body.cid)) return { pid: (await createGroupProblem(user, inputId(problem.gid ?? body.gid), raw, {}, "contest"))._id };
  const { cs, admin } = await apiGroupContestAdmin(request, body.cid);
  const manage = admin.manage;
  if (given(problem.gid) && inputId(problem.gid) !== manage.gid) throw new DomainError("notFound", "contest:notFound");
  const link = parseWith(newContestProblemLinkSchema, body);
  return { pid: (await createGroupContestProblem(user, cs, raw, link, manage))._id };
}

// /ojapi/group/contest-problem (a group contest's admins): GET ?cid&pid (HOJ's ContestProblem);
// POST a ProblemDTO makes a new problem for the contest (`newProblem`); PUT {id, displayId,
// displayTitle, color} edits a listed one; POST or PUT without id {cid, pid, displayId, ...} lists
// a public problem or one of the group's own in it; DELETE ?cid&pid removes it.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { cs } = await apiGroupContestAdmin(request, q.cid);
  const pid = inputId(q.pid);
  return json(await contestProblemForAdmin(cs, pid));
}, ["group", "contest"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method === "DELETE") {
    const q = queryParams(request);
    const { cs } = await apiGroupContestAdmin(request, q.cid);
    const pid = inputId(q.pid ?? q.id);
    await removeContestProblem(cs, { cid: cs.contest._id, pid });
    return null;
  }
  if (request.method !== "POST" && request.method !== "PUT") throw new DomainError("invalid", "errors.badRequest");
  const body = await bodyParams(request);
  if (request.method === "POST" && body.problem && typeof body.problem === "object") return newProblem(request, user, body);
  if (!given(body.id)) {
    const { cs } = await apiGroupContestAdmin(request, body.cid);
    const pid = inputId(body.pid);
    return json(await addContestProblem(cs, parseWith(addContestProblemSchema, { ...body, cid: cs.contest._id, pid }), "any"));
  }
  const input = parseWith(updateContestProblemSchema, { ...body, id: inputId(body.id) });
  const cid = await contestProblemOwner(input.id);
  return json(await updateContestProblem(user, input, (await groupOfContest(cid, user)).manage));
}, ["group", "contest", "admin-problem", "group-problem"]);
