import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProblemAuth, Role } from "~/lib/constants";
import { JUDGES_KEY, LAST_LANGUAGES_KEY } from "~/lib/judge-protocol";
import { LANGUAGES } from "~/lib/languages";
import { Problem } from "~/models/problem.server";
import { loader as judgeInfoRoute } from "~/routes/ojapi+/admin+/config.get-judge-service-info";
import { loader as problemLanguagesRoute } from "~/routes/ojapi+/_problem+/get-problem-languages";
import { loader as languagesRoute } from "~/routes/ojapi+/_problem+/languages";
import { disconnectDb } from "~/services/platform/db.server";
import { env } from "~/services/platform/env.server";
import { forgetJudgeLanguages } from "~/services/judging/queue.server";
import { editorLanguages } from "~/services/problem/problems.server";
import { closeRedis, redis, rkey } from "~/services/platform/redis.server";
import { createSubmission } from "~/services/submission/submissions.server";
import { loadJudgeService } from "./support/judge-service";
import { callRoute, cookieFor, makeProblem, makeUser, openStore, siteRequest, waitUntil } from "./support/judging";

// Languages offered: with live judges, what they advertise (judge-whole-path.test.ts); with none
// online, what the judges advertised last; the whole catalogue only where no judge ever advertised.

beforeAll(openStore);
afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

type Lang = { id: number; name: string; oj: string; isSpj: boolean; contentType: string; template: string; compileCommand: string; description: string };

describe("languages", () => {
  it("lists the whole catalogue in HOJ's shape where no judge ever advertised", async () => {
    const res = await callRoute(languagesRoute, siteRequest("/ojapi/languages?all=true"));
    const list = res.data as Lang[];
    expect(list.map((l) => l.name)).toEqual(LANGUAGES.map((l) => l.name));
    expect(list.find((l) => l.name === "C++")).toMatchObject({ oj: "ME", isSpj: true, contentType: "text/x-c++src", id: 3 });
    expect(list.find((l) => l.name === "Java")).toMatchObject({ isSpj: false, contentType: "text/x-java" });
    expect(list[0].template).toContain("int main()");
  });

  it("restricts to a problem's languages, and hides private problems from learners", async () => {
    const problem = await makeProblem({ languages: ["Python3", "C++"] });
    const res = await callRoute(languagesRoute, siteRequest(`/ojapi/languages?pid=${problem._id}`));
    expect((res.data as Lang[]).map((l) => l.name)).toEqual(["C++", "Python3"]);
    const same = await callRoute(problemLanguagesRoute, siteRequest(`/ojapi/get-problem-languages?pid=${problem._id}`));
    expect((same.data as Lang[]).map((l) => l.name)).toEqual(["C++", "Python3"]);

    await Problem.updateOne({ _id: problem._id }, { $set: { auth: ProblemAuth.PRIVATE } });
    expect(await callRoute(problemLanguagesRoute, siteRequest(`/ojapi/get-problem-languages?pid=${problem._id}`))).toMatchObject({ http: 404 });
    const admin = await makeUser(Role.ADMIN);
    const asAdmin = await callRoute(problemLanguagesRoute, siteRequest(`/ojapi/get-problem-languages?pid=${problem._id}`, { cookie: await cookieFor(admin) }));
    expect(asAdmin.http).toBe(200);
    expect(await callRoute(problemLanguagesRoute, siteRequest(`/ojapi/get-problem-languages`))).toMatchObject({ http: 400, msg: "题目不存在！" });
  });

  it("judge service information is for the admin roles (HOJ's dashboard)", async () => {
    expect(await callRoute(judgeInfoRoute, siteRequest("/ojapi/admin/config/get-judge-service-info"))).toMatchObject({ http: 401 });
    const learner = await makeUser(Role.DEFAULT_USER);
    expect(await callRoute(judgeInfoRoute, siteRequest("/ojapi/admin/config/get-judge-service-info", { cookie: await cookieFor(learner) }))).toMatchObject({ http: 403 });
    const admin = await makeUser(Role.ADMIN);
    const res = await callRoute(judgeInfoRoute, siteRequest("/ojapi/admin/config/get-judge-service-info", { cookie: await cookieFor(admin) }));
    expect(res).toMatchObject({ http: 200, data: [] });
  });
});

describe("languages with no judge online", () => {
  const names = async (url: string) => ((await callRoute(languagesRoute, siteRequest(url))).data as Lang[]).map((l) => l.name);

  async function startJudge(name: string, languages: string[]) {
    const { startJudge } = await loadJudgeService();
    return startJudge({
      redisUrl: env.redisUrl,
      redisPrefix: env.redisPrefix,
      goJudgeUrl: process.env.GO_JUDGE_URL!,
      webInternalUrl: "http://127.0.0.1:9/",
      name,
      languages,
      concurrency: 1,
      heartbeatMs: 200,
      cacheDir: mkdtempSync(path.join(os.tmpdir(), "oj-lang-judge-")),
      logLevel: "silent",
    });
  }

  const lastAdvertised = async () => JSON.parse((await redis().get(rkey(LAST_LANGUAGES_KEY))) ?? "null") as string[] | null;

  it("offers only the languages the judges advertised last, and refuses the others", { timeout: 120_000 }, async () => {
    expect(await lastAdvertised()).toBeNull();
    const a = await startJudge("lang-a", ["C", "Python3"]);
    const b = await startJudge("lang-b", ["Java"]);
    // Every heartbeat keeps the union of the live judges' languages.
    await waitUntil("both judges' languages kept", async () => ((await lastAdvertised())?.length === 3 ? true : null), 10_000);
    expect(await lastAdvertised()).toEqual(["C", "Java", "Python3"]);
    await b.stop({ graceMs: 0 });
    await waitUntil("a departed judge's languages dropped", async () => ((await lastAdvertised())?.join() === "C,Python3" ? true : null), 10_000);
    await a.stop({ graceMs: 0 });
    expect(await redis().hlen(rkey(JUDGES_KEY))).toBe(0);

    // Nobody online now: the site keeps offering what the judges advertised, and nothing else.
    forgetJudgeLanguages();
    expect(await names("/ojapi/languages?all=true")).toEqual(["C", "Python3"]);
    const problem = await makeProblem({ languages: ["C", "C++", "Python3", "Java"] });
    expect(await names(`/ojapi/languages?pid=${problem._id}`)).toEqual(["C", "Python3"]);
    expect(await editorLanguages(problem)).toMatchObject({ languages: ["C", "Python3"], judgeOnline: false, defaultLanguage: "C" });
    const user = await makeUser();
    await expect(createSubmission(user, { pid: problem._id, language: "C++", code: "int main(){}", cid: 0, tid: 0 })).rejects.toMatchObject({ message: "judge:languageUnavailable" });
    // One a judge advertised waits in the queue for it.
    expect((await createSubmission(user, { pid: problem._id, language: "Python3", code: "print(1)", cid: 0, tid: 0 })).status).toBe(5);

    // An installation where no judge ever advertised offers the catalogue.
    await redis().del(rkey(LAST_LANGUAGES_KEY));
    forgetJudgeLanguages();
    expect(await names("/ojapi/languages?all=true")).toEqual(LANGUAGES.map((l) => l.name));
  });
});
