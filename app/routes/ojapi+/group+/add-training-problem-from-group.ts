import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams } from "~/http/api.server";
import { addTrainingProblem, addTrainingProblemSchema } from "~/services/training/problems.server";
import { apiGroupTrainingAdmin } from "~/http/training-api.server";

// POST /ojapi/group/add-training-problem-from-group {problemId, tid}: one of the group's own problems (display id or number) in a group's training.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  // HOJ sends these as request parameters (query or form); a JSON body is read too.
  const body: Record<string, unknown> = { ...queryParams(request), ...(await bodyParams(request)) };
  const { ts } = await apiGroupTrainingAdmin(request, body.tid);
  const tid = ts.training._id;
  const ref = body.problemId ?? body.pid;
  const pid = typeof ref === "number" ? ref : String(ref ?? "");
  const tp = await addTrainingProblem(ts, parseWith(addTrainingProblemSchema, { tid, pid: /^\d{1,15}$/.test(String(pid)) ? Number(pid) : pid }), "group");
  return { id: tp._id, tid: tp.tid, pid: tp.pid, displayId: tp.displayId, rank: tp.rank };
}, ["group", "training"]);
