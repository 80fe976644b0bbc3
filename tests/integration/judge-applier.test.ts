import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import { JudgeStreams, RESULT_GROUP } from "~/lib/judge-protocol";
import { CounterJournal } from "~/models/counter-journal.server";
import { FirstAc, firstAcKey } from "~/models/first-ac.server";
import { Problem } from "~/models/problem.server";
import { Submission } from "~/models/submission.server";
import { User } from "~/models/user.server";
import { disconnectDb } from "~/services/platform/db.server";
import { applyJudgeEvents, repairInterruptedCounterChanges } from "~/services/judging/apply.server";
import { DEAD_LETTERS, startResultApplier, type ResultApplier } from "~/services/judging/results.server";
import { closeRedis, newRedisConnection, redis, rkey } from "~/services/platform/redis.server";
import { createSubmission } from "~/services/submission/submissions.server";
import { closeStatusSubscriber, onStatusChange, type SubmissionStatus } from "~/services/submission/status.server";
import { userProblemStatus } from "~/services/submission/user-problem-status.server";
import {
  caseResult,
  countersOf,
  finalMessage,
  makeContestSubmission,
  makeProblem,
  makeUser,
  openStore,
  publishResult,
  settled,
  submissionOf,
  userOf,
  waitUntil,
  allowManySubmissions,
} from "./support/judging";

// The result applier against the real store and Redis. Judge messages are put on the results
// stream exactly as judge-service publishes them (app/lib/judge-protocol.ts); the whole path with
// a real judge is in judge-whole-path.test.ts.

const CODE = "#include <cstdio>\nint main(){int a,b;scanf(\"%d%d\",&a,&b);printf(\"%d\\n\",a+b);}\n";

let applier: ResultApplier | null = null;

beforeAll(async () => {
  await openStore();
  await allowManySubmissions();
});
afterAll(async () => {
  await applier?.stop();
  await closeStatusSubscriber();
  await closeRedis();
  await disconnectDb();
});

async function startApplier(consumer = "web-test", claimIdleMs = 30_000) {
  applier = startResultApplier({ consumer, blockMs: 200, claimIdleMs });
  await applier.ready;
  return applier;
}

async function submit(user: Awaited<ReturnType<typeof makeUser>>, pid: number) {
  return createSubmission(user, { pid, language: "C++", code: CODE, cid: 0, tid: 0 });
}

describe("result applier", () => {
  it("applies progress, cases and the verdict, and keeps the counters, solved list and first AC", async () => {
    await startApplier();
    const user = await makeUser();
    const problem = await makeProblem();
    const sub = await submit(user, problem._id);
    expect(sub.status).toBe(JudgeStatus.PENDING);

    const seen: SubmissionStatus[] = [];
    const unsubscribe = await onStatusChange(sub._id, (s) => seen.push(s));
    await publishResult({ type: "progress", submissionId: sub._id, attempt: 1, status: JudgeStatus.COMPILING, judger: "j1" });
    await waitUntil("compiling", async () => (await submissionOf(sub._id)).status === JudgeStatus.COMPILING);
    await publishResult({ type: "progress", submissionId: sub._id, attempt: 1, status: JudgeStatus.JUDGING, judger: "j1" });
    await publishResult({ type: "case", submissionId: sub._id, attempt: 1, judger: "j1", result: caseResult(1, 0, { time: 5, memory: 3000 }) });
    await waitUntil("first case", async () => (await submissionOf(sub._id)).caseResults.length === 1);
    await publishResult(
      finalMessage(sub, { judger: "j1", cases: [caseResult(1, 0, { time: 5, memory: 3000 }), caseResult(2, 0, { time: 17, memory: 2500 })] }),
    );
    const done = await settled(sub._id);
    unsubscribe();

    expect(done).toMatchObject({ status: JudgeStatus.ACCEPTED, time: 17, memory: 3000, judger: "j1", countedStatus: 0, countersApplied: 1 });
    expect(done.caseResults.map((c) => c.index)).toEqual([1, 2]);
    expect(await countersOf(problem._id)).toMatchObject({ total: 1, ac: 1, wa: 0 });
    expect(await userOf(user._id)).toMatchObject({ submitCount: 1, acCount: 1, solvedPids: [problem._id] });
    const first = await FirstAc.findById(firstAcKey(0, user._id, problem._id)).lean();
    expect(first?.submitId).toBe(sub._id);
    expect(seen.map((s) => s.status)).toContain(JudgeStatus.ACCEPTED);
    expect(seen[seen.length - 1].final).toBe(true);
    // Applied entries are acknowledged and removed from the stream.
    await waitUntil("stream emptied", async () => (await redis().xlen(rkey(JudgeStreams.results))) === 0);
  });

  it("the user's status per problem, kept between pages, follows every change of the user's submissions", async () => {
    const user = await makeUser();
    const [problem, other] = [await makeProblem(), await makeProblem()];
    const status = async () => (await userProblemStatus(user._id, [problem._id, other._id])).get(problem._id)?.status;
    expect(await status()).toBe(JudgeStatus.NOT_SUBMITTED);

    const sub = await submit(user, problem._id);
    expect(await status()).toBe(JudgeStatus.PENDING);
    await publishResult(finalMessage(sub, { status: JudgeStatus.WRONG_ANSWER }));
    await settled(sub._id);
    expect(await status()).toBe(JudgeStatus.WRONG_ANSWER);

    // The kept answer is what a page gets while nothing changed through the site: a write made
    // around it (straight into the store) is not seen...
    await Submission.updateOne({ _id: sub._id }, { $set: { status: JudgeStatus.TIME_LIMIT_EXCEEDED } });
    expect(await status()).toBe(JudgeStatus.WRONG_ANSWER);
    // ...until the next change of the user's submissions, here a manual judgement.
    await applyJudgeEvents(sub._id, [{ kind: "manual", status: JudgeStatus.ACCEPTED, score: 0 }]);
    expect(await status()).toBe(JudgeStatus.ACCEPTED);

    // A rejudge puts the only submission back in the queue: not accepted any more.
    await applyJudgeEvents(sub._id, [{ kind: "rejudge" }]);
    expect(await status()).toBe(JudgeStatus.PENDING);
    expect((await userProblemStatus(user._id, [other._id])).get(other._id)?.status).toBe(JudgeStatus.NOT_SUBMITTED);
  });

  it("applying the same final message twice changes nothing", async () => {
    const user = await makeUser();
    const problem = await makeProblem();
    const sub = await submit(user, problem._id);
    await publishResult(finalMessage(sub, { status: JudgeStatus.WRONG_ANSWER }));
    const first = await settled(sub._id);
    const counters = await countersOf(problem._id);
    const u = await userOf(user._id);

    await publishResult(finalMessage(sub, { status: JudgeStatus.WRONG_ANSWER }));
    await publishResult(finalMessage(sub, { status: JudgeStatus.ACCEPTED }));
    await waitUntil("duplicates consumed", async () => (await redis().xlen(rkey(JudgeStreams.results))) === 0);
    const again = await submissionOf(sub._id);
    expect(again.rev).toBe(first.rev);
    expect(again.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(await countersOf(problem._id)).toEqual(counters);
    expect(counters).toMatchObject({ total: 1, wa: 1, ac: 0 });
    expect(await userOf(user._id)).toEqual(u);
  });

  it("ignores results of an older attempt", async () => {
    const user = await makeUser();
    const problem = await makeProblem();
    const sub = await submit(user, problem._id);
    await applyJudgeEvents(sub._id, [{ kind: "rejudge" }]);
    await publishResult(finalMessage({ _id: sub._id, attempt: 1 }));
    await publishResult({ type: "progress", submissionId: sub._id, attempt: 2, status: JudgeStatus.JUDGING, judger: "j2" });
    await waitUntil("judging", async () => (await submissionOf(sub._id)).status === JudgeStatus.JUDGING);
    expect((await countersOf(problem._id)).total).toBe(0);
  });

  it("keeps unreadable messages and messages of unknown submissions in the dead letters", async () => {
    await redis().xadd(rkey(JudgeStreams.results), "*", "msg", "{not json");
    await publishResult(finalMessage({ _id: 99_999_999, attempt: 1 }));
    await waitUntil("dead letters", async () => (await redis().xlen(rkey(DEAD_LETTERS))) >= 2);
    await waitUntil("stream emptied", async () => (await redis().xlen(rkey(JudgeStreams.results))) === 0);
  });

  it("loses nothing across a restart, nor when it is down while the judge finishes", async () => {
    const user = await makeUser();
    const problem = await makeProblem();
    const subs = [];
    for (let i = 0; i < 6; i++) subs.push(await submit(user, problem._id));

    await publishResult(finalMessage(subs[0]));
    await settled(subs[0]._id);
    await applier!.stop();
    applier = null;

    // Down: the judge keeps finishing submissions.
    for (const s of subs.slice(1, 4)) await publishResult(finalMessage(s, { status: JudgeStatus.WRONG_ANSWER }));
    // A web process that read two results and died before applying them: delivered, never acknowledged.
    await publishResult(finalMessage(subs[4]));
    await publishResult(finalMessage(subs[5], { status: JudgeStatus.TIME_LIMIT_EXCEEDED }));
    const conn = newRedisConnection();
    // Takes everything waiting (the three above as well): they are now pending at a dead consumer.
    await conn.xreadgroup("GROUP", RESULT_GROUP, "web-dead", "COUNT", 100, "STREAMS", rkey(JudgeStreams.results), ">");
    await conn.quit();
    expect((await submissionOf(subs[1]._id)).status).toBe(JudgeStatus.PENDING);

    await startApplier("web-restarted", 200);
    for (const s of subs) await settled(s._id);
    expect(await countersOf(problem._id)).toMatchObject({ total: 6, ac: 2, wa: 3, tle: 1 });
    expect(await userOf(user._id)).toMatchObject({ submitCount: 6, acCount: 1, solvedPids: [problem._id] });
    await waitUntil("nothing pending", async () => {
      const p = (await redis().xpending(rkey(JudgeStreams.results), RESULT_GROUP)) as [number, ...unknown[]];
      return p[0] === 0;
    });
  });

  it("gives the same counters whichever of two web processes applies which message", async () => {
    const second = startResultApplier({ consumer: "web-second", blockMs: 200 });
    await second.ready;
    try {
      const users = [await makeUser(), await makeUser(), await makeUser()];
      const problem = await makeProblem();
      const subs = [];
      for (let i = 0; i < 30; i++) subs.push(await submit(users[i % 3], problem._id));
      // Submission i is by user i % 3; verdicts come in runs of three: 4 runs AC, 3 WA, 3 RE.
      const verdicts = [JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER, JudgeStatus.RUNTIME_ERROR];
      for (const [i, s] of subs.entries()) {
        await publishResult({ type: "progress", submissionId: s._id, attempt: 1, status: JudgeStatus.JUDGING, judger: "j" });
        await publishResult({ type: "case", submissionId: s._id, attempt: 1, judger: "j", result: caseResult(1) });
        await publishResult(finalMessage(s, { status: verdicts[Math.floor(i / 3) % 3] }));
        // Every message twice, as after a redelivery.
        await publishResult(finalMessage(s, { status: verdicts[Math.floor(i / 3) % 3] }));
      }
      for (const s of subs) await settled(s._id);
      expect(await countersOf(problem._id)).toMatchObject({ total: 30, ac: 12, wa: 9, re: 9 });
      for (const u of users) expect(await userOf(u._id)).toMatchObject({ submitCount: 10, acCount: 1 });
    } finally {
      await second.stop();
    }
  });

  it("keeps every case when many messages of one submission are applied at once", async () => {
    const user = await makeUser();
    const problem = await makeProblem();
    const sub = await submit(user, problem._id);
    // As if several web processes got one message each.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        applyJudgeEvents(sub._id, [{ kind: "result", msg: { type: "case", submissionId: sub._id, attempt: 1, judger: "j", result: caseResult(i + 1) } }]),
      ),
    );
    const s = await submissionOf(sub._id);
    expect(s.caseResults.map((c) => c.index)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(s.rev).toBe(12);
  });

  it("goes by the stored state when another web process wrote the submission meanwhile", async () => {
    const user = await makeUser();
    const problem = await makeProblem();
    const sub = await submit(user, problem._id);
    await applyJudgeEvents(sub._id, [{ kind: "result", msg: { type: "progress", submissionId: sub._id, attempt: 1, status: JudgeStatus.JUDGING, judger: "j" } }]);
    // What another process's cancel leaves: a new attempt, Cancelled, its revision announced first.
    const before = await submissionOf(sub._id);
    await redis().set(rkey("judge:rev", sub._id), String(before.rev + 1));
    await Submission.updateOne({ _id: sub._id }, { $set: { status: JudgeStatus.CANCELLED, attempt: 2 }, $inc: { rev: 1 } });

    // This process last wrote Judging/attempt 1; the verdict of attempt 1 must now be ignored.
    const out = await applyJudgeEvents(sub._id, [{ kind: "result", msg: finalMessage(sub) }]);
    expect(out.changed).toBe(false);
    expect(await submissionOf(sub._id)).toMatchObject({ status: JudgeStatus.CANCELLED, attempt: 2 });
    expect((await countersOf(problem._id)).total).toBe(0);
  });

  it("gives every concurrent submission its own id", async () => {
    const user = await makeUser();
    const problem = await makeProblem();
    const subs = await Promise.all(Array.from({ length: 20 }, () => submit(user, problem._id)));
    expect(new Set(subs.map((s) => s._id)).size).toBe(20);
  });

  it("contest submissions leave the problem counters alone", async () => {
    const user = await makeUser();
    const problem = await makeProblem();
    const sub = await makeContestSubmission(user, problem, 12);
    await publishResult(finalMessage(sub));
    await settled(sub._id);
    expect((await countersOf(problem._id)).total).toBe(0);
    expect((await userOf(user._id)).solvedPids).toEqual([]);
    expect(await FirstAc.exists({ _id: firstAcKey(12, user._id, problem._id) })).toBeTruthy();
  });
});

describe("crash between writes", () => {
  /** What a crash right after storing a verdict leaves: the journal entry and the verdict, counters not moved. */
  async function crashAfterVerdict(sub: { _id: number; pid: number; uid: string }, status: number, at = new Date()) {
    await CounterJournal.create({ _id: sub._id, pid: sub.pid, uid: sub.uid, cid: 0, attempt: 1, at });
    // The writer announces the revision it writes (see judge-apply.server.ts), then writes.
    await redis().set(rkey("judge:rev", sub._id), String((await submissionOf(sub._id)).rev + 1));
    await Submission.updateOne(
      { _id: sub._id },
      { $set: { status, countedStatus: status, countersApplied: 1, gmtModified: at }, $inc: { rev: 1 } },
    );
  }

  it("is repaired by recomputing the problem's and user's counters exactly", async () => {
    const user = await makeUser();
    const problem = await makeProblem();
    const a = await submit(user, problem._id);
    await publishResult(finalMessage(a));
    await settled(a._id);
    const b = await submit(user, problem._id);
    await crashAfterVerdict(b, JudgeStatus.WRONG_ANSWER, new Date(Date.now() - 120_000));
    // And counters that drifted for any other reason are put right as well.
    await Problem.updateOne({ _id: problem._id }, { $set: { ac: 5 } });
    await User.updateOne({ _id: user._id }, { $set: { submitCount: 0 } });

    expect(await repairInterruptedCounterChanges(60_000)).toBeGreaterThanOrEqual(1);
    expect(await CounterJournal.exists({ _id: b._id })).toBeNull();
    expect(await countersOf(problem._id)).toMatchObject({ total: 2, ac: 1, wa: 1 });
    expect(await userOf(user._id)).toMatchObject({ submitCount: 2, acCount: 1, solvedPids: [problem._id] });
  });

  it("is repaired when the same verdict is delivered again", async () => {
    const user = await makeUser();
    const problem = await makeProblem();
    const sub = await submit(user, problem._id);
    await crashAfterVerdict(sub, JudgeStatus.ACCEPTED);
    await publishResult(finalMessage(sub));
    await settled(sub._id);
    expect(await countersOf(problem._id)).toMatchObject({ total: 1, ac: 1 });
    expect(await userOf(user._id)).toMatchObject({ submitCount: 1, acCount: 1 });
  });

  it("is repaired when the crash came before the verdict was stored", async () => {
    const user = await makeUser();
    const problem = await makeProblem();
    const sub = await submit(user, problem._id);
    await CounterJournal.create({ _id: sub._id, pid: sub.pid, uid: sub.uid, cid: 0, attempt: 1, at: new Date() });
    await publishResult(finalMessage(sub, { status: JudgeStatus.TIME_LIMIT_EXCEEDED }));
    const done = await settled(sub._id);
    expect(done.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(await countersOf(problem._id)).toMatchObject({ total: 1, tle: 1 });
    expect(await userOf(user._id)).toMatchObject({ submitCount: 1, acCount: 0 });
  });
});

describe("journal entries of finished changes", () => {
  it("are removed together shortly after, and a change of the same submission meanwhile moves the counters by increments", async () => {
    const user = await makeUser();
    const problem = await makeProblem();
    const sub = await submit(user, problem._id);
    await applyJudgeEvents(sub._id, [{ kind: "result", msg: finalMessage(sub) }]);
    expect(await countersOf(problem._id)).toMatchObject({ total: 1, ac: 1 });

    // Before the finished entry is removed, a cancellation of the same submission takes it over: an
    // entry left by a crash would make it recompute (and put the drifted counter right), a finished
    // one lets it move the counters by one.
    await Problem.updateOne({ _id: problem._id }, { $inc: { total: 10 } });
    const cancelled = await applyJudgeEvents(sub._id, [{ kind: "cancel" }]);
    expect(cancelled.state?.status).toBe(JudgeStatus.CANCELLED);
    expect(await countersOf(problem._id)).toMatchObject({ total: 10, ac: 0 });

    await waitUntil("finished entry removed", async () => (await CounterJournal.exists({ _id: sub._id })) === null);
  });
});
