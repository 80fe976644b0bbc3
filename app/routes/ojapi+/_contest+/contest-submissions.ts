import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { contestSubmissionsSchema, listContestSubmissions } from "~/services/contest/submissions.server";
import { apiContest } from "~/http/contest-api.server";

// GET /ojapi/contest-submissions (cid, onlyMine, displayId, searchStatus, searchUsername,
// beforeContestSubmit, currentPage, limit): the contest's status list.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { cs } = await apiContest(request, q.cid, null);
  return listContestSubmissions(cs, parseWith(contestSubmissionsSchema, { ...q, cid: cs.contest._id }));
}, ["contest", "judge"]);
