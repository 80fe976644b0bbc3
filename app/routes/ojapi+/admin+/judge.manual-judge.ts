import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiSuperAdmin } from "~/http/api.server";
import { manualJudge, manualJudgeSchema, toJudgeSummary } from "~/services/judging/admin.server";

// GET /ojapi/admin/judge/manual-judge?submitId=&status=&score=: sets a verdict by hand (super admin).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiSuperAdmin(request);
  const input = parseWith(manualJudgeSchema, queryParams(request));
  return toJudgeSummary(await manualJudge(user, input));
}, ["judge"]);
