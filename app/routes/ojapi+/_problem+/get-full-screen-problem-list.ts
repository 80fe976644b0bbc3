import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { fullScreenProblemList } from "~/services/problem/full-screen.server";

// GET /ojapi/get-full-screen-problem-list (tid or cid): HOJ's ProblemFullScreenListVO list (pid,
// problemId, title, status, score) of the contest's or training's problems, for the signed-in user.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const user = await requireApiUser(request);
  return fullScreenProblemList(user, { cid: q.cid ? inputId(q.cid) : null, tid: q.tid ? inputId(q.tid) : null });
}, ["contest", "training"]);
