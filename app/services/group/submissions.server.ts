import type { FilterQuery } from "mongoose";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import type { SubmissionDoc } from "~/models/submission.server";
import { groupContentRefusal } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { findUserByUsername } from "../account/users.server";
import { DomainError } from "../errors.server";
import { hojSubmissionPage, loadSubmissionForViewer, pageOf, type SubmissionListPage, type SubmissionListQuery, type SubmissionView } from "../submission/views.server";
import { groupScopeFor } from "./scope.server";

// A group's records (spec section 2, /group/{id}/status): the submissions made to its problems
// outside contests, for its members, filtered as the status list is (mine, author, problem,
// status). Its admins open each with code and cases (the group's scope decides on the detail).

export async function listGroupSubmissions(viewer: CurrentUser, gid: number, q: SubmissionListQuery): Promise<SubmissionListPage> {
  const { ctx } = await groupScopeFor(gid, viewer);
  const refusal = groupContentRefusal(viewer, ctx);
  if (refusal) throw refusal;
  const empty = { records: [], total: 0, size: q.limit, current: q.currentPage, pages: 1 };
  const filter: FilterQuery<SubmissionDoc> = { gid, cid: 0 };
  if (q.onlyMine) filter.uid = viewer._id;
  else if (q.username) {
    const author = await findUserByUsername(q.username);
    if (!author) return empty;
    filter.uid = author._id;
  }
  if (q.problemID) {
    const p = await Problem.findOne({ problemIdUpper: q.problemID.toUpperCase(), gid }).select("_id").lean<Pick<ProblemDoc, "_id">>();
    if (!p) return empty;
    filter.pid = p._id;
  }
  if (q.status !== undefined) filter.status = q.status;
  return hojSubmissionPage(await pageOf(filter, q.currentPage, q.limit));
}


/**
 * One of the group's submissions in the group's frame (spec section 2, /group/{id}/submission-detail/
 * {submitId}): the group's scope decides who sees it and what (its admins read code and cases); a
 * submission of another group, or of none, is not found here.
 */
export async function groupSubmissionDetail(viewer: CurrentUser, gid: number, submitId: number): Promise<SubmissionView> {
  const { ctx } = await groupScopeFor(gid, viewer);
  const refusal = groupContentRefusal(viewer, ctx);
  if (refusal) throw refusal;
  const view = await loadSubmissionForViewer(submitId, viewer);
  if (view.submission.gid !== gid || view.submission.cid > 0) throw new DomainError("notFound", "submission:notFound");
  return view;
}
