import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { Submission } from "~/models/submission.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { listSubmissions, parseSubmissionListQuery, subtaskRows } from "~/services/submission/views.server";
import { createUser } from "~/services/account/users.server";
import { loader as listApi } from "~/routes/ojapi+/_submission+/get-submission-list";
import { loader as detailApi } from "~/routes/ojapi+/_submission+/get-submission-detail";
import { loader as casesApi } from "~/routes/ojapi+/_submission+/get-all-case-result";
import { loader as resubmitApi } from "~/routes/ojapi+/_submission+/resubmit";
import { action as shareApi } from "~/routes/ojapi+/_submission+/submission";
import { action as submitApi } from "~/routes/ojapi+/_submission+/submit-problem-judge";
import { loader as lastAcApi } from "~/routes/ojapi+/_submission+/get-last-ac-code";
import { action as problemAction } from "~/routes/problem+/$problemId";
import { loader as statusPage } from "~/routes/_submission+/status";
import { action as detailAction, loader as detailPage } from "~/routes/_submission+/submission-detail.$submitId";
import { body, call, makeProblem, makeSubmission, req } from "../fixtures/learner";

type User = Awaited<ReturnType<typeof createUser>>;
type ListBody = { status: number; msg: string; data: { records: Array<{ submitId: number; username: string; status: number; displayPid: string }>; total: number; size: number; current: number } };
type DetailBody = { status: number; msg: string; data: { submission: { submitId: number; code: string | null; share: boolean; status: number }; codeShare: boolean } };

let alice: User;
let bob: User;
let admin: User;
let open: ProblemDoc;
let closed: ProblemDoc;
let subtask: ProblemDoc;

const q = (o: Record<string, unknown> = {}) => parseSubmissionListQuery(o);

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  alice = await createUser({ username: "Alice", password: "secret123", email: "alice@example.test" });
  bob = await createUser({ username: "bob", password: "secret123", email: "bob@example.test" });
  admin = await createUser({ username: "boss", password: "secret123", email: "boss@example.test", role: Role.ADMIN });
  open = await makeProblem({ _id: 100, problemId: "OPEN1", title: "Open", codeShare: true });
  closed = await makeProblem({ _id: 101, problemId: "CLOSED1", title: "Closed", codeShare: false, openCaseResult: false });
  subtask = await makeProblem({ _id: 102, problemId: "SUB1", title: "Subtasks", type: 1, judgeCaseMode: "subtask_lowest" });
  // 20 by alice on OPEN1 (ids 1..20, every 4th wrong), 3 by bob on CLOSED1, 1 contest and 1 group submission.
  for (let i = 1; i <= 20; i++) await makeSubmission(alice, open, { _id: i, status: i % 4 === 0 ? JudgeStatus.WRONG_ANSWER : JudgeStatus.ACCEPTED });
  for (let i = 21; i <= 23; i++) await makeSubmission(bob, closed, { _id: i, status: JudgeStatus.COMPILE_ERROR, errorMessage: "main.cpp:1: error" });
  await makeSubmission(alice, open, { _id: 24, cid: 3, share: true });
  await makeSubmission(alice, open, { _id: 25, gid: 7 });
  await makeSubmission(alice, subtask, {
    _id: 26,
    status: JudgeStatus.PARTIAL_ACCEPTED,
    score: 30,
    caseResults: [
      { index: 1, status: 0, time: 5, memory: 100, score: 30, groupNum: 1, inputData: "1.in", outputData: "1.out", userOutput: "ok", message: "" },
      { index: 2, status: 0, time: 7, memory: 120, score: 30, groupNum: 1, inputData: "2.in", outputData: "2.out", userOutput: "ok", message: "" },
      { index: 3, status: -1, time: 3, memory: 90, score: 0, groupNum: 2, inputData: "3.in", outputData: "3.out", userOutput: "bad", message: "wrong" },
    ],
  });
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("the status list", () => {
  it("shows public submissions newest first, 15 a page, without contest or group ones", async () => {
    const first = await listSubmissions(q(), null);
    expect(first.size).toBe(15);
    expect(first.total).toBe(24);
    expect(first.records[0].submitId).toBe(26);
    expect(first.records.map((r) => r.submitId)).not.toContain(25);
    const second = await listSubmissions(q({ currentPage: "2" }), null);
    expect(second.records.map((r) => r.submitId)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(second.records.map((r) => r.submitId)).not.toContain(24);
  });

  it("filters by status, problem id (any case) and author (any case)", async () => {
    expect((await listSubmissions(q({ status: "-1" }), null)).records.map((r) => r.submitId)).toEqual([20, 16, 12, 8, 4]);
    expect((await listSubmissions(q({ problemID: "closed1" }), null)).records.map((r) => r.submitId)).toEqual([23, 22, 21]);
    expect((await listSubmissions(q({ username: "BOB" }), null)).total).toBe(3);
    expect((await listSubmissions(q({ username: "nobody" }), null)).total).toBe(0);
    expect((await listSubmissions(q({ problemID: "NOPE" }), null)).records).toEqual([]);
  });

  it("Mine needs login and ignores the author filter", async () => {
    await expect(listSubmissions(q({ onlyMine: "true" }), null)).rejects.toMatchObject({ kind: "unauthenticated" });
    const mine = await listSubmissions(q({ onlyMine: "true", username: "alice" }), bob);
    expect(mine.records.map((r) => r.submitId)).toEqual([23, 22, 21]);

    const denied = await call(listApi, await req("/ojapi/get-submission-list?onlyMine=true"));
    expect(denied.status).toBe(401);
    expect((await body(denied)).msg).toBe("Please login first!");
    const ok = await body<ListBody>(await call(listApi, await req("/ojapi/get-submission-list?onlyMine=true&limit=2", { uid: bob._id })));
    expect(ok.data).toMatchObject({ total: 3, size: 2, current: 1 });
    expect(ok.data.records[0]).toMatchObject({ submitId: 23, username: "bob", displayPid: "CLOSED1", status: -2 });
    expect(ok.data.records[0]).not.toHaveProperty("code");

    // The page says "Please login first" and lists nobody's submissions, on any page.
    for (const path of ["/status?onlyMine=true", "/status?onlyMine=true&currentPage=2", "/status?onlyMine=true&username=alice"]) {
      const page = await body<{ notice: string | null; query: { onlyMine: boolean }; page: { total: number; records: unknown[] } }>(await call(statusPage, await req(path)));
      expect(page.notice).toBe("Please login first!");
      expect(page.query.onlyMine).toBe(true);
      expect(page.page).toMatchObject({ total: 0, records: [] });
    }
  });
});

describe("code visibility (spec section 6)", () => {
  const detail = async (id: number, uid?: string) => body<DetailBody>(await call(detailApi, await req(`/ojapi/get-submission-detail?submitId=${id}`, { uid })));

  it("needs login", async () => {
    const res = await call(detailApi, await req("/ojapi/get-submission-detail?submitId=1"));
    expect(res.status).toBe(401);
    const page = await call(detailPage, await req("/submission-detail/1"), { submitId: "1" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toContain("/home?login=1");
  });

  it("shows the code to its owner and admins, to others only when shared on a problem that allows it", async () => {
    expect((await detail(1, alice._id)).data.submission.code).toContain("submission 1");
    expect((await detail(1, bob._id)).data.submission.code).toBeNull();
    expect((await detail(1, admin._id)).data.submission.code).toContain("submission 1");
    await Submission.updateOne({ _id: 1 }, { $set: { share: true } });
    const shared = await detail(1, bob._id);
    expect(shared.data.submission.code).toContain("submission 1");
    expect(shared.data.codeShare).toBe(true);
    // Shared on a problem that forbids sharing: hidden.
    await Submission.updateOne({ _id: 21 }, { $set: { share: true } });
    expect((await detail(21, alice._id)).data.submission.code).toBeNull();
    // A compile error's message quotes the code: it follows the same rule.
    expect((await detail(21, bob._id)).data.submission).toMatchObject({ errorMessage: "main.cpp:1: error" });
    expect((await detail(21, alice._id)).data.submission).toMatchObject({ errorMessage: null });
  });

  it("never shows a contest submission to others here, shared or not", async () => {
    expect((await call(detailApi, await req("/ojapi/get-submission-detail?submitId=24", { uid: bob._id }))).status).toBe(404);
    expect((await detail(24, alice._id)).data.submission.code).not.toBeNull();
  });

  it("renders highlighted code on the server for those who may read it", async () => {
    const mine = await body<{ codeHtml: string | null }>(await call(detailPage, await req("/submission-detail/2", { uid: alice._id }), { submitId: "2" }));
    expect(mine.codeHtml).toContain('<span class="token keyword">int</span>');
    const other = await body<{ codeHtml: string | null }>(await call(detailPage, await req("/submission-detail/2", { uid: bob._id }), { submitId: "2" }));
    expect(other.codeHtml).toBeNull();
  });
});

describe("case results", () => {
  it("lists cases, or subtasks in subtask modes, when the problem opens them", async () => {
    const b = await body<{ data: { judgeCaseMode: string; subTaskJudgeCaseVoList: Array<{ groupNum: number; status: number; ac: number; total: number; score: number; time: number }> } }>(
      await call(casesApi, await req("/ojapi/get-all-case-result?submitId=26", { uid: bob._id })),
    );
    expect(b.data.judgeCaseMode).toBe("subtask_lowest");
    expect(b.data.subTaskJudgeCaseVoList.map((g) => ({ g: g.groupNum, s: g.status, ac: g.ac, total: g.total, score: g.score, time: g.time }))).toEqual([
      { g: 1, s: 0, ac: 2, total: 2, score: 30, time: 7 },
      { g: 2, s: -1, ac: 0, total: 1, score: 0, time: 3 },
    ]);
    // Someone else's output stays private.
    const rows = (b.data.subTaskJudgeCaseVoList[0] as unknown as { subtaskDetailList: Array<{ userOutput: string | null }> }).subtaskDetailList;
    expect(rows[0].userOutput).toBeNull();
    const averaged = subtaskRows("subtask_average", [
      { caseId: 1, groupNum: 1, status: 0, score: 10, time: 1, memory: 1 },
      { caseId: 2, groupNum: 1, status: -1, score: 0, time: 1, memory: 1 },
    ] as never);
    expect(averaged[0]).toMatchObject({ score: 5, status: -1, ac: 1 });
  });

  it("are closed when the problem says so (except to admins)", async () => {
    const closedRes = await body<{ data: unknown }>(await call(casesApi, await req("/ojapi/get-all-case-result?submitId=21", { uid: bob._id })));
    expect(closedRes.data).toBeNull();
    const asAdmin = await body<{ data: { judgeCaseMode: string } }>(await call(casesApi, await req("/ojapi/get-all-case-result?submitId=21", { uid: admin._id })));
    expect(asAdmin.data.judgeCaseMode).toBe("default");
  });
});

describe("share, resubmit, submit", () => {
  it("lets only the owner share and unshare; never contest submissions or problems that forbid it", async () => {
    const share = async (id: number, uid: string, value: boolean) =>
      call(shareApi, await req("/ojapi/submission", { uid, method: "PUT", json: { submitId: id, share: value } }));
    const ok = await share(3, alice._id, true);
    expect((await body<DetailBody>(ok)).data).toMatchObject({ share: true });
    expect((await Submission.findById(3).lean())?.share).toBe(true);
    expect((await share(3, bob._id, false)).status).toBe(403);
    expect((await share(24, alice._id, true)).status).toBe(400);
    const forbidden = await share(22, bob._id, true);
    expect(forbidden.status).toBe(400);
    expect((await body(forbidden)).msg).toBe("This problem does not allow sharing code");
    expect((await share(3, alice._id, false)).status).toBe(200);
    expect((await Submission.findById(3).lean())?.share).toBe(false);

    // The page's form does the same and comes back with a message.
    const res = await call(detailAction, await req("/submission-detail/5", { uid: alice._id, form: { intent: "share" } }), { submitId: "5" });
    expect(res.status).toBe(302);
    expect((await Submission.findById(5).lean())?.share).toBe(true);
  });

  it("resubmits the same submission (next attempt, Pending) only after a failed judging, for its owner or a super admin", async () => {
    const root = await createUser({ username: "rootish", password: "secret123", email: "rootish@example.test", role: Role.SUPER_ADMIN });
    await makeSubmission(alice, open, { _id: 40, status: JudgeStatus.SYSTEM_ERROR, errorMessage: "sandbox gone", attempt: 1, judger: "j1", time: 5 });
    await makeSubmission(alice, open, { _id: 41, status: JudgeStatus.SUBMITTED_FAILED, attempt: 3 });
    const before = await Submission.countDocuments();
    const resub = async (id: number, uid?: string) => call(resubmitApi, await req(`/ojapi/resubmit?submitId=${id}`, { uid }));

    // Anything but a failed judging is refused, and nobody but the owner (or a super admin) may.
    const accepted = await resub(4, alice._id);
    expect(accepted.status).toBe(400);
    expect((await body(accepted)).msg).toBe("Only a submission whose judging failed (System Error or Submitted Failed) can be resubmitted");
    const notOwner = await resub(40, bob._id);
    expect(notOwner.status).toBe(403);
    expect((await body(notOwner)).msg).toBe("You can only resubmit your own submissions");
    expect((await resub(40)).status).toBe(401);
    expect(await Submission.findById(40).lean()).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, attempt: 1 });

    const b = await body<{ data: { submitId: number; status: number; code: string; time: number; judger: string } }>(await resub(40, alice._id));
    expect(b.data).toMatchObject({ submitId: 40, status: JudgeStatus.PENDING, time: 0, judger: "" });
    expect(b.data.code).toContain("submission 40");
    expect(await Submission.findById(40).lean()).toMatchObject({ status: JudgeStatus.PENDING, attempt: 2, errorMessage: "" });
    // Now pending: a second resubmit is refused.
    expect((await resub(40, alice._id)).status).toBe(400);

    const byRoot = await body<{ data: { submitId: number; status: number } }>(await resub(41, root._id));
    expect(byRoot.data).toMatchObject({ submitId: 41, status: JudgeStatus.PENDING });
    expect((await Submission.findById(41).lean())?.attempt).toBe(4);
    expect(await Submission.countDocuments()).toBe(before);
  });

  it("the detail page offers Resubmit only after a failed judging, and its form judges the same submission again", async () => {
    await makeSubmission(alice, open, { _id: 42, status: JudgeStatus.SYSTEM_ERROR });
    const rights = async (id: number, uid: string) => (await body<{ rights: { canResubmit: boolean } }>(await call(detailPage, await req(`/submission-detail/${id}`, { uid }), { submitId: String(id) }))).rights;
    expect((await rights(42, alice._id)).canResubmit).toBe(true);
    expect((await rights(42, bob._id)).canResubmit).toBe(false);
    expect((await rights(3, alice._id)).canResubmit).toBe(false);
    const refused = await call(detailAction, await req("/submission-detail/3", { uid: alice._id, form: { intent: "resubmit" } }), { submitId: "3" });
    expect(refused.headers.get("Location")).toBe("/submission-detail/3");
    expect((await Submission.findById(3).lean())?.attempt ?? 1).toBe(1);
    const res = await call(detailAction, await req("/submission-detail/42", { uid: alice._id, form: { intent: "resubmit" } }), { submitId: "42" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/submission-detail/42");
    expect(await Submission.findById(42).lean()).toMatchObject({ status: JudgeStatus.PENDING, attempt: 2 });
  });

  it("POST /ojapi/submit-problem-judge returns the stored submission with its submitId; bad input changes nothing", async () => {
    const before = await Submission.countDocuments();
    const bad = await call(submitApi, await req("/ojapi/submit-problem-judge", { uid: bob._id, json: { pid: open._id, language: "C++", code: "   " } }));
    expect(bad.status).toBe(400);
    expect((await body(bad)).msg).toBe("Code can not be empty");
    expect(await Submission.countDocuments()).toBe(before);
    const anon = await call(submitApi, await req("/ojapi/submit-problem-judge", { json: { pid: open._id, language: "C++", code: "x" } }));
    expect(anon.status).toBe(401);
    const ok = await body<{ data: { submitId: number; status: number; code: string; username: string } }>(
      await call(submitApi, await req("/ojapi/submit-problem-judge", { uid: bob._id, json: { pid: open._id, language: "C++", code: "int main(){}", cid: 0 } })),
    );
    expect(ok.data).toMatchObject({ status: JudgeStatus.PENDING, code: "int main(){}", username: "bob" });
    expect(await Submission.countDocuments()).toBe(before + 1);
  });

  it("the problem page's form: without JavaScript it redirects to the new submission; a refusal keeps the code", async () => {
    const code = "#include <cstdio>\nint main(){return 0;}";
    const refused = await call(problemAction, await req("/problem/open1", { form: { language: "C++", code } }), { problemId: "open1" });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ ok: false, code, language: "C++", errors: { _form: "Please login first!" } });
    const badLang = await call(problemAction, await req("/problem/open1", { uid: bob._id, form: { language: "Brainfuck", code } }), { problemId: "open1" });
    expect(badLang.status).toBe(400);
    expect(await badLang.json()).toMatchObject({ ok: false, code });
    const noJs = await call(problemAction, await req("/problem/open1", { uid: bob._id, form: { language: "C++", code } }), { problemId: "open1" });
    expect(noJs.status).toBe(302);
    const id = Number(noJs.headers.get("Location")!.split("/").pop());
    expect((await Submission.findById(id).lean())?.code).toBe(code);
    const withJs = await call(problemAction, await req("/problem/open1", { uid: bob._id, form: { language: "C++", code, js: "1" } }), { problemId: "open1" });
    expect(await withJs.json()).toMatchObject({ ok: true, submitId: id + 1 });
  });

  it("gives the last accepted code only after solving (spec section 5)", async () => {
    const none = await call(lastAcApi, await req(`/ojapi/get-last-ac-code?pid=${closed._id}`, { uid: bob._id }));
    expect(none.status).toBe(400);
    expect((await body(none)).msg).toBe("You haven't passed the problem so you cannot get the code passed recently");
    const mine = await body<{ data: { code: string; language: string } }>(await call(lastAcApi, await req(`/ojapi/get-last-ac-code?pid=${open._id}`, { uid: alice._id })));
    // The latest accepted one outside contests (25 was sent from a group page).
    expect(mine.data).toEqual({ code: expect.stringContaining("submission 25"), language: "C++" });
    expect((await call(lastAcApi, await req(`/ojapi/get-last-ac-code?pid=${open._id}`))).status).toBe(401);
    await Problem.updateOne({ _id: closed._id }, { $set: { auth: 2 } });
    expect((await call(lastAcApi, await req(`/ojapi/get-last-ac-code?pid=${closed._id}`, { uid: bob._id }))).status).toBe(404);
  });
});
