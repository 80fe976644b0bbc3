import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { ContestAuth } from "~/lib/contest";
import { Submission } from "~/models/submission.server";
import * as contestSubmissionsApi from "~/routes/ojapi+/_contest+/contest-submissions";
import * as outsideBoardApi from "~/routes/ojapi+/_contest+/get-contest-outside-scoreboard";
import * as outsideInfoApi from "~/routes/ojapi+/_contest+/get-contest-outsize-info";
import * as contestRankApi from "~/routes/ojapi+/_contest+/get-contest-rank";
import * as contestProblemApi from "~/routes/ojapi+/_contest+/get-contest-problem";
import * as adminContestProblemList from "~/routes/ojapi+/admin+/contest.get-problem-list";
import * as adminTrainingProblemList from "~/routes/ojapi+/admin+/training.get-problem-list";
import * as switchInfoApi from "~/routes/ojapi+/admin+/switch.info";
import * as switchUpdateApi from "~/routes/ojapi+/admin+/switch.update";
import * as adminContestProblemsPage from "~/routes/admin+/contest+/$contestId.problems";
import * as registerContestApi from "~/routes/ojapi+/_contest+/register-contest";
import * as registerTrainingApi from "~/routes/ojapi+/_training+/register-training";
import * as contestOverviewPage from "~/routes/contest+/$contestId._index";
import * as trainingOverviewPage from "~/routes/training+/$trainingId._index";
import * as acmBoardPage from "~/routes/contest+/acm-scoreboard.$contestId";
import * as oiBoardPage from "~/routes/contest+/oi-scoreboard.$contestId";
import { createUser } from "~/services/account/users.server";
import { createContest, contestInputSchema } from "~/services/contest/contests.server";
import { rebuildBoard } from "~/services/contest/board.server";
import { addContestProblem } from "~/services/contest/problems.server";
import { administerContest, SITE } from "~/services/contest/scope.server";
import { TrainingCategory } from "~/models/training-category.server";
import { createTraining } from "~/services/training/trainings.server";
import { addTrainingProblem } from "~/services/training/problems.server";
import { administerTraining, SITE as TRAINING_SITE } from "~/services/training/scope.server";
import { RemoteAccountModel } from "~/models/remote-account.server";
import { createGroupRefusal } from "~/services/group/groups.server";
import { getWebsiteConfig } from "~/services/site/config.server";
import { ContestProblem } from "~/models/contest-problem.server";
import { ContestRegister } from "~/models/contest-register.server";
import { TrainingRegister } from "~/models/training-register.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { makeProblem } from "../fixtures/learner";
import { startWebServer } from "../support/web-server";
import { call, sessionCookieFor } from "./support/call-route";

// HOJ's client calls these with the names, bodies and fields of HOJ's controllers
// (the contract of /ojapi): each case here is a call as HOJ's client makes it.

type User = Awaited<ReturnType<typeof createUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Json = any;

const minute = 60_000;
const { ACCEPTED: AC, WRONG_ANSWER: WA, COMPILE_ERROR: CE } = JudgeStatus;
let root: User;
let amy: User;
let bob: User;
let nextId = 5_000_000;

type Route = { loader?: unknown; action?: unknown };

async function ojapi(route: Route, path: string, who: User | null, o: { method?: string; json?: unknown } = {}): Promise<{ status: number; body: Json }> {
  const fn = o.method && o.method !== "GET" ? route.action : (route.loader ?? route.action);
  const res = await call(fn as never, `/ojapi/${path}`, { ...(who ? { cookie: await sessionCookieFor(who._id) } : {}), ...o, headers: { "Accept-Language": "en" } });
  const text = await res.text();
  let body: Json = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

async function contest(over: Record<string, unknown> = {}) {
  const now = Date.now();
  return createContest(
    root,
    contestInputSchema.parse({
      title: "Contract cup",
      description: "HOJ's calls.",
      type: 0,
      auth: ContestAuth.PUBLIC,
      startTime: new Date(now - 60 * minute),
      endTime: new Date(now + 60 * minute),
      ...over,
    }),
    SITE,
  );
}

async function addProblem(cid: number, displayId: string, type = 0) {
  const problem = await makeProblem({ type });
  await addContestProblem(await administerContest(cid, root, null), { cid, pid: problem._id, displayId, displayTitle: "", color: "" }, "public");
  return problem;
}

async function submit(cid: number, pid: number, displayId: string, who: User, status: number, when: Date) {
  const doc = await Submission.create({
    _id: nextId++,
    pid,
    displayPid: displayId,
    displayId,
    uid: who._id,
    username: who.username,
    cid,
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
}

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  root = await createUser({ username: "contract-root", password: "secret123", email: "contract-root@example.test", role: Role.SUPER_ADMIN });
  amy = await createUser({ username: "contract-amy", password: "secret123", email: "contract-amy@example.test" });
  bob = await createUser({ username: "contract-bob", password: "secret123", email: "contract-bob@example.test" });
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("GET /ojapi/contest-submissions takes HOJ's parameters", () => {
  it("contestID, problemID (whole or part), status, username, containsEnd", async () => {
    const now = Date.now();
    const c = await contest({ startTime: new Date(now - 120 * minute), endTime: new Date(now - 10 * minute), allowEndSubmit: true });
    const a = await addProblem(c._id, "A1");
    const b = await addProblem(c._id, "B");
    const at = (m: number) => new Date(c.startTime.getTime() + m * minute);
    const amyA = await submit(c._id, a._id, "A1", amy, WA, at(5));
    const bobA = await submit(c._id, a._id, "A1", bob, AC, at(6));
    const bobB = await submit(c._id, b._id, "B", bob, WA, at(7));
    const bobLate = await submit(c._id, b._id, "B", bob, AC, at(115));
    await rebuildBoard(c._id);
    const ids = (r: { body: Json }) => r.body.data.records.map((x: { submitId: number }) => x.submitId).sort();

    const all = await ojapi(contestSubmissionsApi, `contest-submissions?contestID=${c._id}&currentPage=1&limit=20&beforeContestSubmit=false`, amy);
    expect(all.status).toBe(200);
    // Without containsEnd, what was submitted after the end is left out (but one's own).
    expect(ids(all)).toEqual([amyA, bobA, bobB].sort());
    const withEnd = await ojapi(contestSubmissionsApi, `contest-submissions?contestID=${c._id}&containsEnd=true&beforeContestSubmit=false`, amy);
    expect(ids(withEnd)).toEqual([amyA, bobA, bobB, bobLate].sort());
    const bobsOwn = await ojapi(contestSubmissionsApi, `contest-submissions?contestID=${c._id}&onlyMine=true&beforeContestSubmit=false`, bob);
    expect(ids(bobsOwn)).toEqual([bobA, bobB, bobLate].sort());

    const byUser = await ojapi(contestSubmissionsApi, `contest-submissions?contestID=${c._id}&username=contract-bob&containsEnd=true&beforeContestSubmit=false`, amy);
    expect(ids(byUser)).toEqual([bobA, bobB, bobLate].sort());
    const byStatus = await ojapi(contestSubmissionsApi, `contest-submissions?contestID=${c._id}&status=${WA}&beforeContestSubmit=false`, amy);
    expect(ids(byStatus)).toEqual([amyA, bobB].sort());
    const exact = await ojapi(contestSubmissionsApi, `contest-submissions?contestID=${c._id}&problemID=A1&completeProblemID=true&beforeContestSubmit=false`, amy);
    expect(ids(exact)).toEqual([amyA, bobA].sort());
    expect(exact.body.data.records[0]).toMatchObject({ displayId: "A1", cid: c._id });
    const partNotExact = await ojapi(contestSubmissionsApi, `contest-submissions?contestID=${c._id}&problemID=A&completeProblemID=true&beforeContestSubmit=false`, amy);
    expect(ids(partNotExact)).toEqual([]);
    const part = await ojapi(contestSubmissionsApi, `contest-submissions?contestID=${c._id}&problemID=a&beforeContestSubmit=false`, amy);
    expect(ids(part)).toEqual([amyA, bobA].sort());
    const paged = await ojapi(contestSubmissionsApi, `contest-submissions?contestID=${c._id}&currentPage=2&limit=2&beforeContestSubmit=false`, amy);
    expect(paged.body.data).toMatchObject({ total: 3, size: 2, current: 2 });
    expect(paged.body.data.records).toHaveLength(1);

    // Our old names are no part of HOJ's call.
    expect((await ojapi(contestSubmissionsApi, `contest-submissions?cid=${c._id}`, amy)).status).toBe(400);
  });
});

describe("the outside scoreboard answers anyone when the contest opens its rank (HOJ's rule)", () => {
  it("a visitor reads the board and its info by /ojapi and the pages; refused when the rank is closed or the contest scheduled", async () => {
    const open = await contest({ openRank: true, auth: ContestAuth.PRIVATE, pwd: "pw" });
    const a = await addProblem(open._id, "A");
    await submit(open._id, a._id, "A", amy, AC, new Date(open.startTime.getTime() + minute));
    await rebuildBoard(open._id);
    const oi = await contest({ openRank: true, type: 1 });
    await addProblem(oi._id, "A", 1);
    const closed = await contest({ openRank: false });
    const scheduled = await contest({ openRank: true, startTime: new Date(Date.now() + 60 * minute), endTime: new Date(Date.now() + 120 * minute) });

    const board = await ojapi(outsideBoardApi, "get-contest-outside-scoreboard", null, { method: "POST", json: { cid: open._id, currentPage: 1, limit: 50 } });
    expect(board.status).toBe(200);
    expect(board.body.data.records).toEqual([expect.objectContaining({ username: "contract-amy", rank: 1, ac: 1 })]);
    const info = await ojapi(outsideInfoApi, `get-contest-outsize-info?cid=${open._id}`, null);
    expect(info.status).toBe(200);
    expect(info.body.data.contest).toMatchObject({ id: open._id, openRank: true });
    expect(info.body.data.problemList).toEqual([expect.objectContaining({ displayId: "A", pid: a._id })]);

    const page = await call(acmBoardPage.loader as never, `/contest/acm-scoreboard/${open._id}`, { params: { contestId: String(open._id) } });
    expect(page.status).toBe(200);
    expect((await page.json()).records).toEqual([expect.objectContaining({ username: "contract-amy" })]);
    const oiPage = await call(oiBoardPage.loader as never, `/contest/oi-scoreboard/${oi._id}`, { params: { contestId: String(oi._id) } });
    expect(oiPage.status).toBe(200);

    for (const c of [closed, scheduled]) {
      const refused = await ojapi(outsideBoardApi, "get-contest-outside-scoreboard", null, { method: "POST", json: { cid: c._id } });
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe("The scoreboard of this contest is not open!");
      expect((await ojapi(outsideInfoApi, `get-contest-outsize-info?cid=${c._id}`, null)).status).toBe(403);
      expect((await call(acmBoardPage.loader as never, `/contest/acm-scoreboard/${c._id}`, { params: { contestId: String(c._id) } })).status).toBe(403);
    }
    expect((await ojapi(outsideBoardApi, "get-contest-outside-scoreboard", null, { method: "POST", json: { cid: 987654 } })).status).toBe(404);
  });

  it("a visitor's browser gets the board's page, not the login (a real server, no JavaScript)", async () => {
    const open = await contest({ openRank: true, title: "Open board cup" });
    const a = await addProblem(open._id, "A");
    await submit(open._id, a._id, "A", bob, AC, new Date(open.startTime.getTime() + minute));
    await rebuildBoard(open._id);
    const closed = await contest({ openRank: false });
    const server = await startWebServer();
    try {
      const res = await fetch(`${server.url}/contest/acm-scoreboard/${open._id}?l=en`, { redirect: "manual" });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Open board cup");
      expect(html).toContain("contract-bob");
      const refused = await fetch(`${server.url}/contest/acm-scoreboard/${closed._id}?l=en`, { redirect: "manual" });
      expect(refused.status).toBe(403);
    } finally {
      server.stop();
    }
  }, 120_000);
});

describe("a compile error is a try in the board's totals (HOJ's count), without penalty", () => {
  it("counts in the row's total and the contest problem's total; the penalty is unchanged", async () => {
    const c = await contest();
    const a = await addProblem(c._id, "A");
    const at = (m: number) => new Date(c.startTime.getTime() + m * minute);
    await submit(c._id, a._id, "A", amy, CE, at(1));
    await submit(c._id, a._id, "A", amy, WA, at(2));
    await submit(c._id, a._id, "A", amy, AC, at(10));
    await submit(c._id, a._id, "A", bob, CE, at(3));
    await rebuildBoard(c._id);

    const rank = await ojapi(contestRankApi, "get-contest-rank", root, { method: "POST", json: { cid: c._id, currentPage: 1, limit: 50 } });
    expect(rank.status).toBe(200);
    const row = (name: string) => rank.body.data.records.find((r: { username: string }) => r.username === name);
    expect(row("contract-amy")).toMatchObject({ ac: 1, total: 3, totalTime: 10 * 60 + 20 * 60 });
    expect(row("contract-amy").submissionInfo.A).toMatchObject({ isAC: true, errorNum: 1, tryNum: null });
    expect(row("contract-bob")).toMatchObject({ ac: 0, total: 1, totalTime: 0 });
    expect(row("contract-bob").submissionInfo.A).toMatchObject({ isAC: false, errorNum: 0 });

    const problems = await ojapi(contestProblemApi, `get-contest-problem?cid=${c._id}`, root);
    expect(problems.body.data).toEqual([expect.objectContaining({ displayId: "A", ac: 1, total: 4 })]);
  });
});

describe("the admin problem lists of a contest and a training take HOJ's problemType and queryExisted", () => {
  it("contest: without problemType its own problems; with it the public ones of that type it lacks", async () => {
    const c = await contest();
    const own = await addProblem(c._id, "A");
    const acmFree = await makeProblem({ type: 0, title: "Typed free ACM" });
    const oiFree = await makeProblem({ type: 1, title: "Typed free OI" });
    const hidden = await makeProblem({ type: 0, auth: 2, title: "Typed hidden ACM" });
    const list = (query: string) => ojapi(adminContestProblemList, `admin/contest/get-problem-list?cid=${c._id}&currentPage=1&limit=100${query}`, root);
    const ids = (r: { body: Json }) => r.body.data.problemList.records.map((p: { id: number }) => p.id);

    const existed = await list("");
    expect(existed.status).toBe(200);
    expect(ids(existed)).toEqual([own._id]);
    expect(existed.body.data.contestProblemMap[own._id]).toMatchObject({ cid: c._id, pid: own._id, displayId: "A" });
    expect(existed.body.data.problemList.records[0]).toMatchObject({ id: own._id, problemId: own.problemId, type: 0 });

    const acm = await list("&problemType=0&keyword=Typed");
    expect(ids(acm)).toEqual([acmFree._id]);
    const oi = await list("&problemType=1&keyword=Typed");
    expect(ids(oi)).toEqual([oiFree._id]);
    expect(ids(await list("&problemType=0"))).not.toContain(own._id);
    expect(ids(await list("&problemType=0"))).not.toContain(hidden._id);
    expect((await list("&problemType=0")).body.data.problemList.total).toBeGreaterThanOrEqual(1);
    // HOJ's own problems only ("ME" is no remote OJ), or one remote OJ's.
    expect(ids(await list("&problemType=0&keyword=Typed&oj=ME"))).toEqual([acmFree._id]);
    expect(ids(await list("&problemType=0&keyword=Typed&oj=HDU"))).toEqual([]);
  });

  it("training: HOJ's admin call lists the public problems it lacks unless queryExisted=true", async () => {
    await TrainingCategory.create({ _id: 7301, name: "Contract", color: "#2d8cf0", gid: null });
    const t = await createTraining(root, { title: "Contract drills", description: "HOJ's list", auth: "Public", privatePwd: "", rank: 1, categoryId: 7301, status: true }, TRAINING_SITE);
    const first = await makeProblem({ title: "Drill one" });
    const second = await makeProblem({ title: "Drill two" });
    const ts = await administerTraining(t._id, root, null);
    await addTrainingProblem(ts, { tid: t._id, pid: second._id }, "public");
    await addTrainingProblem(ts, { tid: t._id, pid: first._id }, "public");
    const free = await makeProblem({ title: "Drill free" });
    const list = (query: string) => ojapi(adminTrainingProblemList, `admin/training/get-problem-list?tid=${t._id}&keyword=Drill&currentPage=1&limit=100${query}`, root);
    const ids = (r: { body: Json }) => r.body.data.problemList.records.map((p: { id: number }) => p.id);

    expect(ids(await list(""))).toEqual([free._id]);
    expect(ids(await list("&queryExisted=false"))).toEqual([free._id]);
    const existed = await list("&queryExisted=true");
    // In the training's order.
    expect(ids(existed)).toEqual([second._id, first._id]);
    expect(existed.body.data.trainingProblemMap[first._id]).toMatchObject({ tid: t._id, pid: first._id });
  });
});

describe("HOJ's switch settings (SwitchConfigDTO) over ours", () => {
  const dto = {
    openPublicDiscussion: false,
    openGroupDiscussion: true,
    openContestComment: false,
    openPublicJudge: false,
    openGroupJudge: true,
    openContestJudge: true,
    hideNonContestSubmissionCode: true,
    defaultSubmitInterval: 15,
    defaultCreateGroupDailyLimit: 3,
    defaultCreateGroupLimit: 9,
    defaultCreateGroupACInitValue: 0,
    defaultCreateDiscussionDailyLimit: 4,
    defaultCreateDiscussionACInitValue: 2,
    defaultCreateCommentACInitValue: 1,
    hduUsernameList: ["hdu-a", "hdu-b"],
    hduPasswordList: ["pa", "pb"],
    cfUsernameList: [],
    cfPasswordList: [],
    pojUsernameList: [],
    pojPasswordList: [],
    atcoderUsernameList: ["ac-a"],
    atcoderPasswordList: ["pc"],
    spojUsernameList: [],
    spojPasswordList: [],
    libreojUsernameList: ["loj-a"],
    libreojPasswordList: ["pl"],
  };

  it("HOJ's body changes our settings, read back under HOJ's names, and what they govern", async () => {
    expect(await createGroupRefusal(amy)).not.toBeNull();
    const updated = await ojapi(switchUpdateApi, "admin/switch/update", root, { method: "PUT", json: dto });
    expect(updated.status).toBe(200);
    const info = await ojapi(switchInfoApi, "admin/switch/info", root);
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject(dto);
    expect(await getWebsiteConfig()).toMatchObject({
      openPublicDiscussion: false,
      openContestComment: false,
      groupDailyMax: 3,
      groupTotalMax: 9,
      groupAcMin: 0,
      discussionDailyMax: 4,
      discussionAcMin: 2,
      commentAcMin: 1,
    });
    const accounts = await RemoteAccountModel.find({}).sort({ oj: 1, username: 1 }).lean();
    expect(accounts.map((a) => [a.oj, a.username, a.password])).toEqual([
      ["AC", "ac-a", "pc"],
      ["HDU", "hdu-a", "pa"],
      ["HDU", "hdu-b", "pb"],
    ]);
    // No solved problem is needed any more to create a group.
    expect(await createGroupRefusal(amy)).toBeNull();

    // A name without its password changes nothing.
    const bad = await ojapi(switchUpdateApi, "admin/switch/update", root, { method: "PUT", json: { ...dto, hduUsernameList: ["x"], hduPasswordList: [], defaultCreateGroupLimit: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe("Each remote judge account needs both a username and a password");
    expect((await getWebsiteConfig()).groupTotalMax).toBe(9);
    expect((await ojapi(switchUpdateApi, "admin/switch/update", amy, { method: "PUT", json: dto })).status).toBe(403);
  });
});

describe("the admin's page adds a problem to a contest by its number or its display id", () => {
  it("a form POST with the display id adds it; an unknown one is refused with the page's message", async () => {
    const c = await contest();
    const byDisplay = await makeProblem({ problemId: "FORM-7" });
    const byNumber = await makeProblem();
    const post = (form: Record<string, string>) =>
      call(adminContestProblemsPage.action as never, `/admin/contest/${c._id}/problems`, {
        cookie: undefined,
        form: { intent: "add", ...form },
        params: { contestId: String(c._id) },
        headers: { "Accept-Language": "en" },
      });
    const as = async (form: Record<string, string>) => {
      const cookie = await sessionCookieFor(root._id);
      return call(adminContestProblemsPage.action as never, `/admin/contest/${c._id}/problems`, { cookie, form: { intent: "add", ...form }, params: { contestId: String(c._id) }, headers: { "Accept-Language": "en" } });
    };
    expect((await post({ pid: "FORM-7", displayId: "A" })).status).toBe(302);
    expect(await ContestProblem.countDocuments({ cid: c._id })).toBe(0);

    const ok = await as({ pid: "form-7", displayId: "A" });
    expect(ok.status).toBe(302);
    const added = await ContestProblem.findOne({ cid: c._id, displayId: "A" }).lean();
    expect(added?.pid).toBe(byDisplay._id);
    expect((await as({ pid: String(byNumber._id), displayId: "B" })).status).toBe(302);
    expect((await ContestProblem.findOne({ cid: c._id, displayId: "B" }).lean())?.pid).toBe(byNumber._id);

    const unknown = await as({ pid: "NO-SUCH-9", displayId: "C" });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toBe("No public problem has this ID!");
    const empty = await as({ pid: "", displayId: "C" });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { errors: Record<string, string> }).errors.pid).toBe("The problem ID is required");
    expect(await ContestProblem.countDocuments({ cid: c._id })).toBe(2);
  });
});

describe("contest and training passwords are rate limited per user and address", () => {
  it("after ten wrong passwords the next try is a translated 429, the right one too; a right one before the limit registers", async () => {
    const c = await contest({ auth: ContestAuth.PRIVATE, pwd: "open-sesame" });
    const dan = await createUser({ username: "contract-dan", password: "secret123", email: "contract-dan@example.test" });
    const eve = await createUser({ username: "contract-eve", password: "secret123", email: "contract-eve@example.test" });
    const tryContest = (who: User, password: string) => ojapi(registerContestApi, "register-contest", who, { method: "POST", json: { cid: c._id, password } });

    for (let i = 0; i < 10; i++) {
      const wrong = await tryContest(dan, `guess-${i}`);
      expect(wrong.status, `try ${i}`).toBe(400);
      expect(wrong.body.msg).toBe("Wrong password!");
    }
    const limited = await tryContest(dan, "open-sesame");
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toMatch(/^Too many wrong passwords, please try again in \d+ seconds$/);
    expect(await ContestRegister.countDocuments({ cid: c._id, uid: dan._id })).toBe(0);
    // The page's password form says the same, in the visitor's language.
    const page = await call(contestOverviewPage.action as never, `/contest/${c._id}`, {
      cookie: await sessionCookieFor(dan._id),
      form: { password: "open-sesame" },
      params: { contestId: String(c._id) },
      headers: { "Accept-Language": "zh-CN" },
    });
    expect(page.status).toBe(429);
    expect(((await page.json()) as { error: string }).error).toMatch(/^密码错误次数过多，请在 \d+ 秒后再试$/);

    // Below the limit the right password works, and does not count.
    for (let i = 0; i < 5; i++) expect((await tryContest(eve, `guess-${i}`)).status).toBe(400);
    expect((await tryContest(eve, "open-sesame")).status).toBe(200);
    expect(await ContestRegister.countDocuments({ cid: c._id, uid: eve._id })).toBe(1);

    // A training's password: the same limits, its own message.
    await TrainingCategory.create({ _id: 7302, name: "Locked", color: "#2d8cf0", gid: null });
    const t = await createTraining(root, { title: "Locked drills", description: "Password", auth: "Private", privatePwd: "drill-pass", rank: 1, categoryId: 7302, status: true }, TRAINING_SITE);
    const fay = await createUser({ username: "contract-fay", password: "secret123", email: "contract-fay@example.test" });
    for (let i = 0; i < 10; i++) {
      expect((await ojapi(registerTrainingApi, "register-training", fay, { method: "POST", json: { tid: t._id, password: `g${i}` } })).status).toBe(400);
    }
    const trainingLimited = await ojapi(registerTrainingApi, "register-training", fay, { method: "POST", json: { tid: t._id, password: "drill-pass" } });
    expect(trainingLimited.status).toBe(429);
    expect(trainingLimited.body.msg).toMatch(/^Too many wrong passwords, please try again in \d+ seconds$/);
    const trainingPage = await call(trainingOverviewPage.action as never, `/training/${t._id}`, {
      cookie: await sessionCookieFor(fay._id),
      form: { password: "drill-pass" },
      params: { trainingId: String(t._id) },
      headers: { "Accept-Language": "en" },
    });
    expect(trainingPage.status).toBe(429);
    expect(await TrainingRegister.countDocuments({ tid: t._id, uid: fay._id })).toBe(0);
  });
});

describe("the in-contest rank answers HOJ's ACMContestRankVO cells", () => {
  it("tryNum is null unless the seal hides tries (HOJ's client reads a number as pending tries)", async () => {
    const now = Date.now();
    const c = await contest({ startTime: new Date(now - 60 * minute), endTime: new Date(now + 60 * minute), sealRank: true, sealRankTime: new Date(now - 30 * minute) });
    const a = await addProblem(c._id, "A");
    await submit(c._id, a._id, "A", amy, WA, new Date(now - 50 * minute));
    await submit(c._id, a._id, "A", amy, AC, new Date(now - 45 * minute));
    await submit(c._id, a._id, "A", bob, WA, new Date(now - 40 * minute));
    await submit(c._id, a._id, "A", bob, AC, new Date(now - 10 * minute));
    await rebuildBoard(c._id);
    const rank = await ojapi(contestRankApi, "get-contest-rank", amy, { method: "POST", json: { cid: c._id, currentPage: 1, limit: 30 } });
    expect(rank.status).toBe(200);
    expect(rank.body.data).toMatchObject({ total: 2, current: 1 });
    const cell = (name: string) => rank.body.data.records.find((r: { username: string }) => r.username === name).submissionInfo.A;
    expect(cell("contract-amy")).toEqual({ isAC: true, isFirstAC: true, isAfterContest: false, ACTime: 15 * 60, errorNum: 1, tryNum: null });
    // Bob's accepted try came after the seal: one try the seal hides.
    expect(cell("contract-bob")).toMatchObject({ isAC: false, errorNum: 1, tryNum: 1 });
  });
});
