import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { isContestAdmin } from "~/services/access/policy.server";
import { contestProblems } from "~/services/contest/problems.server";
import { contestInfo } from "~/services/contest/views.server";

// GET /ojapi/get-contest-outsize-info?cid: what the outside scoreboard shows above the board, in
// HOJ's ContestOutsideInfoVO: the contest (ContestVO) and its problems as HOJ's ContestProblem
// entity (id, displayId, cid, pid, displayTitle, color, gmtCreate, gmtModified; no counters, which
// the seal would have to hide), when the contest opens its rank and has started.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const cid = inputId(queryParams(request).cid);
  const user = await requireApiUser(request);
  const { contest, ctx, json } = await contestInfo(user, cid);
  if (!isContestAdmin(user, contest, ctx.groupAdmin) && (!contest.openRank || json.status === -1)) throw new DomainError("forbidden", "contest:rankClosed");
  const problems = await contestProblems(cid);
  return {
    contest: json,
    problemList: problems.map((p) => ({ id: p._id, displayId: p.displayId, cid: p.cid, pid: p.pid, displayTitle: p.displayTitle, color: p.color, gmtCreate: p.gmtCreate, gmtModified: p.gmtCreate })),
  };
}, ["contest"]);
