import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { contestProblems } from "~/services/contest/problems.server";
import { loadContest, requireContestAdmin } from "~/services/contest/contests.server";

// GET /ojapi/admin/contest/get-problem-list?cid&keyword&currentPage&limit: the contest's problems.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const cid = inputId(q.cid);
  const user = await requireApiUser(request);
  requireContestAdmin(user, await loadContest(cid));
  const keyword = (q.keyword ?? "").trim().toLowerCase();
  const all = (await contestProblems(cid)).filter((p) => !keyword || p.displayId.toLowerCase().includes(keyword) || p.displayTitle.toLowerCase().includes(keyword));
  const limit = Math.min(Math.max(Number(q.limit) || 10, 1), 100);
  const current = Math.max(Number(q.currentPage) || 1, 1);
  const records = all.slice((current - 1) * limit, current * limit).map((p) => ({ id: p.pid, pid: p.pid, cid: p.cid, displayId: p.displayId, title: p.displayTitle, displayTitle: p.displayTitle, color: p.color, ac: p.ac, total: p.total }));
  return { problemList: { records, total: all.length, size: limit, current }, contestProblemMap: Object.fromEntries(all.map((p) => [p.pid, p.displayId])) };
}, ["contest"]);
