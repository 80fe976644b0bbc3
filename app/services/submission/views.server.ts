import type { FilterQuery } from "mongoose";
import { z } from "zod";
import { JUDGE_STATUS_INFO, JudgeCaseMode, JudgeStatus, PAGE_SIZE, ProblemType } from "~/lib/constants";
import type { CaseResult } from "~/lib/judge-protocol";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { Submission, type SubmissionDoc } from "~/models/submission.server";
import { DomainError } from "~/services/errors.server";
import { judgeable, judgeAgain } from "../judging/admin.server";
import { bankCountedQuery, bankListQuery, bankScope, ownSubmissionsOnlyFilter, resubmitterRefusal, scopeOf, seesSubmissionAddresses, submissionRights, type SubmissionRights, visibleBankSubmissionsQuery } from "../access/policy.server";
import { hiddenBankProblemIds } from "../problem/visibility.server";
import { newestByIdWindows } from "../platform/id-windows.server";
import { cacheKey, kept, singleFlight, slowCount } from "../platform/query-cache.server";
import { pageVersions, pagesChanged } from "../platform/page-cache.server";
import { isFerretDb } from "../platform/store.server";
import type { CurrentUser } from "../account/session.server";
import { findUserByUsername } from "../account/users.server";
import { queryLimit, queryPage, queryText } from "../platform/validation.server";
import { contestSubmissionView, HIDDEN_RESULT, hiddenContestResults } from "../contest/result-view.server";
import { enterContest } from "../contest/scope.server";
import { groupScopeOfRecord, groupScopesOf } from "../group/scope.server";

// Reading submissions as learners see them: the status list and its live rows, "My Submission" of
// a problem, one submission's detail with the code-visibility rules of spec section 6, sharing and
// resubmitting.
// The Remix pages and the /ojapi adapters call these.

/** A list total is reused this long (counting a large filtered set is the slow part of a page). */
const TOTAL_CACHE_MS = 10_000;
/** How long a page of a submission list is used without reading it again when nothing changed it. */
const PAGE_KEEP_MS = 10_000;

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

export const LIST_FIELDS =
  "_id pid displayPid displayId cid tid gid uid username title status score oiRankScore time memory length language submitTime judger isManual share";

export type ListDoc = Pick<
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
    /** Null under ACM rules in HOJ's answers (see hojScore). */
    score: s.score as number | null,
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

/** A row whose figures may read null (a result the sealed board hides, see HIDDEN_RESULT). */
type HiddenOr<R> = Omit<R, "time" | "memory"> & { time: number | null; memory: number | null };

/**
 * A score as HOJ answers it: a number under OI rules, null under ACM (its client shows "0 pts"
 * beside every case otherwise). A submission whose problem is gone keeps its stored number.
 */
export function hojScore(score: number | null | undefined, problemType: number | null | undefined): number | null {
  if (problemType === ProblemType.ACM) return null;
  return score ?? 0;
}

/** Rows with HOJ's scores (null under ACM), the problems' rules read in one query. */
export async function withHojScores<R extends { pid: number; score: number | null }>(rows: R[]): Promise<R[]> {
  const pids = [...new Set(rows.map((r) => r.pid))];
  if (pids.length === 0) return rows;
  const types = new Map(
    (await Problem.find({ _id: { $in: pids } }).select("_id type").lean<Array<Pick<ProblemDoc, "_id" | "type">>>()).map((p) => [p._id, p.type]),
  );
  return rows.map((r) => ({ ...r, score: hojScore(r.score, types.get(r.pid)) }));
}

/** The status list as HOJ's client reads it (GET /ojapi/get-submission-list). */
export async function hojSubmissionPage(page: SubmissionListPage): Promise<SubmissionListPage> {
  return { ...page, records: await withHojScores(page.records) };
}

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

/**
 * How long a page with rows waits for the count of its list before it shows what it proves (the
 * rows before it, its own and one more when the list goes on, never an invented number); the count
 * goes on and is kept for the next pages. A page past the end always waits for the real count.
 */
const TOTAL_WAIT_MS = 2000;

/** One page of a submission list under a filter (newest first), its rows as the status list shows them. */
export async function pageOf(filter: FilterQuery<SubmissionDoc>, currentPage: number, size: number): Promise<SubmissionListPage> {
  const skip = (currentPage - 1) * size;
  // An author or a problem narrows the list to what their index finds; without either, a store that
  // cannot sort by _id with its index reads the newest ids window by window (id-windows.server.ts).
  const narrow = filter.uid !== undefined || filter.pid !== undefined;
  // Identical list reads running at the same moment (a busy status page) share one query, and the
  // page is kept under the versions of submissions and problems, which every submission, verdict
  // and problem write replaces (page-cache.server.ts): the next read after a change reads again.
  const versions = await pageVersions(["submissions", "problems"]);
  const read = async () => {
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
  };
  const key = cacheKey("submission-page", { filter, currentPage, size, versions });
  const { docs, more } = versions ? await kept(key, { minTtlMs: PAGE_KEEP_MS }, read) : await singleFlight(key, read);
  const proven = skip + docs.length + (more ? 1 : 0);
  let total = proven;
  if (currentPage > 1 || more) {
    const count = () => Submission.countDocuments(filter);
    const key = cacheKey("submission-total", filter);
    if (docs.length === 0) {
      total = await kept(key, { minTtlMs: TOTAL_CACHE_MS }, count);
    } else {
      const counted = await slowCount(key, { minTtlMs: TOTAL_CACHE_MS, waitMs: TOTAL_WAIT_MS }, count);
      // A kept total may lag behind new submissions: never show fewer than the page proves.
      total = Math.max(counted ?? 0, proven);
    }
  }
  return { records: docs.map(submissionRow), total, size, current: currentPage, pages: Math.max(1, Math.ceil(total / size)) };
}

/**
 * The public status list (contest and group submissions are shown in their own places), with only
 * the rows the viewer may see. Mine needs a signed-in user and ignores the author filter (spec
 * section 5).
 */
export async function listSubmissions(q: SubmissionListQuery, viewer: CurrentUser | null): Promise<SubmissionListPage> {
  const filter: FilterQuery<SubmissionDoc> = bankListQuery();
  if (q.onlyMine) {
    if (!viewer) throw new DomainError("unauthenticated", "errors.pleaseLoginFirst");
    filter.uid = viewer._id;
  } else if (q.username) {
    const author = await findUserByUsername(q.username);
    if (!author) return emptyPage(q);
    filter.uid = author._id;
  }
  if (q.problemID) {
    const p = await Problem.findOne({ problemIdUpper: q.problemID.toUpperCase() }).select("_id auth gid applyPublicProgress").lean<ProblemDoc>();
    // A problem the viewer may not see lists only their own submissions to it, as if it did not exist for others.
    if (!p) return emptyPage(q);
    if (!bankScope.seesProblem(viewer, p)) {
      const own = ownSubmissionsOnlyFilter(viewer, filter.uid as string | undefined);
      if (!own) return emptyPage(q);
      filter.uid = own.uid;
    }
    filter.pid = p._id;
  }
  if (q.status !== undefined) filter.status = q.status;
  if (filter.pid === undefined) {
    const visible = visibleBankSubmissionsQuery(viewer, await hiddenBankProblemIds());
    if (visible) Object.assign(filter, visible);
  }
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
 * polls for its pending rows), keyed by id; ids the viewer may not follow are left out. With a
 * `cid` (HOJ's client polling from a contest's pages) only that contest's submissions, for a viewer
 * who may enter it (the contest's refusal otherwise); the seal hides what it hides everywhere.
 */
export async function submissionRowsById(viewer: CurrentUser | null, input: z.infer<typeof checkStatusesSchema>): Promise<Record<string, HiddenOr<SubmissionRow>>> {
  if (input.cid) await enterContest(input.cid, viewer, null);
  const ids = [...new Set(input.submitIds)];
  if (ids.length === 0) return {};
  const subs = await Submission.find({ _id: { $in: ids }, ...(input.cid ? { cid: input.cid } : {}) }).select(LIST_FIELDS).lean<ListDoc[]>();
  const problems = await problemsForAccess(subs.map((s) => s.pid));
  const hidden = await hiddenContestResults(viewer, subs);
  const out: Record<string, HiddenOr<SubmissionRow>> = {};
  const groups = await groupScopesOf(viewer, subs);
  for (const s of subs) {
    const problem = problems.get(s.pid) ?? null;
    if (!(groups.get(s.gid ?? -1) ?? scopeOf(s)).seesSubmission(viewer, s, problem)) continue;
    const row = { ...submissionRow(s), score: hojScore(s.score, problem?.type) };
    out[String(s._id)] = hidden.has(s._id) ? { ...row, ...HIDDEN_RESULT } : row;
  }
  return out;
}

const ACCESS_FIELDS = "_id type auth gid applyPublicProgress codeShare openCaseResult";

/** The fields the access policy reads of each of some problems, by id (one query). */
export async function problemsForAccess(pids: readonly number[]): Promise<Map<number, ProblemForRules & Pick<ProblemDoc, "_id" | "type">>> {
  const wanted = [...new Set(pids)];
  if (wanted.length === 0) return new Map();
  const docs = await Problem.find({ _id: { $in: wanted } }).select(ACCESS_FIELDS).lean<Array<ProblemForRules & Pick<ProblemDoc, "_id" | "type">>>();
  return new Map(docs.map((d) => [d._id, d]));
}

/** "My Submission" of a problem page: the user's own submissions to it outside contests. */
export function listOwnSubmissions(user: CurrentUser, pid: number, currentPage: number): Promise<SubmissionListPage> {
  return pageOf({ uid: user._id, pid, ...bankCountedQuery() }, currentPage, PAGE_SIZE.ownSubmissions);
}

// ---- One submission ----

export type ViewerRights = SubmissionRights;

type ProblemForRules = Pick<ProblemDoc, "auth" | "gid" | "applyPublicProgress" | "codeShare" | "openCaseResult">;

export interface SubmissionView {
  submission: SubmissionDoc;
  problem: ProblemDoc | null;
  rights: ViewerRights;
  /** A contest submission whose result the sealed board hides from this viewer. */
  resultHidden?: boolean;
}

/** A submission and what the viewer may do with it; 404 when it does not exist or is not theirs to see. */
export async function loadSubmissionForViewer(submitId: number, viewer: CurrentUser | null): Promise<SubmissionView> {
  if (!Number.isInteger(submitId) || submitId <= 0) throw new DomainError("notFound", "submission:notFound");
  const submission = await Submission.findById(submitId).lean<SubmissionDoc>();
  if (!submission) throw new DomainError("notFound", "submission:notFound");
  const problem = await Problem.findById(submission.pid).lean<ProblemDoc>();
  if (submission.cid > 0) {
    const inContest = await contestSubmissionView(viewer, submission, problem);
    if (inContest) {
      if (!inContest.sees) throw new DomainError("notFound", "submission:notFound");
      const shown = inContest.shown ? submission : { ...submission, ...HIDDEN_RESULT, score: 0, time: 0, memory: 0, errorMessage: "", judger: "", caseResults: [] };
      return { submission: shown, problem, rights: inContest.rights, resultHidden: !inContest.shown };
    }
  }
  // A group's submission: its group's scope (its admins see code and cases).
  const scope = (await groupScopeOfRecord(submission, viewer)) ?? scopeOf(submission);
  if (!scope.seesSubmission(viewer, submission, problem)) throw new DomainError("notFound", "submission:notFound");
  return { submission, problem, rights: scope.rights(viewer, submission, problem) };
}

/** The view of a submission just made by its author (what /ojapi/submit-problem-judge answers). */
export async function viewOfOwnSubmission(author: CurrentUser, submission: SubmissionDoc): Promise<SubmissionView> {
  const problem = await Problem.findById(submission.pid).lean<ProblemDoc>();
  return { submission, problem, rights: submissionRights(author, submission, problem) };
}

/** HOJ's Judge with the code (and the compiler's messages, which quote it) only for those who may read it. */
export function submissionJson(view: SubmissionView, viewer: CurrentUser | null) {
  const s = view.submission;
  return {
    ...submissionRow(s),
    ...(view.resultHidden ? HIDDEN_RESULT : { score: hojScore(s.score, view.problem?.type) }),
    code: view.rights.canSeeCode ? s.code : null,
    errorMessage: view.rights.canSeeCode || s.status === JudgeStatus.SYSTEM_ERROR ? s.errorMessage : null,
    ip: seesSubmissionAddresses(viewer) ? s.ip : undefined,
    gmtModified: s.gmtModified,
  };
}

/** GET /ojapi/get-submission-detail: {submission, codeShare}. */
export function submissionDetailJson(view: SubmissionView, viewer: CurrentUser | null) {
  return { submission: submissionJson(view, viewer), codeShare: view.problem?.codeShare ?? false };
}

function caseJson(c: CaseResult, submitId: number, pid: number, showOutput: boolean, problemType: number | undefined) {
  return {
    submitId,
    pid,
    caseId: c.index,
    seq: c.index,
    status: c.status,
    time: c.time,
    memory: c.memory,
    score: hojScore(c.score, problemType),
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
  score: number | null;
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
      // Under ACM rules the cases have no score, and so neither has their subtask (HOJ's null).
      const score = list.every((c) => c.score === null)
        ? null
        : mode === JudgeCaseMode.SUBTASK_AVERAGE
          ? Math.round(scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length))
          : Math.min(...scores);
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
  const cases = (view.submission.caseResults ?? []).map((c) => caseJson(c, view.submission._id, view.submission.pid, view.rights.canSeeCaseOutput, view.problem?.type));
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
  if (!view.rights.isOwner) throw new DomainError("forbidden", "submission:shareNotOwner");
  if (share ? !view.rights.canShare : !view.rights.canUnshare) {
    if (scopeOf(view.submission).kind !== "bank") throw new DomainError("invalid", "submission:shareContest");
    if (share) throw new DomainError("invalid", "submission:shareDisabled");
    return view;
  }
  await Submission.updateOne({ _id: submitId }, { $set: { share } });
  await pagesChanged("submissions");
  const submission = { ...view.submission, share };
  return { ...view, submission, rights: submissionRights(viewer, submission, view.problem) };
}

/**
 * HOJ's resubmit: the same submission judged again (same submitId, next attempt, Pending) when its
 * judging failed, by its owner or a super admin. What it counted for moves when the new verdict
 * arrives (the rejudge rules), so nothing is counted twice.
 */
export async function resubmit(viewer: CurrentUser, submitId: number): Promise<SubmissionView> {
  const view = await loadSubmissionForViewer(submitId, viewer);
  const s = view.submission;
  if (!view.rights.canResubmit) {
    const who = resubmitterRefusal(viewer, s);
    if (who && who.message === "submission:resubmitNotOwner") throw who;
    if (scopeOf(s).kind !== "bank") throw new DomainError("invalid", "submission:resubmitContest");
    throw new DomainError("invalid", "submission:resubmitNotFailed");
  }
  const refusal = resubmitterRefusal(viewer, s);
  if (refusal) throw refusal;
  if (!judgeable(view.problem)) throw new DomainError("invalid", "judge:noTestData");
  const state = await judgeAgain(s, view.problem, "resubmit");
  // Another request resubmitted it a moment earlier: it is no longer a failed submission.
  if (!state) throw new DomainError("invalid", "submission:resubmitNotFailed");
  const submission: SubmissionDoc = { ...s, ...state };
  return { ...view, submission, rights: submissionRights(viewer, submission, view.problem) };
}

export const submitIdSchema = z.object({
  submitId: z.coerce.number({ invalid_type_error: "submission:notFound" }).int().positive("submission:notFound"),
});
