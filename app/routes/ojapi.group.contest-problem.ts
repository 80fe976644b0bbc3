import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import {
  addContestProblem,
  addContestProblemSchema,
  contestProblemForAdmin,
  contestProblemOwner,
  removeContestProblem,
  updateContestProblem,
  updateContestProblemSchema,
} from "~/services/contest/problems.server";
import { groupOfContest } from "~/services/group/content.server";

const json = (cp: { _id: number; cid: number; pid: number; displayId: string; displayTitle: string; color: string }) => ({
  id: cp._id,
  cid: cp.cid,
  pid: cp.pid,
  displayId: cp.displayId,
  displayTitle: cp.displayTitle,
  color: cp.color,
});

// /ojapi/group/contest-problem (a group contest's admins): GET ?cid&pid (HOJ's ContestProblem); PUT
// {id, displayId, displayTitle, color} edits it; POST or PUT without id {cid, pid, displayId, ...}
// lists a public problem in it (as the admin call does); DELETE ?cid&pid removes it.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const cid = inputId(q.cid);
  const pid = inputId(q.pid);
  const user = await requireApiUser(request);
  return json(await contestProblemForAdmin(user, cid, pid, (await groupOfContest(cid, user)).manage));
}, ["group", "contest"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method === "DELETE") {
    const q = queryParams(request);
    const cid = inputId(q.cid);
    const pid = inputId(q.pid ?? q.id);
    await removeContestProblem(user, { cid, pid }, (await groupOfContest(cid, user)).manage);
    return null;
  }
  if (request.method !== "POST" && request.method !== "PUT") throw new DomainError("invalid", "errors.badRequest");
  const body = await bodyParams(request);
  if (body.id === undefined || body.id === null || body.id === "") {
    const cid = inputId(body.cid);
    const pid = inputId(body.pid);
    return json(await addContestProblem(user, parseWith(addContestProblemSchema, { ...body, cid, pid }), (await groupOfContest(cid, user)).manage));
  }
  const input = parseWith(updateContestProblemSchema, { ...body, id: inputId(body.id) });
  const cid = await contestProblemOwner(input.id);
  return json(await updateContestProblem(user, input, (await groupOfContest(cid, user)).manage));
}, ["group", "contest"]);
