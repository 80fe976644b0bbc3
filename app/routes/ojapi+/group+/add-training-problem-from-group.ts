import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { groupOfTraining } from "~/services/group/content.server";
import { addTrainingProblem, addTrainingProblemSchema } from "~/services/training/problems.server";

// POST /ojapi/group/add-training-problem-from-group {problemId, tid}: one of the group's own problems (display id or number) in a group's training.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const body = await bodyParams(request);
  const tid = inputId(body.tid);
  const ref = body.problemId ?? body.pid;
  const pid = typeof ref === "number" ? ref : String(ref ?? "");
  const tp = await addTrainingProblem(user, parseWith(addTrainingProblemSchema, { tid, pid: /^\d{1,15}$/.test(String(pid)) ? Number(pid) : pid }), (await groupOfTraining(tid, user)).manage, "group");
  return { id: tp._id, tid: tp.tid, pid: tp.pid, displayId: tp.displayId, rank: tp.rank };
}, ["group", "training"]);
