import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { getSelfTestResult, testKeySchema } from "~/services/submission/self-test.server";

// GET /ojapi/get-test-judge-result?testJudgeKey=: the TestJudgeResult, or status Pending meanwhile.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const { testJudgeKey } = parseWith(testKeySchema, queryParams(request));
  return getSelfTestResult(user, testJudgeKey);
}, ["judge"]);
