import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, ProblemType, Role } from "~/lib/constants";
import { BoardRow, boardRowKey } from "~/models/contest-board.server";
import { Submission } from "~/models/submission.server";
import * as adminContest from "~/routes/ojapi+/admin+/contest._index";
import * as addProblem from "~/routes/ojapi+/admin+/contest.add-problem-from-public";
import * as checkStatuses from "~/routes/ojapi+/_submission+/check-submissions-status";
import * as lastAc from "~/routes/ojapi+/_submission+/get-last-ac-code";
import * as outsideInfo from "~/routes/ojapi+/_contest+/get-contest-outsize-info";
import * as problemStatus from "~/routes/ojapi+/_submission+/get-user-problem-status";
import * as register from "~/routes/ojapi+/_contest+/register-contest";
import * as selfTest from "~/routes/ojapi+/_submission+/submit-problem-test-judge";
import * as submit from "~/routes/ojapi+/_submission+/submit-problem-judge";
import * as problemPage from "~/routes/contest+/$contestId.problem.$displayId";
import * as frameDetail from "~/routes/contest+/$contestId.problem.$displayId_.submission-detail.$submitId";
import * as rankPage from "~/routes/contest+/$contestId.rank";
import { runningBoardRebuild } from "~/services/contest/board.server";
import { createUser } from "~/services/account/users.server";
import { applyJudgeEvents } from "~/services/judging/apply.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis, redis, rkey } from "~/services/platform/redis.server";
import { allowManySubmissions, finalMessage } from "./support/judging";
import { announceJudge, body, call, makeProblem, req } from "../fixtures/learner";

// A contest's own pages and calls around one submission: the submission detail in the contest's
// frame, the problem page's "My Submission" tab, and the calls HOJ's client makes from a contest's
// problem page with a cid (last accepted code, statuses, the status check, the self-test), each
// decided by the contest and its seal, refusals by direct request. And an ACM-type problem in an
// OI contest scoring full marks on the board.

type User = Awaited<ReturnType<typeof createUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Api = { status: number; msg: string; data: any };

let root: User;
let learner: User;
let other: User;
const hour = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
let nextProblem = 1300;

async function api(route: { loader?: unknown; action?: unknown }, path: string, o: { uid?: string; method?: string; json?: unknown } = {}) {
  const fn = o.method && o.method !== "GET" ? route.action : (route.loader ?? route.action);
  const res = await call(fn, await req(`/ojapi/${path}`, o));
  return { res, body: res.headers.get("Content-Type")?.includes("json") ? await body<Api>(res) : null };
}

async function page(fn: unknown, path: string, uid: string | null, params: Record<string, string>, o: { method?: string; form?: Record<string, string> } = {}) {
  return call(fn, await req(path, { uid: uid ?? undefined, method: o.method, form: o.form }), params);
}

/** A running contest of `type` (sealed from its start when asked) with problems A (and B); its id and the problems' ids. */
async function contestWith(type: number, o: { sealed?: boolean; auth?: number; problemType?: number } = {}) {
  const made = await api(adminContest, "admin/contest", {
    uid: root._id,
    method: "POST",
    json: {
      title: `Frame ${type}`,
      description: "A contest around its submissions.",
      type,
      auth: o.auth ?? 0,
      pwd: o.auth ? "letmein" : "",
      startTime: iso(-hour),
      endTime: iso(hour),
      sealRank: !!o.sealed,
      sealRankTime: o.sealed ? iso(-hour) : undefined,
      autoRealRank: true,
      openRank: true,
      rankShowName: "username",
      starAccount: [],
      oiRankScoreType: "Recent",
      awardType: 0,
      visible: true,
    },
  });
  expect(made.res.status, made.body?.msg).toBe(200);
  const cid = made.body?.data.id as number;
  const a = await makeProblem({ _id: nextProblem, problemId: `FR${nextProblem++}`, type: o.problemType ?? type });
  const b = await makeProblem({ _id: nextProblem, problemId: `FR${nextProblem++}`, type });
  for (const [p, displayId] of [[a, "A"], [b, "B"]] as const) {
    expect((await api(addProblem, "admin/contest/add-problem-from-public", { uid: root._id, method: "POST", json: { cid, pid: p._id, displayId } })).res.status).toBe(200);
  }
  return { cid, a: a._id, b: b._id };
}

async function submitAndJudge(uid: string, cid: number, displayId: string, verdict: { status: number; score?: number }) {
  const sent = await api(submit, "submit-problem-judge", { uid, method: "POST", json: { pid: displayId, cid, language: "C++", code: `int main(){ /* ${displayId} ${verdict.status} */ }` } });
  expect(sent.res.status, sent.body?.msg).toBe(200);
  const s = (await Submission.findById(sent.body?.data.submitId).lean())!;
  await applyJudgeEvents(s._id, [{ kind: "result", msg: finalMessage(s, { status: verdict.status, score: verdict.score ?? 0, time: 10, memory: 1024 }) }]);
  return s._id;
}

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  await announceJudge(["C++"]);
  await allowManySubmissions();
  root = await createUser({ username: "frame-root", password: "secret123", email: "frame-root@example.test", role: Role.SUPER_ADMIN });
  learner = await createUser({ username: "frame-learner", password: "secret123", email: "frame-learner@example.test" });
  other = await createUser({ username: "frame-other", password: "secret123", email: "frame-other@example.test" });
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("the submission detail in the contest's frame", () => {
  it("shows the contest's view of the submission, hides what the seal hides, and keeps the problem link in the contest", async () => {
    const { cid } = await contestWith(1, { sealed: true });
    const submitId = await submitAndJudge(learner._id, cid, "A", { status: JudgeStatus.ACCEPTED, score: 100 });
    const params = { contestId: String(cid), displayId: "A", submitId: String(submitId) };
    const path = `/contest/${cid}/problem/A/submission-detail/${submitId}`;

    const mine = await page(frameDetail.loader, path, learner._id, params);
    expect(mine.status).toBe(200);
    const data = (await mine.json()) as { cid: number; displayId: string; submission: { status: number; score: number | null; code: string | null }; problemTitle: string };
    expect(data).toMatchObject({ cid, displayId: "A" });
    // An OI contestant's own result after the seal: "Submitted Unknown Result", the code shown.
    expect(data.submission).toMatchObject({ status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, score: null });
    expect(data.submission.code).toContain("int main");

    const admin = (await (await page(frameDetail.loader, path, root._id, params)).json()) as { submission: { status: number; score: number } };
    expect(admin.submission).toMatchObject({ status: JudgeStatus.ACCEPTED, score: 100 });

    // Another contestant sees the row, neither result nor code.
    const others = (await (await page(frameDetail.loader, path, other._id, params)).json()) as { submission: { status: number; code: string | null } };
    expect(others.submission).toMatchObject({ status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, code: null });
  });

  it("is not found under another problem, another contest or a malformed id, and sends a visitor to log in", async () => {
    const { cid } = await contestWith(0);
    const { cid: elsewhere } = await contestWith(0);
    const submitId = await submitAndJudge(learner._id, cid, "A", { status: JudgeStatus.WRONG_ANSWER });
    const at = (c: number, d: string, s: string) => page(frameDetail.loader, `/contest/${c}/problem/${d}/submission-detail/${s}`, learner._id, { contestId: String(c), displayId: d, submitId: s });
    expect((await at(cid, "A", String(submitId))).status).toBe(200);
    expect((await at(cid, "B", String(submitId))).status).toBe(404);
    expect((await at(cid, "Z", String(submitId))).status).toBe(404);
    expect((await at(elsewhere, "A", String(submitId))).status).toBe(404);
    expect((await at(cid, "A", "abc")).status).toBe(404);
    expect((await at(cid, "A", "999999")).status).toBe(404);
    const visitor = await page(frameDetail.loader, `/contest/${cid}/problem/A/submission-detail/${submitId}`, null, { contestId: String(cid), displayId: "A", submitId: String(submitId) });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toContain("login=1");
  });

  it("refuses a private contest's submission to one who has not registered, and a resubmit of a judged one", async () => {
    const { cid } = await contestWith(0, { auth: 1 });
    expect((await api(register, "register-contest", { uid: learner._id, method: "POST", json: { cid, password: "letmein" } })).res.status).toBe(200);
    const submitId = await submitAndJudge(learner._id, cid, "A", { status: JudgeStatus.WRONG_ANSWER });
    const params = { contestId: String(cid), displayId: "A", submitId: String(submitId) };
    const path = `/contest/${cid}/problem/A/submission-detail/${submitId}`;
    expect((await page(frameDetail.loader, path, other._id, params)).status).toBe(404);

    const attempt = (await Submission.findById(submitId).lean())!.attempt;
    const resubmitted = await page(frameDetail.action, path, learner._id, params, { method: "POST", form: { intent: "resubmit" } });
    expect(resubmitted.status).toBe(302);
    expect(resubmitted.headers.get("Location")).toBe(path);
    expect((await Submission.findById(submitId).lean())!).toMatchObject({ attempt, status: JudgeStatus.WRONG_ANSWER });
    expect((await page(frameDetail.action, path, learner._id, params, { method: "POST", form: { intent: "share" } })).status).toBe(400);
    expect((await page(frameDetail.action, path, other._id, params, { method: "POST", form: { intent: "resubmit" } })).status).toBe(404);
  });
});

describe("the contest problem page's My Submission tab", () => {
  it("lists only the viewer's own submissions of that problem in that contest, with the seal's hidden results", async () => {
    const { cid } = await contestWith(1, { sealed: true });
    const a1 = await submitAndJudge(learner._id, cid, "A", { status: JudgeStatus.ACCEPTED, score: 100 });
    const a2 = await submitAndJudge(learner._id, cid, "A", { status: JudgeStatus.WRONG_ANSWER });
    await submitAndJudge(learner._id, cid, "B", { status: JudgeStatus.ACCEPTED, score: 100 });
    await submitAndJudge(other._id, cid, "A", { status: JudgeStatus.ACCEPTED, score: 100 });
    const params = { contestId: String(cid), displayId: "A" };
    const res = await page(problemPage.loader, `/contest/${cid}/problem/A?tab=mine`, learner._id, params);
    expect(res.status).toBe(200);
    const data = (await res.json()) as { tab: string; mine: { total: number; size: number; records: Array<{ submitId: number; status: number; score: number | null }> } };
    expect(data.tab).toBe("mine");
    expect(data.mine.size).toBe(10);
    expect(data.mine.records.map((r) => r.submitId)).toEqual([a2, a1]);
    expect(data.mine.records.every((r) => r.status === JudgeStatus.SUBMITTED_UNKNOWN_RESULT && r.score === null)).toBe(true);

    const admin = (await (await page(problemPage.loader, `/contest/${cid}/problem/A?tab=mine`, root._id, params)).json()) as { mine: { records: unknown[] } };
    expect(admin.mine.records).toEqual([]);
    const plain = (await (await page(problemPage.loader, `/contest/${cid}/problem/A`, learner._id, params)).json()) as { tab: string; mine: unknown };
    expect(plain).toMatchObject({ tab: "description", mine: null });
    const page2 = (await (await page(problemPage.loader, `/contest/${cid}/problem/A?tab=mine&currentPage=2`, learner._id, params)).json()) as { mine: { records: unknown[]; current: number } };
    expect(page2.mine).toMatchObject({ records: [], current: 2 });
  });
});

describe("HOJ's calls with a cid from a contest's problem page", () => {
  it("answer for a contest the viewer may enter and refuse others with the contest's refusal", async () => {
    const { cid, a, b } = await contestWith(0, { auth: 1 });
    const { cid: otherContest } = await contestWith(0);
    expect((await api(register, "register-contest", { uid: learner._id, method: "POST", json: { cid, password: "letmein" } })).res.status).toBe(200);
    const accepted = await submitAndJudge(learner._id, cid, "A", { status: JudgeStatus.ACCEPTED });
    const outside = await submitAndJudge(learner._id, otherContest, "A", { status: JudgeStatus.ACCEPTED });

    const code = await api(lastAc, `get-last-ac-code?pid=${a}&cid=${cid}`, { uid: learner._id });
    expect(code.res.status, code.body?.msg).toBe(200);
    expect(code.body?.data).toMatchObject({ language: "C++" });
    expect(code.body?.data.code).toContain("A 0");
    const none = await api(lastAc, `get-last-ac-code?pid=${b}&cid=${cid}`, { uid: learner._id });
    expect(none.res.status).toBe(400);
    expect(none.body?.msg).toBe("You haven't passed the problem so you cannot get the code passed recently");
    const notInContest = await api(lastAc, `get-last-ac-code?pid=999999&cid=${cid}`, { uid: learner._id });
    expect(notInContest.res.status).toBe(404);
    const unregistered = await api(lastAc, `get-last-ac-code?pid=${a}&cid=${cid}`, { uid: other._id });
    expect(unregistered.res.status).toBe(403);
    expect(unregistered.body?.msg).toBe("Please enter the contest password first!");
    expect((await api(lastAc, `get-last-ac-code?pid=${a}&cid=999999`, { uid: learner._id })).res.status).toBe(404);

    const statuses = await api(problemStatus, "get-user-problem-status", { uid: learner._id, method: "POST", json: { pidList: [a, b], isContestProblemList: true, cid } });
    expect(statuses.res.status, statuses.body?.msg).toBe(200);
    expect(statuses.body?.data).toEqual({ [a]: { status: JudgeStatus.ACCEPTED, score: expect.anything() }, [b]: { status: JudgeStatus.NOT_SUBMITTED, score: null } });
    expect((await api(problemStatus, "get-user-problem-status", { uid: other._id, method: "POST", json: { pidList: [a], cid } })).body?.msg).toBe("Please enter the contest password first!");

    const polled = await api(checkStatuses, "check-submissions-status", { uid: learner._id, method: "POST", json: { submitIds: [accepted, outside], cid } });
    expect(polled.res.status, polled.body?.msg).toBe(200);
    expect(Object.keys(polled.body?.data)).toEqual([String(accepted)]);
    expect(polled.body?.data[String(accepted)]).toMatchObject({ status: JudgeStatus.ACCEPTED, score: null });
    const refused = await api(checkStatuses, "check-submissions-status", { uid: other._id, method: "POST", json: { submitIds: [accepted], cid } });
    expect(refused.res.status).toBe(403);
    expect(refused.body?.msg).toBe("Please enter the contest password first!");
    expect((await api(checkStatuses, "check-submissions-status", { method: "POST", json: { submitIds: [accepted], cid } })).res.status).toBe(401);

    const tested = await api(selfTest, "submit-problem-test-judge", { uid: learner._id, method: "POST", json: { pid: a, cid, type: "contest", language: "C++", code: "int main(){}", userInput: "1 2" } });
    expect(tested.res.status, tested.body?.msg).toBe(200);
    expect(tested.body?.data).toMatch(/^[a-f0-9]{32}$/);
    const notHere = await api(selfTest, "submit-problem-test-judge", { uid: other._id, method: "POST", json: { pid: a, cid, type: "contest", language: "C++", code: "int main(){}" } });
    expect(notHere.res.status).toBe(403);
    expect(notHere.body?.msg).toBe("Please enter the contest password first!");
    const noCid = await api(selfTest, "submit-problem-test-judge", { uid: learner._id, method: "POST", json: { pid: a, type: "contest", language: "C++", code: "int main(){}" } });
    expect(noCid.res.status).toBe(404);
    const notItsProblem = await api(selfTest, "submit-problem-test-judge", { uid: learner._id, method: "POST", json: { pid: 999999, cid, type: "contest", language: "C++", code: "int main(){}" } });
    expect(notItsProblem.res.status).toBe(404);
    expect(notItsProblem.body?.msg).toBe("The problem does not exist in this contest!");
  });

  it("keep an OI contestant's accepted code hidden while the seal hides the verdict", async () => {
    const { cid, a } = await contestWith(1, { sealed: true });
    await submitAndJudge(learner._id, cid, "A", { status: JudgeStatus.ACCEPTED, score: 100 });
    const code = await api(lastAc, `get-last-ac-code?pid=${a}&cid=${cid}`, { uid: learner._id });
    expect(code.res.status).toBe(400);
    expect((await api(lastAc, `get-last-ac-code?pid=${a}&cid=${cid}`, { uid: root._id })).res.status).toBe(400);
  });

  it("get-contest-outsize-info answers HOJ's ContestOutsideInfoVO without the problems' live counters", async () => {
    const { cid } = await contestWith(0);
    const info = await api(outsideInfo, `get-contest-outsize-info?cid=${cid}`, { uid: other._id });
    expect(info.res.status, info.body?.msg).toBe(200);
    expect(Object.keys(info.body?.data).sort()).toEqual(["contest", "problemList"]);
    expect(info.body?.data.contest).toMatchObject({ id: cid, status: 0, openRank: true });
    expect(Object.keys(info.body?.data.problemList[0]).sort()).toEqual(["cid", "color", "displayId", "displayTitle", "gmtCreate", "gmtModified", "id", "pid"]);
  });
});

describe("an ACM-type problem in an OI contest", () => {
  it("scores full marks (100) on AC on the OI board, kept and rebuilt alike", async () => {
    const { cid, a } = await contestWith(1, { problemType: ProblemType.ACM });
    await submitAndJudge(learner._id, cid, "A", { status: JudgeStatus.WRONG_ANSWER });
    await submitAndJudge(learner._id, cid, "A", { status: JudgeStatus.ACCEPTED, score: 0 });
    await submitAndJudge(learner._id, cid, "B", { status: JudgeStatus.PARTIAL_ACCEPTED, score: 40 });
    const row = await BoardRow.findById(boardRowKey(cid, "live", learner._id)).lean();
    expect(row?.cells[String(a)]).toMatchObject({ score: 100, isAC: true });
    expect(row?.totalScore).toBe(140);
    const { rebuildBoard } = await import("~/services/contest/board.server");
    await rebuildBoard(cid);
    expect((await BoardRow.findById(boardRowKey(cid, "live", learner._id)).lean())?.totalScore).toBe(140);
  });
});

describe("Force Update on the rank page", () => {
  it("starts the rebuild in the background, says so while it runs, and starts no second one", async () => {
    const { cid } = await contestWith(0);
    await submitAndJudge(learner._id, cid, "A", { status: JudgeStatus.ACCEPTED });
    const params = { contestId: String(cid) };
    const path = `/contest/${cid}/rank`;
    // Another process's rebuild is running.
    await redis().set(rkey("board", cid, "rebuilding"), "elsewhere", "PX", 60_000);
    const shown = (await (await page(rankPage.loader, path, root._id, params)).json()) as { rebuilding: boolean; records: unknown[] };
    expect(shown.rebuilding).toBe(true);
    expect(shown.records).toHaveLength(1);
    const again = await page(rankPage.action, path, root._id, params, { method: "POST", form: { intent: "forceUpdate" } });
    expect(again.status).toBe(302);
    expect(runningBoardRebuild(cid)).toBeUndefined();
    await redis().del(rkey("board", cid, "rebuilding"));

    const started = await page(rankPage.action, path, root._id, params, { method: "POST", form: { intent: "forceUpdate" } });
    expect(started.status).toBe(302);
    expect(runningBoardRebuild(cid)).toBeDefined();
    await runningBoardRebuild(cid);
    expect(((await (await page(rankPage.loader, path, root._id, params)).json()) as { rebuilding: boolean }).rebuilding).toBe(false);
    expect((await page(rankPage.action, path, learner._id, params, { method: "POST", form: { intent: "forceUpdate" } })).status).toBe(403);
    expect(runningBoardRebuild(cid)).toBeUndefined();
  });
});
