import { z } from "zod";
import { revealSteps, type ScrollCell, type ScrollRow, type ScrollStep } from "~/lib/scroll-board";
import type { BoardCell, BoardRowDoc } from "~/models/contest-board.server";
import { User, type UserDoc } from "~/models/user.server";
import { allRows } from "./board.server";
import { requireContestAdmin, type ContestScope } from "./scope.server";
import { contestProblems } from "./problems.server";

// The rolling scoreboard's data (spec section 2 "Contest admin helper pages", /scrollBoard): the
// board as it froze at the seal, the final cells, and the reveal steps between them. Contest admins
// only: it shows every sealed result.

const count = z.coerce.number().int().min(0).max(10000).catch(0);

export const scrollBoardSchema = z.object({
  cid: z.coerce.number({ invalid_type_error: "contest:notFound", required_error: "contest:notFound" }).int().positive("contest:notFound"),
  removeStar: z.preprocess((v) => v === "true" || v === "1" || v === true, z.boolean()),
  medals: z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]), z.array(count).max(3).catch([])).transform((m) => [m[0] ?? 0, m[1] ?? 0, m[2] ?? 0] as [number, number, number]),
});

function cellOf(c: BoardCell): ScrollCell {
  return { isAC: c.isAC, acTime: c.acTime, errorNum: c.errorNum, tryNum: c.tryNum, score: c.score, time: c.time, judged: c.judged };
}

function cellsOf(row: BoardRowDoc): Record<string, ScrollCell> {
  return Object.fromEntries(Object.entries(row.cells ?? {}).map(([pid, c]) => [pid, cellOf(c)]));
}

export async function scrollBoardData(cs: ContestScope, q: z.infer<typeof scrollBoardSchema>) {
  requireContestAdmin(cs);
  const contest = cs.contest;
  const [sealedRows, liveRows, problems] = await Promise.all([allRows(q.cid, "sealed"), allRows(q.cid, "live"), contestProblems(q.cid)]);
  const keep = (r: BoardRowDoc) => !(q.removeStar && r.star);
  const sealed = sealedRows.filter(keep);
  const users = await User.find({ _id: { $in: sealed.map((r) => r.uid) } })
    .select("_id username nickname realname school")
    .lean<Array<Pick<UserDoc, "_id" | "username" | "nickname" | "realname" | "school">>>();
  const byId = new Map(users.map((u) => [u._id, u]));
  const show = contest.rankShowName;
  const nameOf = (r: BoardRowDoc) => {
    const u = byId.get(r.uid);
    if (!u) return r.username;
    if (show === "nickname" && u.nickname) return u.nickname;
    if (show === "realname" && u.realname) return u.realname;
    return u.username;
  };
  const initial: ScrollRow[] = sealed.map((r) => ({
    uid: r.uid,
    name: nameOf(r),
    school: byId.get(r.uid)?.school ?? "",
    star: r.star,
    cells: cellsOf(r),
    ac: r.ac,
    totalTime: r.totalTime,
    totalScore: r.totalScore,
  }));
  const finalCells = new Map(liveRows.map((r) => [r.uid, cellsOf(r)]));
  const order = problems.map((p) => p.pid);
  const steps: ScrollStep[] = revealSteps(cs.rule.scoring, initial, finalCells, order);
  return {
    contest: { id: contest._id, title: contest.title, scoring: cs.rule.scoring, endTime: contest.endTime },
    problems: problems.map((p) => ({ pid: p.pid, displayId: p.displayId, color: p.color })),
    initial,
    steps,
    medals: q.medals,
  };
}
