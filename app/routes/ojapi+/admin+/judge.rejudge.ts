import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiSuperAdmin } from "~/http/api.server";
import { rejudgeSubmission, submitIdSchema, toJudgeSummary } from "~/services/judging/admin.server";

// GET /ojapi/admin/judge/rejudge?submitId=: rejudges one submission (super admin).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiSuperAdmin(request);
  const { submitId } = parseWith(submitIdSchema, queryParams(request));
  return toJudgeSummary(await rejudgeSubmission(user, submitId));
}, ["judge"]);
