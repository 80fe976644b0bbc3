// A client of the ICPC event feed, as a scoreboard tool would be one: it keeps the latest state of
// every object from the events (a null data deletes), then scores the teams that are not hidden by
// the ICPC rules the feed itself states (each judgement type's penalty and solved flags, the
// contest's penalty time): solved count, then penalty to the second (the contest time of each
// solving submission, in whole seconds, plus the penalty per earlier counted rejection); ties share
// a rank and sort by team name. Times are reported in whole minutes, as the scoreboard has them.

export interface FeedLine {
  type: string;
  id: string | null;
  data: unknown;
  token?: string;
}

type Obj = Record<string, unknown>;

function relMs(t: string): number {
  const neg = t.startsWith("-");
  const [h, m, s] = (neg ? t.slice(1) : t).split(":");
  const ms = (Number(h) * 3600 + Number(m) * 60) * 1000 + Math.round(Number(s) * 1000);
  return neg ? -ms : ms;
}

export function replayScoreboard(lines: readonly FeedLine[]): unknown[] {
  let contest: Obj = {};
  const objects = new Map<string, Map<string, Obj>>();
  for (const l of lines) {
    if (l.type === "contest") {
      contest = l.data as Obj;
      continue;
    }
    if (l.id === null) continue;
    const m = objects.get(l.type) ?? new Map<string, Obj>();
    objects.set(l.type, m);
    if (l.data === null) m.delete(l.id);
    else m.set(l.id, l.data as Obj);
  }
  const all = (type: string) => [...(objects.get(type)?.values() ?? [])];
  const types = objects.get("judgement-types") ?? new Map<string, Obj>();
  const judgementOf = new Map(all("judgements").map((j) => [j.submission_id as string, j]));
  const problems = all("problems").sort((a, b) => (a.ordinal as number) - (b.ordinal as number));
  const penaltySeconds = (contest.penalty_time as number) * 60;
  const subs = all("submissions").sort((a, b) => relMs(a.contest_time as string) - relMs(b.contest_time as string) || Number(a.id) - Number(b.id));

  const rows = all("teams")
    .filter((t) => !t.hidden)
    .map((t) => {
      let solved = 0;
      let penalty = 0;
      const cells = problems.map((p) => {
        let done = false;
        let errors = 0;
        let pending = 0;
        let acSeconds = 0;
        for (const s of subs) {
          if (s.team_id !== t.id || s.problem_id !== p.id || done) continue;
          const typeId = judgementOf.get(s.id as string)?.judgement_type_id as string | null | undefined;
          const type = typeId ? types.get(typeId) : undefined;
          if (!type) pending++;
          else if (type.solved) {
            done = true;
            acSeconds = Math.floor(relMs(s.contest_time as string) / 1000);
          } else if (type.penalty) errors++;
        }
        if (done) {
          solved++;
          penalty += acSeconds + errors * penaltySeconds;
        }
        return { problem_id: p.id, num_judged: errors + (done ? 1 : 0), num_pending: done ? 0 : pending, solved: done, ...(done ? { time: Math.floor(acSeconds / 60) } : {}) };
      });
      return { team: t, solved, penalty, cells };
    });
  rows.sort((a, b) => b.solved - a.solved || a.penalty - b.penalty || (a.team.name as string).localeCompare(b.team.name as string, "en-US") || ((a.team.id as string) < (b.team.id as string) ? -1 : 1));
  return rows.map((r, i) => {
    let first = i;
    while (first > 0 && rows[first - 1]!.solved === r.solved && rows[first - 1]!.penalty === r.penalty) first--;
    return { rank: first + 1, team_id: r.team.id, score: { num_solved: r.solved, total_time: Math.floor(r.penalty / 60) }, problems: r.cells };
  });
}
