import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiSuperAdmin } from "~/http/api.server";
import { rejudgeContestProblem, rejudgeContestProblemSchema } from "~/services/judging/admin.server";

// GET /ojapi/admin/judge/rejudge-contest-problem?pid=&cid=: rejudges every submission of a problem
// in a contest (super admin); data is how many were queued.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiSuperAdmin(request);
  const input = parseWith(rejudgeContestProblemSchema, queryParams(request));
  return { count: await rejudgeContestProblem(user, input) };
}, ["judge"]);
