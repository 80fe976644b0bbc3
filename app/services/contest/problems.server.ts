import type { FilterQuery } from "mongoose";
import { z } from "zod";
import { escapeRegex } from "~/lib/regex";
import { REMOTE_OJS } from "~/lib/problem";
import { JudgeStatus, ProblemAuth } from "~/lib/constants";
import { BoardRow, boardRowKey, type BoardRowDoc } from "~/models/contest-board.server";
import type { ContestDoc } from "~/models/contest.server";
import { ContestProblem, type ContestProblemDoc } from "~/models/contest-problem.server";
import { nextSeq } from "~/models/counter.server";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { contestProblemSourceAllowed, contestOwnRowView, contestPublicSourceQuery, mayWriteContestOnlyProblem, type ContestAccessContext, type Scope } from "../access/policy.server";
import { createProblem, deleteProblem } from "../problem/admin.server";
import type { ProblemInputRaw } from "../problem/schema.server";
import { problemVisibilityChanged } from "../problem/visibility.server";
import { problemByRef } from "../problem/problems.server";
import type { CurrentUser } from "../account/session.server";
import { DomainError } from "../errors.server";
import { administerContest, requireContestAdmin, requireEntry, type ContestPlace, type ContestScope } from "./scope.server";
import { boardChanged, rebuildBoard } from "./board.server";

// The problems of a contest (spec sections 3 and 5): added from the public bank by id with a display
// id unique in the contest, a display title and a balloon colour; edited; removed. And the
// contestant's side: the problem list with statuses, and what a submission to "A" refers to.

const displayIdField = z
  .string({ required_error: "contest:displayIdRequired", invalid_type_error: "contest:displayIdRequired" })
  .trim()
  .min(1, "contest:displayIdRequired")
  .max(20, "contest:displayIdTooLong")
  .regex(/^[A-Za-z0-9_-]+$/, "contest:displayIdInvalid");
const colorField = z
  .string()
  .trim()
  .regex(/^(#[0-9a-fA-F]{3,8})?$/, "contest:colorInvalid")
  .optional()
  .default("");
const idField = (key: string) => z.coerce.number({ invalid_type_error: key, required_error: key }).int(key).positive(key);

export const addContestProblemSchema = z.object({
  cid: idField("contest:notFound"),
  /** The problem: its number, or its display id (P1001), as the training's form takes it. */
  pid: z.union([idField("contest:problemIdRequired"), z.string().trim().min(1, "contest:problemIdRequired").max(100, "contest:unknownProblem")], {
    errorMap: () => ({ message: "contest:problemIdRequired" }),
  }),
  displayId: displayIdField,
  displayTitle: z.string().trim().max(255).optional().default(""),
  color: colorField,
});

export const updateContestProblemSchema = z.object({
  /** The contest problem's own id. */
  id: idField("contest:problemNotFound"),
  displayId: displayIdField,
  displayTitle: z.string().trim().max(255).optional().default(""),
  color: colorField,
});

export const removeContestProblemSchema = z.object({
  cid: idField("contest:notFound"),
  /** The bank problem's id (HOJ sends pid; `id` is accepted too). */
  pid: idField("contest:problemNotFound"),
});

function isDuplicate(err: unknown): boolean {
  return (err as { code?: number })?.code === 11000;
}

/**
 * Adds a bank problem (public, or a contest-only one for the admin roles) to a contest; or, for a
 * group's contest, one of the group's own problems (`from` "group", HOJ's add-contest-problem-from-group),
 * or either of them (`from` "any": HOJ's group contest-problem call names a problem by its id alone).
 */
export async function addContestProblem(cs: ContestScope, input: z.infer<typeof addContestProblemSchema>, from: "public" | "group" | "any"): Promise<ContestProblemDoc> {
  requireContestAdmin(cs);
  const contest = cs.contest;
  const problem = typeof input.pid === "number" ? await Problem.findById(input.pid).select("_id title auth gid applyPublicProgress").lean<ProblemDoc>() : await problemByRef(input.pid);
  if (!problem || !contestProblemSourceAllowed(cs.viewer, problem, contest.gid ?? null, from)) throw new DomainError("notFound", "contest:unknownProblem");
  const upper = input.displayId.toUpperCase();
  if (await ContestProblem.exists({ cid: contest._id, displayIdUpper: upper })) throw new DomainError("conflict", "contest:displayIdTaken");
  if (await ContestProblem.exists({ cid: contest._id, pid: problem._id })) throw new DomainError("conflict", "contest:problemAlreadyAdded");
  try {
    const doc = await ContestProblem.create({
      _id: await nextSeq("contest-problem"),
      cid: contest._id,
      pid: problem._id,
      displayId: input.displayId,
      displayIdUpper: upper,
      displayTitle: input.displayTitle || problem.title,
      color: input.color,
    });
    // Submissions already made to it (a problem removed and added again) come back on the board.
    await rebuildBoard(contest._id);
    return (await ContestProblem.findById(doc._id).lean<ContestProblemDoc>())!;
  } catch (err) {
    if (isDuplicate(err)) throw new DomainError("conflict", "contest:displayIdTaken");
    throw err;
  }
}

/** How a problem created for a contest appears in it. */
export const newContestProblemLinkSchema = z.object({
  displayId: displayIdField,
  displayTitle: z.string().trim().max(255).optional().default(""),
  color: colorField,
});

/**
 * Creates a problem for a contest only (spec section 4: in a contest a problem's auth is forced to
 * 3, contest-only, so the public bank never lists it, and its type follows the contest's rule) and
 * lists it in the contest under its display id. The display id is checked before anything is
 * stored; if listing it fails after all (the display id taken meanwhile), the new problem is removed
 * again, so a refusal leaves nothing behind. A site contest's problem is the admin roles' to write
 * with the bank's service; a group contest's is written by `create`, the group's own service.
 */
export async function createContestOnlyProblem(
  cs: ContestScope,
  problem: ProblemInputRaw,
  link: z.infer<typeof newContestProblemLinkSchema>,
  create: ((raw: ProblemInputRaw) => Promise<ProblemDoc>) | null,
): Promise<{ problem: ProblemDoc; contestProblem: ContestProblemDoc }> {
  requireContestAdmin(cs);
  const user = cs.viewer as CurrentUser;
  const contest = cs.contest;
  const cid = contest._id;
  const gid = contest.gid ?? null;
  if (!mayWriteContestOnlyProblem(user, gid)) throw new DomainError("forbidden", "contest:notAdmin");
  if (await ContestProblem.exists({ cid, displayIdUpper: link.displayId.toUpperCase() })) throw new DomainError("conflict", "contest:displayIdTaken");
  const write = create ?? ((raw: ProblemInputRaw) => createProblem(raw, user));
  const created = await write({ ...problem, auth: ProblemAuth.CONTEST, type: cs.rule.scoring === "oi" ? 1 : 0 });
  try {
    const contestProblem = await addContestProblem(cs, { cid, pid: created._id, ...link }, gid === null ? "public" : "group");
    return { problem: created, contestProblem };
  } catch (err) {
    await deleteProblem(created._id);
    await problemVisibilityChanged();
    throw err;
  }
}

/** The contest a contest problem (by its own id) belongs to; 404 when there is none. */
export async function contestProblemOwner(id: number): Promise<number> {
  const cp = await ContestProblem.findById(id).select("cid").lean<{ cid: number }>();
  if (!cp) throw new DomainError("notFound", "contest:problemNotFound");
  return cp.cid;
}

export async function updateContestProblem(user: CurrentUser, input: z.infer<typeof updateContestProblemSchema>, place: ContestPlace | null): Promise<ContestProblemDoc> {
  const cp = await ContestProblem.findById(input.id).lean<ContestProblemDoc>();
  if (!cp) throw new DomainError("notFound", "contest:problemNotFound");
  await administerContest(cp.cid, user, place);
  const upper = input.displayId.toUpperCase();
  if (await ContestProblem.exists({ cid: cp.cid, displayIdUpper: upper, _id: { $ne: cp._id } })) throw new DomainError("conflict", "contest:displayIdTaken");
  const problem = await Problem.findById(cp.pid).select("title").lean<ProblemDoc>();
  try {
    await ContestProblem.updateOne(
      { _id: cp._id },
      { $set: { displayId: input.displayId, displayIdUpper: upper, displayTitle: input.displayTitle || problem?.title || cp.displayTitle, color: input.color } },
    );
  } catch (err) {
    if (isDuplicate(err)) throw new DomainError("conflict", "contest:displayIdTaken");
    throw err;
  }
  await boardChanged(cp.cid);
  return (await ContestProblem.findById(cp._id).lean<ContestProblemDoc>())!;
}

export async function removeContestProblem(cs: ContestScope, input: z.infer<typeof removeContestProblemSchema>): Promise<void> {
  requireContestAdmin(cs);
  if ((await takeOutOfContest(cs.contest._id, [input.pid])) === 0) throw new DomainError("notFound", "contest:problemNotFound");
}

/** Takes problems out of one contest and rebuilds its board without them; answers how many it listed. */
async function takeOutOfContest(cid: number, pids: readonly number[]): Promise<number> {
  const res = await ContestProblem.deleteMany({ cid, pid: { $in: [...pids] } });
  if (res.deletedCount > 0) await rebuildBoard(cid);
  return res.deletedCount;
}

/** Takes problems that are being deleted out of every contest that lists them, as their admins would. */
export async function withdrawFromContests(pids: readonly number[]): Promise<void> {
  if (pids.length === 0) return;
  const cids = (await ContestProblem.distinct("cid", { pid: { $in: [...pids] } })) as number[];
  for (const cid of cids) await takeOutOfContest(cid, pids);
}

/** One contest problem for its admins (HOJ's admin contest-problem GET). */
export async function contestProblemForAdmin(cs: ContestScope, pid: number): Promise<ContestProblemDoc> {
  requireContestAdmin(cs);
  const cp = await ContestProblem.findOne({ cid: cs.contest._id, pid }).lean<ContestProblemDoc>();
  if (!cp) throw new DomainError("notFound", "contest:problemNotFound");
  return cp;
}

export const contestProblemPageSchema = z.object({
  keyword: z.string().trim().max(100).catch("").default(""),
  /** Given (0 ACM, 1 OI): the problems of that type that may be added and are not in the contest yet; else the contest's own. */
  problemType: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().min(0).max(1).optional().catch(undefined)),
  /** A remote OJ's name narrows the problems to that OJ's; "All" or none, every problem; another, this site's own. */
  oj: z.string().trim().max(20).optional().catch(undefined),
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).catch(10).default(10),
});

const ADMIN_ROW_FIELDS = "_id problemId title author type auth difficulty isRemote remoteOj gmtCreate gmtModified";
type AdminRowProblem = Pick<ProblemDoc, "_id" | "problemId" | "title" | "author" | "type" | "auth" | "difficulty" | "isRemote" | "remoteOj" | "gmtCreate" | "gmtModified">;

/**
 * HOJ's admin contest problem list (admin and group calls): a page of problems (HOJ's Problem
 * entity) and the contest's problems by problem id (HOJ's ContestProblem). Without `problemType`
 * the contest's own, in display order; with it, the problems of that type (or remote ones) the
 * policy lets the admin add that the contest does not have yet. Keyword on title, problem id or
 * author. The contest's admins only.
 */
export async function contestProblemPageForAdmin(cs: ContestScope, q: z.infer<typeof contestProblemPageSchema>) {
  requireContestAdmin(cs);
  const listed = await contestProblems(cs.contest._id);
  const pids = listed.map((p) => p.pid);
  const conditions: FilterQuery<ProblemDoc>[] = [];
  if (q.problemType === undefined) conditions.push({ _id: { $in: pids } });
  else conditions.push({ _id: { $nin: pids } }, contestPublicSourceQuery(cs.viewer), { $or: [{ type: q.problemType }, { isRemote: true }] });
  if (q.oj && q.oj !== "All") conditions.push((REMOTE_OJS as readonly string[]).includes(q.oj.toUpperCase()) ? { isRemote: true, remoteOj: q.oj.toUpperCase() } : { isRemote: false });
  if (q.keyword) {
    const like = { $regex: escapeRegex(q.keyword), $options: "i" };
    conditions.push({ $or: [{ title: like }, { problemId: like }, { author: like }] });
  }
  const filter = { $and: conditions };
  let total: number;
  let docs: AdminRowProblem[];
  if (q.problemType === undefined) {
    // The contest's own, in its display order.
    const found = await Problem.find(filter).select(ADMIN_ROW_FIELDS).lean<AdminRowProblem[]>();
    const byPid = new Map(found.map((p) => [p._id, p]));
    const ordered = pids.map((pid) => byPid.get(pid)).filter((p): p is AdminRowProblem => !!p);
    total = ordered.length;
    docs = ordered.slice((q.currentPage - 1) * q.limit, q.currentPage * q.limit);
  } else {
    [total, docs] = await Promise.all([
      Problem.countDocuments(filter),
      Problem.find(filter).sort({ _id: 1 }).skip((q.currentPage - 1) * q.limit).limit(q.limit).select(ADMIN_ROW_FIELDS).lean<AdminRowProblem[]>(),
    ]);
  }
  const records = docs.map((p) => ({
    id: p._id,
    problemId: p.problemId,
    title: p.title,
    author: p.author,
    type: p.type,
    auth: p.auth,
    difficulty: p.difficulty,
    isRemote: p.isRemote,
    gmtCreate: p.gmtCreate,
    gmtModified: p.gmtModified,
  }));
  const contestProblemMap = Object.fromEntries(listed.map((p) => [p.pid, { id: p._id, cid: p.cid, pid: p.pid, displayId: p.displayId, displayTitle: p.displayTitle, color: p.color }]));
  return { problemList: { records, total, size: q.limit, current: q.currentPage }, contestProblemMap };
}

/** The contest's problems in display order. */
export async function contestProblems(cid: number): Promise<ContestProblemDoc[]> {
  const list = await ContestProblem.find({ cid }).lean<ContestProblemDoc[]>();
  return list.sort((a, b) => a.displayIdUpper.localeCompare(b.displayIdUpper, "en", { numeric: true }));
}

/** A contest problem named as HOJ's client names it: its display id ("A") or the problem id. */
export async function findContestProblem(cid: number, ref: number | string): Promise<ContestProblemDoc | null> {
  if (typeof ref === "number") return ContestProblem.findOne({ cid, pid: ref }).lean<ContestProblemDoc>();
  const byDisplay = await ContestProblem.findOne({ cid, displayIdUpper: ref.trim().toUpperCase() }).lean<ContestProblemDoc>();
  // A string of digits that is no display id of the contest names the problem by its id.
  if (!byDisplay && /^\s*[1-9]\d{0,14}\s*$/.test(ref)) return findContestProblem(cid, Number(ref));
  return byDisplay;
}

/** The viewer's status on each problem: from their row in the view they may see. */
export interface MyProblemStatus {
  /** -10 not submitted, 0 accepted, -1 tried, 5 pending (or hidden by the seal). */
  status: number;
  score: number | null;
}

/** The viewer's statuses from their own row in the view the policy lets them see of it. */
export async function myStatuses(cid: number, uid: string, view: "live" | "sealed"): Promise<Map<number, MyProblemStatus>> {
  const row = await BoardRow.findById(boardRowKey(cid, view, uid)).lean<BoardRowDoc>();
  const out = new Map<number, MyProblemStatus>();
  for (const [pid, cell] of Object.entries(row?.cells ?? {})) {
    const status = cell.isAC ? JudgeStatus.ACCEPTED : cell.judged > 0 && cell.tryNum === 0 ? JudgeStatus.WRONG_ANSWER : cell.tryNum > 0 ? JudgeStatus.PENDING : JudgeStatus.NOT_SUBMITTED;
    out.set(Number(pid), { status, score: cell.judged > 0 ? cell.score : null });
  }
  return out;
}

/** A row of the contestant's problem list (HOJ's ContestProblemVO, with the viewer's status). */
export interface ContestProblemRow {
  id: number;
  displayId: string;
  cid: number;
  pid: number;
  displayTitle: string;
  color: string;
  /** null without real-time rights while the board is sealed (shown as "?"). */
  ac: number | null;
  total: number | null;
  myStatus: number;
  score: number | null;
}

/** The problem list of a contest for a viewer who may enter it. */
export async function contestProblemList(cs: ContestScope): Promise<{ contest: ContestDoc; ctx: ContestAccessContext; rows: ContestProblemRow[] }> {
  requireEntry(cs);
  const { contest, ctx } = cs;
  const user = cs.viewer as CurrentUser;
  const cid = contest._id;
  const realTime = cs.standing.realTime;
  const [problems, mine] = await Promise.all([contestProblems(cid), myStatuses(cid, user._id, contestOwnRowView(user, ctx))]);
  const rows = problems.map((p) => {
    const my = mine.get(p.pid);
    return {
      id: p._id,
      displayId: p.displayId,
      cid: p.cid,
      pid: p.pid,
      displayTitle: p.displayTitle,
      color: p.color,
      ac: realTime ? p.ac : null,
      total: realTime ? p.total : null,
      myStatus: my?.status ?? JudgeStatus.NOT_SUBMITTED,
      score: my?.score ?? null,
    };
  });
  return { contest, ctx, rows };
}

/** One problem of a contest, for a viewer who may see it (the statement page in the contest). */
export async function contestProblemDetail(cs: ContestScope, displayId: string): Promise<{ contest: ContestDoc; scope: Scope; contestProblem: ContestProblemDoc; problem: ProblemDoc }> {
  requireEntry(cs);
  const { contest, scope } = cs;
  const cp = await findContestProblem(contest._id, displayId);
  const problem = cp ? await Problem.findById(cp.pid).lean<ProblemDoc>() : null;
  if (!cp || !problem || !scope.seesProblem(cs.viewer, problem)) throw new DomainError("notFound", "contest:problemNotFound");
  return { contest, scope, contestProblem: cp, problem };
}

/**
 * What a submission to a contest refers to, once the policy's contest scope allows it: the scope,
 * the problem, its display id and title in the contest. Refusals come before the problem is read.
 */
export async function contestSubmitTarget(cs: ContestScope, ref: number | string): Promise<{ scope: Scope; problem: ProblemDoc | null; displayId: string; title: string }> {
  const { scope } = cs;
  const user = cs.viewer;
  const cid = cs.contest._id;
  const early = scope.submitterRefusal(user);
  if (early) throw early;
  const cp = await findContestProblem(cid, ref);
  const problem = cp ? await Problem.findById(cp.pid).lean<ProblemDoc>() : null;
  const refusal = scope.submitRefusal(user, problem);
  if (refusal) throw refusal;
  return { scope, problem, displayId: cp?.displayId ?? "", title: cp?.displayTitle || problem?.title || "" };
}

/**
 * The user's status on listed problems of a contest (HOJ's get-user-problem-status with a cid), as
 * their row in the view they may see says; problems not in the contest are left out.
 */
export async function contestProblemStatuses(cs: ContestScope, pids: readonly number[]): Promise<Map<number, MyProblemStatus>> {
  requireEntry(cs);
  const { ctx } = cs;
  const user = cs.viewer as CurrentUser;
  const mine = await myStatuses(ctx.contest._id, user._id, contestOwnRowView(user, ctx));
  const out = new Map<number, MyProblemStatus>();
  for (const pid of pids) if (ctx.problemPids.has(pid)) out.set(pid, mine.get(pid) ?? { status: JudgeStatus.NOT_SUBMITTED, score: null });
  return out;
}
