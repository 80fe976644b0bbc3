import { z } from "zod";
import { JUDGE_STATUS_INFO, JudgeStatus, PAGE_SIZE } from "~/lib/constants";
import { CONTEST_PAGE_SIZE } from "~/lib/contest";
import { languageInfo } from "~/lib/languages";
import { ContestAcCheck } from "~/models/contest-print.server";
import { Submission } from "~/models/submission.server";
import { User, type UserDoc } from "~/models/user.server";
import { contestShowsResult, contestStatusQuery, countsOnContestBoard, mayRejudgeContest, type ContestAccessContext } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { findUserByUsername } from "../account/users.server";
import { DomainError } from "../errors.server";
import { rejudgeContestProblem } from "../judging/admin.server";
import { queryLimit, queryPage, queryText } from "../platform/validation.server";
import type { ZipSource } from "../platform/zip.server";
import { requireContestAdmin, requireEntry, type ContestScope } from "./scope.server";
import { contestProblems, findContestProblem } from "./problems.server";
import { LIST_FIELDS, loadSubmissionForViewer, submissionRow, type ListDoc, type SubmissionView } from "../submission/views.server";
import { HIDDEN_RESULT } from "./result-view.server";

// Submissions seen through a contest (spec sections 2, 4 and 6): the contest's status list (mine
// and all) with results hidden where the sealed board hides them, their live statuses, the AC
// helper (accepted submissions, first blood, Checked), rejudging a problem, and the zip of
// accepted code.

const flag = z.preprocess((v) => v === true || v === "true" || v === "1" || v === "on", z.boolean());

export const contestSubmissionsSchema = z.object({
  cid: z.coerce.number({ invalid_type_error: "contest:notFound" }).int().positive("contest:notFound"),
  onlyMine: flag,
  displayId: queryText(20),
  searchStatus: z.preprocess((v) => {
    if (v === undefined || v === null || v === "") return undefined;
    const n = Number(v);
    return Number.isInteger(n) && n in JUDGE_STATUS_INFO ? n : undefined;
  }, z.number().int().optional()),
  searchUsername: queryText(50),
  beforeContestSubmit: flag,
  /** The display id exactly (HOJ's problem page), else every problem whose display id contains it. */
  completeProblemID: flag,
  /** With the contest's `allowEndSubmit`, submissions made after the end too (else only the viewer's own). */
  containsEnd: flag,
  currentPage: queryPage,
  limit: queryLimit(PAGE_SIZE.submissions),
});

/**
 * HOJ's parameters of `GET /ojapi/contest-submissions` (contestID, problemID, status, username,
 * onlyMine, beforeContestSubmit, completeProblemID, containsEnd, currentPage, limit) as the
 * fields of `contestSubmissionsSchema`.
 */
export function contestSubmissionsFromHoj(q: Record<string, string>, cid: number) {
  return {
    cid,
    onlyMine: q.onlyMine,
    displayId: q.problemID,
    searchStatus: q.status,
    searchUsername: q.username,
    beforeContestSubmit: q.beforeContestSubmit,
    completeProblemID: q.completeProblemID,
    containsEnd: q.containsEnd,
    currentPage: q.currentPage,
    limit: q.limit,
  };
}

const ROW_FIELDS = LIST_FIELDS;
type RowDoc = ListDoc;

/**
 * A contest submission's list row (HOJ's JudgeVO) as the viewer may see it: while the board is
 * sealed for them, results after the seal read "Submitted Unknown Result" without score, time or
 * memory. `beforeContestSubmit` flags submissions made before the start.
 */
export function contestSubmissionRow(viewer: CurrentUser | null, ctx: ContestAccessContext, s: RowDoc) {
  const shown = contestShowsResult(viewer, ctx, s);
  return {
    ...submissionRow(s),
    ...(shown ? {} : HIDDEN_RESULT),
    judger: shown ? s.judger : "",
    share: false,
    beforeContestSubmit: s.submitTime < ctx.contest.startTime,
  };
}

/**
 * The contest's submission list (15 a page), mine or all. Every condition, the status filter too,
 * is on the rows as the viewer sees them: a result the seal hides is "unknown" to the query itself,
 * so neither the page nor its total can tell it.
 */
export async function listContestSubmissions(cs: ContestScope, q: z.infer<typeof contestSubmissionsSchema>) {
  requireEntry(cs);
  const { ctx, scope } = cs;
  const user = cs.viewer as CurrentUser;
  const filter: Record<string, unknown> = { cid: ctx.contest._id };
  const empty = { records: [], total: 0, size: q.limit, current: q.currentPage };
  if (q.onlyMine) filter.uid = user._id;
  else if (q.searchUsername) {
    const author = await findUserByUsername(q.searchUsername);
    if (!author) return empty;
    filter.uid = author._id;
  }
  if (q.displayId && q.completeProblemID) {
    const cp = await findContestProblem(ctx.contest._id, q.displayId);
    if (!cp) return empty;
    filter.pid = cp.pid;
  } else if (q.displayId) {
    const part = q.displayId.trim().toUpperCase();
    const pids = (await contestProblems(ctx.contest._id)).filter((cp) => cp.displayId.toUpperCase().includes(part)).map((cp) => cp.pid);
    if (pids.length === 0) return empty;
    filter.pid = { $in: pids };
  }
  if (q.beforeContestSubmit) filter.submitTime = { $lt: ctx.contest.startTime };
  const conditions: Record<string, unknown>[] = [filter];
  // As HOJ's: submissions after the end are listed when asked for and the contest takes them;
  // otherwise only the viewer's own.
  if (!(q.containsEnd && ctx.contest.allowEndSubmit)) conditions.push({ $or: [{ submitTime: { $lt: ctx.contest.endTime } }, { uid: user._id }] });
  if (q.searchStatus !== undefined) conditions.push(contestStatusQuery(user, ctx, q.searchStatus, JudgeStatus.SUBMITTED_UNKNOWN_RESULT));
  const query = conditions.length === 1 ? filter : { $and: conditions };
  const [total, docs] = await Promise.all([
    Submission.countDocuments(query),
    Submission.find(query).sort({ _id: -1 }).skip((q.currentPage - 1) * q.limit).limit(q.limit).select(ROW_FIELDS).lean<RowDoc[]>(),
  ]);
  const records = docs.filter((s) => scope.seesSubmission(user, s, null)).map((s) => contestSubmissionRow(user, ctx, s));
  return { records, total, size: q.limit, current: q.currentPage };
}

export const checkContestStatusesSchema = z.object({
  cid: z.coerce.number({ invalid_type_error: "contest:notFound" }).int().positive("contest:notFound"),
  submitIds: z.array(z.coerce.number().int().positive(), { invalid_type_error: "judge:submitIdsInvalid", required_error: "judge:submitIdsInvalid" }).max(100, "judge:submitIdsTooMany"),
});

/** The rows of several contest submissions, keyed by id (HOJ's check-contest-submissions-status). */
export async function contestSubmissionRowsById(cs: ContestScope, input: z.infer<typeof checkContestStatusesSchema>) {
  requireEntry(cs);
  const { ctx, scope } = cs;
  const user = cs.viewer as CurrentUser;
  const ids = [...new Set(input.submitIds)];
  if (ids.length === 0) return {};
  const docs = await Submission.find({ _id: { $in: ids }, cid: ctx.contest._id }).select(ROW_FIELDS).lean<RowDoc[]>();
  const out: Record<string, ReturnType<typeof contestSubmissionRow>> = {};
  for (const s of docs) if (scope.seesSubmission(user, s, null)) out[String(s._id)] = contestSubmissionRow(user, ctx, s);
  return out;
}

/**
 * One submission seen in its contest's frame (/contest/{cid}/problem/{displayId}/submission-detail/
 * {submitId}): the contest's scope decides who sees it and what they may do, and a result its seal
 * hides reads "Submitted Unknown Result" (result-view.server.ts, as everywhere else). A submission
 * of another contest or another problem than the address names is not found there.
 */
export async function contestSubmissionDetail(
  user: CurrentUser,
  cid: number,
  displayId: string,
  submitId: number,
): Promise<{ view: SubmissionView; displayId: string; title: string }> {
  const notFound = () => new DomainError("notFound", "submission:notFound");
  const [view, cp] = await Promise.all([loadSubmissionForViewer(submitId, user), findContestProblem(cid, displayId)]);
  if (view.submission.cid !== cid || !cp || cp.pid !== view.submission.pid) throw notFound();
  return { view, displayId: cp.displayId, title: cp.displayTitle || view.problem?.title || view.submission.title };
}

/**
 * HOJ's get-last-ac-code with a cid (the contest problem page's "use my last accepted code"): the
 * viewer's latest accepted code of the problem in this contest, for a viewer who may enter it. An
 * accepted verdict the seal hides from them (an OI contestant's after the seal) is not offered,
 * so the call cannot tell it.
 */
export async function contestLastAcceptedCode(cs: ContestScope, pid: number): Promise<{ code: string; language: string }> {
  requireEntry(cs);
  const { ctx } = cs;
  const user = cs.viewer as CurrentUser;
  const cid = ctx.contest._id;
  if (!ctx.problemPids.has(pid)) throw new DomainError("notFound", "contest:problemNotFound");
  const accepted = await Submission.find({ uid: user._id, cid, pid, status: JudgeStatus.ACCEPTED })
    .sort({ _id: -1 })
    .limit(50)
    .select("_id uid cid submitTime code language")
    .lean<Array<RowDoc & { code: string }>>();
  const shown = accepted.find((s) => contestShowsResult(user, ctx, s));
  if (!shown) throw new DomainError("invalid", "problem:noAcceptedCode");
  return { code: shown.code, language: shown.language };
}

/** The contest frame's address of one of its submissions. */
export function contestSubmissionPath(cid: number, displayId: string, submitId: number): string {
  return `/contest/${cid}/problem/${encodeURIComponent(displayId)}/submission-detail/${submitId}`;
}

// ---- AC helper ----

export const acInfoSchema = z.object({
  cid: z.coerce.number({ invalid_type_error: "contest:notFound" }).int().positive("contest:notFound"),
  currentPage: queryPage,
  limit: queryLimit(CONTEST_PAGE_SIZE.acInfo),
});

/**
 * Accepted submissions within the contest's time, newest first (20 a page), with first blood and
 * the Checked mark (HOJ's ACM info records).
 */
export async function acInfo(cs: ContestScope, q: z.infer<typeof acInfoSchema>) {
  requireContestAdmin(cs);
  const contest = cs.contest;
  const filter = { cid: q.cid, status: JudgeStatus.ACCEPTED, submitTime: { $gte: contest.startTime, $lt: contest.endTime } };
  const [total, docs, problems] = await Promise.all([
    Submission.countDocuments(filter),
    Submission.find(filter).sort({ submitTime: -1, _id: -1 }).skip((q.currentPage - 1) * q.limit).limit(q.limit).select("_id pid uid username submitTime displayId").lean<RowDoc[]>(),
    contestProblems(q.cid),
  ]);
  const byPid = new Map(problems.map((p) => [p.pid, p]));
  const [checks, users] = await Promise.all([
    ContestAcCheck.find({ _id: { $in: docs.map((d) => d._id) } }).lean<Array<{ _id: number; checked: boolean }>>(),
    User.find({ _id: { $in: docs.map((d) => d.uid) } }).select("_id realname").lean<Array<Pick<UserDoc, "_id" | "realname">>>(),
  ]);
  const checked = new Map(checks.map((c) => [c._id, c.checked]));
  const realname = new Map(users.map((u) => [u._id, u.realname]));
  const records = docs.map((d) => {
    const cp = byPid.get(d.pid);
    return {
      id: d._id,
      cid: q.cid,
      pid: d.pid,
      submitId: d._id,
      submitTime: d.submitTime,
      displayId: cp?.displayId ?? d.displayId,
      color: cp?.color ?? "",
      firstBlood: !!cp && cp.firstBloodSubmitId === d._id,
      uid: d.uid,
      username: d.username,
      realname: realname.get(d.uid) ?? "",
      checked: checked.get(d._id) ?? false,
    };
  });
  return { records, total, size: q.limit, current: q.currentPage };
}

export const checkAcSchema = z.object({
  id: z.coerce.number({ invalid_type_error: "contest:submissionNotFound" }).int().positive("contest:submissionNotFound"),
  cid: z.coerce.number({ invalid_type_error: "contest:notFound" }).int().positive("contest:notFound"),
  checked: z.preprocess((v) => v === true || v === "true" || v === "1", z.boolean()),
});

/** Sets the Checked mark of an accepted submission (the page sends the inverse of what it shows). */
export async function checkAcInfo(cs: ContestScope, input: z.infer<typeof checkAcSchema>): Promise<void> {
  requireContestAdmin(cs);
  const sub = await Submission.findById(input.id).select("_id cid status").lean<RowDoc>();
  if (!sub || sub.cid !== input.cid || sub.status !== JudgeStatus.ACCEPTED) throw new DomainError("notFound", "contest:submissionNotFound");
  await ContestAcCheck.updateOne({ _id: sub._id }, { $set: { cid: input.cid, checked: input.checked } }, { upsert: true });
}

// ---- Rejudge, downloads ----

/** Rejudges every submission of one contest problem (super admin); how many were queued. */
export async function rejudgeProblemInContest(cs: ContestScope, pid: number): Promise<number> {
  if (!cs.viewer || !mayRejudgeContest(cs.viewer)) throw new DomainError("forbidden", "contest:notAdmin");
  return rejudgeContestProblem(cs.viewer as CurrentUser, { cid: cs.contest._id, pid });
}

export const acSubmissionZipSchema = z.object({
  cid: z.coerce.number({ invalid_type_error: "contest:notFound" }).int().positive("contest:notFound"),
  excludeAdmin: flag,
  splitType: z.enum(["user", "problem"]).catch("user").default("user"),
});

/**
 * The accepted submissions of a contest as zip entries: a folder per user or per problem, one file
 * per submission named by display id, user and id; the admins' own left out when asked.
 */
export async function acceptedSubmissionFiles(cs: ContestScope, q: z.infer<typeof acSubmissionZipSchema>): Promise<{ fileName: string; entries: ZipSource[] }> {
  requireContestAdmin(cs);
  const contest = cs.contest;
  const subs = await Submission.find({ cid: q.cid, status: JudgeStatus.ACCEPTED }).sort({ _id: 1 }).select("_id pid uid username displayId language code").lean<Array<RowDoc & { code: string }>>();
  let kept = subs;
  if (q.excludeAdmin) {
    const users = await User.find({ _id: { $in: [...new Set(subs.map((s) => s.uid))] } }).select("_id role").lean<Array<Pick<UserDoc, "_id" | "role">>>();
    // "The admins' own": those whose submissions the board leaves out.
    const admins = new Set(users.filter((u) => !countsOnContestBoard(contest, u)).map((u) => u._id));
    kept = subs.filter((s) => !admins.has(s.uid));
  }
  const problems = new Map((await contestProblems(q.cid)).map((p) => [p.pid, p.displayId]));
  const safe = (s: string) => s.replace(/[^\w.-]/g, "_");
  const entries = kept.map((s) => {
    const displayId = safe(problems.get(s.pid) ?? s.displayId ?? String(s.pid));
    const ext = languageInfo(s.language)?.extension ?? "txt";
    const file = `${displayId}_${safe(s.username)}_${s._id}.${ext}`;
    const folder = q.splitType === "problem" ? displayId : safe(s.username);
    return { name: `${folder}/${file}`, data: s.code };
  });
  return { fileName: `contest_${contest._id}_ac_submissions.zip`, entries };
}

