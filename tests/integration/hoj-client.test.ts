import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, ProblemAuth, Role } from "~/lib/constants";
import { JUDGES_KEY, type JudgeInfo } from "~/lib/judge-protocol";
import { Problem } from "~/models/problem.server";
import { Submission } from "~/models/submission.server";
import * as loginRoute from "~/routes/ojapi+/_account+/login";
import * as submitRoute from "~/routes/ojapi+/_submission+/submit-problem-judge";
import * as listRoute from "~/routes/ojapi+/_submission+/get-submission-list";
import * as detailRoute from "~/routes/ojapi+/_submission+/get-submission-detail";
import * as casesRoute from "~/routes/ojapi+/_submission+/get-all-case-result";
import * as checkRoute from "~/routes/ojapi+/_submission+/check-submissions-status";
import * as problemRoute from "~/routes/ojapi+/admin+/problem._index";
import * as problemCasesRoute from "~/routes/ojapi+/admin+/problem.get-problem-cases";
import * as tagsRoute from "~/routes/ojapi+/_problem+/get-problem-tags";
import * as templatesRoute from "~/routes/ojapi+/_problem+/get-problem-code-template";
import * as languagesRoute from "~/routes/ojapi+/_problem+/get-problem-languages";
import * as sessionsRoute from "~/routes/ojapi+/admin+/dashboard.get-sessions";
import * as dashboardRoute from "~/routes/ojapi+/admin+/dashboard.get-dashboard-info";
import * as serviceRoute from "~/routes/ojapi+/admin+/config.get-service-info";
import * as judgeInfoRoute from "~/routes/ojapi+/admin+/config.get-judge-service-info";
import * as emailRoute from "~/routes/ojapi+/admin+/config.get-email-config";
import * as dbRoute from "~/routes/ojapi+/admin+/config.get-db-and-redis-config";
import * as setEmailRoute from "~/routes/ojapi+/admin+/config.set-email-config";
import * as setDbRoute from "~/routes/ojapi+/admin+/config.set-db-and-redis-config";
import * as testEmailRoute from "~/routes/ojapi+/admin+/config.test-email";
import { createUser } from "~/services/account/users.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis, redis, rkey } from "~/services/platform/redis.server";
import { announceJudge, makeProblem, makeSubmission } from "../fixtures/learner";

// HOJ's own browser client against /ojapi: each call as its client makes it (signed in by the token
// /ojapi/login puts in the Authorization header, HOJ's field names and types), and the fields its
// pages read in the answers.

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- HOJ's answers are checked field by field
type Answer = { http: number; status: number; msg: string; data: any };

const context = { ip: "127.0.0.1", nonce: "", requestId: "hoj" } as unknown as AppLoadContext;

async function hoj(handler: unknown, method: string, url: string, o: { token?: string; body?: unknown; ua?: string } = {}): Promise<Answer> {
  const headers = new Headers({ "Accept-Language": "en", "Url-Type": url.startsWith("/admin/") ? "admin" : "general" });
  if (o.token) headers.set("Authorization", o.token);
  if (o.ua) headers.set("User-Agent", o.ua);
  let body: BodyInit | undefined;
  if (o.body !== undefined) {
    headers.set("Content-Type", "application/json;charset=UTF-8");
    body = JSON.stringify(o.body);
  }
  let res: Response;
  try {
    res = await (handler as Handler)({ request: new Request(`http://localhost/ojapi${url}`, { method, headers, body }), params: {}, context });
  } catch (err) {
    if (!(err instanceof Response)) throw err;
    res = err;
  }
  const json = (await res.json()) as Omit<Answer, "http">;
  return { http: res.status, ...json };
}

/** HOJ's login: the token comes back in the Authorization header. */
async function login(username: string, ua = "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0"): Promise<string> {
  const headers = new Headers({ "Content-Type": "application/json", "Accept-Language": "en", "User-Agent": ua });
  const res = await loginRoute.action({
    request: new Request("http://localhost/ojapi/login", { method: "POST", headers, body: JSON.stringify({ username, password: "secret123" }) }),
    params: {},
    context,
  });
  expect(res.status).toBe(200);
  return res.headers.get("Authorization")!;
}

let learner = "";
let admin = "";
let root = "";

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  await createUser({ username: "hojlearner", password: "secret123", email: "hl@example.test" });
  await createUser({ username: "hojadmin", password: "secret123", email: "ha@example.test", role: Role.ADMIN });
  await createUser({ username: "hojroot", password: "secret123", email: "hr@example.test", role: Role.SUPER_ADMIN });
  learner = await login("hojlearner");
  admin = await login("hojadmin");
  root = await login("hojroot");
  await announceJudge(["C", "C++", "Java", "Python3"]);
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

const code = "#include <cstdio>\nint main(){int a,b;scanf(\"%d%d\",&a,&b);printf(\"%d\\n\",a+b);}\n";

describe("submitting as HOJ's client does", () => {
  it("takes the problem's display id as pid (any case), as well as its number", async () => {
    const p = await makeProblem({ _id: 7201, problemId: "P1001" });
    const byDisplay = await hoj(submitRoute.action, "POST", "/submit-problem-judge", {
      token: learner,
      body: { pid: "P1001", language: "C++", code, cid: 0, tid: null, gid: null, isRemote: false },
    });
    expect(byDisplay).toMatchObject({ http: 200, status: 200, data: { pid: p._id, displayPid: "P1001", status: JudgeStatus.PENDING } });
    expect(typeof byDisplay.data.submitId).toBe("number");
    const lower = await hoj(submitRoute.action, "POST", "/submit-problem-judge", { token: learner, body: { pid: "p1001", language: "C++", code, cid: 0 } });
    expect(lower.data).toMatchObject({ pid: p._id });
    const byNumber = await hoj(submitRoute.action, "POST", "/submit-problem-judge", { token: learner, body: { pid: p._id, language: "C++", code, cid: 0 } });
    expect(byNumber.data).toMatchObject({ pid: p._id });
    expect(await Submission.countDocuments({ pid: p._id })).toBe(3);
  });

  it("prefers a display id made of digits over the problem with that number, and falls back to the number", async () => {
    const numbered = await makeProblem({ _id: 7202, problemId: "7203" });
    const other = await makeProblem({ _id: 7203, problemId: "OTHER7203" });
    const res = await hoj(submitRoute.action, "POST", "/submit-problem-judge", { token: learner, body: { pid: "7203", language: "C++", code, cid: 0 } });
    expect(res.data).toMatchObject({ pid: numbered._id, displayPid: "7203" });
    const fallback = await hoj(submitRoute.action, "POST", "/submit-problem-judge", { token: learner, body: { pid: "7202", language: "C++", code, cid: 0 } });
    expect(fallback.data).toMatchObject({ pid: numbered._id });
    expect(other._id).toBe(7203);
  });

  it("refuses an unknown or hidden display id with HOJ's 404 and stores nothing", async () => {
    await makeProblem({ _id: 7204, problemId: "HIDDEN7204", auth: ProblemAuth.PRIVATE });
    const before = await Submission.countDocuments({});
    for (const pid of ["NOPE", "hidden7204", "", 0, -3]) {
      const res = await hoj(submitRoute.action, "POST", "/submit-problem-judge", { token: learner, body: { pid, language: "C++", code, cid: 0 } });
      expect(res.http, String(pid)).toBeGreaterThanOrEqual(400);
      expect(res.msg).toBe("The problem does not exist");
    }
    expect(await Submission.countDocuments({})).toBe(before);
    const anon = await hoj(submitRoute.action, "POST", "/submit-problem-judge", { body: { pid: "P1001", language: "C++", code, cid: 0 } });
    expect(anon.http).toBe(401);
  });
});

describe("scores as HOJ answers them", () => {
  it("is null for ACM submissions and their cases, a number under OI", async () => {
    const acm = await makeProblem({ _id: 7210, problemId: "ACM7210", type: 0 });
    const oi = await makeProblem({ _id: 7211, problemId: "OI7211", type: 1, testCases: [{ input: "1.in", output: "1.out", score: 100, groupNum: 0 }] });
    const me = (await Submission.findOne({ username: "hojlearner" }).lean())!;
    const user = { _id: me.uid, username: "hojlearner" };
    const caseOf = (score: number) => ({ index: 1, status: 0, time: 3, memory: 900, score, groupNum: 0, inputData: "1.in", outputData: "1.out", userOutput: "3", message: "" });
    const a = await makeSubmission(user, acm, { _id: 72101, status: JudgeStatus.ACCEPTED, score: 0, caseResults: [caseOf(0)] });
    const o = await makeSubmission(user, oi, { _id: 72111, status: JudgeStatus.ACCEPTED, score: 100, caseResults: [caseOf(100)] });

    const acmDetail = await hoj(detailRoute.loader, "GET", `/get-submission-detail?submitId=${a._id}`, { token: learner });
    expect(acmDetail.data.submission.score).toBeNull();
    const acmCases = await hoj(casesRoute.loader, "GET", `/get-all-case-result?submitId=${a._id}`, { token: learner });
    expect(acmCases.data.judgeCaseList.map((c: { score: unknown }) => c.score)).toEqual([null]);
    const oiDetail = await hoj(detailRoute.loader, "GET", `/get-submission-detail?submitId=${o._id}`, { token: learner });
    expect(oiDetail.data.submission.score).toBe(100);
    const oiCases = await hoj(casesRoute.loader, "GET", `/get-all-case-result?submitId=${o._id}`, { token: learner });
    expect(oiCases.data.judgeCaseList.map((c: { score: unknown }) => c.score)).toEqual([100]);

    const list = await hoj(listRoute.loader, "GET", "/get-submission-list?onlyMine=true&currentPage=1&limit=15", { token: learner });
    const row = (id: number) => list.data.records.find((r: { submitId: number }) => r.submitId === id);
    expect(row(a._id).score).toBeNull();
    expect(row(o._id).score).toBe(100);
    const checked = await hoj(checkRoute.action, "POST", "/check-submissions-status", { token: learner, body: { submitIds: [a._id, o._id], cid: null } });
    expect(checked.data[String(a._id)].score).toBeNull();
    expect(checked.data[String(o._id)].score).toBe(100);
  });
});

describe("the admin problem editor", () => {
  it("loads tags, languages and templates with HOJ's calls, and saving what it loaded keeps them", async () => {
    const created = await hoj(problemRoute.action, "POST", "/admin/problem", {
      token: admin,
      body: {
        problem: { problemId: "EDIT-1", title: "Edited", description: "d", input: "i", output: "o", examples: "<input>1</input><output>1</output>", type: 0 },
        samples: [{ input: "1\n", output: "1\n" }],
        isUploadTestCase: false,
        judgeMode: "default",
        languages: [{ name: "C" }, { name: "C++" }, { name: "Python3" }],
        codeTemplates: [{ lid: 3, code: "// C++ start\n", status: true }, { lid: 1, code: "/* C start */\n", status: false }],
        tags: [{ name: "hoj-editor-tag" }, { name: "another-tag" }],
      },
    });
    expect(created.status).toBe(200);
    const pid = created.data.id as number;

    // What HOJ's editor asks, in its order, before it shows the form.
    const problem = await hoj(problemRoute.loader, "GET", `/admin/problem?pid=${pid}`, { token: admin });
    const tags = await hoj(tagsRoute.loader, "GET", `/get-problem-tags?pid=${pid}`, { token: admin });
    const languages = await hoj(languagesRoute.loader, "GET", `/get-problem-languages?pid=${pid}`, { token: admin });
    const templates = await hoj(templatesRoute.loader, "GET", `/get-problem-code-template?pid=${pid}`, { token: admin });
    const cases = await hoj(problemCasesRoute.loader, "GET", `/admin/problem/get-problem-cases?pid=${pid}&isUpload=false`, { token: admin });
    for (const a of [problem, tags, languages, templates, cases]) expect(a).toMatchObject({ http: 200, status: 200 });
    expect(tags.data.map((t: { name: string }) => t.name).sort()).toEqual(["another-tag", "hoj-editor-tag"]);
    expect(tags.data[0]).toMatchObject({ id: expect.any(Number), color: expect.any(String), oj: "ME" });
    expect(languages.data.map((l: { name: string }) => l.name)).toEqual(["C", "C++", "Python3"]);
    expect(templates.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pid, lid: 3, code: "// C++ start\n", status: true }),
        expect.objectContaining({ pid, lid: 1, code: "/* C start */\n", status: false }),
      ]),
    );

    // Saving sends back what it loaded (the form's problem, with the tags, languages and templates it read).
    const saved = await hoj(problemRoute.action, "PUT", "/admin/problem", {
      token: admin,
      body: {
        problem: { ...problem.data, title: "Edited again" },
        samples: cases.data,
        isUploadTestCase: false,
        judgeMode: "default",
        changeModeCode: false,
        changeJudgeCaseMode: false,
        tags: tags.data,
        languages: languages.data,
        codeTemplates: templates.data.map((t: { id: number; pid: number; code: string; lid: number; status: boolean }) => ({ id: t.id, pid: t.pid, code: t.code, lid: t.lid, status: t.status })),
      },
    });
    expect(saved).toMatchObject({ http: 200, status: 200, data: { title: "Edited again" } });
    const stored = (await Problem.findById(pid).lean())!;
    expect(stored.languages).toEqual(["C", "C++", "Python3"]);
    expect(stored.tags.sort()).toEqual(tags.data.map((t: { id: number }) => t.id).sort());
    expect(stored.codeTemplates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ language: "C++", code: "// C++ start\n", status: true }),
        expect.objectContaining({ language: "C", code: "/* C start */\n", status: false }),
      ]),
    );
  });

  it("shows a private problem's tags and templates to the admin roles only; a bad pid is a 400", async () => {
    const hidden = await makeProblem({ _id: 7220, problemId: "PRIV7220", auth: ProblemAuth.PRIVATE, codeTemplates: [{ language: "C", code: "secret", status: true }] });
    for (const route of [tagsRoute, templatesRoute]) {
      const name = route === tagsRoute ? "get-problem-tags" : "get-problem-code-template";
      expect(await hoj(route.loader, "GET", `/${name}?pid=${hidden._id}`, { token: learner })).toMatchObject({ http: 404, msg: "The problem does not exist" });
      expect(await hoj(route.loader, "GET", `/${name}?pid=${hidden._id}`)).toMatchObject({ http: 404 });
      expect(await hoj(route.loader, "GET", `/${name}?pid=${hidden._id}`, { token: admin })).toMatchObject({ http: 200 });
      expect(await hoj(route.loader, "GET", `/${name}?pid=abc`, { token: admin })).toMatchObject({ http: 400 });
      expect(await hoj(route.loader, "GET", `/${name}`, { token: admin })).toMatchObject({ http: 400 });
    }
    const open = await makeProblem({ _id: 7221, problemId: "OPEN7221", codeTemplates: [{ language: "Java", code: "class Main {}", status: true }] });
    const t = await hoj(templatesRoute.loader, "GET", `/get-problem-code-template?pid=${open._id}`);
    expect(t.data).toEqual([expect.objectContaining({ pid: open._id, lid: expect.any(Number), code: "class Main {}", status: true })]);
  });
});

describe("the admin dashboard and configuration page", () => {
  it("answers the dashboard's calls to the admin roles", async () => {
    const info = await hoj(dashboardRoute.loader, "GET", "/admin/dashboard/get-dashboard-info", { token: admin });
    expect(info).toMatchObject({ http: 200, data: { userNum: expect.any(Number), todayJudgeNum: expect.any(Number), recentContestNum: 0 } });
    expect(info.data.userNum).toBeGreaterThanOrEqual(3);

    // "Last login": the sign-in before this one, with its address and browser; never the session's id.
    const again = await login("hojadmin", "Mozilla/5.0 (Macintosh) Firefox/121.0");
    const session = await hoj(sessionsRoute.action, "POST", "/admin/dashboard/get-sessions", { token: again, body: {} });
    expect(session).toMatchObject({ http: 200, data: { ip: "127.0.0.1", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0", gmtCreate: expect.any(String) } });
    expect(session.data).not.toHaveProperty("id");
    expect(session.data).not.toHaveProperty("_id");

    const service = await hoj(serviceRoute.loader, "GET", "/admin/config/get-service-info", { token: admin });
    expect(service).toMatchObject({ http: 200, data: { nacos: { status: "UP" }, backupCores: expect.any(Number) } });
    expect(service.data.backupPercentCpuLoad).toMatch(/^\d+\.\d\d%$/);
    expect(service.data.backupService[0]).toMatchObject({ serviceId: expect.any(String), host: expect.any(String), port: expect.any(Number), metadata: { "nacos.healthy": "true" } });

    const info2: JudgeInfo = {
      name: "judge-a",
      languages: ["C++"],
      concurrency: 2,
      running: 1,
      cpus: 4,
      version: "1",
      startedAt: Date.now() - 1000,
      heartbeatAt: Date.now(),
      host: "box1",
      httpPort: 9100,
      loadAvg: 1,
      memoryUsed: 0.5,
      sandboxHealthy: true,
    };
    await redis().hset(rkey(JUDGES_KEY), "judge-a", JSON.stringify(info2));
    const judges = await hoj(judgeInfoRoute.loader, "GET", "/admin/config/get-judge-service-info", { token: admin });
    expect(judges.http).toBe(200);
    const a = judges.data.find((j: { service: { metadata: { judgeName: string } } }) => j.service.metadata.judgeName === "judge-a");
    expect(a).toMatchObject({ cpuCores: 4, percentCpuLoad: "25.00%", percentMemoryLoad: "50.00%", service: { host: "box1", port: 9100, metadata: { judgeName: "judge-a", "nacos.healthy": "true" } } });
  });

  it("refuses the dashboard to learners and visitors", async () => {
    for (const [route, method, url] of [
      [dashboardRoute.loader, "GET", "/admin/dashboard/get-dashboard-info"],
      [sessionsRoute.action, "POST", "/admin/dashboard/get-sessions"],
      [serviceRoute.loader, "GET", "/admin/config/get-service-info"],
      [judgeInfoRoute.loader, "GET", "/admin/config/get-judge-service-info"],
    ] as const) {
      expect(await hoj(route, method, url), url).toMatchObject({ http: 401 });
      expect(await hoj(route, method, url, { token: learner }), url).toMatchObject({ http: 403 });
    }
  });

  it("answers the configuration page's e-mail and store settings to the super admin, without passwords", async () => {
    for (const [route, url] of [
      [emailRoute, "/admin/config/get-email-config"],
      [dbRoute, "/admin/config/get-db-and-redis-config"],
    ] as const) {
      expect(await hoj(route.loader, "GET", url), url).toMatchObject({ http: 401 });
      expect(await hoj(route.loader, "GET", url, { token: learner }), url).toMatchObject({ http: 403 });
      expect(await hoj(route.loader, "GET", url, { token: admin }), url).toMatchObject({ http: 403 });
    }
    const email = await hoj(emailRoute.loader, "GET", "/admin/config/get-email-config", { token: root });
    expect(email).toMatchObject({ http: 200, data: { emailPort: expect.any(Number), emailPassword: null, emailSsl: expect.any(Boolean) } });
    const db = await hoj(dbRoute.loader, "GET", "/admin/config/get-db-and-redis-config", { token: root });
    expect(db).toMatchObject({ http: 200, data: { dbHost: expect.any(String), dbPort: expect.any(Number), dbPassword: null, redisHost: expect.any(String), redisPort: expect.any(Number), redisPassword: null } });
    expect(JSON.stringify(db.data)).not.toMatch(/:\/\/[^/]*:[^/]*@/);
  });

  it("answers the configuration page's saves: the settings are the environment's, so nothing changes", async () => {
    for (const [route, url, body] of [
      [setEmailRoute, "/admin/config/set-email-config", { emailHost: "smtp.evil.test", emailPort: 25, emailUsername: "x", emailPassword: "y", emailSsl: false }],
      [setDbRoute, "/admin/config/set-db-and-redis-config", { dbHost: "evil.test", dbPort: 1, redisHost: "evil.test", redisPort: 1 }],
    ] as const) {
      expect(await hoj(route.action, "PUT", url, { body }), url).toMatchObject({ http: 401 });
      expect(await hoj(route.action, "PUT", url, { token: admin, body }), url).toMatchObject({ http: 403 });
      const res = await hoj(route.action, "PUT", url, { token: root, body });
      expect(res, url).toMatchObject({ http: 400, status: 400 });
      expect(res.msg).toContain("environment");
    }
    const db = await hoj(dbRoute.loader, "GET", "/admin/config/get-db-and-redis-config", { token: root });
    expect(db.data.dbHost).not.toBe("evil.test");
  });

  it("test-email: super admin only, a valid address, and a clear refusal without SMTP", async () => {
    expect(await hoj(testEmailRoute.action, "POST", "/admin/config/test-email", { token: admin, body: { email: "a@example.test" } })).toMatchObject({ http: 403 });
    expect(await hoj(testEmailRoute.action, "POST", "/admin/config/test-email", { token: root, body: { email: "not-an-address" } })).toMatchObject({ http: 400 });
    const res = await hoj(testEmailRoute.action, "POST", "/admin/config/test-email", { token: root, body: { email: "a@example.test" } });
    // The integration tests run without SMTP_HOST.
    expect(res).toMatchObject({ http: 400, msg: "E-mail is not set up on this site (SMTP_HOST), so no test e-mail can be sent." });
  });
});
