import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { contestSubmissionsFromHoj, contestSubmissionsSchema, listContestSubmissions } from "~/services/contest/submissions.server";
import { apiContest } from "~/http/contest-api.server";

// GET /ojapi/contest-submissions with HOJ's parameters (contestID, onlyMine, problemID, status,
// username, beforeContestSubmit, completeProblemID, containsEnd, currentPage, limit): the contest's
// status list.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { cs } = await apiContest(request, q.contestID, null);
  return listContestSubmissions(cs, parseWith(contestSubmissionsSchema, contestSubmissionsFromHoj(q, cs.contest._id)));
}, ["contest", "judge"]);
