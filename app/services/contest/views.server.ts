import { z } from "zod";
import { ContestAuth } from "~/lib/contest";
import type { BoardView } from "~/models/contest-board.server";
import type { ContestDoc } from "~/models/contest.server";
import { contestOutsideBoardRefusal, contestOverviewRefusal, contestRealTime, contestStatusAt, type ContestAccessContext } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { boardRebuilding, pageSizeOf, readBoard, startBoardRebuild, type BoardEntry } from "./board.server";
import { registerCounts } from "./contests.server";
import { ruleInfo, ruleOf } from "./rules/index.server";
import { requireContestAdmin, requireEntry, type ContestScope } from "./scope.server";

// Contests and boards as HOJ's client reads them: ContestVO, the admin's contest, and the two rank
// rows (ACMContestRankVO, OIContestRankVO), from the kept board in the view the viewer may see.

/** HOJ's ContestVO (the list and the contest's overview). */
export function contestJson(c: ContestDoc, now: Date, count?: number) {
  return {
    id: c._id,
    author: c.author,
    title: c.title,
    // HOJ's client knows ACM (0) and OI (1) only: a rule of ours shows as the one its board is like.
    type: ruleOf(c.type).hojType,
    description: c.description,
    status: contestStatusAt(c, now),
    source: c.source ?? 0,
    auth: c.auth,
    now,
    startTime: c.startTime,
    endTime: c.endTime,
    duration: c.duration,
    sealRank: c.sealRank,
    openPrint: c.openPrint,
    sealRankTime: c.sealRankTime ?? null,
    rankShowName: c.rankShowName,
    openRank: c.openRank,
    oiRankScoreType: c.oiRankScoreType,
    count: count ?? 0,
    gid: c.gid ?? null,
    allowEndSubmit: c.allowEndSubmit,
    /** Ours: the contest's own rule (its type, name and board shape). */
    rule: ruleInfo(c.type),
  };
}

/** HOJ's AdminContestVO: every field, the password and rules included (contest admins only). */
export function adminContestJson(c: ContestDoc, now = new Date()) {
  return {
    id: c._id,
    uid: c.uid,
    author: c.author,
    title: c.title,
    type: ruleOf(c.type).hojType,
    description: c.description,
    source: c.source ?? 0,
    auth: c.auth,
    pwd: c.pwd,
    startTime: c.startTime,
    endTime: c.endTime,
    duration: c.duration,
    sealRank: c.sealRank,
    sealRankTime: c.sealRankTime ?? null,
    autoRealRank: c.autoRealRank,
    status: contestStatusAt(c, now),
    visible: c.visible,
    openPrint: c.openPrint,
    openAccountLimit: c.openAccountLimit,
    accountLimitRule: c.accountLimitRule,
    rankShowName: c.rankShowName,
    starAccount: c.starAccount ?? [],
    openRank: c.openRank,
    oiRankScoreType: c.oiRankScoreType,
    gid: c.gid ?? null,
    awardType: c.awardType,
    awardConfigList: (c.awardConfig ?? []).map((a) => ({ priority: a.priority, name: a.name, background: a.background, color: a.color, num: a.num })),
    allowEndSubmit: c.allowEndSubmit,
    gmtCreate: c.gmtCreate,
    gmtModified: c.gmtModified,
    rule: ruleInfo(c.type),
  };
}

/** The overview of a contest (get-contest-info): anyone signed in may read it, hidden ones admins only. */
export async function contestInfo(cs: ContestScope) {
  const refusal = contestOverviewRefusal(cs.viewer, cs.ctx);
  if (refusal) throw refusal;
  const { contest, ctx } = cs;
  const count = contest.auth === ContestAuth.PUBLIC ? 0 : ((await registerCounts([contest._id])).get(contest._id) ?? 0);
  return { contest, ctx, json: contestJson(contest, ctx.now, count) };
}

/**
 * What the outside scoreboard shows above the board (HOJ's get-contest-outsize-info): the contest
 * in HOJ's ContestVO and its problems, to whoever the policy lets see the outside board.
 */
export async function outsideBoardInfo(cs: ContestScope) {
  const refusal = contestOutsideBoardRefusal(cs.viewer, cs.ctx);
  if (refusal) throw refusal;
  const { contest, ctx } = cs;
  const count = contest.auth === ContestAuth.PUBLIC ? 0 : ((await registerCounts([contest._id])).get(contest._id) ?? 0);
  return { contest, ctx, json: contestJson(contest, ctx.now, count) };
}

const boolFlag = z.preprocess((v) => v === true || v === "true" || v === "1" || v === "on", z.boolean());

export const boardQuerySchema = z.object({
  cid: z.coerce.number({ invalid_type_error: "contest:notFound", required_error: "contest:notFound" }).int().positive("contest:notFound"),
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().catch(50).default(50).transform((n) => pageSizeOf(n)),
  keyword: z.string().trim().max(50).catch("").default(""),
  removeStar: boolFlag,
  forceRefresh: boolFlag,
  containsEnd: boolFlag,
  concernedList: z.preprocess((v) => (typeof v === "string" ? v.split(",").filter(Boolean) : v ?? []), z.array(z.string().max(64)).max(100).catch([])),
});

export type BoardRequest = z.infer<typeof boardQuerySchema>;

/** The view a viewer reads: the live board with real-time rights, else the sealed copy; after-contest ones on request. */
export function viewFor(user: CurrentUser | null, ctx: ContestAccessContext, containsEnd: boolean): BoardView {
  if (!contestRealTime(user, ctx)) return "sealed";
  return containsEnd ? "all" : "live";
}

function displayName(entry: BoardEntry, show: string): string {
  const u = entry.user;
  if (!u) return entry.row.username;
  if (show === "nickname" && u.nickname) return u.nickname;
  if (show === "realname" && u.realname) return u.realname;
  return u.username;
}

/**
 * A board page as HOJ's client reads it (records of ACMContestRankVO or OIContestRankVO, total).
 * `outside`: the outside scoreboard, open to everyone (visitors too) when the contest opens its rank.
 * `asked`: a view a contest admin asks for instead of their own (HOJ's download reads the sealed one).
 */
export async function contestRank(cs: ContestScope, q: BoardRequest, outside: boolean, asked?: BoardView) {
  const { contest, ctx } = cs;
  const user = cs.viewer;
  const admin = cs.standing.admin;
  if (outside) {
    const refusal = contestOutsideBoardRefusal(user, ctx);
    if (refusal) throw refusal;
  } else {
    requireEntry(cs);
  }
  // Force Update rebuilds in the background; this answer is the board as it is meanwhile.
  if (q.forceRefresh && admin) await startBoardRebuild(contest._id);
  const view = asked && admin ? asked : viewFor(user, ctx, q.containsEnd);
  const page = await readBoard(contest, {
    view,
    currentPage: q.currentPage,
    limit: q.limit,
    keyword: q.keyword,
    removeStar: q.removeStar,
    concernedList: q.concernedList,
  });
  const displayIds = new Map(page.problems.map((p) => [String(p.pid), p]));
  const records = page.entries.map((e) => {
    const base = {
      rank: e.rank,
      isWinAward: !!e.award,
      awardName: e.award?.name ?? null,
      awardBackground: e.award?.background ?? null,
      awardColor: e.award?.color ?? null,
      uid: e.row.uid,
      username: e.row.username,
      realname: e.user?.realname ?? "",
      nickname: e.user?.nickname ?? "",
      showName: displayName(e, contest.rankShowName),
      school: e.user?.school ?? "",
      gender: e.user?.gender ?? "secrecy",
      avatar: e.user?.avatar ?? "",
      concerned: e.concerned,
    };
    if (cs.rule.scoring === "oi") {
      const submissionInfo: Record<string, number> = {};
      const timeInfo: Record<string, number> = {};
      for (const [pid, cell] of Object.entries(e.row.cells)) {
        const cp = displayIds.get(pid);
        if (!cp || cell.judged === 0) continue;
        submissionInfo[cp.displayId] = cell.score;
        if (cell.isAC) timeInfo[cp.displayId] = cell.time;
      }
      return { ...base, totalScore: e.row.totalScore, totalTime: e.row.totalTime, submissionInfo, timeInfo };
    }
    const submissionInfo: Record<string, { isAC: boolean; isFirstAC: boolean; isAfterContest: boolean; ACTime: number | null; errorNum: number; tryNum: number | null }> = {};
    let total = 0;
    for (const [pid, cell] of Object.entries(e.row.cells)) {
      const cp = displayIds.get(pid);
      if (!cp) continue;
      total += cell.judged + cell.tryNum;
      submissionInfo[cp.displayId] = {
        isAC: cell.isAC,
        isFirstAC: cell.isAC && cp.firstBloodSubmitId === cell.acSubmitId,
        isAfterContest: cell.isAfterContest,
        ACTime: cell.isAC ? cell.acTime : null,
        errorNum: cell.errorNum,
        // HOJ's: only a cell with tries the seal hides has tryNum; its client reads null as "none".
        tryNum: cell.tryNum > 0 ? cell.tryNum : null,
      };
    }
    return { ...base, ac: e.row.ac, total, totalTime: e.row.totalTime, submissionInfo };
  });
  return { contest, view, records, total: page.total, size: q.limit, current: q.currentPage, problems: page.problems, rebuilding: await boardRebuilding(contest._id) };
}

/**
 * Force Update (contest admins): the full rebuild of the board as a background job; `started` is
 * false when one is running already (a second click starts nothing).
 */
export async function forceBoardUpdate(cs: ContestScope): Promise<{ started: boolean }> {
  requireContestAdmin(cs);
  return startBoardRebuild(cs.contest._id);
}
