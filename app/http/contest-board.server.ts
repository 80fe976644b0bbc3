import { contestStatusAt } from "~/services/access/policy.server";
import { ruleInfo } from "~/services/contest/rules/index.server";
import { resolveContest, type ContestScope } from "~/services/contest/scope.server";
import { boardQuerySchema, contestRank } from "~/services/contest/views.server";
import { contestPageRefusal } from "./contest-page.server";
import { getCurrentUser } from "~/services/account/session.server";
import { loginRedirect } from "./guards.server";
import { pathId } from "./ids.server";
import { siteRedirect } from "./paths.server";

// The scoreboard pages' query (spec section 2 "Scoreboards"): the page's address keeps the
// switches as GET parameters (keyword, star, containsEnd, limit, currentPage; the followed users
// as concernedList from the browser's refresh), read by the same schema as HOJ's call.

/** The last value of a repeated parameter (a checkbox after its hidden default). */
function last(sp: URLSearchParams, key: string): string | null {
  const all = sp.getAll(key);
  return all.length ? all[all.length - 1] : null;
}

export function boardRequestFrom(url: URL, cid: number) {
  const sp = url.searchParams;
  return boardQuerySchema.parse({
    cid,
    currentPage: sp.get("currentPage") ?? undefined,
    limit: sp.get("limit") ?? undefined,
    keyword: sp.get("keyword") ?? undefined,
    removeStar: last(sp, "star") === "0",
    containsEnd: last(sp, "containsEnd") === "1",
    concernedList: sp.get("concernedList") ?? undefined,
    forceRefresh: false,
  });
}

/** A board page as the pages render it. */
export async function boardPageData(cs: ContestScope, url: URL, outside: boolean) {
  const q = boardRequestFrom(url, cs.contest._id);
  let rank: Awaited<ReturnType<typeof contestRank>>;
  try {
    rank = await contestRank(cs, q, outside);
  } catch (err) {
    throw contestPageRefusal(err);
  }
  const c = rank.contest;
  const now = new Date();
  return {
    contest: {
      id: c._id,
      title: c.title,
      rule: ruleInfo(c.type),
      status: contestStatusAt(c, now),
      startTime: c.startTime.toISOString(),
      endTime: c.endTime.toISOString(),
    },
    oi: cs.rule.scoring === "oi",
    admin: cs.standing.admin,
    sealed: rank.view === "sealed",
    /** A Force Update is running: the board shows its rows as they were until the new ones replace them. */
    rebuilding: rank.rebuilding,
    query: { keyword: q.keyword, star: !q.removeStar, containsEnd: q.containsEnd, limit: q.limit, currentPage: q.currentPage },
    total: rank.total,
    problems: rank.problems.map((p) => ({ pid: p.pid, displayId: p.displayId, color: p.color, ac: rank.view === "sealed" ? null : p.ac, total: rank.view === "sealed" ? null : p.total, title: p.displayTitle })),
    records: rank.records,
    now: now.toISOString(),
  };
}

export type BoardPageData = Awaited<ReturnType<typeof boardPageData>>;

/** The outside scoreboard's address of a board's shape (HOJ's: one for ACM-like boards, one for OI-like ones). */
export function outsideBoardPath(scoring: "acm" | "oi", cid: number): string {
  return `/contest/${scoring}-scoreboard/${cid}`;
}

/**
 * The outside scoreboard at the address of one board shape (spec section 2); a contest whose rule
 * has the other shape is sent to its own address.
 */
export async function outsideBoardPage(request: Request, contestId: string | undefined, scoring: "acm" | "oi") {
  // A visitor sees the board where the policy opens it to everyone; refused for want of a login
  // (a group's contest), they are sent to sign in.
  const user = await getCurrentUser(request);
  const cid = pathId(contestId);
  const url = new URL(request.url);
  try {
    const cs = await resolveContest(cid, user, null);
    const data = await boardPageData(cs, url, true);
    if (cs.rule.scoring !== scoring) throw siteRedirect(`${outsideBoardPath(cs.rule.scoring, cid)}${url.search}`);
    return data;
  } catch (err) {
    if (!user && err instanceof Response && err.status === 401) throw loginRedirect(request);
    if (err instanceof Response) throw err;
    throw contestPageRefusal(err);
  }
}
