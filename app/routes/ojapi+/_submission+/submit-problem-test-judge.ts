import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { selfTestSchema, submitSelfTest } from "~/services/submission/self-test.server";

// POST /ojapi/submit-problem-test-judge: queues an online self-test; data is the test key.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const input = parseWith(selfTestSchema, await bodyParams(request));
  return submitSelfTest(user, input);
}, ["judge", "contest", "group"]);
