import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { groupOfTraining } from "~/services/group/content.server";
import { removeTrainingProblem, trainingProblemOwner, updateTrainingProblem, updateTrainingProblemSchema } from "~/services/training/problems.server";
import { apiGroupTrainingAdmin } from "~/http/training-api.server";

// /ojapi/group/training-problem: PUT {id, rank} (HOJ's TrainingProblem: its place), DELETE ?pid&tid.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method === "DELETE") {
    const q = queryParams(request);
    const { ts } = await apiGroupTrainingAdmin(request, q.tid);
    const pid = inputId(q.pid);
    await removeTrainingProblem(ts, { tid: ts.training._id, pid });
    return null;
  }
  if (request.method === "PUT") {
    const input = parseWith(updateTrainingProblemSchema, await bodyParams(request));
    const tid = await trainingProblemOwner(input.id);
    const tp = await updateTrainingProblem(user, input, (await groupOfTraining(tid, user)).manage);
    return { id: tp._id, tid: tp.tid, pid: tp.pid, displayId: tp.displayId, rank: tp.rank };
  }
  throw new DomainError("invalid", "errors.badRequest");
}, ["group", "training"]);
