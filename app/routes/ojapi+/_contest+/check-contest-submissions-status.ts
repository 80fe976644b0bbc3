import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { checkContestStatusesSchema, contestSubmissionRowsById } from "~/services/contest/submissions.server";

// POST /ojapi/check-contest-submissions-status {submitIds, cid}: id -> row, as the contest list shows it.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const body = await bodyParams(request);
  const cid = inputId(body.cid);
  return contestSubmissionRowsById(await requireApiUser(request), parseWith(checkContestStatusesSchema, { ...body, cid }));
}, ["contest", "judge"]);
