import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProblemAuth, Role } from "~/lib/constants";
import { LANGUAGES } from "~/lib/languages";
import { Problem } from "~/models/problem.server";
import { loader as judgeInfoRoute } from "~/routes/ojapi.admin.config.get-judge-service-info";
import { loader as problemLanguagesRoute } from "~/routes/ojapi.get-problem-languages";
import { loader as languagesRoute } from "~/routes/ojapi.languages";
import { disconnectDb } from "~/services/db.server";
import { closeRedis } from "~/services/redis.server";
import { callRoute, cookieFor, makeProblem, makeUser, openStore, siteRequest } from "./support/judging";

// Languages offered, with no judge online (nothing filtered then, as for submitting); with live
// judges the list follows what they advertise (judge-whole-path.test.ts).

beforeAll(openStore);
afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

type Lang = { id: number; name: string; oj: string; isSpj: boolean; contentType: string; template: string; compileCommand: string; description: string };

describe("languages", () => {
  it("lists the catalogue in HOJ's shape", async () => {
    const res = await callRoute(languagesRoute, siteRequest("/ojapi/languages?all=true"));
    const list = res.data as Lang[];
    expect(list.map((l) => l.name)).toEqual(LANGUAGES.map((l) => l.name));
    expect(list.find((l) => l.name === "C++")).toMatchObject({ oj: "ME", isSpj: true, contentType: "text/x-c++src", id: 3 });
    expect(list.find((l) => l.name === "Java")).toMatchObject({ isSpj: false, contentType: "text/x-java" });
    expect(list[0].template).toContain("scanf");
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

  it("judge service information is for super admins", async () => {
    expect(await callRoute(judgeInfoRoute, siteRequest("/ojapi/admin/config/get-judge-service-info"))).toMatchObject({ http: 401 });
    const admin = await makeUser(Role.ADMIN);
    expect(await callRoute(judgeInfoRoute, siteRequest("/ojapi/admin/config/get-judge-service-info", { cookie: await cookieFor(admin) }))).toMatchObject({ http: 403 });
    const root = await makeUser(Role.SUPER_ADMIN);
    const res = await callRoute(judgeInfoRoute, siteRequest("/ojapi/admin/config/get-judge-service-info", { cookie: await cookieFor(root) }));
    expect(res).toMatchObject({ http: 200, data: [] });
  });
});
