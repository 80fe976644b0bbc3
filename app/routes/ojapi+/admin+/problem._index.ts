import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams, requireApiAdmin } from "~/http/api.server";
import { DomainError } from "~/services/errors.server";
import { fromProblemDto, toHojProblem, toHojProblemForEdit } from "~/services/problem/hoj-problem.server";
import { createProblem, getProblemForEdit, updateProblem } from "~/services/problem/admin.server";
import { removeProblem } from "~/services/problem/removal.server";
import { inputId } from "~/http/ids.server";

// GET ?pid: the problem for editing; POST: create from a ProblemDTO; PUT: update (problem.id);
// DELETE ?pid: delete (it leaves the contests and trainings that list it).

export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const q = queryParams(request);
  const edit = await getProblemForEdit(inputId(q.pid ?? q.id));
  return toHojProblemForEdit(edit.problem, edit.tags);
}, ["admin-problem"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiAdmin(request);
  if (request.method === "DELETE") {
    const q = queryParams(request);
    await removeProblem(inputId(q.pid ?? q.id));
    return null;
  }
  const body = await bodyParams(request);
  if (request.method === "POST") return toHojProblem(await createProblem(fromProblemDto(body), user));
  if (request.method === "PUT") {
    const problem = (body.problem ?? {}) as Record<string, unknown>;
    return toHojProblem(await updateProblem(inputId(problem.id), fromProblemDto(body), user));
  }
  throw new DomainError("invalid", "common:errors.badRequest");
}, ["admin-problem"]);
