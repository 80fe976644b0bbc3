import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { contestProblemStatuses } from "~/services/contest/problems.server";
import { problemStatusesIn } from "~/services/submission/user-problem-status.server";
import { resolveContest } from "~/services/contest/scope.server";

// POST /ojapi/get-user-problem-status (pidList, isContestProblemList, cid, gid, containsEnd):
// a map of pid to {status, score}, from one query over the listed problems.
const schema = z.object({
  pidList: z.array(z.coerce.number().int().positive(), { invalid_type_error: "errors.badRequest", required_error: "errors.badRequest" }).max(500, "errors.badRequest"),
  isContestProblemList: z.coerce.boolean().optional(),
  cid: z.coerce.number({ invalid_type_error: "errors.badRequest" }).int("errors.badRequest").min(0, "errors.badRequest").nullish(),
  gid: z.coerce.number({ invalid_type_error: "errors.badRequest" }).int("errors.badRequest").nullish(),
  containsEnd: z.coerce.boolean().optional(),
});

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const input = parseWith(schema, await bodyParams(request));
  // A contest's list asks the contest (its board row, as the seal lets the user see it).
  const map = input.cid ? await contestProblemStatuses(await resolveContest(input.cid, user, null), input.pidList) : await problemStatusesIn(user, input, input.pidList);
  return Object.fromEntries([...map].map(([pid, s]) => [pid, { status: s.status, score: s.score }]));
}, ["contest", "group"]);
