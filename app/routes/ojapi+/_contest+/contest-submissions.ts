import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { contestSubmissionsSchema, listContestSubmissions } from "~/services/contest/submissions.server";

// GET /ojapi/contest-submissions (cid, onlyMine, displayId, searchStatus, searchUsername,
// beforeContestSubmit, currentPage, limit): the contest's status list.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const cid = inputId(q.cid);
  return listContestSubmissions(await requireApiUser(request), parseWith(contestSubmissionsSchema, { ...q, cid }));
}, ["contest", "judge"]);
