import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { addContestProblem, addContestProblemSchema } from "~/services/contest/problems.server";
import { groupOfContest } from "~/services/group/content.server";

// POST /ojapi/group/add-contest-problem-from-public {pid, cid, displayId}: a public bank problem in a group's contest.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const body = await bodyParams(request);
  const cid = inputId(body.cid);
  const pid = inputId(body.pid);
  const cp = await addContestProblem(user, parseWith(addContestProblemSchema, { ...body, cid, pid }), (await groupOfContest(cid, user)).manage);
  return { id: cp._id, cid: cp.cid, pid: cp.pid, displayId: cp.displayId, displayTitle: cp.displayTitle, color: cp.color };
}, ["group", "contest"]);
