import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiAdmin } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { addTrainingProblem, addTrainingProblemSchema } from "~/services/training/problems.server";
import { apiTrainingAdmin } from "~/http/training-api.server";

// POST /ojapi/admin/training/add-problem-from-public {pid, tid}: adds a public bank problem.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  await requireApiAdmin(request);
  const body = await bodyParams(request);
  const { ts } = await apiTrainingAdmin(request, body.tid, null);
  const pid = typeof body.pid === "number" ? body.pid : inputId(body.pid);
  const tp = await addTrainingProblem(ts, parseWith(addTrainingProblemSchema, { tid: ts.training._id, pid }), "public");
  return { id: tp._id, tid: tp.tid, pid: tp.pid, displayId: tp.displayId, rank: tp.rank };
}, ["training"]);
