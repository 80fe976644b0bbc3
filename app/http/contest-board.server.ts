import { ContestType } from "~/lib/contest";
import { contestStatusAt, isContestAdmin } from "~/services/access/policy.server";
import type { CurrentUser } from "~/services/account/session.server";
import { boardQuerySchema, contestRank } from "~/services/contest/views.server";
import { contestPageRefusal } from "./contest-page.server";
import { requireUser } from "./guards.server";
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
export async function boardPageData(user: CurrentUser, cid: number, url: URL, outside: boolean) {
  const q = boardRequestFrom(url, cid);
  let rank: Awaited<ReturnType<typeof contestRank>>;
  try {
    rank = await contestRank(user, q, outside);
  } catch (err) {
    throw contestPageRefusal(err);
  }
  const c = rank.contest;
  const now = new Date();
  return {
    contest: {
      id: c._id,
      title: c.title,
      type: c.type,
      status: contestStatusAt(c, now),
      startTime: c.startTime.toISOString(),
      endTime: c.endTime.toISOString(),
    },
    oi: c.type === ContestType.OI,
    admin: isContestAdmin(user, c),
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

const OUTSIDE_BOARD_PATH = { [ContestType.ACM]: "/contest/acm-scoreboard", [ContestType.OI]: "/contest/oi-scoreboard" } as const;

/**
 * The outside scoreboard at the address of one rule (spec section 2); a contest of the other rule
 * is sent to its own address.
 */
export async function outsideBoardPage(request: Request, contestId: string | undefined, rule: (typeof ContestType)[keyof typeof ContestType]) {
  const user = await requireUser(request);
  const cid = pathId(contestId);
  const url = new URL(request.url);
  const data = await boardPageData(user, cid, url, true);
  if (data.contest.type !== rule) throw siteRedirect(`${OUTSIDE_BOARD_PATH[data.contest.type === ContestType.OI ? ContestType.OI : ContestType.ACM]}/${cid}${url.search}`);
  return data;
}
