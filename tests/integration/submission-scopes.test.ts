import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, ProblemAuth } from "~/lib/constants";
import { JudgeStreams } from "~/lib/judge-protocol";
import { Submission } from "~/models/submission.server";
import { action as checkApi } from "~/routes/ojapi+/_submission+/check-submissions-status";
import { loader as lastAcApi } from "~/routes/ojapi+/_submission+/get-last-ac-code";
import { loader as detailApi } from "~/routes/ojapi+/_problem+/get-problem-detail";
import { action as statusApi } from "~/routes/ojapi+/_submission+/get-user-problem-status";
import { action as submitApi } from "~/routes/ojapi+/_submission+/submit-problem-judge";
import { action as testApi } from "~/routes/ojapi+/_submission+/submit-problem-test-judge";
import { action as problemAction } from "~/routes/problem+/$problemId";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis, redis, rkey } from "~/services/platform/redis.server";
import { createSubmission } from "~/services/submission/submissions.server";
import { createUser } from "~/services/account/users.server";
import { announceJudge, body, call, makeProblem, makeSubmission, req } from "../fixtures/learner";

// Groups do not exist yet: every call that takes a group id refuses one; a contest or a training
// is asked through its own scope (a made-up one is not found). The problem's visibility
// is checked for every submission, so a learner cannot judge (or read through a submission) a
// private problem by naming a made-up contest.

type User = Awaited<ReturnType<typeof createUser>>;
type ApiBody = { status: number; msg: string; data: unknown };

let learner: User;
let open: Awaited<ReturnType<typeof makeProblem>>;
let hidden: Awaited<ReturnType<typeof makeProblem>>;
let contestOnly: Awaited<ReturnType<typeof makeProblem>>;

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  await announceJudge(["C", "C++", "Python3"]);
  learner = await createUser({ username: "scoped", password: "secret123", email: "scoped@example.test" });
  open = await makeProblem({ _id: 500, problemId: "OPEN500" });
  hidden = await makeProblem({ _id: 501, problemId: "HIDDEN501", auth: ProblemAuth.PRIVATE, title: "Hidden" });
  contestOnly = await makeProblem({ _id: 502, problemId: "CONTEST502", auth: ProblemAuth.CONTEST, title: "Contest only" });
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

const tasks = async () => (await redis().xlen(rkey(JudgeStreams.normalTasks))) + (await redis().xlen(rkey(JudgeStreams.contestTasks)));
const submit = async (json: Record<string, unknown>, lang = "en") => call(submitApi, await req("/ojapi/submit-problem-judge", { uid: learner._id, json, lang }));

describe("submitting", () => {
  it("refuses an unknown contest, training or group (404) with a translated message and stores nothing", async () => {
    const before = { subs: await Submission.countDocuments(), tasks: await tasks() };
    const base = { pid: open._id, language: "C++", code: "int main(){}" };
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ cid: 1 }, 404, "The contest does not exist!", "该比赛不存在！"],
      [{ tid: 4 }, 404, "The training does not exist or is not shown!", "该训练不存在或不允许显示！"],
      [{ gid: 7 }, 404, "The group does not exist!", "该团队不存在！"],
    ];
    for (const [scope, status, en, zh] of cases) {
      const res = await submit({ ...base, ...scope });
      expect(res.status, JSON.stringify(scope)).toBe(status);
      expect((await body<ApiBody>(res)).msg).toBe(en);
      expect((await body<ApiBody>(await submit({ ...base, ...scope }, "zh-CN"))).msg).toBe(zh);
    }
    // A made-up contest around a hidden problem says nothing about the problem either.
    const hiddenInContest = await submit({ ...base, pid: hidden._id, cid: 1 });
    expect(hiddenInContest.status).toBe(404);
    expect((await body<ApiBody>(hiddenInContest)).msg).toBe("The contest does not exist!");
    expect(await Submission.countDocuments()).toBe(before.subs);
    expect(await tasks()).toBe(before.tasks);
  });

  it("accepts what HOJ's client sends for the problem bank: cid 0, tid and gid null", async () => {
    const res = await submit({ pid: open._id, language: "C++", code: "int main(){}", cid: 0, tid: null, gid: null, isRemote: false });
    expect(res.status).toBe(200);
    const data = (await body<{ data: { submitId: number; cid: number; tid: number; gid: number | null } }>(res)).data;
    expect(data).toMatchObject({ cid: 0, tid: 0, gid: null });
    expect(await Submission.exists({ _id: data.submitId })).not.toBeNull();
  });

  it("checks the problem's visibility for every submission: private and contest problems are not found", async () => {
    const before = await Submission.countDocuments();
    for (const p of [hidden, contestOnly]) {
      const res = await submit({ pid: p._id, language: "C++", code: "int main(){}", cid: 0 });
      expect(res.status).toBe(404);
      expect((await body<ApiBody>(res)).msg).toBe("The problem does not exist");
    }
    await expect(createSubmission(learner, { pid: hidden._id, language: "C++", code: "x", cid: 0, tid: 0 })).rejects.toMatchObject({ kind: "notFound" });
    expect(await Submission.countDocuments()).toBe(before);
  });

  it("the problem page's form refuses a hidden problem too", async () => {
    const res = await call(problemAction, await req("/problem/hidden501", { uid: learner._id, form: { language: "C++", code: "int main(){}" } }), { problemId: "hidden501" });
    expect(res.status).toBe(404);
  });
});

describe("other calls that take a contest or group", () => {
  it("the self-test refuses a group or a contest that does not exist", async () => {
    const good = { pid: open._id, language: "C++", code: "int main(){}", userInput: "1 2", type: "public" };
    for (const [json, status, msg] of [
      [{ type: "contest" }, 404, "The contest does not exist!"],
      [{ type: "contest", cid: 3 }, 404, "The contest does not exist!"],
      [{ type: "group" }, 404, "The group does not exist!"],
      [{ type: "group", gid: 6 }, 404, "The group does not exist!"],
    ] as const) {
      const res = await call(testApi, await req("/ojapi/submit-problem-test-judge", { uid: learner._id, json: { ...good, ...json } }));
      expect(res.status).toBe(status);
      expect((await body<ApiBody>(res)).msg).toBe(msg);
    }
    expect(await redis().xlen(rkey(JudgeStreams.testTasks))).toBe(0);
  });

  it("the last accepted code refuses a contest that does not exist and checks visibility", async () => {
    await makeSubmission(learner, hidden, { _id: 9001, status: JudgeStatus.ACCEPTED, code: "secret solution" });
    await makeSubmission(learner, open, { _id: 9002, status: JudgeStatus.ACCEPTED, code: "open solution" });
    const inContest = await call(lastAcApi, await req(`/ojapi/get-last-ac-code?pid=${open._id}&cid=3`, { uid: learner._id }));
    expect(inContest.status).toBe(404);
    expect((await body<ApiBody>(inContest)).msg).toBe("The contest does not exist!");
    expect((await call(lastAcApi, await req(`/ojapi/get-last-ac-code?pid=${hidden._id}`, { uid: learner._id }))).status).toBe(404);
    const ok = await body<{ data: { code: string } }>(await call(lastAcApi, await req(`/ojapi/get-last-ac-code?pid=${open._id}&cid=0`, { uid: learner._id })));
    expect(ok.data.code).toBe("open solution");
  });

  it("the user's problem status refuses a contest or a group that does not exist", async () => {
    const inContest = await call(statusApi, await req("/ojapi/get-user-problem-status", { uid: learner._id, json: { pidList: [open._id], isContestProblemList: true, cid: 5 } }));
    expect(inContest.status).toBe(404);
    const inGroup = await call(statusApi, await req("/ojapi/get-user-problem-status", { uid: learner._id, json: { pidList: [open._id], isContestProblemList: false, gid: 2 } }));
    expect(inGroup.status).toBe(404);
    expect((await body<ApiBody>(inGroup)).msg).toBe("The group does not exist!");
    const plain = await body<{ data: Record<string, { status: number }> }>(
      await call(statusApi, await req("/ojapi/get-user-problem-status", { uid: learner._id, json: { pidList: [open._id], isContestProblemList: false } })),
    );
    expect(plain.data[open._id].status).toBe(JudgeStatus.ACCEPTED);
  });

  it("the problem detail refuses a group, and the submission status check a contest, that does not exist", async () => {
    const detail = await call(detailApi, await req(`/ojapi/get-problem-detail?problemId=${open.problemId}&gid=3`));
    expect(detail.status).toBe(404);
    expect((await call(detailApi, await req(`/ojapi/get-problem-detail?problemId=${open.problemId}`))).status).toBe(200);
    const check = await call(checkApi, await req("/ojapi/check-submissions-status", { uid: learner._id, json: { submitIds: [9002], cid: 4 } }));
    expect(check.status).toBe(404);
    const ok = await body<{ data: Record<string, unknown> }>(await call(checkApi, await req("/ojapi/check-submissions-status", { json: { submitIds: [9002], cid: 0 } })));
    expect(Object.keys(ok.data)).toEqual(["9002"]);
  });
});
