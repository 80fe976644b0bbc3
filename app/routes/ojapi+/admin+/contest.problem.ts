import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiAdmin } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { contestProblemForAdmin, createContestOnlyProblem, newContestProblemLinkSchema, removeContestProblem } from "~/services/contest/problems.server";
import { createProblem, getProblemForEdit, updateProblem } from "~/services/problem/admin.server";
import { fromProblemDto } from "~/services/problem/hoj-problem.server";
import { ProblemAuth } from "~/lib/constants";
import { apiContestAdmin } from "~/http/contest-api.server";

// /ojapi/admin/contest/problem (HOJ's admin contest problem calls):
// - GET ?pid&cid: the problem for editing (contest admins);
// - POST a ProblemDTO: a new contest-only problem (auth 3, never in the public bank), answering
//   {pid}; with `cid` and `displayId` (and optional `displayTitle`, `color`) beside the DTO it is
//   listed in that contest at once, its type following the contest's rule (else HOJ's client lists
//   it next with PUT /admin/contest/contest-problem {cid, pid, displayId});
// - PUT a ProblemDTO (problem.id): updates it, as the bank's admin call does;
// - DELETE ?pid&cid: removes it from the contest (the problem stays).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { cs } = await apiContestAdmin(request, q.cid, null);
  const pid = inputId(q.pid);
  await contestProblemForAdmin(cs, pid);
  return (await getProblemForEdit(pid)).problem;
}, ["contest", "admin-problem"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method === "DELETE") {
    const q = queryParams(request);
    const { cs } = await apiContestAdmin(request, q.cid, null);
    const pid = inputId(q.pid ?? q.id);
    await removeContestProblem(cs, { cid: cs.contest._id, pid });
    return null;
  }
  if (request.method === "POST") {
    const user = await requireApiAdmin(request);
    const body = await bodyParams(request);
    const problem = fromProblemDto(body);
    if (body.cid === undefined || body.cid === null || body.cid === "") {
      return { pid: (await createProblem({ ...problem, auth: ProblemAuth.CONTEST }, user))._id };
    }
    const { cs } = await apiContestAdmin(request, body.cid, null);
    const link = parseWith(newContestProblemLinkSchema, body);
    return { pid: (await createContestOnlyProblem(cs, problem, link, null)).problem._id };
  }
  if (request.method === "PUT") {
    const user = await requireApiAdmin(request);
    const body = await bodyParams(request);
    const problem = (body.problem ?? {}) as Record<string, unknown>;
    await updateProblem(inputId(problem.id), fromProblemDto(body), user);
    return null;
  }
  throw new DomainError("invalid", "errors.badRequest");
}, ["contest", "admin-problem"]);
