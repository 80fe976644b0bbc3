import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, ProblemType, Role } from "~/lib/constants";
import { AwardType, ContestAuth, ContestType } from "~/lib/contest";
import { BoardRow, type BoardRowDoc } from "~/models/contest-board.server";
import { ContestProblem } from "~/models/contest-problem.server";
import { Submission, type SubmissionDoc } from "~/models/submission.server";
import type { UserDoc } from "~/models/user.server";
import { applyJudgeEvents } from "~/services/judging/apply.server";
import { createContest, contestInputSchema } from "~/services/contest/contests.server";
import { boardRebuilding, readBoard, rebuildBoard, runningBoardRebuild, startBoardRebuild } from "~/services/contest/board.server";
import { addContestProblem } from "~/services/contest/problems.server";
import { disconnectDb } from "~/services/platform/db.server";
import { closeRedis, redis, rkey } from "~/services/platform/redis.server";
import { finalMessage, makeContestSubmission, makeProblem, makeUser, openStore } from "./support/judging";
import { administerContest, SITE } from "~/services/contest/scope.server";

// The kept board against the board rebuilt from the submissions: verdicts applied one by one
// (results, results delivered again, rejudges with a new verdict, manual judgements) leave the
// same rows, counters, first bloods and order as a full rebuild; and a hand-worked board reads
// back with its ranks, star user, first blood and awards.

const T0 = Date.UTC(2024, 0, 1, 9, 0, 0);
const min = (m: number) => new Date(T0 + m * 60_000);

let admin: UserDoc;

beforeAll(async () => {
  await openStore();
  admin = await makeUser(Role.SUPER_ADMIN);
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

async function contestWith(type: number, over: Record<string, unknown> = {}) {
  const input = contestInputSchema.parse({
    title: "Board",
    description: "d",
    type,
    auth: ContestAuth.PUBLIC,
    startTime: min(0).toISOString(),
    endTime: min(120).toISOString(),
    sealRank: true,
    sealRankTimeChoice: 0,
    ...over,
  });
  return createContest(admin, input, SITE);
}

async function submitAt(user: UserDoc, problem: { _id: number; problemId: string; title: string }, cid: number, m: number): Promise<SubmissionDoc> {
  const s = await makeContestSubmission(user, problem as never, cid);
  await Submission.updateOne({ _id: s._id }, { $set: { submitTime: min(m) } });
  return { ...s, submitTime: min(m) };
}

async function verdict(s: Pick<SubmissionDoc, "_id">, status: number, score = 0, time = 10) {
  const cur = (await Submission.findById(s._id).select("_id attempt").lean())!;
  await applyJudgeEvents(s._id, [{ kind: "result", msg: finalMessage(cur, { status, score, time }) }]);
}

async function snapshot(cid: number) {
  const rows = await BoardRow.find({ cid }).sort({ _id: 1 }).lean<BoardRowDoc[]>();
  const problems = await ContestProblem.find({ cid }).sort({ _id: 1 }).select("pid ac total firstBloodUid firstBloodSubmitId firstBloodTime").lean();
  const order: string[][] = [];
  for (const view of ["live", "sealed", "all"]) {
    for (const part of ["all", "ranked"]) order.push(await redis().zrange(rkey("board", cid, view, part), 0, -1, "WITHSCORES"));
  }
  return { rows: rows.map(({ gmtModified, ...r }) => (void gmtModified, JSON.parse(JSON.stringify(r)))), problems, order };
}

/** A small deterministic random sequence. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe("the kept board", () => {
  for (const [name, type] of [["ACM", ContestType.ACM], ["OI", ContestType.OI]] as const) {
    it(`${name}: applying verdicts one by one gives the board a full rebuild gives`, async () => {
      const contest = await contestWith(type, type === ContestType.OI ? { oiRankScoreType: "Highest" } : {});
      const problems = await Promise.all([0, 1, 2].map(() => makeProblem({ type: type === ContestType.OI ? ProblemType.OI : ProblemType.ACM })));
      for (const [i, p] of problems.entries()) await addContestProblem(await administerContest(contest._id, admin, null), { cid: contest._id, pid: p._id, displayId: "ABC"[i], displayTitle: "", color: "" }, "public");
      const users = await Promise.all([0, 1, 2, 3, 4, 5].map(() => makeUser()));
      const rand = rng(type === ContestType.OI ? 7 : 3);
      const statuses = [JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER, JudgeStatus.COMPILE_ERROR, JudgeStatus.TIME_LIMIT_EXCEEDED, JudgeStatus.SYSTEM_ERROR, JudgeStatus.PARTIAL_ACCEPTED];
      const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
      const made: SubmissionDoc[] = [];
      for (let i = 0; i < 40; i++) {
        const s = await submitAt(pick(users), pick(problems), contest._id, Math.floor(rand() * 150) - 10);
        made.push(s);
        const st = pick(statuses);
        await verdict(s, st, st === JudgeStatus.ACCEPTED ? 100 : Math.floor(rand() * 90), Math.floor(rand() * 100));
        if (rand() < 0.2) await verdict(s, st); // delivered again: changes nothing
        if (rand() < 0.15) {
          const again = pick(made);
          await applyJudgeEvents(again._id, [{ kind: "rejudge" }]);
          await verdict(again, pick(statuses), Math.floor(rand() * 100));
        }
      }
      const kept = await snapshot(contest._id);
      expect(kept.rows.length).toBeGreaterThan(0);
      await rebuildBoard(contest._id);
      const rebuilt = await snapshot(contest._id);
      expect(kept.rows).toEqual(rebuilt.rows);
      expect(kept.problems).toEqual(rebuilt.problems);
      expect(kept.order).toEqual(rebuilt.order);
      // The order survives Redis losing it.
      await redis().del(rkey("board", contest._id, "ready"), rkey("board", contest._id, "live", "all"));
      const page = await readBoard(contest, { view: "live", currentPage: 1, limit: 50, keyword: "", removeStar: false, concernedList: [] });
      expect(page.entries.map((e) => e.row.uid)).toEqual(rebuilt.order[0].filter((_, i) => i % 2 === 0));
    });
  }

  it("reads a hand-worked ACM board: ranks, ties, a star user, first blood, awards, the seal", async () => {
    const [a, b, c, d, star] = await Promise.all([0, 1, 2, 3, 4].map(() => makeUser()));
    const contest = await contestWith(ContestType.ACM, {
      starAccount: [star.username],
      awardType: AwardType.NUMBER,
      awardConfigList: [
        { priority: 1, name: "Gold", background: "#f5d76e", color: "#3b2f00", num: 1 },
        { priority: 2, name: "Silver", background: "#d9d9d9", color: "#222222", num: 1 },
      ],
    });
    const [p1, p2] = await Promise.all([makeProblem(), makeProblem()]);
    await addContestProblem(await administerContest(contest._id, admin, null), { cid: contest._id, pid: p1._id, displayId: "A", displayTitle: "", color: "" }, "public");
    await addContestProblem(await administerContest(contest._id, admin, null), { cid: contest._id, pid: p2._id, displayId: "B", displayTitle: "", color: "" }, "public");
    // star solves A first (no first blood for a star); a: A at 10 after one WA (1800 s), B at 20 (1200 s): 2 solved, 3000.
    await verdict(await submitAt(star, p1, contest._id, 1), JudgeStatus.ACCEPTED);
    await verdict(await submitAt(a, p1, contest._id, 5), JudgeStatus.WRONG_ANSWER);
    await verdict(await submitAt(a, p1, contest._id, 10), JudgeStatus.ACCEPTED);
    await verdict(await submitAt(a, p2, contest._id, 20), JudgeStatus.ACCEPTED);
    // b: A at 30 (1800 s); c: A at 30 (1800 s): tied.
    await verdict(await submitAt(b, p1, contest._id, 30), JudgeStatus.ACCEPTED);
    await verdict(await submitAt(c, p1, contest._id, 30), JudgeStatus.ACCEPTED);
    // d: B after the seal (at 100): live 1 solved at 6000 s; sealed 0 solved with one pending try.
    await verdict(await submitAt(d, p2, contest._id, 100), JudgeStatus.ACCEPTED);

    const live = await readBoard(contest, { view: "live", currentPage: 1, limit: 50, keyword: "", removeStar: false, concernedList: [] });
    const byUid = new Map(live.entries.map((e) => [e.row.uid, e]));
    // The star user (one solved, 60 s) sorts between a and the tie, but takes no rank.
    expect(live.entries.map((e) => e.row.uid)).toEqual([a._id, star._id, ...[b._id, c._id].sort(), d._id]);
    expect(byUid.get(star._id)?.rank).toBe(-1);
    expect(byUid.get(a._id)).toMatchObject({ rank: 1, award: { name: "Gold" }, row: { ac: 2, totalTime: 3000 } });
    expect(byUid.get(b._id)).toMatchObject({ rank: 2, award: { name: "Silver" } });
    expect(byUid.get(c._id)).toMatchObject({ rank: 2, award: { name: "Silver" } });
    expect(byUid.get(d._id)).toMatchObject({ rank: 4, award: null, row: { ac: 1, totalTime: 6000 } });
    const fbA = live.problems.find((p) => p.pid === p1._id)!;
    expect(fbA.firstBloodUid).toBe(a._id);
    expect(fbA).toMatchObject({ ac: 4, total: 5 });

    const sealed = await readBoard(contest, { view: "sealed", currentPage: 1, limit: 50, keyword: "", removeStar: true, concernedList: [d._id] });
    expect(sealed.total).toBe(4);
    const dSealed = sealed.entries.find((e) => e.row.uid === d._id)!;
    expect(dSealed).toMatchObject({ concerned: true, row: { ac: 0 } });
    expect(dSealed.row.cells[String(p2._id)]).toMatchObject({ isAC: false, tryNum: 1 });
    expect(sealed.entries[0].row.uid).toBe(d._id);

    // A rejudge that takes a's accepted A away leaves a one solved (B, 1200 s), still first,
    // and hands the first blood of A to b or c.
    const aAccepted = (await Submission.findOne({ cid: contest._id, uid: a._id, pid: p1._id, status: JudgeStatus.ACCEPTED }).lean())!;
    await applyJudgeEvents(aAccepted._id, [{ kind: "rejudge" }]);
    await verdict(aAccepted, JudgeStatus.WRONG_ANSWER);
    const after = await readBoard(contest, { view: "live", currentPage: 1, limit: 50, keyword: "", removeStar: true, concernedList: [] });
    expect(after.entries.map((e) => e.rank)).toEqual([1, 2, 2, 4]);
    expect([b._id, c._id]).toContain(after.problems.find((p) => p.pid === p1._id)!.firstBloodUid);

    const search = await readBoard(contest, { view: "live", currentPage: 1, limit: 50, keyword: d.username.slice(0, 8), removeStar: false, concernedList: [] });
    expect(search.entries.map((e) => e.row.uid)).toEqual([d._id]);
  });

  it("Force Update rebuilds in the background, one job at a time, and gives the same board", async () => {
    const contest = await contestWith(ContestType.ACM);
    const p = await makeProblem();
    await addContestProblem(await administerContest(contest._id, admin, null), { cid: contest._id, pid: p._id, displayId: "A", displayTitle: "", color: "" }, "public");
    const users = await Promise.all([0, 1, 2].map(() => makeUser()));
    for (const [i, u] of users.entries()) await verdict(await submitAt(u, p, contest._id, 10 + i), i === 1 ? JudgeStatus.WRONG_ANSWER : JudgeStatus.ACCEPTED);
    const kept = await snapshot(contest._id);

    // A row gone wrong (what a rebuild repairs) is served as it is until the rebuild replaces it.
    const broken = users[0]._id;
    await BoardRow.updateOne({ _id: `${contest._id}:live:${broken}` }, { $set: { ac: 0 } });
    const first = await startBoardRebuild(contest._id);
    const second = await startBoardRebuild(contest._id);
    expect(first).toEqual({ started: true });
    expect(second).toEqual({ started: false });
    expect(await boardRebuilding(contest._id)).toBe(true);
    await runningBoardRebuild(contest._id);
    expect(await boardRebuilding(contest._id)).toBe(false);
    const rebuilt = await snapshot(contest._id);
    expect(rebuilt.rows).toEqual(kept.rows);
    expect(rebuilt.order).toEqual(kept.order);
    expect((await startBoardRebuild(contest._id)).started).toBe(true);
    await runningBoardRebuild(contest._id);
  });

  it("a rebuild never leaves the board empty meanwhile: rows are replaced in place, not deleted first", async () => {
    const contest = await contestWith(ContestType.ACM);
    const p = await makeProblem();
    await addContestProblem(await administerContest(contest._id, admin, null), { cid: contest._id, pid: p._id, displayId: "A", displayTitle: "", color: "" }, "public");
    const users = await Promise.all([0, 1, 2, 3].map(() => makeUser()));
    for (const u of users) await verdict(await submitAt(u, p, contest._id, 10), JudgeStatus.ACCEPTED);
    const counts: number[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        counts.push(await BoardRow.countDocuments({ cid: contest._id, view: "live" }));
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    await rebuildBoard(contest._id);
    watching = false;
    await watcher;
    expect(Math.min(...counts)).toBe(users.length);
  });
});
