import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import { decodeMessage, JUDGE_GROUP, JudgeStreams, type SubmissionTask } from "~/lib/judge-protocol";
import { Submission } from "~/models/submission.server";
import { disconnectDb } from "~/services/platform/db.server";
import { sweepOnce, trimFinishedTasks } from "~/services/judging/sweeper.server";
import { closeRedis, redis, rkey } from "~/services/platform/redis.server";
import { createSubmission } from "~/services/submission/submissions.server";
import { closeStatusSubscriber } from "~/services/submission/status.server";
import { countersOf, finalMessage, makeProblem, makeUser, openStore, publishResult, submissionOf, userOf } from "./support/judging";

// The sweeper against the real store and Redis. A lost task is made by deleting it from its lane,
// as a Redis restart without persistence or a failed XADD would leave things.

const lane = () => rkey(JudgeStreams.normalTasks);

async function tasksFor(id: number): Promise<SubmissionTask[]> {
  const entries = (await redis().xrange(lane(), "-", "+")) as Array<[string, string[]]>;
  return entries.map(([, f]) => decodeMessage<SubmissionTask>(f)!).filter((t) => t.submissionId === id);
}

async function loseTask(id: number): Promise<void> {
  const entries = (await redis().xrange(lane(), "-", "+")) as Array<[string, string[]]>;
  for (const [entryId, f] of entries) if (decodeMessage<SubmissionTask>(f)?.submissionId === id) await redis().xdel(lane(), entryId);
}

async function age(id: number): Promise<void> {
  await Submission.updateOne({ _id: id }, { $set: { gmtModified: new Date(Date.now() - 10 * 60_000) } });
}

beforeAll(openStore);
beforeEach(async () => {
  await redis().del(lane(), rkey(JudgeStreams.results));
});
afterAll(async () => {
  await closeStatusSubscriber();
  await closeRedis();
  await disconnectDb();
});

async function stuckSubmission() {
  const user = await makeUser();
  const problem = await makeProblem();
  const sub = await createSubmission(user, { pid: problem._id, language: "C++", code: "int main(){}", cid: 0, tid: 0 });
  return { user, problem, sub };
}

describe("sweeper", () => {
  it("queues again a submission whose task was lost", async () => {
    const { sub } = await stuckSubmission();
    expect(await tasksFor(sub._id)).toHaveLength(1);
    await loseTask(sub._id);
    await age(sub._id);

    const report = await sweepOnce({ stuckMs: 60_000, maxRequeues: 3 });
    expect(report.requeued).toContain(sub._id);
    const tasks = await tasksFor(sub._id);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ kind: "submission", attempt: 1, language: "C++" });
    const after = await submissionOf(sub._id);
    expect(after).toMatchObject({ status: JudgeStatus.PENDING, requeues: 1 });
    // Touched now: not stuck again until the threshold passes once more.
    expect((await sweepOnce({ stuckMs: 60_000 })).requeued).not.toContain(sub._id);
  });

  it("leaves alone a task still waiting for a judge, or held by one", async () => {
    const waiting = await stuckSubmission();
    await age(waiting.sub._id);
    expect((await sweepOnce({ stuckMs: 60_000 })).requeued).not.toContain(waiting.sub._id);

    // A judge took it and has not finished: judge-service's own XAUTOCLAIM deals with a dead judge.
    await redis().xgroup("CREATE", lane(), JUDGE_GROUP, "0", "MKSTREAM").catch(() => undefined);
    await redis().xreadgroup("GROUP", JUDGE_GROUP, "judge-a", "COUNT", 100, "STREAMS", lane(), ">");
    const held = await stuckSubmission();
    await redis().xreadgroup("GROUP", JUDGE_GROUP, "judge-a", "COUNT", 100, "STREAMS", lane(), ">");
    await age(waiting.sub._id);
    await age(held.sub._id);
    const report = await sweepOnce({ stuckMs: 60_000 });
    expect(report.stuck).toBeGreaterThanOrEqual(2);
    expect(report.requeued).not.toContain(waiting.sub._id);
    expect(report.requeued).not.toContain(held.sub._id);
    await redis().xgroup("DESTROY", lane(), JUDGE_GROUP);
  });

  it("does not queue again when the verdict is waiting in the results stream", async () => {
    const { sub } = await stuckSubmission();
    await loseTask(sub._id);
    await age(sub._id);
    await publishResult(finalMessage(sub));
    expect((await sweepOnce({ stuckMs: 60_000 })).requeued).not.toContain(sub._id);
  });

  it("gives up with System Error and the reason after a bounded number of tries", async () => {
    const { sub, problem, user } = await stuckSubmission();
    for (let i = 0; i < 2; i++) {
      await loseTask(sub._id);
      await age(sub._id);
      expect((await sweepOnce({ stuckMs: 60_000, maxRequeues: 2 })).requeued).toContain(sub._id);
    }
    await loseTask(sub._id);
    await age(sub._id);
    const report = await sweepOnce({ stuckMs: 60_000, maxRequeues: 2 });
    expect(report.gaveUp).toContain(sub._id);
    const after = await submissionOf(sub._id);
    expect(after).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, countedStatus: JudgeStatus.SYSTEM_ERROR, countersApplied: 1 });
    expect(after.errorMessage).toMatch(/lost 3 times/);
    expect(await countersOf(problem._id)).toMatchObject({ total: 1, se: 1 });
    expect(await userOf(user._id)).toMatchObject({ submitCount: 1, acCount: 0 });
  });

  it("trims task entries the judges acknowledged, and only those", async () => {
    const subs = [];
    for (let i = 0; i < 5; i++) subs.push((await stuckSubmission()).sub);
    await redis().xgroup("CREATE", lane(), JUDGE_GROUP, "0", "MKSTREAM").catch(() => undefined);
    // A judge takes three: finishes the first two, is still running the third.
    const reply = (await redis().xreadgroup("GROUP", JUDGE_GROUP, "judge-b", "COUNT", 3, "STREAMS", lane(), ">")) as Array<[string, Array<[string, string[]]>]>;
    const taken = reply[0][1].map(([id]) => id);
    await redis().xack(lane(), JUDGE_GROUP, taken[0], taken[1]);
    expect(await trimFinishedTasks()).toBe(2);
    const left = ((await redis().xrange(lane(), "-", "+")) as Array<[string, string[]]>).map(([, f]) => decodeMessage<SubmissionTask>(f)!.submissionId);
    expect(left).toEqual([subs[2]._id, subs[3]._id, subs[4]._id]);
    // Nothing more to remove while the third is running.
    expect(await trimFinishedTasks()).toBe(0);
    await redis().xgroup("DESTROY", lane(), JUDGE_GROUP);
  });
});
