import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { addContestProblem, addContestProblemSchema, contestProblemForAdmin, updateContestProblem, updateContestProblemSchema } from "~/services/contest/problems.server";
import { apiContestAdmin } from "~/http/contest-api.server";

// HOJ's ContestProblem; ours keeps no separate modification time, so gmtModified is its creation.
const json = (cp: { _id: number; cid: number; pid: number; displayId: string; displayTitle: string; color: string; gmtCreate?: Date }) => ({
  id: cp._id,
  cid: cp.cid,
  pid: cp.pid,
  displayId: cp.displayId,
  displayTitle: cp.displayTitle,
  color: cp.color,
  gmtCreate: cp.gmtCreate ?? null,
  gmtModified: cp.gmtCreate ?? null,
});

// GET /ojapi/admin/contest/contest-problem?cid&pid: a contest problem; PUT {id, displayId,
// displayTitle, color}: edits it; PUT without id {cid, pid, displayId, ...} lists a problem in the
// contest (HOJ's client does so after creating a contest problem with POST /admin/contest/problem).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { cs } = await apiContestAdmin(request, q.cid, null);
  const pid = inputId(q.pid);
  return json(await contestProblemForAdmin(cs, pid));
}, ["contest"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const body = await bodyParams(request);
  if (body.id === undefined || body.id === null || body.id === "") {
    const { cs } = await apiContestAdmin(request, body.cid, null);
    return json(await addContestProblem(cs, parseWith(addContestProblemSchema, { ...body, cid: cs.contest._id }), "public"));
  }
  const id = inputId(body.id);
  return json(await updateContestProblem(await requireApiUser(request), parseWith(updateContestProblemSchema, { ...body, id }), null));
}, ["contest"]);
