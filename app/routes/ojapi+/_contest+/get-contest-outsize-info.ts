import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { apiContestViewer } from "~/http/contest-api.server";
import { contestProblems } from "~/services/contest/problems.server";
import { outsideBoardInfo } from "~/services/contest/views.server";

// GET /ojapi/get-contest-outsize-info?cid: what the outside scoreboard shows above the board, in
// HOJ's ContestOutsideInfoVO: the contest (ContestVO) and its problems as HOJ's ContestProblem
// entity (id, displayId, cid, pid, displayTitle, color, gmtCreate, gmtModified; no counters, which
// the seal would have to hide), when the contest opens its rank and has started; to visitors too.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const { cs } = await apiContestViewer(request, queryParams(request).cid, null);
  // Who sees the board from outside (a visitor too) is the policy's answer, as on the board itself.
  const { json } = await outsideBoardInfo(cs);
  const problems = await contestProblems(cs.contest._id);
  return {
    contest: json,
    problemList: problems.map((p) => ({ id: p._id, displayId: p.displayId, cid: p.cid, pid: p.pid, displayTitle: p.displayTitle, color: p.color, gmtCreate: p.gmtCreate, gmtModified: p.gmtCreate })),
  };
}, ["contest"]);
