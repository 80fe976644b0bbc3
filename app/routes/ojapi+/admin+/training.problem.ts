import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiAdmin } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { removeTrainingProblem, updateTrainingProblem, updateTrainingProblemSchema } from "~/services/training/problems.server";
import { apiTrainingAdmin } from "~/http/training-api.server";

// /ojapi/admin/training/problem: PUT {id, rank} (the problem's place), DELETE ?pid&tid (removes it).
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiAdmin(request);
  if (request.method === "DELETE") {
    const q = queryParams(request);
    const { ts } = await apiTrainingAdmin(request, q.tid, null);
    await removeTrainingProblem(ts, { tid: ts.training._id, pid: inputId(q.pid) });
    return null;
  }
  if (request.method === "PUT") {
    const tp = await updateTrainingProblem(user, parseWith(updateTrainingProblemSchema, await bodyParams(request)), null);
    return { id: tp._id, tid: tp.tid, pid: tp.pid, displayId: tp.displayId, rank: tp.rank };
  }
  throw new DomainError("invalid", "errors.badRequest");
}, ["training"]);
