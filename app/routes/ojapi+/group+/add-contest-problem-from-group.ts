import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { addContestProblemSchema } from "~/services/contest/problems.server";
import { addContestProblemFromGroup, groupOfContest } from "~/services/group/content.server";

// POST /ojapi/group/add-contest-problem-from-group {problemId, cid, displayId}: one of the group's
// own problems (display id or number) in a group's contest.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  // HOJ sends these as request parameters (query or form); a JSON body is read too.
  const body: Record<string, unknown> = { ...queryParams(request), ...(await bodyParams(request)) };
  const cid = inputId(body.cid);
  const ref = body.problemId ?? body.pid;
  const problemId = typeof ref === "number" ? ref : String(ref ?? "").trim();
  // The display id, title and colour are checked as when adding any problem.
  const link = parseWith(addContestProblemSchema.omit({ pid: true }), { ...body, cid });
  const cp = await addContestProblemFromGroup(user, { ...link, problemId }, (await groupOfContest(cid, user)).manage);
  return { id: cp._id, cid: cp.cid, pid: cp.pid, displayId: cp.displayId, displayTitle: cp.displayTitle, color: cp.color };
}, ["group", "contest"]);
