import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { ContestAuth } from "~/lib/contest";
import { Submission } from "~/models/submission.server";
import * as contestSubmissionsApi from "~/routes/ojapi+/_contest+/contest-submissions";
import * as contestStatusesApi from "~/routes/ojapi+/_contest+/check-contest-submissions-status";
import * as contestProblemsApi from "~/routes/ojapi+/_contest+/get-contest-problem";
import * as detailApi from "~/routes/ojapi+/_submission+/get-submission-detail";
import * as submissionsPage from "~/routes/contest+/$contestId.submissions";
import * as problemsPage from "~/routes/contest+/$contestId.problems";
import { createUser } from "~/services/account/users.server";
import { createContest, contestInputSchema } from "~/services/contest/contests.server";
import { rebuildBoard } from "~/services/contest/board.server";
import { addContestProblem } from "~/services/contest/problems.server";
import { ruleChoices } from "~/services/contest/rules/index.server";
import { administerContest, SITE } from "~/services/contest/scope.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { startWebServer, type WebServer } from "../support/web-server";
import { makeProblem } from "../fixtures/learner";
import { call, sessionCookieFor } from "./support/call-route";

// What a viewer may learn of contest results while the board is sealed, as a table: every rule ×
// seal state × viewer × (row, status filter, total, problem counts, detail, status stream), by
// direct request (the page's loader, the page's data over HTTP with ?_data=, and /ojapi). A hidden
// verdict is "Submitted Unknown Result" to the query itself, so filtering by the true verdict finds
// nothing and its total says nothing.

type User = Awaited<ReturnType<typeof createUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Json = any;

const { ACCEPTED: AC, WRONG_ANSWER: WA, SUBMITTED_UNKNOWN_RESULT: UNKNOWN } = JudgeStatus;
const minute = 60_000;
let root: User;
let me: User;
let them: User;
let server: WebServer;

/** What a contestant may learn of their own results while sealed, by rule (the rules' own answer, spelled out). */
const OWN_SHOWN: Record<string, boolean> = { ACM: true, OI: false, IOI: true };

interface Fixture {
  cid: number;
  pid: number;
  /** them: WA before the seal, AC after it; me: WA after it. */
  ids: { theirEarlyWa: number; theirLateAc: number; myLateWa: number };
}

async function contestWithHistory(type: number, seal: "sealed" | "open" | "ended"): Promise<Fixture> {
  const now = Date.now();
  const ended = seal === "ended";
  const start = now - (ended ? 300 : 120) * minute;
  const end = ended ? now - 10 * minute : now + 60 * minute;
  const contest = await createContest(
    root,
    contestInputSchema.parse({
      title: `Visibility ${type} ${seal}`,
      description: "Who learns what while sealed.",
      type,
      auth: ContestAuth.PUBLIC,
      startTime: new Date(start),
      endTime: new Date(end),
      sealRank: seal !== "open",
      sealRankTime: new Date(start + 60 * minute),
      autoRealRank: true,
    }),
    SITE,
  );
  const problem = await makeProblem({ type: type === 0 ? 0 : 1 });
  await addContestProblem(await administerContest(contest._id, root, null), { cid: contest._id, pid: problem._id, displayId: "A", displayTitle: "", color: "" }, "public");
  const at = (m: number) => new Date(start + m * minute);
  const make = async (who: User, status: number, when: Date) => {
    const doc = await Submission.create({
      _id: Math.floor(Math.random() * 1e9) + 1e6,
      pid: problem._id,
      displayPid: "A",
      displayId: "A",
      uid: who._id,
      username: who.username,
      cid: contest._id,
      tid: 0,
      gid: null,
      language: "C++",
      code: "int main(){}",
      status,
      score: status === AC ? 100 : 0,
      time: 5,
      memory: 512,
      length: 12,
      submitTime: when,
      judger: "test-judge",
      attempt: 1,
      ip: "127.0.0.1",
    });
    return doc._id as number;
  };
  const ids = { theirEarlyWa: await make(them, WA, at(30)), theirLateAc: await make(them, AC, at(90)), myLateWa: await make(me, WA, at(95)) };
  await rebuildBoard(contest._id);
  return { cid: contest._id, pid: problem._id, ids };
}

async function ojapi(route: { loader?: unknown; action?: unknown }, path: string, who: User, json?: unknown): Promise<Json> {
  const fn = json ? route.action : route.loader;
  const res = await call(fn as never, `/ojapi/${path}`, { cookie: await sessionCookieFor(who._id), ...(json ? { method: "POST", json } : {}) });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as Json).data;
}

async function pageData(route: { loader?: unknown }, path: string, who: User, params: Record<string, string>): Promise<Json> {
  const res = await call(route.loader as never, path, { cookie: await sessionCookieFor(who._id), params });
  expect(res.status, path).toBe(200);
  return res.json();
}

/** The contest's status list filtered by author and status, three ways: /ojapi, the page's loader, the page's data over HTTP. */
async function filtered(f: Fixture, viewer: User, author: User, status: number): Promise<{ total: number; statuses: number[] }> {
  const api = await ojapi(contestSubmissionsApi, `contest-submissions?contestID=${f.cid}&username=${author.username}&status=${status}&containsEnd=true`, viewer);
  // The page's own names for the same filter.
  const q = `username=${author.username}&status=${status}`;
  const page = await pageData(submissionsPage, `/contest/${f.cid}/submissions?${q}`, viewer, { contestId: String(f.cid) });
  const res = await fetch(`${server.url}/contest/${f.cid}/submissions?${q}&_data=${encodeURIComponent("routes/contest+/$contestId.submissions")}`, {
    headers: { Cookie: await sessionCookieFor(viewer._id) },
  });
  expect(res.status).toBe(200);
  const overHttp = (await res.json()) as Json;
  const statuses = (api.records as Array<{ status: number }>).map((r) => r.status);
  // The three doors answer alike.
  expect(page.total).toBe(api.total);
  expect(overHttp.total).toBe(api.total);
  expect((page.records as Array<{ status: number }>).map((r) => r.status)).toEqual(statuses);
  return { total: api.total as number, statuses };
}

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  root = await createUser({ username: "vis-root", password: "secret123", email: "vis-root@example.test", role: Role.SUPER_ADMIN });
  me = await createUser({ username: "vis-me", password: "secret123", email: "vis-me@example.test" });
  them = await createUser({ username: "vis-them", password: "secret123", email: "vis-them@example.test" });
  server = await startWebServer();
}, 120_000);

afterAll(async () => {
  server?.stop();
  await closeRedis();
  await disconnectDb();
});

describe.each(ruleChoices().map((r) => [r.name, r.type] as const))("the %s rule while the board is sealed", (name, type) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await contestWithHistory(type, "sealed");
  });

  it("hides another's result after the seal from the row, the filter and the total", async () => {
    // Their accepted submission after the seal: filtering by Accepted finds nothing, not even a count.
    expect(await filtered(f, me, them, AC)).toEqual({ total: 0, statuses: [] });
    // Their wrong answer before the seal is shown, and found.
    expect(await filtered(f, me, them, WA)).toEqual({ total: 1, statuses: [WA] });
    // Filtering by "unknown" finds exactly the hidden row.
    expect(await filtered(f, me, them, UNKNOWN)).toEqual({ total: 1, statuses: [UNKNOWN] });
  });

  it("shows a contestant their own result after the seal as the rule says, in the filter too", async () => {
    const own = OWN_SHOWN[name];
    expect(await filtered(f, me, me, WA)).toEqual(own ? { total: 1, statuses: [WA] } : { total: 0, statuses: [] });
    expect(await filtered(f, me, me, UNKNOWN)).toEqual(own ? { total: 0, statuses: [] } : { total: 1, statuses: [UNKNOWN] });
  });

  it("shows the contest's admin everything", async () => {
    expect(await filtered(f, root, them, AC)).toEqual({ total: 1, statuses: [AC] });
    expect(await filtered(f, root, them, UNKNOWN)).toEqual({ total: 0, statuses: [] });
  });

  it("keeps the problem counts and the viewer's own status as the rule says", async () => {
    const rows = await ojapi(contestProblemsApi, `get-contest-problem?cid=${f.cid}`, me);
    expect(rows[0]).toMatchObject({ ac: null, total: null });
    expect(rows[0].myStatus).toBe(OWN_SHOWN[name] ? WA : JudgeStatus.PENDING);
    const page = await pageData(problemsPage, `/contest/${f.cid}/problems`, me, { contestId: String(f.cid) });
    expect(page.rows[0]).toMatchObject({ ac: null, total: null, myStatus: rows[0].myStatus });
    const admin = await ojapi(contestProblemsApi, `get-contest-problem?cid=${f.cid}`, root);
    expect(admin[0]).toMatchObject({ ac: 1, total: 3 });
  });

  it("hides it in the detail and the status stream too", async () => {
    const detail = await ojapi(detailApi, `get-submission-detail?submitId=${f.ids.theirLateAc}`, me);
    expect(detail.submission).toMatchObject({ status: UNKNOWN, score: null, time: null, memory: null });
    const polled = await ojapi(contestStatusesApi, "check-contest-submissions-status", me, { cid: f.cid, submitIds: [f.ids.theirLateAc, f.ids.theirEarlyWa, f.ids.myLateWa] });
    expect(polled[String(f.ids.theirLateAc)].status).toBe(UNKNOWN);
    expect(polled[String(f.ids.theirEarlyWa)].status).toBe(WA);
    expect(polled[String(f.ids.myLateWa)].status).toBe(OWN_SHOWN[name] ? WA : UNKNOWN);
  });
});

describe.each(ruleChoices().map((r) => [r.name, r.type] as const))("the %s rule without a seal, and after an ended contest unsealed", (_name, type) => {
  it.each(["open", "ended"] as const)("%s: every result is shown and found", async (seal) => {
    const f = await contestWithHistory(type, seal);
    expect(await filtered(f, me, them, AC)).toEqual({ total: 1, statuses: [AC] });
    expect(await filtered(f, me, me, WA)).toEqual({ total: 1, statuses: [WA] });
    expect(await filtered(f, me, them, UNKNOWN)).toEqual({ total: 0, statuses: [] });
  });
});
