import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith } from "~/services/api.server";
import { getCurrentUser } from "~/services/session.server";
import { checkStatusesSchema, getSubmissionStatuses } from "~/services/submission-status.server";

// POST /ojapi/check-submissions-status {submitIds, cid?}: id -> {status, score, time, memory}.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const input = parseWith(checkStatusesSchema, await bodyParams(request));
  return getSubmissionStatuses(await getCurrentUser(request), input);
}, ["judge"]);
