import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, ProblemType, Role } from "~/lib/constants";
import { decodeMessage, JudgeStreams, type SubmissionTask } from "~/lib/judge-protocol";
import type { SubmissionDoc } from "~/models/submission.server";
import { loader as cancelRoute } from "~/routes/ojapi+/admin+/judge.cancel-judge";
import { loader as manualRoute } from "~/routes/ojapi+/admin+/judge.manual-judge";
import { loader as rejudgeContestRoute } from "~/routes/ojapi+/admin+/judge.rejudge-contest-problem";
import { loader as rejudgeRoute } from "~/routes/ojapi+/admin+/judge.rejudge";
import { disconnectDb } from "~/services/platform/db.server";
import { cancelSubmission, judgeActions, manualJudge, rejudgeSubmission } from "~/services/judging/admin.server";
import { startResultApplier, type ResultApplier } from "~/services/judging/results.server";
import { closeRedis, redis, rkey } from "~/services/platform/redis.server";
import { createSubmission } from "~/services/submission/submissions.server";
import { closeStatusSubscriber } from "~/services/submission/status.server";
import {
  callRoute,
  cookieFor,
  countersOf,
  finalMessage,
  makeContestSubmission,
  makeProblem,
  makeUser,
  openStore,
  publishResult,
  settled,
  siteRequest,
  submissionOf,
  userOf,
  waitUntil,
} from "./support/judging";

// Super-admin judge actions through the services and the /ojapi adapters, with the result applier
// running; verdicts arrive on the results stream as judge-service publishes them.

let applier: ResultApplier;
let root: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  await openStore();
  applier = startResultApplier({ consumer: "web-admin-test", blockMs: 200 });
  await applier.ready;
  root = await makeUser(Role.SUPER_ADMIN);
});
afterAll(async () => {
  await applier.stop();
  await closeStatusSubscriber();
  await closeRedis();
  await disconnectDb();
});

async function judged(status: number = JudgeStatus.ACCEPTED, cid = 0, problemSpec = {}) {
  const user = await makeUser();
  const problem = await makeProblem(problemSpec);
  const sub = await createSubmission(user, { pid: problem._id, language: "C++", code: "int main(){}", cid, tid: 0 });
  await publishResult(finalMessage(sub, { status, score: status === JudgeStatus.ACCEPTED ? 100 : 0 }));
  await settled(sub._id);
  return { user, problem, sub };
}

async function lastTaskFor(id: number): Promise<SubmissionTask | undefined> {
  const entries = (await redis().xrange(rkey(JudgeStreams.normalTasks), "-", "+")) as Array<[string, string[]]>;
  return entries.map(([, f]) => decodeMessage<SubmissionTask>(f)!).filter((t) => t.submissionId === id).pop();
}

describe("rejudge", () => {
  it("clears the result, queues a new attempt, and moves the counters when the new verdict arrives", async () => {
    const { user, problem, sub } = await judged(JudgeStatus.ACCEPTED);
    expect(await countersOf(problem._id)).toMatchObject({ total: 1, ac: 1 });

    const state = await rejudgeSubmission(root, sub._id);
    expect(state).toMatchObject({ attempt: 2, status: JudgeStatus.PENDING, time: 0, memory: 0, score: 0 });
    expect((await submissionOf(sub._id)).caseResults).toEqual([]);
    expect(await lastTaskFor(sub._id)).toMatchObject({ attempt: 2 });
    // Still counted as before until the new verdict.
    expect(await countersOf(problem._id)).toMatchObject({ total: 1, ac: 1 });

    // A late verdict of the first attempt changes nothing.
    await publishResult(finalMessage(sub, { attempt: 1, status: JudgeStatus.ACCEPTED }));
    await publishResult(finalMessage({ _id: sub._id, attempt: 2 }, { status: JudgeStatus.WRONG_ANSWER }));
    const done = await settled(sub._id);
    expect(done).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, attempt: 2 });
    expect(await countersOf(problem._id)).toMatchObject({ total: 1, ac: 0, wa: 1 });
    expect(await userOf(user._id)).toMatchObject({ submitCount: 1, acCount: 0, solvedPids: [] });
  });

  it("of every submission of a problem in a contest", async () => {
    const user = await makeUser();
    const problem = await makeProblem();
    const inContest: SubmissionDoc[] = [];
    for (let i = 0; i < 3; i++) inContest.push(await makeContestSubmission(user, problem, 41));
    const outside = await createSubmission(user, { pid: problem._id, language: "C++", code: "x", cid: 0, tid: 0 });
    const cookie = await cookieFor(root);
    const res = await callRoute(rejudgeContestRoute, siteRequest(`/ojapi/admin/judge/rejudge-contest-problem?pid=${problem._id}&cid=41`, { cookie }));
    expect(res).toMatchObject({ http: 200, status: 200, data: { count: 3 } });
    for (const s of inContest) expect((await submissionOf(s._id)).attempt).toBe(2);
    expect((await submissionOf(outside._id)).attempt).toBe(1);
    const tasks = ((await redis().xrange(rkey(JudgeStreams.contestTasks), "-", "+")) as Array<[string, string[]]>).map(([, f]) => decodeMessage<SubmissionTask>(f));
    const queued = tasks.filter((t) => t && inContest.some((s) => s._id === t.submissionId) && t.attempt === 2);
    expect(queued).toHaveLength(3);
  });
});

describe("cancel", () => {
  it("makes the submission Cancelled, takes it out of the counters, and ignores later results", async () => {
    const { user, problem, sub } = await judged(JudgeStatus.ACCEPTED);
    const state = await cancelSubmission(root, sub._id);
    expect(state).toMatchObject({ status: JudgeStatus.CANCELLED, attempt: 2, countedStatus: null });
    await settled(sub._id);
    expect(await countersOf(problem._id)).toMatchObject({ total: 0, ac: 0 });
    expect(await userOf(user._id)).toMatchObject({ submitCount: 0, acCount: 0, solvedPids: [] });

    await publishResult(finalMessage({ _id: sub._id, attempt: 2 }));
    await publishResult(finalMessage({ _id: sub._id, attempt: 1 }));
    await waitUntil("results consumed", async () => (await redis().xlen(rkey(JudgeStreams.results))) === 0);
    expect((await submissionOf(sub._id)).status).toBe(JudgeStatus.CANCELLED);

    await expect(cancelSubmission(root, sub._id)).rejects.toMatchObject({ kind: "invalid", message: "judge:alreadyCancelled" });
  });

  it("of a pending submission ends it before any judge result", async () => {
    const user = await makeUser();
    const problem = await makeProblem();
    const sub = await createSubmission(user, { pid: problem._id, language: "C++", code: "x", cid: 0, tid: 0 });
    const cookie = await cookieFor(root);
    const res = await callRoute(cancelRoute, siteRequest(`/ojapi/admin/judge/cancel-judge?submitId=${sub._id}`, { cookie }));
    expect(res).toMatchObject({ status: 200, data: { status: JudgeStatus.CANCELLED } });
    await publishResult(finalMessage(sub));
    await waitUntil("results consumed", async () => (await redis().xlen(rkey(JudgeStreams.results))) === 0);
    expect((await submissionOf(sub._id)).status).toBe(JudgeStatus.CANCELLED);
    expect(await countersOf(problem._id)).toMatchObject({ total: 0 });
  });
});

describe("manual judgement", () => {
  it("sets the chosen status and score, marks the submission manual and moves the counters", async () => {
    const { user, problem, sub } = await judged(JudgeStatus.WRONG_ANSWER, 0, { type: ProblemType.OI, difficulty: 1, cases: [{ input: "1\n", output: "1\n", score: 60 }, { input: "2\n", output: "2\n", score: 40 }] });
    const state = await manualJudge(root, { submitId: sub._id, status: JudgeStatus.PARTIAL_ACCEPTED, score: 60 });
    // Spec section 9: round(score * 0.1 + difficulty * 2).
    expect(state).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 60, oiRankScore: Math.round(60 * 0.1 + 1 * 2), isManual: true });
    await settled(sub._id);
    expect(await countersOf(problem._id)).toMatchObject({ total: 1, wa: 0, pa: 1 });
    expect((await userOf(user._id)).oiScore).toBe(8);
    await expect(manualJudge(root, { submitId: sub._id, status: JudgeStatus.ACCEPTED, score: 101 })).rejects.toMatchObject({ message: "judge:scoreTooHigh" });
  });

  it("bounds the score by what the judge-case mode can award", async () => {
    // Two groups of 30 + 50 and 20 + 40: at most 30 + 20 under subtask_lowest, 40 + 30 under subtask_average.
    const cases = [
      { input: "1\n", output: "1\n", score: 30, group: 1 },
      { input: "2\n", output: "2\n", score: 50, group: 1 },
      { input: "3\n", output: "3\n", score: 20, group: 2 },
      { input: "4\n", output: "4\n", score: 40, group: 2 },
    ];
    for (const [judgeCaseMode, full] of [
      ["subtask_lowest", 50],
      ["subtask_average", 70],
    ] as const) {
      const { sub } = await judged(JudgeStatus.WRONG_ANSWER, 0, { type: ProblemType.OI, difficulty: 2, judgeCaseMode, cases });
      await expect(manualJudge(root, { submitId: sub._id, status: JudgeStatus.ACCEPTED, score: full + 1 })).rejects.toMatchObject({ message: "judge:scoreTooHigh" });
      expect((await submissionOf(sub._id)).status).toBe(JudgeStatus.WRONG_ANSWER);
      const state = await manualJudge(root, { submitId: sub._id, status: JudgeStatus.ACCEPTED, score: full });
      expect(state).toMatchObject({ score: full, oiRankScore: Math.round(full * 0.1 + 2 * 2) });
      await settled(sub._id);
    }
  });

  it("refuses forbidden statuses, running submissions and compile errors, with a translated message", async () => {
    const cookie = await cookieFor(root);
    const { sub } = await judged(JudgeStatus.COMPILE_ERROR);
    const ce = await callRoute(manualRoute, siteRequest(`/ojapi/admin/judge/manual-judge?submitId=${sub._id}&status=0&score=0`, { cookie }));
    expect(ce).toMatchObject({ http: 400, status: 400, msg: "该提交当前状态下不能手动评测！" });

    const wrong = await judged(JudgeStatus.WRONG_ANSWER);
    for (const status of [JudgeStatus.PENDING, JudgeStatus.CANCELLED, JudgeStatus.COMPILE_ERROR, JudgeStatus.JUDGING, 9, -5, -10]) {
      const res = await callRoute(manualRoute, siteRequest(`/ojapi/admin/judge/manual-judge?submitId=${wrong.sub._id}&status=${status}&score=0`, { cookie }));
      expect(res).toMatchObject({ status: 400, msg: "不能手动设置为该评测状态！" });
    }
    expect((await submissionOf(wrong.sub._id))).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, isManual: false, attempt: 1 });

    const user = await makeUser();
    const problem = await makeProblem();
    const pending = await createSubmission(user, { pid: problem._id, language: "C++", code: "x", cid: 0, tid: 0 });
    await expect(manualJudge(root, { submitId: pending._id, status: 0, score: 0 })).rejects.toMatchObject({ message: "judge:manualJudgeUnavailable" });
    expect(judgeActions(root, pending)).toMatchObject({ rejudge: true, cancel: true, manualJudge: false });
  });
});

describe("permissions", () => {
  it("only a super admin may use the judge actions", async () => {
    const { sub } = await judged(JudgeStatus.ACCEPTED);
    const admin = await makeUser(Role.ADMIN);
    const learner = await makeUser();
    const url = `/ojapi/admin/judge/rejudge?submitId=${sub._id}`;
    expect(await callRoute(rejudgeRoute, siteRequest(url))).toMatchObject({ http: 401 });
    expect(await callRoute(rejudgeRoute, siteRequest(url, { cookie: await cookieFor(learner) }))).toMatchObject({ http: 403 });
    expect(await callRoute(rejudgeRoute, siteRequest(url, { cookie: await cookieFor(admin) }))).toMatchObject({ http: 403 });
    await expect(rejudgeSubmission(admin, sub._id)).rejects.toMatchObject({ kind: "forbidden" });
    expect((await submissionOf(sub._id)).attempt).toBe(1);
    expect(judgeActions(admin, sub)).toMatchObject({ rejudge: false, cancel: false, manualJudge: false });

    const ok = await callRoute(rejudgeRoute, siteRequest(url, { cookie: await cookieFor(root) }));
    expect(ok).toMatchObject({ http: 200, data: { submitId: sub._id, status: JudgeStatus.PENDING, attempt: 2 } });
    const missing = await callRoute(rejudgeRoute, siteRequest(`/ojapi/admin/judge/rejudge?submitId=abc`, { cookie: await cookieFor(root) }));
    expect(missing).toMatchObject({ http: 400, msg: "提交记录不存在！" });
  });
});
