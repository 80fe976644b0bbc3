import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, ProblemType } from "~/lib/constants";
import { nextSeq } from "~/models/counter.server";
import { Submission, type SubmissionDoc } from "~/models/submission.server";
import { User, type UserDoc } from "~/models/user.server";
import { UserDay } from "~/models/user-day.server";
import type { ProblemDoc } from "~/models/problem.server";
import { applyJudgeEvents, backfillKeptUserCounters, flushFinishedCounterChanges } from "~/services/judging/apply.server";
import type { JudgeEvent } from "~/services/judging/rules.server";
import { countUserDays } from "~/services/stats/user-days.server";
import { disconnectDb } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { finalMessage, makeProblem, makeUser, openStore } from "./support/judging";

// The user counters kept by the result applier (submissions, solved list, accepted submissions, OI
// score) and the per-day counters behind the home page's rankings and the heat maps: after random
// sequences of verdicts, rejudges, manual judgements and cancels, over several days, problems and
// users, with contest submissions among them, they equal a recount from the submissions.

const DAY_MS = 24 * 3600_000;

beforeAll(openStore);
afterAll(async () => {
  await flushFinishedCounterChanges();
  await closeRedis();
  await disconnectDb();
});

/** A seeded generator, so a failure can be replayed. */
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

async function storeSubmission(user: UserDoc, problem: ProblemDoc, cid: number, submitTime: Date): Promise<SubmissionDoc> {
  const doc = await Submission.create({
    _id: await nextSeq("submission"),
    pid: problem._id,
    displayPid: problem.problemId,
    cid,
    tid: 0,
    gid: null,
    uid: user._id,
    username: user.username,
    title: problem.title,
    status: JudgeStatus.PENDING,
    length: 1,
    language: "C++",
    code: "x",
    submitTime,
    attempt: 1,
    gmtModified: submitTime,
  });
  return doc.toObject();
}

/** What the user's counters must be, counted from the submissions. */
async function recount(uid: string) {
  const subs = await Submission.find({ uid, cid: 0, countedStatus: { $ne: null } })
    .select("pid countedStatus oiRankScore gid")
    .lean<Array<{ pid: number; countedStatus: number; oiRankScore: number; gid: number | null }>>();
  const solved = [...new Set(subs.filter((s) => s.countedStatus === JudgeStatus.ACCEPTED && s.gid === null).map((s) => s.pid))].sort((a, b) => a - b);
  const best = new Map<number, number>();
  for (const s of subs) best.set(s.pid, Math.max(best.get(s.pid) ?? 0, s.oiRankScore ?? 0));
  return {
    submitCount: subs.length,
    acSubmitCount: subs.filter((s) => s.countedStatus === JudgeStatus.ACCEPTED).length,
    acCount: solved.length,
    solvedPids: solved,
    oiScore: [...best.values()].reduce((a, b) => a + b, 0),
  };
}

const VERDICTS = [JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER, JudgeStatus.TIME_LIMIT_EXCEEDED, JudgeStatus.COMPILE_ERROR];

describe("kept user counters", () => {
  it("equal a recount after random verdict sequences", async () => {
    const random = rng(20261125);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
    const users = [await makeUser(), await makeUser(), await makeUser()];
    const problems = [
      await makeProblem(),
      await makeProblem(),
      await makeProblem({ type: ProblemType.OI, difficulty: 2, cases: [{ input: "1\n", output: "1\n", score: 50 }, { input: "2\n", output: "2\n", score: 50 }] }),
    ];
    const now = Date.now();
    const subs: SubmissionDoc[] = [];
    for (let i = 0; i < 36; i++) {
      const when = new Date(now - Math.floor(random() * 4) * DAY_MS - Math.floor(random() * 3600_000));
      subs.push(await storeSubmission(pick(users), pick(problems), i % 9 === 8 ? 7 : 0, when));
    }
    const attempts = new Map(subs.map((s) => [s._id, 1]));
    for (let round = 0; round < 90; round++) {
      const s = pick(subs);
      const r = random();
      let events: JudgeEvent[];
      if (r < 0.5) {
        const status = pick(VERDICTS);
        const score = status === JudgeStatus.ACCEPTED ? 100 : status === JudgeStatus.WRONG_ANSWER ? 50 : 0;
        events = [{ kind: "result", msg: finalMessage({ _id: s._id, attempt: attempts.get(s._id)! }, { status, score }) }];
      } else if (r < 0.7) {
        events = [{ kind: "rejudge" }];
      } else if (r < 0.9) {
        events = [{ kind: "manual", status: pick([JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER]), score: Math.floor(random() * 101) }];
      } else {
        events = [{ kind: "cancel" }];
      }
      const out = await applyJudgeEvents(s._id, events);
      if (out.state) attempts.set(s._id, out.state.attempt);
      // A verdict delivered again changes nothing.
      if (r < 0.5 && random() < 0.3) await applyJudgeEvents(s._id, events);
    }
    let acDays = 0;
    for (const u of users) {
      const kept = await User.findById(u._id).select("submitCount acSubmitCount acCount solvedPids oiScore").lean();
      const { _id, ...counters } = kept!;
      void _id;
      expect({ ...counters, solvedPids: [...counters.solvedPids].sort((a, b) => a - b) }).toEqual(await recount(u._id));

      const keptDays = await UserDay.find({ uid: u._id }).lean();
      const expected = await countUserDays(u._id);
      const nonEmpty = keptDays.filter((d) => d.submits !== 0 || d.acs !== 0 || (d.acPids ?? []).length > 0);
      expect(nonEmpty.map((d) => d.day).sort()).toEqual([...expected.keys()].sort());
      for (const d of nonEmpty) {
        const e = expected.get(d.day)!;
        expect({ submits: d.submits, acs: d.acs, acPids: [...(d.acPids ?? [])].sort((a, b) => a - b) }).toEqual({ submits: e.submits, acs: e.acs, acPids: e.acPids });
        if (e.acs > 0) acDays++;
      }
    }
    expect(acDays).toBeGreaterThan(0);
  });
});

describe("users stored before the counters", () => {
  it("get them computed once from their submissions", async () => {
    const user = await makeUser();
    const problem = await makeProblem();
    const s = await storeSubmission(user, problem, 0, new Date());
    await applyJudgeEvents(s._id, [{ kind: "result", msg: finalMessage(s, { status: JudgeStatus.ACCEPTED }) }]);
    // As a user of an older release: no accepted-submission count, no day counters.
    await User.updateOne({ _id: user._id }, { $unset: { acSubmitCount: 1 } });
    await UserDay.deleteMany({ uid: user._id });
    expect(await backfillKeptUserCounters()).toBeGreaterThanOrEqual(1);
    expect((await User.findById(user._id).lean())!.acSubmitCount).toBe(1);
    expect(await UserDay.countDocuments({ uid: user._id })).toBe(1);
    expect(await backfillKeptUserCounters()).toBe(0);
  });
});
