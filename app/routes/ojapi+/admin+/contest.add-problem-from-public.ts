import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { addContestProblem, addContestProblemSchema } from "~/services/contest/problems.server";

// POST /ojapi/admin/contest/add-problem-from-public {pid, cid, displayId}: adds a public problem.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const body = await bodyParams(request);
  const cid = inputId(body.cid);
  const pid = inputId(body.pid);
  const cp = await addContestProblem(await requireApiUser(request), parseWith(addContestProblemSchema, { ...body, cid, pid }));
  return { id: cp._id, cid: cp.cid, pid: cp.pid, displayId: cp.displayId, displayTitle: cp.displayTitle, color: cp.color };
}, ["contest"]);
