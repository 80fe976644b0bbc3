import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, ApiError, bodyParams, queryParams, requireApiAdmin } from "~/services/api.server";
import { fromProblemDto, toHojProblem, toHojProblemForEdit } from "~/services/hoj-problem.server";
import { requirePid } from "~/services/problem-api.server";
import { createProblem, deleteProblem, getProblemForEdit, updateProblem } from "~/services/problem-admin.server";

// GET ?pid: the problem for editing; POST: create from a ProblemDTO; PUT: update (problem.id);
// DELETE ?pid: delete.

export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const q = queryParams(request);
  const edit = await getProblemForEdit(requirePid(q.pid ?? q.id));
  return toHojProblemForEdit(edit.problem, edit.tags);
}, ["admin-problem"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiAdmin(request);
  if (request.method === "DELETE") {
    const q = queryParams(request);
    await deleteProblem(requirePid(q.pid ?? q.id));
    return null;
  }
  const body = await bodyParams(request);
  if (request.method === "POST") return toHojProblem(await createProblem(fromProblemDto(body), user));
  if (request.method === "PUT") {
    const problem = (body.problem ?? {}) as Record<string, unknown>;
    return toHojProblem(await updateProblem(requirePid(problem.id), fromProblemDto(body), user));
  }
  throw new ApiError(400, "common:errors.badRequest");
}, ["admin-problem"]);
