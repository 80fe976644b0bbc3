import type { BoardRowDoc } from "~/models/contest-board.server";
import { allRows } from "../contest/board.server";
import { awardCuts, awardOf, rankSorted } from "../contest/ranking.server";
import { viewFor } from "../contest/views.server";
import { absTime, relTime } from "./format.server";
import { showsResult, stateObject, teamGroup, teams, type ContestData, type Json } from "./objects.server";

// The scoreboard and the awards, read from the kept board (the view the policy gives the role:
// live, or sealed while the seal hides later results from it), so they rank exactly as the site's
// board does: solved, then penalty to the second, ties sharing a rank. Every team that is not
// hidden has a row; a team with no submission ranks with those that solved nothing. Times are
// whole minutes, as the spec's scoreboard has them: a problem's time is the minute it was solved
// in, the total penalty our penalty in seconds cut to minutes.

interface Entry {
  teamId: string;
  name: string;
  row: BoardRowDoc | undefined;
  sortScore: number;
  rank: number;
}

export interface Standing {
  view: "live" | "sealed";
  entries: Entry[];
  /** Ranked board rows (not star): what the award proportions are taken of, as on the site's board. */
  rankedCount: number;
}

export async function standing(d: ContestData): Promise<Standing> {
  const view = viewFor(d.is.viewer, d.is.cs.ctx, false) === "sealed" ? "sealed" : "live";
  const rows = await allRows(d.is.cs.contest._id, view);
  const byUid = new Map(rows.map((r) => [r.uid, r]));
  const shown = teams(d).filter((t) => !t.hidden);
  const entries: Entry[] = shown.map((t) => {
    const row = byUid.get(t.id as string);
    return { teamId: t.id as string, name: t.name as string, row, sortScore: row?.sortScore ?? 0, rank: 0 };
  });
  entries.sort((a, b) => a.sortScore - b.sortScore || a.name.localeCompare(b.name, "en-US") || (a.teamId < b.teamId ? -1 : 1));
  const ranks = rankSorted(entries.map((e) => ({ star: false, sortScore: e.sortScore })));
  entries.forEach((e, i) => (e.rank = ranks[i]!));
  return { view, entries, rankedCount: rows.filter((r) => !r.star).length };
}

export async function scoreboard(d: ContestData, st?: Standing): Promise<Json> {
  const s = st ?? (await standing(d));
  const now = d.now;
  return {
    time: absTime(now),
    contest_time: relTime(now.getTime() - d.is.cs.contest.startTime.getTime()),
    state: stateObject(d),
    rows: s.entries.map((e) => ({
      rank: e.rank,
      team_id: e.teamId,
      score: { num_solved: e.row?.ac ?? 0, total_time: Math.floor((e.row?.totalTime ?? 0) / 60) },
      problems: d.problems.map(({ cp }) => {
        const cell = e.row?.cells[String(cp.pid)];
        const solved = !!cell?.isAC;
        return {
          problem_id: String(cp.pid),
          num_judged: (cell?.errorNum ?? 0) + (solved ? 1 : 0),
          num_pending: solved ? 0 : (cell?.tryNum ?? 0),
          solved,
          ...(solved ? { time: Math.floor(cell!.acTime / 60) } : {}),
        };
      }),
    })),
  };
}

const MEDAL_IDS = ["gold-medal", "silver-medal", "bronze-medal"];

/**
 * Awards as the contest's settings give them: the winner (the leaders, once someone solved
 * something), its medals (award settings, in priority order: the first three as the spec's gold,
 * silver and bronze), and the first to solve each problem where the role sees that result.
 */
export async function awards(d: ContestData, st?: Standing): Promise<Json[]> {
  const s = st ?? (await standing(d));
  const c = d.is.cs.contest;
  const rule = d.is.cs.rule;
  const earns = (e: Entry) => !!e.row && rule.earnsAward(e.row);
  const out: Json[] = [{ id: "winner", citation: "Contest winner", team_ids: s.entries.filter((e) => e.rank === 1 && earns(e)).map((e) => e.teamId) }];
  const cuts = awardCuts(c.awardType ?? 0, c.awardConfig ?? [], s.rankedCount);
  const ordered = [...(c.awardConfig ?? [])].sort((a, b) => a.priority - b.priority);
  cuts.forEach((cut, i) => {
    const ids = s.entries.filter((e) => awardOf(e.rank, earns(e), cuts) === cut.award).map((e) => e.teamId);
    out.push({ id: MEDAL_IDS[i] ?? `award-${ordered[i]?.priority ?? i + 1}`, citation: cut.award.name, team_ids: ids });
  });
  for (const { cp } of d.problems) {
    const uid = cp.firstBloodUid;
    const at = cp.firstBloodTime;
    const seen = !!uid && !!at && d.users.has(uid) && teamGroup(d, uid) === "participants" && showsResult(d, { uid, submitTime: at, status: 0 });
    out.push({ id: `first-to-solve-${cp.pid}`, citation: `First to solve problem ${cp.displayId}`, team_ids: seen ? [uid] : [] });
  }
  return out;
}
