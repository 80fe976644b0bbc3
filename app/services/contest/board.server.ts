import { ProblemType } from "~/lib/constants";
import { SCOREBOARD_DEFAULT_PAGE_SIZE, SCOREBOARD_PAGE_SIZES } from "~/lib/contest";
import { BOARD_VIEWS, BoardRow, boardRowKey, type BoardCell, type BoardRowDoc, type BoardView } from "~/models/contest-board.server";
import { Contest, type ContestDoc } from "~/models/contest.server";
import { ContestProblem, type ContestProblemDoc } from "~/models/contest-problem.server";
import { Problem } from "~/models/problem.server";
import { Submission } from "~/models/submission.server";
import { User, type UserDoc } from "~/models/user.server";
import { randomBytes } from "node:crypto";
import { logger } from "../platform/logger.server";
import { redis, rkey } from "../platform/redis.server";
import { withLocks } from "../platform/redis-lock.server";
import { awardCuts, awardOf, type Award } from "./ranking.server";
import { countsOnContestBoard } from "../access/policy.server";
import { ruleOf } from "./rules/index.server";
import type { RuleSubmission } from "./rules/rule.server";
import { escapeRegex } from "~/lib/regex";

// The kept scoreboard (ARCHITECTURE.md "Scoreboards"). A verdict of a contest submission rewrites
// only its author's rows (one per view: live, sealed, all), computed by the contest's rule from
// that author's submissions in the contest. The rows are stored in contest_board_rows (the durable
// copy) and, for reading, in Redis: a hash of the rows and two sorted sets (everyone, and the
// ranked, that is non-star, rows) per view. A page is a range of a sorted set and the hash's rows
// for it, and a rank is a count of the ranked keys ahead, so reading never touches the store's
// large collection. The problems' AC/Total and first blood move with the rows. A full rebuild
// recomputes every row from the submissions and gives the same board; Redis's copy is rebuilt
// from the stored rows when Redis has lost it.

const SUB_FIELDS = "_id pid status score time submitTime";
const LOCK = { ttlMs: 15_000, waitMs: 60_000 };

function zkey(cid: number, view: BoardView, ranked: boolean): string {
  return rkey("board", cid, view, ranked ? "ranked" : "all");
}
function rowsKey(cid: number, view: BoardView): string {
  return rkey("board", cid, view, "rows");
}
/** Increased after every change of a contest's rows or problems: what a reader may reuse. */
function versionKey(cid: number): string {
  return rkey("board", cid, "version");
}
function readyKey(cid: number): string {
  return rkey("board", cid, "ready");
}

type ContestForBoard = Pick<ContestDoc, "_id" | "type" | "startTime" | "endTime" | "sealRank" | "sealRankTime" | "oiRankScoreType" | "starAccount" | "uid">;
const CONTEST_FIELDS = "_id type startTime endTime sealRank sealRankTime oiRankScoreType starAccount uid awardType awardConfig rankShowName";

/** Whose submissions never appear on the board: the policy says (the contest's author and super admins). */
function excludedFromBoard(contest: Pick<ContestDoc, "uid">, user: Pick<UserDoc, "_id" | "role"> | null): boolean {
  return !countsOnContestBoard(contest, user);
}

function isStar(contest: Pick<ContestDoc, "starAccount">, username: string): boolean {
  const u = username.toLowerCase();
  return (contest.starAccount ?? []).some((s) => s.toLowerCase() === u);
}

/** The problems a contest lists now: only submissions to them count on its board (a removed one's do not). */
async function contestPids(cid: number): Promise<number[]> {
  return (await ContestProblem.find({ cid }).select("pid").lean<Array<{ pid: number }>>()).map((p) => p.pid);
}

/**
 * The problems of an OI contest judged by ACM rules (an accepted one scores full marks there); none
 * for an ACM contest. Two small reads, whatever the number of participants.
 */
export async function acmProblemsOf(contest: Pick<ContestDoc, "_id" | "type">, listed?: readonly number[]): Promise<Set<number>> {
  if (ruleOf(contest.type).scoring !== "oi") return new Set();
  const pids = listed ?? (await contestPids(contest._id));
  if (pids.length === 0) return new Set();
  const acm = await Problem.find({ _id: { $in: pids }, type: ProblemType.ACM }).select("_id").lean<Array<{ _id: number }>>();
  return new Set(acm.map((p) => p._id));
}

/** The rows of one participant, computed by the rule (pure). */
export function computeRows(contest: ContestForBoard, uid: string, username: string, subs: readonly RuleSubmission[], acmPids: ReadonlySet<number> = new Set()): BoardRowDoc[] {
  const rule = ruleOf(contest.type);
  const ruleContest = {
    startTime: contest.startTime,
    endTime: contest.endTime,
    sealRankTime: contest.sealRank ? (contest.sealRankTime ?? null) : null,
    oiRankScoreType: contest.oiRankScoreType,
    acmPids,
  };
  const star = isStar(contest, username);
  const now = new Date();
  return BOARD_VIEWS.map((view) => {
    const t = rule.computeRow(ruleContest, view, subs);
    return {
      _id: boardRowKey(contest._id, view, uid),
      cid: contest._id,
      view,
      uid,
      username,
      star,
      ac: t.ac,
      totalTime: t.totalTime,
      totalScore: t.totalScore,
      sortScore: rule.sortScore(t),
      cells: t.cells,
      gmtModified: now,
    };
  });
}

/** Per problem: +1 AC when a row newly solves it, judged submissions added. */
function problemDeltas(before: BoardRowDoc | undefined, after: BoardRowDoc | undefined): Map<number, { ac: number; total: number }> {
  const out = new Map<number, { ac: number; total: number }>();
  const keys = new Set([...Object.keys(before?.cells ?? {}), ...Object.keys(after?.cells ?? {})]);
  for (const k of keys) {
    const b: Partial<BoardCell> = before?.cells?.[k] ?? {};
    const a: Partial<BoardCell> = after?.cells?.[k] ?? {};
    const ac = (a.isAC ? 1 : 0) - (b.isAC ? 1 : 0);
    const total = (a.judged ?? 0) - (b.judged ?? 0);
    if (ac !== 0 || total !== 0) out.set(Number(k), { ac, total });
  }
  return out;
}

async function writeOrder(cid: number, rows: readonly BoardRowDoc[], removed: readonly BoardRowDoc[]): Promise<void> {
  const m = redis().multi();
  for (const r of removed) {
    m.zrem(zkey(cid, r.view, false), r.uid);
    m.zrem(zkey(cid, r.view, true), r.uid);
    m.hdel(rowsKey(cid, r.view), r.uid);
  }
  for (const r of rows) {
    m.hset(rowsKey(cid, r.view), r.uid, JSON.stringify(r));
    m.zadd(zkey(cid, r.view, false), r.sortScore, r.uid);
    if (r.star) m.zrem(zkey(cid, r.view, true), r.uid);
    else m.zadd(zkey(cid, r.view, true), r.sortScore, r.uid);
  }
  await m.exec();
}

/** Offers a first blood; an earlier recorded one stays. */
async function offerFirstBlood(cid: number, pid: number, uid: string, cell: BoardCell): Promise<void> {
  await ContestProblem.updateOne(
    {
      cid,
      pid,
      $or: [{ firstBloodTime: null }, { firstBloodTime: { $gt: new Date(cell.acAt) } }, { firstBloodTime: new Date(cell.acAt), firstBloodSubmitId: { $gt: cell.acSubmitId } }],
    },
    { $set: { firstBloodUid: uid, firstBloodSubmitId: cell.acSubmitId, firstBloodTime: new Date(cell.acAt) } },
  );
}

/** The first blood of a problem again, from the live rows (after a rejudge took one away). */
async function recomputeFirstBlood(cid: number, pid: number): Promise<void> {
  const field = `cells.${pid}.isAC`;
  const rows = await BoardRow.find({ cid, view: "live", star: false, [field]: true }).select(`uid cells.${pid}`).lean<BoardRowDoc[]>();
  let best: { uid: string; cell: BoardCell } | null = null;
  for (const r of rows) {
    const c = r.cells[String(pid)];
    if (c && (!best || c.acAt < best.cell.acAt || (c.acAt === best.cell.acAt && c.acSubmitId < best.cell.acSubmitId))) best = { uid: r.uid, cell: c };
  }
  await ContestProblem.updateOne(
    { cid, pid },
    { $set: best ? { firstBloodUid: best.uid, firstBloodSubmitId: best.cell.acSubmitId, firstBloodTime: new Date(best.cell.acAt) } : { firstBloodUid: null, firstBloodSubmitId: null, firstBloodTime: null } },
  );
}

/**
 * Brings one participant's rows up to date with their submissions: called by the result applier
 * after every change of a contest submission's verdict (a redelivered result computes the same
 * rows, so nothing counts twice), and by rejudges and manual judgements through it.
 */
export async function updateParticipant(cid: number, uid: string): Promise<void> {
  await withLocks([`contest-board:${cid}:${uid}`], async () => {
    const contest = await Contest.findById(cid).select(CONTEST_FIELDS).lean<ContestDoc>();
    if (!contest) return;
    const pids = await contestPids(cid);
    const [user, subs, before, acmPids] = await Promise.all([
      User.findById(uid).select("_id username role").lean<Pick<UserDoc, "_id" | "username" | "role">>(),
      Submission.find({ uid, cid, pid: { $in: pids } }).select(SUB_FIELDS).lean<RuleSubmission[]>(),
      BoardRow.find({ _id: { $in: BOARD_VIEWS.map((v) => boardRowKey(cid, v, uid)) } }).lean<BoardRowDoc[]>(),
      acmProblemsOf(contest, pids),
    ]);
    const beforeByView = new Map(before.map((r) => [r.view, r]));
    if (excludedFromBoard(contest, user) || subs.length === 0) {
      if (before.length > 0) {
        await BoardRow.deleteMany({ _id: { $in: before.map((r) => r._id) } });
        await writeOrder(cid, [], before);
        await carryProblemChanges(cid, uid, beforeByView.get("live"), undefined);
        await boardChanged(cid);
      }
      return;
    }
    const rows = computeRows(contest, uid, user!.username, subs, acmPids);
    const changed = rows.filter((r) => !sameRow(beforeByView.get(r.view), r));
    if (changed.length === 0) return;
    await BoardRow.bulkWrite(changed.map((r) => ({ replaceOne: { filter: { _id: r._id }, replacement: r, upsert: true } })));
    await writeOrder(cid, changed, []);
    await carryProblemChanges(cid, uid, beforeByView.get("live"), rows.find((r) => r.view === "live"));
    await boardChanged(cid);
  }, LOCK);
}

/** Tells readers that what they kept of the board (its problems) is out of date. */
export async function boardChanged(cid: number): Promise<void> {
  await redis().incr(versionKey(cid));
}

function sameRow(a: BoardRowDoc | undefined, b: BoardRowDoc): boolean {
  if (!a) return false;
  return a.star === b.star && a.sortScore === b.sortScore && a.username === b.username && JSON.stringify(a.cells) === JSON.stringify(b.cells);
}

async function carryProblemChanges(cid: number, uid: string, before: BoardRowDoc | undefined, after: BoardRowDoc | undefined): Promise<void> {
  const deltas = problemDeltas(before, after);
  if (deltas.size > 0) {
    await ContestProblem.bulkWrite([...deltas].map(([pid, d]) => ({ updateOne: { filter: { cid, pid }, update: { $inc: { ac: d.ac, total: d.total } } } })));
  }
  // First blood: the accepted submission a cell shows may come, go or change (a rejudge; OI's
  // choice of submission); a withdrawn one that held the first blood hands it on.
  const keys = new Set([...Object.keys(before?.cells ?? {}), ...Object.keys(after?.cells ?? {})]);
  for (const key of keys) {
    const pid = Number(key);
    const b = before && !before.star ? before.cells[key] : undefined;
    const a = after && !after.star ? after.cells[key] : undefined;
    const was = b?.isAC && !b.isAfterContest ? b : null;
    const now = a?.isAC && !a.isAfterContest ? a : null;
    if (was && (!now || now.acSubmitId !== was.acSubmitId)) {
      const cp = await ContestProblem.findOne({ cid, pid }).select("firstBloodSubmitId").lean<{ firstBloodSubmitId: number | null }>();
      if (cp?.firstBloodSubmitId === was.acSubmitId) {
        await recomputeFirstBlood(cid, pid);
        continue;
      }
    }
    if (now && (!was || now.acSubmitId !== was.acSubmitId)) await offerFirstBlood(cid, pid, uid, now);
  }
}

/**
 * The full rebuild (a changed contest setting, added or removed problems, repairs; an admin's Force
 * Update runs it in the background with `startBoardRebuild`): every row from the submissions, the
 * problems' counters and first bloods, the sorted sets. Gives the same board as the verdicts
 * applied one by one. Readers keep the old board meanwhile: the stored rows are replaced in place
 * (never deleted first) and Redis's copy is swapped in one transaction at the end; a participant
 * whose submissions changed while it ran is brought up to date again afterwards.
 */
export async function rebuildBoard(cid: number): Promise<{ participants: number }> {
  const startedAt = new Date();
  const contest = await Contest.findById(cid).select(CONTEST_FIELDS).lean<ContestDoc>();
  if (!contest) return { participants: 0 };
  const pids = await contestPids(cid);
  const subs = await Submission.find({ cid, pid: { $in: pids } }).select(`${SUB_FIELDS} uid`).lean<Array<RuleSubmission & { uid: string }>>();
  const byUser = new Map<string, RuleSubmission[]>();
  for (const s of subs) {
    const list = byUser.get(s.uid);
    if (list) list.push(s);
    else byUser.set(s.uid, [s]);
  }
  const [users, acmPids] = await Promise.all([
    User.find({ _id: { $in: [...byUser.keys()] } }).select("_id username role").lean<Array<Pick<UserDoc, "_id" | "username" | "role">>>(),
    acmProblemsOf(contest, pids),
  ]);
  const rows: BoardRowDoc[] = [];
  for (const u of users) {
    if (excludedFromBoard(contest, u)) continue;
    rows.push(...computeRows(contest, u._id, u.username, byUser.get(u._id) ?? [], acmPids));
  }
  for (let i = 0; i < rows.length; i += 1000) {
    const part = rows.slice(i, i + 1000);
    await BoardRow.bulkWrite(part.map((r) => ({ replaceOne: { filter: { _id: r._id }, replacement: r, upsert: true } })), { ordered: false });
  }
  // Rows neither rewritten now nor by a verdict since the start belong to no participant any more.
  await BoardRow.deleteMany({ cid, gmtModified: { $lt: startedAt } });
  await rebuildOrder(cid, rows);
  await rebuildProblemCounters(cid, rows.filter((r) => r.view === "live"));
  await boardChanged(cid);
  // Verdicts applied while the rows were computed from older submissions: their authors again.
  const moved = await Submission.distinct("uid", { cid, gmtModified: { $gte: startedAt } });
  for (const uid of moved as string[]) await updateParticipant(cid, uid);
  return { participants: rows.length / BOARD_VIEWS.length };
}

// ---- Force Update: the rebuild as a background job ----

/** While a rebuild job runs: its holder's token (expires unless renewed, so a dead holder frees it). */
function rebuildJobKey(cid: number): string {
  return rkey("board", cid, "rebuilding");
}
const REBUILD_JOB_TTL_MS = 60_000;
const RENEW_JOB = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE_JOB = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;
const runningJobs = new Map<number, Promise<void>>();

/**
 * Force Update: starts the full rebuild in the background unless one is already running for the
 * contest (in any web process); `started` says whether this call started it. The board serves its
 * old rows until the rebuilt ones replace them.
 */
export async function startBoardRebuild(cid: number): Promise<{ started: boolean }> {
  const token = randomBytes(12).toString("hex");
  const key = rebuildJobKey(cid);
  if ((await redis().set(key, token, "PX", REBUILD_JOB_TTL_MS, "NX")) !== "OK") return { started: false };
  const renew = setInterval(() => void redis().eval(RENEW_JOB, 1, key, token, String(REBUILD_JOB_TTL_MS)).catch(() => undefined), REBUILD_JOB_TTL_MS / 3);
  const job = rebuildBoard(cid)
    .then(() => undefined)
    .catch((err: unknown) => logger.error({ err, cid }, "the contest board's rebuild failed"))
    .finally(async () => {
      clearInterval(renew);
      await redis().eval(RELEASE_JOB, 1, key, token).catch(() => undefined);
      runningJobs.delete(cid);
    });
  runningJobs.set(cid, job);
  return { started: true };
}

/** Whether a Force Update of the contest is running now. */
export async function boardRebuilding(cid: number): Promise<boolean> {
  return (await redis().exists(rebuildJobKey(cid))) === 1;
}

/** The rebuild job this process runs for the contest, if any (tests and shutdown wait for it). */
export function runningBoardRebuild(cid: number): Promise<void> | undefined {
  return runningJobs.get(cid);
}

async function rebuildOrder(cid: number, rows: readonly BoardRowDoc[]): Promise<void> {
  const m = redis().multi();
  for (const v of BOARD_VIEWS) {
    m.del(zkey(cid, v, false));
    m.del(zkey(cid, v, true));
    m.del(rowsKey(cid, v));
  }
  for (const r of rows) {
    m.hset(rowsKey(cid, r.view), r.uid, JSON.stringify(r));
    m.zadd(zkey(cid, r.view, false), r.sortScore, r.uid);
    if (!r.star) m.zadd(zkey(cid, r.view, true), r.sortScore, r.uid);
  }
  m.set(readyKey(cid), "1");
  await m.exec();
}

async function rebuildProblemCounters(cid: number, live: readonly BoardRowDoc[]): Promise<void> {
  const problems = await ContestProblem.find({ cid }).select("pid").lean<Array<{ pid: number }>>();
  for (const { pid } of problems) {
    let ac = 0;
    let total = 0;
    let best: { uid: string; cell: BoardCell } | null = null;
    for (const r of live) {
      const c = r.cells[String(pid)];
      if (!c) continue;
      total += c.judged;
      if (!c.isAC) continue;
      ac++;
      if (!r.star && !c.isAfterContest && (!best || c.acAt < best.cell.acAt || (c.acAt === best.cell.acAt && c.acSubmitId < best.cell.acSubmitId))) best = { uid: r.uid, cell: c };
    }
    await ContestProblem.updateOne(
      { cid, pid },
      {
        $set: {
          ac,
          total,
          firstBloodUid: best?.uid ?? null,
          firstBloodSubmitId: best?.cell.acSubmitId ?? null,
          firstBloodTime: best ? new Date(best.cell.acAt) : null,
        },
      },
    );
  }
}

/** Redis's copy (rows and order), from the stored rows, when Redis does not have it. */
async function ensureOrder(cid: number): Promise<void> {
  if (await redis().exists(readyKey(cid))) return;
  await withLocks([`contest-board-order:${cid}`], async () => {
    if (await redis().exists(readyKey(cid))) return;
    const rows = await BoardRow.find({ cid }).lean<BoardRowDoc[]>();
    await rebuildOrder(cid, rows);
  }, LOCK);
}

/** Removes a contest's board (the contest was deleted). */
export async function dropBoard(cid: number): Promise<void> {
  await BoardRow.deleteMany({ cid });
  const keys = BOARD_VIEWS.flatMap((v) => [zkey(cid, v, false), zkey(cid, v, true), rowsKey(cid, v)]);
  await redis().del(...keys, readyKey(cid), versionKey(cid));
}

/**
 * After a contest's settings change: what the rows depend on (times, seal, star users, OI score
 * type) rebuilds the board; other settings leave it.
 */
export async function boardSettingsChanged(before: ContestDoc, after: ContestDoc): Promise<void> {
  const key = (c: ContestDoc) =>
    JSON.stringify([c.startTime, c.endTime, c.sealRank, c.sealRankTime, c.oiRankScoreType, [...(c.starAccount ?? [])].map((s) => s.toLowerCase()).sort()]);
  if (key(before) !== key(after)) await rebuildBoard(after._id);
}

// ---- Reading ----

export interface BoardQuery {
  view: BoardView;
  currentPage: number;
  limit: number;
  keyword: string;
  removeStar: boolean;
  /** Followed users (uids), shown first. */
  concernedList: string[];
}

export function pageSizeOf(raw: number | undefined): number {
  return SCOREBOARD_PAGE_SIZES.includes(raw as (typeof SCOREBOARD_PAGE_SIZES)[number]) ? (raw as number) : SCOREBOARD_DEFAULT_PAGE_SIZE;
}

/** One row as read: the kept row, its rank, award and the user's profile fields. */
export interface BoardEntry {
  row: BoardRowDoc;
  rank: number;
  award: Award | null;
  user: Pick<UserDoc, "_id" | "username" | "nickname" | "realname" | "school" | "gender" | "avatar"> | null;
  concerned: boolean;
}

export interface BoardPage {
  total: number;
  entries: BoardEntry[];
  problems: ContestProblemDoc[];
}

/** A page of a view, sorted, with ranks and awards (spec section 2 "Scoreboards"). */
export async function readBoard(contest: Pick<ContestDoc, "_id" | "type" | "awardType" | "awardConfig">, q: BoardQuery): Promise<BoardPage> {
  const cid = contest._id;
  await ensureOrder(cid);
  const r = redis();
  const start = (q.currentPage - 1) * q.limit;
  let total: number;
  let rows: BoardRowDoc[];
  if (q.keyword) {
    const re = { $regex: escapeRegex(q.keyword), $options: "i" };
    const users = await User.find({ $or: [{ username: re }, { realname: re }, { nickname: re }] }).select("_id").limit(2000).lean<Array<{ _id: string }>>();
    const ids = users.map((u) => boardRowKey(cid, q.view, u._id));
    const found = ids.length > 0 ? await BoardRow.find({ _id: { $in: ids } }).lean<BoardRowDoc[]>() : [];
    const matched = found.filter((x) => !(q.removeStar && x.star)).sort((a, b) => a.sortScore - b.sortScore || (a.uid < b.uid ? -1 : 1));
    total = matched.length;
    rows = matched.slice(start, start + q.limit);
  } else {
    const key = zkey(cid, q.view, q.removeStar);
    const [count, uids] = await Promise.all([r.zcard(key), r.zrange(key, start, start + q.limit - 1)]);
    total = count;
    rows = await rowsOf(cid, q.view, uids);
  }
  // Followed users are pinned above the page (and still appear in their place).
  const concernedRows = await rowsOf(cid, q.view, q.concernedList.slice(0, 100));
  const concernedSet = new Set(q.concernedList);
  const all = [...concernedRows.sort((a, b) => a.sortScore - b.sortScore), ...rows];
  const rankedKey = zkey(cid, q.view, true);
  const m = r.multi();
  m.get(versionKey(cid));
  m.zcard(rankedKey);
  for (const x of all) m.zcount(rankedKey, "-inf", `(${x.sortScore}`);
  const res = ((await m.exec()) ?? []).map(([, v]) => Number(v ?? 0));
  const version = res.shift() ?? 0;
  const rankedCount = res[0] ?? 0;
  const rule = ruleOf(contest.type);
  const cuts = awardCuts(contest.awardType ?? 0, contest.awardConfig ?? [], rankedCount);
  const [userById, problems] = await Promise.all([boardUsers(all.map((x) => x.uid)), boardProblems(cid, version)]);
  const entries = all.map((row, i) => {
    const rank = row.star ? -1 : (res[i + 1] ?? 0) + 1;
    return { row, rank, award: row.star ? null : awardOf(rank, rule.earnsAward(row), cuts), user: userById.get(row.uid) ?? null, concerned: concernedSet.has(row.uid) };
  });
  return { total, entries, problems };
}

async function rowsOf(cid: number, view: BoardView, uids: readonly string[]): Promise<BoardRowDoc[]> {
  if (uids.length === 0) return [];
  const found = await redis().hmget(rowsKey(cid, view), ...uids);
  return found.filter((x): x is string => !!x).map((x) => JSON.parse(x) as BoardRowDoc);
}

type BoardUser = NonNullable<BoardEntry["user"]>;
const USER_TTL_MS = 30_000;
const userCache = new Map<string, { at: number; user: BoardUser }>();

/**
 * What a board shows of its users (names, school, avatar), kept per web process for half a
 * minute: a board page is read far more often than a profile changes.
 */
async function boardUsers(uids: readonly string[]): Promise<Map<string, BoardUser>> {
  const now = Date.now();
  const out = new Map<string, BoardUser>();
  const missing: string[] = [];
  for (const uid of uids) {
    const hit = userCache.get(uid);
    if (hit && now - hit.at < USER_TTL_MS) out.set(uid, hit.user);
    else missing.push(uid);
  }
  if (missing.length > 0) {
    const users = await User.find({ _id: { $in: missing } }).select("_id username nickname realname school gender avatar").lean<BoardUser[]>();
    if (userCache.size > 50_000) userCache.clear();
    for (const u of users) {
      userCache.set(u._id, { at: now, user: u });
      out.set(u._id, u);
    }
  }
  return out;
}

const problemCache = new Map<number, { version: number; problems: Promise<ContestProblemDoc[]> }>();

/** A contest's problems with their counters and first bloods, read once per version of the board. */
function boardProblems(cid: number, version: number): Promise<ContestProblemDoc[]> {
  const hit = problemCache.get(cid);
  if (hit && hit.version === version) return hit.problems;
  const problems = ContestProblem.find({ cid }).sort({ displayIdUpper: 1 }).lean<ContestProblemDoc[]>().exec();
  problemCache.set(cid, { version, problems });
  problems.catch(() => problemCache.delete(cid));
  if (problemCache.size > 1000) problemCache.clear();
  return problems;
}

/** Every row of a view, sorted (downloads and the scroll board). */
export async function allRows(cid: number, view: BoardView): Promise<BoardRowDoc[]> {
  const rows = await BoardRow.find({ cid, view }).lean<BoardRowDoc[]>();
  return rows.sort((a, b) => a.sortScore - b.sortScore || (a.uid < b.uid ? -1 : 1));
}
