import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith } from "~/http/api.server";
import { checkContestStatusesSchema, contestSubmissionRowsById } from "~/services/contest/submissions.server";
import { apiContest } from "~/http/contest-api.server";

// POST /ojapi/check-contest-submissions-status {submitIds, cid}: id -> row, as the contest list shows it.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const body = await bodyParams(request);
  const { cs } = await apiContest(request, body.cid, null);
  return contestSubmissionRowsById(cs, parseWith(checkContestStatusesSchema, { ...body, cid: cs.contest._id }));
}, ["contest", "judge"]);
