import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProblemAuth, Role } from "~/lib/constants";
import { ContestProblem } from "~/models/contest-problem.server";
import { Problem } from "~/models/problem.server";
import * as adminContest from "~/routes/ojapi+/admin+/contest._index";
import * as contestProblemApi from "~/routes/ojapi+/admin+/contest.contest-problem";
import * as contestProblemRoute from "~/routes/ojapi+/admin+/contest.problem";
import * as problemList from "~/routes/ojapi+/_problem+/get-problem-list";
import * as contestProblems from "~/routes/ojapi+/_contest+/get-contest-problem";
import * as createPage from "~/routes/admin+/contest+/$contestId.problems_.create";
import { createUser } from "~/services/account/users.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { body, call, cookieFor, req } from "../fixtures/learner";
import { problemForm } from "../fixtures/problem-form";

// A problem made only for one contest (spec section 4: auth forced to contest-only, type following
// the contest): from the contest admin's screen and HOJ's POST/PUT /ojapi/admin/contest/problem.
// It is listed in the contest and never in the public bank; every refusal stores nothing.

type User = Awaited<ReturnType<typeof createUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Api = { status: number; msg: string; data: any };

let root: User;
let otherAdmin: User;
let learner: User;
let cid = 0;
const hour = 3600_000;

async function api(route: { loader?: unknown; action?: unknown }, path: string, o: { uid?: string; method?: string; json?: unknown } = {}) {
  const fn = o.method && o.method !== "GET" ? route.action : (route.loader ?? route.action);
  const res = await call(fn, await req(`/ojapi/${path}`, o));
  return { res, body: res.headers.get("Content-Type")?.includes("json") ? await body<Api>(res) : null };
}

function dto(problemId: string, over: Record<string, unknown> = {}) {
  return {
    samples: [{ input: "1\n", output: "1\n", score: 100 }],
    isUploadTestCase: false,
    judgeMode: "default",
    languages: [{ name: "C" }, { name: "C++" }],
    codeTemplates: [],
    tags: [],
    problem: { problemId, title: `Only ${problemId}`, description: "d", input: "i", output: "o", examples: "<input>1</input><output>1</output>", type: 0, auth: 1, timeLimit: 1000 },
    ...over,
  };
}

/** The create page's form as a browser posts it (multipart). */
async function postPage(uid: string, fields: Record<string, string>) {
  const form = problemForm({ problemId: "PAGE-ONLY-1", title: "Page only", displayId: "P", ...fields });
  const request = new Request(`http://localhost/admin/contest/${cid}/problems/create`, { method: "POST", body: form, headers: { Cookie: await cookieFor(uid), "Accept-Language": "en" } });
  return call(createPage.action, request, { contestId: String(cid) });
}

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  root = await createUser({ username: "only-root", password: "secret123", email: "only-root@example.test", role: Role.SUPER_ADMIN });
  otherAdmin = await createUser({ username: "only-admin", password: "secret123", email: "only-admin@example.test", role: Role.ADMIN });
  learner = await createUser({ username: "only-learner", password: "secret123", email: "only-learner@example.test" });
  const made = await api(adminContest, "admin/contest", {
    uid: root._id,
    method: "POST",
    json: {
      title: "Own problems",
      description: "Problems made for it.",
      type: 1,
      auth: 0,
      startTime: new Date(Date.now() - hour).toISOString(),
      endTime: new Date(Date.now() + hour).toISOString(),
      rankShowName: "username",
      starAccount: [],
      oiRankScoreType: "Recent",
      awardType: 0,
      visible: true,
    },
  });
  expect(made.res.status, made.body?.msg).toBe(200);
  cid = made.body?.data.id;
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("HOJ's POST and PUT /ojapi/admin/contest/problem", () => {
  it("create a contest-only problem of the contest's type, listed in the contest and not in the bank", async () => {
    const made = await api(contestProblemRoute, "admin/contest/problem", { uid: root._id, method: "POST", json: { ...dto("ONLY-1"), cid, displayId: "A", color: "#ff0000" } });
    expect(made.res.status, made.body?.msg).toBe(200);
    const pid = made.body?.data.pid as number;
    expect(await Problem.findById(pid).lean()).toMatchObject({ auth: ProblemAuth.CONTEST, type: 1, problemId: "ONLY-1" });
    expect(await ContestProblem.findOne({ cid, pid }).lean()).toMatchObject({ displayId: "A", color: "#ff0000", displayTitle: "Only ONLY-1" });

    const listed = await api(contestProblems, `get-contest-problem?cid=${cid}`, { uid: learner._id });
    expect(listed.body?.data.map((p: { pid: number }) => p.pid)).toContain(pid);
    const bank = await api(problemList, "get-problem-list?keyword=ONLY-1&currentPage=1&limit=30", { uid: learner._id });
    expect(bank.body?.data.records).toEqual([]);

    const put = await api(contestProblemRoute, "admin/contest/problem", { uid: root._id, method: "PUT", json: dto("ONLY-1", { problem: { ...dto("ONLY-1").problem, id: pid, title: "Renamed", auth: 3, type: 1 } }) });
    expect(put.res.status, put.body?.msg).toBe(200);
    expect(await Problem.findById(pid).lean()).toMatchObject({ title: "Renamed", auth: ProblemAuth.CONTEST });
  });

  it("without a cid creates the problem only, which HOJ's client then lists with PUT contest-problem", async () => {
    const made = await api(contestProblemRoute, "admin/contest/problem", { uid: root._id, method: "POST", json: dto("ONLY-2") });
    expect(made.res.status, made.body?.msg).toBe(200);
    const pid = made.body?.data.pid as number;
    expect((await Problem.findById(pid).lean())?.auth).toBe(ProblemAuth.CONTEST);
    expect(await ContestProblem.countDocuments({ pid })).toBe(0);
    const linked = await api(contestProblemApi, "admin/contest/contest-problem", { uid: root._id, method: "PUT", json: { cid, pid, displayId: "B" } });
    expect(linked.res.status, linked.body?.msg).toBe(200);
    expect(linked.body?.data).toMatchObject({ cid, pid, displayId: "B" });
  });

  it("refuse a taken display id, a missing one, a bad problem, a learner and another contest's admin, storing nothing", async () => {
    const before = { problems: await Problem.countDocuments(), links: await ContestProblem.countDocuments({ cid }) };
    const taken = await api(contestProblemRoute, "admin/contest/problem", { uid: root._id, method: "POST", json: { ...dto("ONLY-3"), cid, displayId: "a" } });
    expect(taken.res.status).toBe(409);
    expect(taken.body?.msg).toBe("This display ID is already used in the contest!");
    const missing = await api(contestProblemRoute, "admin/contest/problem", { uid: root._id, method: "POST", json: { ...dto("ONLY-3"), cid } });
    expect(missing.res.status).toBe(400);
    expect(missing.body?.msg).toBe("The display ID is required");
    const bad = await api(contestProblemRoute, "admin/contest/problem", { uid: root._id, method: "POST", json: { ...dto("ONLY-3", { problem: { ...dto("ONLY-3").problem, title: "" } }), cid, displayId: "C" } });
    expect(bad.res.status).toBe(400);
    const notMine = await api(contestProblemRoute, "admin/contest/problem", { uid: otherAdmin._id, method: "POST", json: { ...dto("ONLY-3"), cid, displayId: "C" } });
    expect(notMine.res.status).toBe(403);
    expect(notMine.body?.msg).toBe("Only the contest's administrators may do this!");
    expect((await api(contestProblemRoute, "admin/contest/problem", { uid: learner._id, method: "POST", json: { ...dto("ONLY-3"), cid, displayId: "C" } })).res.status).toBe(403);
    expect((await api(contestProblemRoute, "admin/contest/problem", { method: "POST", json: { ...dto("ONLY-3"), cid, displayId: "C" } })).res.status).toBe(401);
    expect((await api(contestProblemRoute, "admin/contest/problem", { uid: root._id, method: "POST", json: { ...dto("ONLY-3"), cid: 999999, displayId: "C" } })).res.status).toBe(404);
    expect(await Problem.countDocuments()).toBe(before.problems);
    expect(await ContestProblem.countDocuments({ cid })).toBe(before.links);
  });
});

describe("the contest admin's create page", () => {
  it("creates the problem contest-only with the contest's type and lists it, whatever visibility the form sent", async () => {
    const res = await postPage(root._id, { auth: "1", type: "0", displayId: "P", color: "#00aa00", displayTitle: "Page title" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/admin/contest/${cid}/problems`);
    const p = (await Problem.findOne({ problemIdUpper: "PAGE-ONLY-1" }).lean())!;
    expect(p).toMatchObject({ auth: ProblemAuth.CONTEST, type: 1 });
    expect(await ContestProblem.findOne({ cid, pid: p._id }).lean()).toMatchObject({ displayId: "P", displayTitle: "Page title", color: "#00aa00" });
  });

  it("answers field errors with the form's values and stores nothing", async () => {
    const before = { problems: await Problem.countDocuments(), links: await ContestProblem.countDocuments({ cid }) };
    const taken = await postPage(root._id, { problemId: "PAGE-ONLY-2", displayId: "p" });
    expect(taken.status).toBe(400);
    const data = (await taken.json()) as { errors: Record<string, string>; extra: Record<string, string> };
    expect(data.errors.displayId).toBe("This display ID is already used in the contest!");
    expect(data.extra.displayId).toBe("p");
    const blank = await postPage(root._id, { problemId: "PAGE-ONLY-2", displayId: "" });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { errors: Record<string, string> }).errors.displayId).toBe("The display ID is required");
    const badColor = await postPage(root._id, { problemId: "PAGE-ONLY-2", displayId: "Q", color: "red" });
    expect(badColor.status).toBe(400);
    const notAdmin = await postPage(otherAdmin._id, { problemId: "PAGE-ONLY-2", displayId: "Q" });
    expect(notAdmin.status).toBe(403);
    const asLearner = await postPage(learner._id, { problemId: "PAGE-ONLY-2", displayId: "Q" });
    expect(asLearner.status).toBe(403);
    expect(await Problem.countDocuments()).toBe(before.problems);
    expect(await ContestProblem.countDocuments({ cid })).toBe(before.links);
  });

  it("shows the form to the contest's admins only", async () => {
    const page = await call(createPage.loader, await req(`/admin/contest/${cid}/problems/create`, { uid: root._id }), { contestId: String(cid) });
    expect(page.status).toBe(200);
    expect(((await page.json()) as { draft: { auth: string; type: string } }).draft).toMatchObject({ auth: "3", type: "1" });
    expect((await call(createPage.loader, await req(`/admin/contest/${cid}/problems/create`, { uid: otherAdmin._id }), { contestId: String(cid) })).status).toBe(403);
    expect((await call(createPage.loader, await req(`/admin/contest/x/problems/create`, { uid: root._id }), { contestId: "x" })).status).toBe(404);
  });
});
