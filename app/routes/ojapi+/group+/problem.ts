import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { createGroupProblem, deleteGroupProblem, groupOfProblem, groupProblemForEdit, updateGroupProblem } from "~/services/group/problems.server";
import { fromProblemDto, toHojProblem, toHojProblemForEdit } from "~/services/problem/hoj-problem.server";

// HOJ's group problem calls (its admins): GET ?pid the problem for editing; POST a ProblemDTO
// whose problem carries the gid; PUT the same with problem.id; DELETE ?pid. The bank's problem
// services with the group's checks (app/services/group/problems.server.ts).

async function gidOf(given: unknown, pid?: number): Promise<number> {
  if (given !== undefined && given !== null && given !== "") return inputId(given);
  if (pid === undefined) throw new DomainError("invalid", "common:errors.badRequest");
  return groupOfProblem(pid);
}

export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const q = queryParams(request);
  const pid = inputId(q.pid ?? q.id);
  const edit = await groupProblemForEdit(user, await gidOf(q.gid, pid), pid);
  return toHojProblemForEdit(edit.problem, edit.tags);
}, ["admin-problem", "group", "group-problem"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method === "DELETE") {
    const q = queryParams(request);
    const pid = inputId(q.pid ?? q.id);
    await deleteGroupProblem(user, await gidOf(q.gid, pid), pid);
    return null;
  }
  const body = await bodyParams(request);
  const problem = (body.problem && typeof body.problem === "object" ? body.problem : {}) as Record<string, unknown>;
  if (request.method === "POST") return toHojProblem(await createGroupProblem(user, await gidOf(problem.gid ?? body.gid), fromProblemDto(body)));
  if (request.method === "PUT") {
    const pid = inputId(problem.id);
    return toHojProblem(await updateGroupProblem(user, await gidOf(problem.gid ?? body.gid, pid), pid, fromProblemDto(body)));
  }
  throw new DomainError("invalid", "common:errors.badRequest");
}, ["admin-problem", "group", "group-problem"]);
