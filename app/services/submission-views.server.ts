import type { FilterQuery } from "mongoose";
import { z } from "zod";
import { JUDGE_STATUS_INFO, JudgeCaseMode, JudgeStatus, PAGE_SIZE } from "~/lib/constants";
import type { CaseResult } from "~/lib/judge-protocol";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { Submission, type SubmissionDoc } from "~/models/submission.server";
import { User } from "~/models/user.server";
import { ApiError } from "./api.server";
import { judgeable, judgeAgain } from "./judge-admin.server";
import { canResubmit } from "./judge-rules.server";
import { canSubmit, isAdminRole, isSuperAdmin } from "./permissions.server";
import { newestByIdWindows } from "./id-windows.server";
import { cacheKey, singleFlight, slowCount } from "./query-cache.server";
import { refuseUnbuiltScopes } from "./scopes.server";
import { isFerretDb } from "./store.server";
import type { CurrentUser } from "./session.server";
import { canSeeStatus } from "./submission-status.server";
import { canUseProblem } from "./submissions.server";
import { queryLimit, queryPage, queryText } from "./validation.server";

// Reading submissions as learners see them: the status list and its live rows, "My Submission" of
// a problem, one submission's detail with the code-visibility rules of spec section 6, sharing and
// resubmitting.
// The Remix pages and the /ojapi adapters call these.

/** A list total is reused this long (counting a large filtered set is the slow part of a page). */
const TOTAL_CACHE_MS = 10_000;

const flag = z.preprocess((v) => v === true || v === "true" || v === "1" || v === "on", z.boolean());

export const submissionListQuerySchema = z.object({
  onlyMine: flag,
  status: z.preprocess((v) => {
    if (v === undefined || v === null || v === "") return undefined;
    const n = Number(v);
    return Number.isInteger(n) && n in JUDGE_STATUS_INFO ? n : undefined;
  }, z.number().int().optional()),
  problemID: queryText(100),
  username: queryText(50),
  currentPage: queryPage,
  limit: queryLimit(PAGE_SIZE.submissions),
});

export type SubmissionListQuery = z.infer<typeof submissionListQuerySchema>;

export function parseSubmissionListQuery(input: Record<string, unknown>): SubmissionListQuery {
  return submissionListQuerySchema.parse(input);
}

const LIST_FIELDS =
  "_id pid displayPid displayId cid tid gid uid username title status score oiRankScore time memory length language submitTime judger isManual share";

type ListDoc = Pick<
  SubmissionDoc,
  | "_id"
  | "pid"
  | "displayPid"
  | "displayId"
  | "cid"
  | "tid"
  | "gid"
  | "uid"
  | "username"
  | "title"
  | "status"
  | "score"
  | "oiRankScore"
  | "time"
  | "memory"
  | "length"
  | "language"
  | "submitTime"
  | "judger"
  | "isManual"
  | "share"
>;

/** HOJ's JudgeVO (a list row): everything but the code and the per-case results. */
export function submissionRow(s: ListDoc) {
  return {
    submitId: s._id,
    uid: s.uid,
    username: s.username,
    pid: s.pid,
    displayPid: s.displayPid,
    displayId: s.displayId,
    title: s.title,
    cid: s.cid,
    tid: s.tid,
    gid: s.gid,
    status: s.status,
    score: s.score,
    oiRankScore: s.oiRankScore,
    time: s.time,
    memory: s.memory,
    length: s.length,
    language: s.language,
    submitTime: s.submitTime,
    judger: s.judger,
    isManual: s.isManual,
    share: s.share,
  };
}

export type SubmissionRow = ReturnType<typeof submissionRow>;

export interface SubmissionListPage {
  records: SubmissionRow[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

function emptyPage(q: { currentPage: number; limit: number }): SubmissionListPage {
  return { records: [], total: 0, size: q.limit, current: q.currentPage, pages: 1 };
}

/** How long a count of a page's total waits before the page is shown with what it proves. */
const TOTAL_WAIT_MS = 300;

async function pageOf(filter: FilterQuery<SubmissionDoc>, currentPage: number, size: number): Promise<SubmissionListPage> {
  const skip = (currentPage - 1) * size;
  // An author or a problem narrows the list to what their index finds; without either, a store that
  // cannot sort by _id with its index reads the newest ids window by window (id-windows.server.ts).
  const narrow = filter.uid !== undefined || filter.pid !== undefined;
  // Identical list reads running at the same moment (a busy status page) share one query.
  const { docs, more } = await singleFlight(cacheKey("submission-page", { filter, currentPage, size }), async () => {
    if (!narrow && (await isFerretDb())) {
      const read = (ids: number[]) =>
        Submission.find({ ...filter, _id: { $in: ids } })
          .select(LIST_FIELDS)
          .lean<ListDoc[]>();
      return newestByIdWindows("submission", read, { skip, limit: size });
    }
    const found = await Submission.find(filter)
      .sort({ _id: -1 })
      .skip(skip)
      .limit(size + 1)
      .select(LIST_FIELDS)
      .lean<ListDoc[]>();
    return { docs: found.slice(0, size), more: found.length > size };
  });
  // What the page proves: the rows before it, its own, and one more if the list goes on.
  const proven = skip + docs.length + (more ? 1 : 0);
  let total = proven;
  if (currentPage > 1 || more) {
    // Counting a large set can take long on some stores: the page does not wait for it past a
    // moment (it shows what it proves, and the count is kept for the next pages).
    const counted = await slowCount(cacheKey("submission-total", filter), { minTtlMs: TOTAL_CACHE_MS, waitMs: TOTAL_WAIT_MS }, () =>
      Submission.countDocuments(filter),
    );
    // A kept total may lag behind new submissions: never show fewer than the page proves.
    total = Math.max(counted ?? 0, proven);
  }
  return { records: docs.map(submissionRow), total, size, current: currentPage, pages: Math.max(1, Math.ceil(total / size)) };
}

/**
 * The public status list (contest and group submissions are shown in their own places). Mine needs
 * a signed-in user and ignores the author filter (spec section 5).
 */
export async function listSubmissions(q: SubmissionListQuery, viewer: CurrentUser | null): Promise<SubmissionListPage> {
  const filter: FilterQuery<SubmissionDoc> = { cid: 0, gid: null };
  if (q.onlyMine) {
    if (!viewer) throw new ApiError(401, "errors.pleaseLoginFirst");
    filter.uid = viewer._id;
  } else if (q.username) {
    const author = await User.findOne({ usernameLower: q.username.toLowerCase() }).select("_id").lean<{ _id: string }>();
    if (!author) return emptyPage(q);
    filter.uid = author._id;
  }
  if (q.problemID) {
    const p = await Problem.findOne({ problemIdUpper: q.problemID.toUpperCase() }).select("_id").lean<{ _id: number }>();
    if (!p) return emptyPage(q);
    filter.pid = p._id;
  }
  if (q.status !== undefined) filter.status = q.status;
  return pageOf(filter, q.currentPage, q.limit);
}

export const checkStatusesSchema = z.object({
  submitIds: z
    .array(z.coerce.number().int().positive(), { invalid_type_error: "judge:submitIdsInvalid", required_error: "judge:submitIdsInvalid" })
    .max(100, "judge:submitIdsTooMany"),
  cid: z.coerce.number({ invalid_type_error: "errors.badRequest" }).int("errors.badRequest").min(0, "errors.badRequest").nullish(),
});

/**
 * The list rows of several submissions (HOJ's check-submissions-status: what the status list
 * polls for its pending rows), keyed by id; ids the viewer may not follow are left out.
 */
export async function submissionRowsById(viewer: CurrentUser | null, input: z.infer<typeof checkStatusesSchema>): Promise<Record<string, SubmissionRow>> {
  refuseUnbuiltScopes({ cid: input.cid });
  const ids = [...new Set(input.submitIds)];
  if (ids.length === 0) return {};
  const subs = await Submission.find({ _id: { $in: ids } }).select(LIST_FIELDS).lean<ListDoc[]>();
  const out: Record<string, SubmissionRow> = {};
  for (const s of subs) if (canSeeStatus(viewer, s)) out[String(s._id)] = submissionRow(s);
  return out;
}

/** "My Submission" of a problem page: the user's own submissions to it outside contests. */
export function listOwnSubmissions(user: CurrentUser, pid: number, currentPage: number): Promise<SubmissionListPage> {
  return pageOf({ uid: user._id, pid, cid: 0 }, currentPage, PAGE_SIZE.ownSubmissions);
}

// ---- One submission ----

export interface ViewerRights {
  isOwner: boolean;
  canSeeCode: boolean;
  canSeeCases: boolean;
  canShare: boolean;
  canResubmit: boolean;
}

type ProblemForRules = Pick<ProblemDoc, "auth" | "gid" | "applyPublicProgress" | "codeShare" | "openCaseResult">;

/**
 * Spec section 6: code is shown if shared and the problem allows code sharing, or to its owner and
 * the admin roles. Contest submissions are never shared; inside a contest the contest decides.
 * Resubmitting (HOJ's: the same submission judged again) is for the owner or a super admin, once
 * the judging failed (System Error, Submitted Failed).
 */
export function viewerRights(viewer: CurrentUser | null, sub: Pick<SubmissionDoc, "uid" | "share" | "cid" | "status">, problem: ProblemForRules | null): ViewerRights {
  const isOwner = !!viewer && viewer._id === sub.uid;
  const admin = isAdminRole(viewer);
  const sharedAndAllowed = sub.cid === 0 && sub.share && !!problem?.codeShare;
  return {
    isOwner,
    canSeeCode: isOwner || admin || sharedAndAllowed,
    canSeeCases: admin || (problem?.openCaseResult ?? false),
    canShare: isOwner && sub.cid === 0 && !!problem?.codeShare,
    canResubmit: (isOwner || isSuperAdmin(viewer)) && sub.cid === 0 && canResubmit(sub.status),
  };
}

/** Whether a viewer may open a submission at all: its problem must be visible to them, unless it is theirs. */
export function canViewSubmission(viewer: CurrentUser | null, sub: Pick<SubmissionDoc, "uid" | "cid">, problem: ProblemForRules | null): boolean {
  if (isAdminRole(viewer)) return true;
  if (viewer && viewer._id === sub.uid) return true;
  // Contest submissions are read in their contest (contests are a later part).
  if (sub.cid !== 0) return false;
  return !!problem && canUseProblem(viewer, problem);
}

export interface SubmissionView {
  submission: SubmissionDoc;
  problem: ProblemDoc | null;
  rights: ViewerRights;
}

/** A submission and what the viewer may do with it; 404 when it does not exist or is not theirs to see. */
export async function loadSubmissionForViewer(submitId: number, viewer: CurrentUser | null): Promise<SubmissionView> {
  if (!Number.isInteger(submitId) || submitId <= 0) throw new ApiError(404, "submission:notFound");
  const submission = await Submission.findById(submitId).lean<SubmissionDoc>();
  if (!submission) throw new ApiError(404, "submission:notFound");
  const problem = await Problem.findById(submission.pid).lean<ProblemDoc>();
  if (!canViewSubmission(viewer, submission, problem)) throw new ApiError(404, "submission:notFound");
  return { submission, problem, rights: viewerRights(viewer, submission, problem) };
}

/** HOJ's Judge with the code (and the compiler's messages, which quote it) only for those who may read it. */
export function submissionJson(view: SubmissionView, viewer: CurrentUser | null) {
  const s = view.submission;
  return {
    ...submissionRow(s),
    code: view.rights.canSeeCode ? s.code : null,
    errorMessage: view.rights.canSeeCode || s.status === JudgeStatus.SYSTEM_ERROR ? s.errorMessage : null,
    ip: isAdminRole(viewer) ? s.ip : undefined,
    gmtModified: s.gmtModified,
  };
}

/** GET /ojapi/get-submission-detail: {submission, codeShare}. */
export function submissionDetailJson(view: SubmissionView, viewer: CurrentUser | null) {
  return { submission: submissionJson(view, viewer), codeShare: view.problem?.codeShare ?? false };
}

function caseJson(c: CaseResult, submitId: number, pid: number, showOutput: boolean) {
  return {
    submitId,
    pid,
    caseId: c.index,
    seq: c.index,
    status: c.status,
    time: c.time,
    memory: c.memory,
    score: c.score,
    groupNum: c.groupNum,
    inputData: c.inputData,
    outputData: c.outputData,
    userOutput: showOutput ? c.userOutput : null,
    message: showOutput ? c.message : null,
  };
}

export type CaseRow = ReturnType<typeof caseJson>;

export interface SubtaskRow {
  groupNum: number;
  status: number;
  score: number;
  ac: number;
  total: number;
  time: number;
  memory: number;
  subtaskDetailList: CaseRow[];
}

/** Per-subtask summary: accepted when every case is, else the first failing case's status. */
export function subtaskRows(mode: string, cases: CaseRow[]): SubtaskRow[] {
  const groups = new Map<number, CaseRow[]>();
  for (const c of [...cases].sort((a, b) => a.caseId - b.caseId)) {
    const list = groups.get(c.groupNum) ?? [];
    list.push(c);
    groups.set(c.groupNum, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([groupNum, list]) => {
      const failing = list.find((c) => c.status !== JudgeStatus.ACCEPTED);
      const scores = list.map((c) => c.score ?? 0);
      const score =
        mode === JudgeCaseMode.SUBTASK_AVERAGE ? Math.round(scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length)) : Math.min(...scores);
      return {
        groupNum,
        status: failing ? failing.status : JudgeStatus.ACCEPTED,
        score,
        ac: list.filter((c) => c.status === JudgeStatus.ACCEPTED).length,
        total: list.length,
        time: Math.max(0, ...list.map((c) => c.time ?? 0)),
        memory: Math.max(0, ...list.map((c) => c.memory ?? 0)),
        subtaskDetailList: list,
      };
    });
}

/** GET /ojapi/get-all-case-result: null when the problem keeps its case results closed. */
export function caseResultJson(view: SubmissionView) {
  if (!view.rights.canSeeCases) return null;
  const mode = view.problem?.judgeCaseMode ?? JudgeCaseMode.DEFAULT;
  const cases = (view.submission.caseResults ?? []).map((c) => caseJson(c, view.submission._id, view.submission.pid, view.rights.canSeeCode));
  if (mode === JudgeCaseMode.SUBTASK_LOWEST || mode === JudgeCaseMode.SUBTASK_AVERAGE) {
    return { judgeCaseMode: mode, judgeCaseList: null, subTaskJudgeCaseVoList: subtaskRows(mode, cases) };
  }
  return { judgeCaseMode: mode, judgeCaseList: cases.sort((a, b) => a.caseId - b.caseId), subTaskJudgeCaseVoList: null };
}

export const shareSchema = z.object({
  submitId: z.coerce.number({ invalid_type_error: "submission:notFound" }).int().positive("submission:notFound"),
  share: z.preprocess((v) => (v === "true" || v === "1" || v === "on" ? true : v === "false" || v === "0" ? false : v), z.boolean({ invalid_type_error: "errors.badRequest", required_error: "errors.badRequest" })),
});

/** Owners share or stop sharing their own code (never a contest submission; only where the problem allows it). */
export async function setShare(viewer: CurrentUser, submitId: number, share: boolean): Promise<SubmissionView> {
  const view = await loadSubmissionForViewer(submitId, viewer);
  if (!view.rights.isOwner) throw new ApiError(403, "submission:shareNotOwner");
  if (view.submission.cid !== 0) throw new ApiError(400, "submission:shareContest");
  if (share && !view.problem?.codeShare) throw new ApiError(400, "submission:shareDisabled");
  await Submission.updateOne({ _id: submitId }, { $set: { share } });
  const submission = { ...view.submission, share };
  return { ...view, submission, rights: viewerRights(viewer, submission, view.problem) };
}

/**
 * HOJ's resubmit: the same submission judged again (same submitId, next attempt, Pending) when its
 * judging failed, by its owner or a super admin. What it counted for moves when the new verdict
 * arrives (the rejudge rules), so nothing is counted twice.
 */
export async function resubmit(viewer: CurrentUser, submitId: number): Promise<SubmissionView> {
  const view = await loadSubmissionForViewer(submitId, viewer);
  const s = view.submission;
  if (!view.rights.isOwner && !isSuperAdmin(viewer)) throw new ApiError(403, "submission:resubmitNotOwner");
  if (s.cid !== 0) throw new ApiError(400, "submission:resubmitContest");
  if (!isSuperAdmin(viewer) && !canSubmit(viewer)) throw new ApiError(403, "judge:noSubmitPermission");
  if (!canResubmit(s.status)) throw new ApiError(400, "submission:resubmitNotFailed");
  if (!judgeable(view.problem)) throw new ApiError(400, "judge:noTestData");
  const state = await judgeAgain(s, view.problem, "resubmit");
  // Another request resubmitted it a moment earlier: it is no longer a failed submission.
  if (!state) throw new ApiError(400, "submission:resubmitNotFailed");
  const submission: SubmissionDoc = { ...s, ...state };
  return { ...view, submission, rights: viewerRights(viewer, submission, view.problem) };
}

export const submitIdSchema = z.object({
  submitId: z.coerce.number({ invalid_type_error: "submission:notFound" }).int().positive("submission:notFound"),
});
