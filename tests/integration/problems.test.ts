import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "~/lib/constants";
import { displayedLimits } from "~/lib/languages";
import { Problem } from "~/models/problem.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { renderMarkdown } from "~/services/platform/markdown.server";
import {
  codeTemplates,
  editorLanguages,
  findVisibleProblem,
  listProblems,
  parseProblemListQuery,
  randomProblemId,
} from "~/services/problem/problems.server";
import { userProblemStatus } from "~/services/submission/user-problem-status.server";
import { takeFlash } from "~/http/flash.server";
import { closeRedis } from "~/services/platform/redis.server";
import { listAllTags, listTagsAndClassifications, searchTags } from "~/services/problem/tags.server";
import { createUser } from "~/services/account/users.server";
import { loader as problemListApi } from "~/routes/ojapi+/_problem+/get-problem-list";
import { loader as randomApi } from "~/routes/ojapi+/_problem+/get-random-problem";
import { loader as detailApi } from "~/routes/ojapi+/_problem+/get-problem-detail";
import { loader as tagsApi } from "~/routes/ojapi+/_problem+/get-problem-tags-and-classification";
import { loader as allTagsApi } from "~/routes/ojapi+/_problem+/get-all-problem-tags";
import { action as statusApi } from "~/routes/ojapi+/_submission+/get-user-problem-status";
import { loader as listPage } from "~/routes/problem+/_index";
import { loader as problemPage } from "~/routes/problem+/$problemId";
import { announceJudge, body, call, makeClassification, makeProblem, makeSubmission, makeTag, req } from "../fixtures/learner";

/** The messages a response left for the next page (the session its cookie names). */
async function flashOf(res: Response) {
  const cookie = (res.headers.get("Set-Cookie") ?? "").split(";")[0];
  expect(cookie).toMatch(/^oj_sid=/);
  return takeFlash(new Request("http://localhost/", { headers: { Cookie: cookie } }));
}

type Page = { records: Array<{ pid: number; problemId: string; title: string; tags: Array<{ name: string }> }>; total: number; size: number; current: number };

const q = (o: Record<string, unknown> = {}) => parseProblemListQuery(o);

let learner: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let dp: Awaited<ReturnType<typeof makeTag>>;
let graph: Awaited<ReturnType<typeof makeTag>>;

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  // A judge that runs C++ and Python3 only.
  await announceJudge(["C++", "Python3", "C"]);
  const algo = await makeClassification("Algorithms", 1);
  dp = await makeTag("Dynamic Programming", algo._id);
  graph = await makeTag("Graph", algo._id);
  await makeTag("Loose");
  await makeTag("Remote tag", null, "HDU");
  // 35 public problems: ids 1000..1034.
  for (let i = 0; i < 35; i++) {
    await makeProblem({
      difficulty: i % 3,
      title: i === 7 ? "Shortest Path on a Grid" : `Problem ${1000 + i}`,
      tags: i % 5 === 0 ? [dp._id, graph._id] : i % 2 === 0 ? [dp._id] : [],
      total: 10,
      ac: i % 10,
    });
  }
  await makeProblem({ _id: 2000, problemId: "SECRET1", auth: 2, title: "Private one" });
  await makeProblem({ _id: 2001, problemId: "GRP-1", gid: 5, title: "Group one" });
  await makeProblem({ _id: 2002, problemId: "HDU-1000", isRemote: true, title: "A + B Problem (HDU)" });
  await makeProblem({
    _id: 2003,
    problemId: "CF-1A",
    isRemote: true,
    title: "Theatre Square",
    timeLimit: 1000,
    memoryLimit: 256,
    languages: ["C++", "Java"],
  });
  learner = await createUser({ username: "learner1", password: "secret123", email: "l1@example.test" });
  admin = await createUser({ username: "admin1", password: "secret123", email: "a1@example.test", role: Role.ADMIN });
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("problem list", () => {
  it("pages public problems 30 at a time in id order, hiding private and group problems", async () => {
    const first = await listProblems(q());
    expect(first.size).toBe(30);
    expect(first.total).toBe(37); // 35 own + 2 remote public problems
    expect(first.records).toHaveLength(30);
    expect(first.records[0].problemId).toBe("P1000");
    const second = await listProblems(q({ currentPage: "2" }));
    expect(second.records.map((r) => r.problemId)).toEqual(["P1030", "P1031", "P1032", "P1033", "P1034", "HDU-1000", "CF-1A"]);
    const ids = [...first.records, ...second.records].map((r) => r.problemId);
    expect(ids).not.toContain("SECRET1");
    expect(ids).not.toContain("GRP-1");
  });

  it("finds by title or display id ignoring case", async () => {
    expect((await listProblems(q({ keyword: "shortest PATH" }))).records.map((r) => r.problemId)).toEqual(["P1007"]);
    expect((await listProblems(q({ keyword: "p1012" }))).records.map((r) => r.problemId)).toEqual(["P1012"]);
    // Regular-expression characters are searched literally.
    expect((await listProblems(q({ keyword: "A + B" }))).records.map((r) => r.problemId)).toEqual(["HDU-1000"]);
  });

  it("filters by difficulty, OJ and every chosen tag", async () => {
    const hard = await listProblems(q({ difficulty: "2", limit: "100" }));
    expect(hard.records.every((r) => r.pid % 3 === (1000 + 2) % 3 || r.problemId.includes("-"))).toBe(true);
    expect(hard.total).toBe(11);
    const both = await listProblems(q({ tagId: `${dp._id},${graph._id}`, limit: "100" }));
    expect(both.records.map((r) => r.problemId)).toEqual(["P1000", "P1005", "P1010", "P1015", "P1020", "P1025", "P1030"]);
    expect(both.records[0].tags.map((t) => t.name).sort()).toEqual(["Dynamic Programming", "Graph"]);
    const onlyDp = await listProblems(q({ tagId: String(dp._id), limit: "100" }));
    expect(onlyDp.total).toBe(21);
    expect((await listProblems(q({ oj: "HDU" }))).records.map((r) => r.problemId)).toEqual(["HDU-1000"]);
    expect((await listProblems(q({ oj: "ME", limit: "100" }))).total).toBe(35);
  });

  it("drops nonsense filter values instead of failing, and pages start at 1", () => {
    const parsed = q({ difficulty: "9", oj: "nowhere", tagId: "a,3,-1,3", currentPage: "-4", limit: "100000" });
    expect(parsed).toMatchObject({ difficulty: undefined, oj: "", tagId: [3], currentPage: 1, limit: 30 });
  });

  it("searches tags ignoring case and groups them by classification", async () => {
    const all = await listAllTags();
    expect(searchTags(all, "dynamic").map((t) => t.name)).toEqual(["Dynamic Programming"]);
    expect(searchTags(all, "GRAPH").map((t) => t.name)).toEqual(["Graph"]);
    const grouped = await listTagsAndClassifications();
    expect(grouped[0].classification?.name).toBe("Algorithms");
    expect(grouped[0].tagList.map((t) => t.name)).toEqual(["Dynamic Programming", "Graph"]);
    expect(grouped[1].classification).toBeNull();
    expect(grouped[1].tagList.map((t) => t.name)).toEqual(["Loose"]);
    expect((await listAllTags("HDU")).map((t) => t.name)).toEqual(["Remote tag"]);
  });

  it("answers /ojapi/get-problem-list in HOJ's page shape", async () => {
    const res = await call(problemListApi, await req(`/ojapi/get-problem-list?keyword=grid&limit=10&currentPage=1`));
    const b = await body<{ status: number; data: Page }>(res);
    expect(b.status).toBe(200);
    expect(b.data).toMatchObject({ total: 1, size: 10, current: 1 });
    expect(b.data.records[0]).toMatchObject({ pid: 1007, problemId: "P1007", total: 10, ac: 7 });
  });

  it("serves tags with classifications and every tag of an OJ", async () => {
    const grouped = await body<{ data: Array<{ classification: { name: string } | null; tagList: Array<{ id: number; name: string }> }> }>(
      await call(tagsApi, await req("/ojapi/get-problem-tags-and-classification?oj=ME")),
    );
    expect(grouped.data[0].classification?.name).toBe("Algorithms");
    expect(grouped.data[0].tagList[0]).toMatchObject({ id: dp._id, name: "Dynamic Programming" });
    const all = await body<{ data: Array<{ name: string }> }>(await call(allTagsApi, await req("/ojapi/get-all-problem-tags?oj=HDU")));
    expect(all.data.map((t) => t.name)).toEqual(["Remote tag"]);
  });

  it("picks a random public problem", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 15; i++) seen.add(await randomProblemId());
    for (const id of seen) expect(id === "SECRET1" || id === "GRP-1").toBe(false);
    expect(seen.size).toBeGreaterThan(1);
    const b = await body<{ data: { problemId: string } }>(await call(randomApi, await req("/ojapi/get-random-problem?oj=HDU")));
    expect(b.data.problemId).toBe("HDU-1000");
  });

  it("a random pick without JavaScript redirects to the problem with a flash message", async () => {
    const res = await call(listPage, await req("/problem?random=1&oj=HDU"));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/problem/HDU-1000");
    expect(await flashOf(res)).toEqual([{ type: "success", key: "problem:goodLuck" }]);
  });

  it("a random pick without JavaScript with nothing to pick goes back to the list and says so", async () => {
    const res = await call(listPage, await req("/problem?random=1&oj=POJ&difficulty=1"));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/problem?oj=POJ&difficulty=1");
    expect(await flashOf(res)).toEqual([{ type: "error", key: "problem:noProblems" }]);
  });
});

describe("the signed-in user's status per problem", () => {
  it("is read in one batch: accepted wins, else the latest verdict, else not submitted", async () => {
    const [a, b, c] = await Problem.find({ _id: { $in: [1001, 1002, 1003] } }).sort({ _id: 1 }).lean();
    await makeSubmission(learner, a, { status: -1 });
    await makeSubmission(learner, a, { status: 0 });
    await makeSubmission(learner, a, { status: -1 });
    await makeSubmission(learner, b, { status: 0 });
    await makeSubmission(learner, b, { status: 1 });
    // Someone else's accepted does not count, nor does a contest submission.
    await makeSubmission(admin, c, { status: 0 });
    await makeSubmission(learner, c, { status: 0, cid: 9 });
    const map = await userProblemStatus(learner._id, [1001, 1002, 1003]);
    expect(map.get(1001)?.status).toBe(0);
    expect(map.get(1002)?.status).toBe(0);
    expect(map.get(1003)?.status).toBe(-10);
    const latest = await userProblemStatus(learner._id, [1002].concat([]));
    expect(latest.get(1002)?.status).toBe(0);
  });

  it("is shown on the list page and served by POST /ojapi/get-user-problem-status (login required)", async () => {
    const page = await body<{ status: Record<string, number> }>(await call(listPage, await req("/problem", { uid: learner._id })));
    expect(page.status["1001"]).toBe(0);
    expect(page.status["1000"]).toBe(-10);
    const anonymous = await body<{ status: null }>(await call(listPage, await req("/problem")));
    expect(anonymous.status).toBeNull();

    const denied = await call(statusApi, await req("/ojapi/get-user-problem-status", { json: { pidList: [1001] } }));
    expect(denied.status).toBe(401);
    expect((await body(denied)).msg).toBe("Please login first!");
    const ok = await body<{ data: Record<string, { status: number }> }>(
      await call(statusApi, await req("/ojapi/get-user-problem-status", { uid: learner._id, json: { pidList: [1001, 1003], isContestProblemList: false } })),
    );
    expect(ok.data).toEqual({ "1001": { status: 0, score: 0 }, "1003": { status: -10, score: null } });
  });
});

describe("one problem", () => {
  it("is found by display id in any case; private and group problems only for admins", async () => {
    expect((await findVisibleProblem("p1000", null))?._id).toBe(1000);
    expect(await findVisibleProblem("secret1", null)).toBeNull();
    expect(await findVisibleProblem("SECRET1", learner)).toBeNull();
    expect(await findVisibleProblem("grp-1", learner)).toBeNull();
    expect((await findVisibleProblem("secret1", admin))?._id).toBe(2000);
    const res = await call(problemPage, await req("/problem/secret1"), { problemId: "secret1" });
    expect(res.status).toBe(404);
  });

  it("offers the problem's languages that a live judge runs, with templates", async () => {
    const p = (await findVisibleProblem("P1000", null))!;
    const editor = await editorLanguages(p);
    expect(editor).toEqual({ languages: ["C", "C++", "Python3"], judgeOnline: true, defaultLanguage: "C++" });
    await Problem.updateOne({ _id: 1000 }, { $set: { codeTemplates: [{ language: "C", code: "/* own */", status: true }, { language: "C++", code: "// off", status: false }] } });
    const updated = (await findVisibleProblem("P1000", null))!;
    const templates = codeTemplates(updated, editor.languages);
    expect(templates.C).toBe("/* own */");
    expect(templates["C++"]).toContain("#include <iostream>");
  });

  it("shows limits: C/C++ as stated, other languages doubled, CF as is", async () => {
    const p = (await findVisibleProblem("P1000", null))!;
    expect(displayedLimits(p)).toEqual([
      { kind: "cFamily", time: 1000, memory: 256 },
      { kind: "others", time: 2000, memory: 512 },
    ]);
    expect(displayedLimits({ ...p, languages: ["Java"] })).toEqual([{ kind: "all", time: 2000, memory: 512 }]);
    const cf = (await findVisibleProblem("cf-1a", null))!;
    expect(displayedLimits(cf)).toEqual([{ kind: "all", time: 1000, memory: 256 }]);
  });

  it("answers /ojapi/get-problem-detail in HOJ's shape without judge-only data", async () => {
    await Problem.updateOne({ _id: 1001 }, { $set: { examples: [{ input: "1 2", output: "3" }, { input: "5 5", output: "10" }], spjCode: "int main(){}", judgeExtraFile: [{ name: "secret.h", content: "x" }] } });
    const b = await body<{ data: { problem: Record<string, unknown>; tags: unknown[]; languages: string[]; codeTemplate: Record<string, string>; problemCount: Record<string, number> } }>(
      await call(detailApi, await req("/ojapi/get-problem-detail?problemId=p1001")),
    );
    expect(b.data.problem.id).toBe(1001);
    expect(b.data.problem.problemId).toBe("P1001");
    expect(b.data.problem.examples).toBe("<input>1 2</input><output>3</output><input>5 5</input><output>10</output>");
    expect(b.data.problem.spjCode).toBeNull();
    expect(b.data.problem.judgeExtraFile).toBeNull();
    expect(b.data.problem.caseVersion).toBeNull();
    expect(b.data.problem).not.toHaveProperty("testCases");
    expect(b.data.languages).toEqual(["C", "C++", "Python3"]);
    expect(Object.keys(b.data.codeTemplate)).toEqual(["C", "C++", "Python3"]);
    expect(b.data.problemCount).toMatchObject({ pid: 1001, total: 10, ac: 1 });
    const missing = await call(detailApi, await req("/ojapi/get-problem-detail?problemId=SECRET1"));
    expect(missing.status).toBe(404);
    expect((await body(missing)).msg).toBe("The problem does not exist");
  });

  it("renders the statement on the server: math, sanitised HTML", async () => {
    const html = renderMarkdown("Let $x^2$ and \\(y\\), $$\\frac{1}{2}$$\n\n\\[z\\]\n\n<img src=x onerror=alert(1)><script>alert(1)</script>[a](javascript:alert(1))");
    expect(html.match(/class="katex"/g)?.length).toBe(4);
    expect(html).toContain("katex-display");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("javascript:");
    const page = await body<{ problem: { html: { description: string }; limits: unknown[] } }>(
      await call(problemPage, await req("/problem/P1000"), { problemId: "P1000" }),
    );
    expect(page.problem.html.description).toContain('class="katex"');
  });
});
