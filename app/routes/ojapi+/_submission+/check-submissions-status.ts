import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith } from "~/http/api.server";
import { getCurrentUser } from "~/services/account/session.server";
import { checkStatusesSchema, submissionRowsById } from "~/services/submission/views.server";

// POST /ojapi/check-submissions-status {submitIds, cid?}: id -> the submission's list row (as
// /ojapi/get-submission-list has it: no code, no error message), as HOJ's status list expects.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const input = parseWith(checkStatusesSchema, await bodyParams(request));
  return submissionRowsById(await getCurrentUser(request), input);
}, ["judge", "contest", "group"]);
