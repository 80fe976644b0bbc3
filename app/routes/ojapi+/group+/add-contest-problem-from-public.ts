import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { addContestProblem, addContestProblemSchema } from "~/services/contest/problems.server";
import { apiGroupContestAdmin } from "~/http/contest-api.server";

// POST /ojapi/group/add-contest-problem-from-public {pid, cid, displayId}: a public bank problem in a group's contest.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const body = await bodyParams(request);
  const { cs } = await apiGroupContestAdmin(request, body.cid);
  const pid = inputId(body.pid);
  const cp = await addContestProblem(cs, parseWith(addContestProblemSchema, { ...body, cid: cs.contest._id, pid }), "public");
  return { id: cp._id, cid: cp.cid, pid: cp.pid, displayId: cp.displayId, displayTitle: cp.displayTitle, color: cp.color };
}, ["group", "contest"]);
