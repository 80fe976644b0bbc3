import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { remoteLanguageNames, type RemoteOj } from "~/lib/remote-oj";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { RemoteAccountModel } from "~/models/remote-account.server";
import { loader as importRoute } from "~/routes/ojapi+/admin+/problem.import-remote-oj-problem";
import { loader as contestImportRoute } from "~/routes/ojapi+/admin+/contest.import-remote-oj-problem";
import { loader as trainingImportRoute } from "~/routes/ojapi+/admin+/training.import-remote-oj-problem";
import { Contest } from "~/models/contest.server";
import { ContestProblem } from "~/models/contest-problem.server";
import { Training } from "~/models/training.server";
import { TrainingProblem } from "~/models/training-problem.server";
import { nextSeq } from "~/models/counter.server";
import { loader as resubmitRoute } from "~/routes/ojapi+/_submission+/resubmit";
import { action as submitRoute } from "~/routes/ojapi+/_submission+/submit-problem-judge";
import { disconnectDb } from "~/services/platform/db.server";
import { env } from "~/services/platform/env.server";
import { startResultApplier, type ResultApplier } from "~/services/judging/results.server";
import { closeRedis } from "~/services/platform/redis.server";
import { listProblems, parseProblemListQuery } from "~/services/problem/problems.server";
import { addRemoteAccount, deleteRemoteAccount, listRemoteAccounts } from "~/services/remote/accounts.server";
import { closeStatusSubscriber } from "~/services/submission/status.server";
import { ACCOUNT, startRemoteSites, type RemoteSites } from "../fixtures/remote-oj/sites";
import { loadJudgeService, startInternalEndpoints, type RunningJudge } from "./support/judge-service";
import { allowManySubmissions, callRoute, cookieFor, countersOf, makeUser, openStore, settled, siteRequest } from "./support/judging";

// Remote judging from the web side: an admin adds one problem of each OJ by its id (HOJ's call), the
// fetch answered by a remote worker against local servers of the sites' structure; a learner's
// submissions go to the remote lane and come back with the mapped verdicts and counters; a
// Submitted Failed submission is resubmitted; the problem list filters by the id's prefix.

const IDS: Array<{ oj: RemoteOj; remoteId: string; title: string }> = [
  { oj: "HDU", remoteId: "1000", title: "A + B Problem" },
  { oj: "CF", remoteId: "1A", title: "Theatre Square" },
  { oj: "GYM", remoteId: "100001A", title: "Theatre Square" },
  { oj: "POJ", remoteId: "1000", title: "A+B Problem" },
  { oj: "AC", remoteId: "abc300_a", title: "N-choice question" },
  { oj: "SPOJ", remoteId: "TEST", title: "Life, the Universe, and Everything" },
  { oj: "HOJ", remoteId: "1000", title: "A+B Problem" },
];

let sites: RemoteSites;
let judge: RunningJudge;
let applier: ResultApplier;
let endpoints: Awaited<ReturnType<typeof startInternalEndpoints>>;
let adminCookie: string;

const importCall = (name: string, problemId: string, cookie = adminCookie) =>
  callRoute(importRoute, siteRequest(`/ojapi/admin/problem/import-remote-oj-problem?name=${encodeURIComponent(name)}&problemId=${encodeURIComponent(problemId)}`, { cookie }));

beforeAll(async () => {
  await openStore();
  await allowManySubmissions();
  sites = await startRemoteSites();
  endpoints = await startInternalEndpoints();
  const js = await loadJudgeService();
  judge = await js.startJudge({
    redisUrl: env.redisUrl,
    redisPrefix: env.redisPrefix,
    goJudgeUrl: process.env.GO_JUDGE_URL!,
    webInternalUrl: endpoints.url,
    judgeToken: env.judgeToken,
    name: "remote-web-judge",
    concurrency: 1,
    testConcurrency: 1,
    claimIdleMs: 3000,
    heartbeatMs: 500,
    cacheDir: mkdtempSync(path.join(os.tmpdir(), "oj-remote-cache-")),
    logLevel: "warn",
    remote: { concurrency: 4, baseUrls: sites.urls, pollMinMs: 50, pollMaxMs: 200, timeoutMs: 30_000, requestTimeoutMs: 5000, accountWaitMs: 10_000 },
  });
  applier = startResultApplier({ consumer: "web-remote", blockMs: 200, claimIdleMs: 1000 });
  await applier.ready;
  adminCookie = await cookieFor(await makeUser(Role.ADMIN));
  for (const { oj } of IDS) await addRemoteAccount({ oj, ...ACCOUNT });
}, 180_000);

afterAll(async () => {
  await judge?.stop({ graceMs: 1000 });
  await applier?.stop();
  await endpoints?.close();
  await sites?.close();
  await closeStatusSubscriber();
  await closeRedis();
  await disconnectDb();
});

const problems = new Map<string, ProblemDoc>();

describe("adding remote problems", () => {
  it.each(IDS)("$oj-$remoteId is fetched by a remote worker and stored as a remote problem", async ({ oj, remoteId, title }) => {
    const answer = await importCall(oj.toLowerCase(), remoteId);
    expect(answer).toMatchObject({ http: 200, status: 200, data: null });
    const p = await Problem.findOne({ problemIdUpper: `${oj}-${remoteId}`.toUpperCase() }).lean<ProblemDoc>();
    expect(p).toMatchObject({ problemId: `${oj}-${remoteId}`, title, isRemote: true, remoteOj: oj, remoteId, languages: remoteLanguageNames(oj) });
    expect(p!.examples.length).toBeGreaterThan(0);
    expect(p!.timeLimit).toBeGreaterThan(0);
    problems.set(oj, p!);
  });

  it("refuses a second copy, an id no OJ has, a problem the site lacks, and a learner, storing nothing", async () => {
    const before = await Problem.countDocuments();
    expect(await importCall("HDU", "1000")).toMatchObject({ http: 409, msg: expect.stringMatching(/HDU-1000/) });
    expect(await importCall("XYZ", "1000")).toMatchObject({ http: 400 });
    expect(await importCall("CF", "A1")).toMatchObject({ http: 400 });
    const missing = await importCall("POJ", "9999");
    expect(missing.http).toBe(400);
    expect(missing.msg).toMatch(/POJ has no problem 9999/);
    const learner = await cookieFor(await makeUser());
    expect((await importCall("HDU", "1001", learner)).http).toBe(403);
    expect(await Problem.countDocuments()).toBe(before);
  });

  it("the problem list's OJ filter keeps the ids with that prefix", async () => {
    const hdu = await listProblems(parseProblemListQuery({ oj: "HDU" }));
    expect(hdu.records.map((r) => r.problemId)).toEqual(["HDU-1000"]);
    const cf = await listProblems(parseProblemListQuery({ oj: "CF" }));
    expect(cf.records.map((r) => r.problemId)).toEqual(["CF-1A"]);
  });
});

describe("remote problems in contests and trainings (HOJ's calls)", () => {
  it("a contest takes the stored remote problem, or fetches a new one, under its display id; a missing contest changes nothing", async () => {
    const admin = await makeUser(Role.ADMIN);
    const now = Date.now();
    const cid = await nextSeq("contest");
    await Contest.create({ _id: cid, title: "Remote cup", startTime: new Date(now + 3600_000), endTime: new Date(now + 7200_000), duration: 3600, uid: String(admin._id), author: admin.username });
    const cookie = await cookieFor(admin);
    const call = (q: string) => callRoute(contestImportRoute, siteRequest(`/ojapi/admin/contest/import-remote-oj-problem?${q}`, { cookie }));
    expect(await call(`name=HDU&problemId=1000&cid=${cid}&displayId=A`)).toMatchObject({ http: 200, status: 200 });
    expect(await ContestProblem.findOne({ cid, displayId: "A" }).lean()).toMatchObject({ pid: problems.get("HDU")!._id });
    const before = await Problem.countDocuments();
    expect((await call(`name=HDU&problemId=1001&cid=999999&displayId=B`)).http).toBe(404);
    expect(await Problem.countDocuments()).toBe(before);
    expect((await call(`name=HDU&problemId=1000&cid=${cid}&displayId=A`)).http).toBe(409);
  });

  it("a training takes a remote problem; a learner is refused", async () => {
    const admin = await makeUser(Role.ADMIN);
    const tid = await nextSeq("training");
    await Training.create({ _id: tid, title: "Remote practice", uid: String(admin._id), author: admin.username });
    const call = (cookie: string) => callRoute(trainingImportRoute, siteRequest(`/ojapi/admin/training/import-remote-oj-problem?name=POJ&problemId=1000&tid=${tid}`, { cookie }));
    expect((await call(await cookieFor(await makeUser()))).http).toBe(403);
    expect(await call(await cookieFor(admin))).toMatchObject({ http: 200, status: 200 });
    expect(await TrainingProblem.findOne({ tid }).lean()).toMatchObject({ pid: problems.get("POJ")!._id, displayId: "POJ-1000" });
  });
});

describe("submitting to remote problems", () => {
  it.each(IDS)("$oj: verdicts come back mapped, with the counters", async ({ oj }) => {
    const p = problems.get(oj)!;
    const cookie = await cookieFor(await makeUser());
    const language = remoteLanguageNames(oj)[0];
    const ac = await callRoute(submitRoute, siteRequest("/ojapi/submit-problem-judge", { cookie, json: { pid: p.problemId, language, code: "int main() { return 0; }", cid: 0 } }));
    expect(ac.status).toBe(200);
    const wa = await callRoute(submitRoute, siteRequest("/ojapi/submit-problem-judge", { cookie, json: { pid: p.problemId, language, code: "WRONG", cid: 0 } }));
    const acId = (ac.data as { submitId: number }).submitId;
    const waId = (wa.data as { submitId: number }).submitId;
    expect(await settled(acId, 40_000)).toMatchObject({ status: JudgeStatus.ACCEPTED, judger: judge.name });
    expect(await settled(waId, 40_000)).toMatchObject({ status: JudgeStatus.WRONG_ANSWER });
    expect(await countersOf(p._id)).toMatchObject({ total: 2, ac: 1, wa: 1 });
  });

  it("a language the OJ does not take is refused before anything is stored", async () => {
    const cookie = await cookieFor(await makeUser());
    const answer = await callRoute(submitRoute, siteRequest("/ojapi/submit-problem-judge", { cookie, json: { pid: "HDU-1000", language: "Python3", code: "print(1)", cid: 0 } }));
    expect(answer.http).toBe(400);
  });

  it("a refused remote step ends as Submitted Failed with the reason, and a resubmit judges it", async () => {
    const cookie = await cookieFor(await makeUser());
    sites.failWith.POJ = 429;
    let id = 0;
    try {
      const sent = await callRoute(submitRoute, siteRequest("/ojapi/submit-problem-judge", { cookie, json: { pid: "POJ-1000", language: "G++", code: "int main() {}", cid: 0 } }));
      id = (sent.data as { submitId: number }).submitId;
      const failed = await settled(id, 40_000);
      expect(failed.status).toBe(JudgeStatus.SUBMITTED_FAILED);
      expect(failed.errorMessage).toMatch(/429/);
    } finally {
      delete sites.failWith.POJ;
    }
    const again = await callRoute(resubmitRoute, siteRequest(`/ojapi/resubmit?submitId=${id}`, { cookie }));
    expect(again.status).toBe(200);
    expect(await settled(id, 40_000)).toMatchObject({ status: JudgeStatus.ACCEPTED, attempt: 2 });
  });
});

describe("remote judge accounts", () => {
  it("are kept per OJ, refused twice or with missing fields, and removed", async () => {
    await expect(addRemoteAccount({ oj: "HDU", ...ACCOUNT })).rejects.toMatchObject({ kind: "conflict" });
    await expect(addRemoteAccount({ oj: "HDU", username: "", password: "x" })).rejects.toThrow();
    await expect(addRemoteAccount({ oj: "XX" as RemoteOj, username: "a", password: "x" })).rejects.toThrow();
    await addRemoteAccount({ oj: "HDU", username: "bob", password: "bob-pw" });
    const rows = await listRemoteAccounts();
    const bob = rows.find((r) => r.oj === "HDU" && r.username === "bob")!;
    expect(bob).toBeTruthy();
    expect(JSON.stringify(rows)).not.toContain("bob-pw");
    await deleteRemoteAccount(bob.id);
    expect(await RemoteAccountModel.exists({ oj: "HDU", username: "bob" })).toBeNull();
    await expect(deleteRemoteAccount("nope")).rejects.toMatchObject({ kind: "notFound" });
  });
});
