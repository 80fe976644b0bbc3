import { readFile, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "~/lib/constants";
import { decodeMessage, JudgeStreams, type CompileCheckTask } from "~/lib/judge-protocol";
import type { ProblemDraft } from "~/lib/problem-draft";
import { Problem } from "~/models/problem.server";
import { bootstrap } from "~/services/account/bootstrap.server";
import { disconnectDb } from "~/services/platform/db.server";
import { closeRedis, newRedisConnection, redis, rkey } from "~/services/platform/redis.server";
import { sessionStorage } from "~/services/account/session.server";
import { compileResultKey } from "~/services/problem/spj-compile.server";
import { createUser } from "~/services/account/users.server";
import { writeZip } from "~/services/platform/zip.server";
import * as createPage from "~/routes/admin+/problem+/create";
import * as editPage from "~/routes/admin+/problem+/edit.$problemId";
import * as listPage from "~/routes/admin+/problems";
import * as exportRoute from "~/routes/admin+/problem+/export";

// The page actions as a browser without JavaScript drives them: multipart posts, answers that carry
// the whole draft back, redirects after a save.

let cookie = "";
let userCookie = "";
let tmp = "";

async function cookieFor(uid: string): Promise<string> {
  const s = await sessionStorage.getSession();
  s.set("uid", uid);
  return (await sessionStorage.commitSession(s)).split(";")[0];
}

type Fn = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response>;

async function post(fn: unknown, url: string, fields: Record<string, string | string[] | Blob>, params: Record<string, string> = {}, as = cookie) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) v.forEach((x) => form.append(k, x));
    else if (v instanceof Blob) form.append(k, v, "upload.zip");
    else form.append(k, v);
  }
  const request = new Request(`http://localhost${url}`, { method: "POST", body: form, headers: { Cookie: as } });
  try {
    return await (fn as Fn)({ request, params, context: {} as AppLoadContext });
  } catch (err) {
    if (err instanceof Response) return err;
    throw err;
  }
}

async function get(fn: unknown, url: string, as = cookie, params: Record<string, string> = {}) {
  const request = new Request(`http://localhost${url}`, { headers: { Cookie: as } });
  try {
    return await (fn as Fn)({ request, params, context: {} as AppLoadContext });
  } catch (err) {
    if (err instanceof Response) return err;
    throw err;
  }
}

type Answer = { draft: ProblemDraft | null; errors: Record<string, string>; compileError: string | null; notice: string | null };

const fields = (over: Record<string, string | string[] | Blob> = {}) => ({
  problemId: "PAGE-1",
  title: "Page problem",
  description: "Describe",
  input: "In",
  output: "Out",
  type: "0",
  difficulty: "1",
  auth: "1",
  timeLimit: "1000",
  memoryLimit: "256",
  stackLimit: "128",
  judgeMode: "default",
  spjLanguage: "C",
  spjCode: "",
  judgeCaseMode: "default",
  caseSource: "manual",
  "samples.0.input": "1\r\n",
  "samples.0.output": "1\r\n",
  "examples.0.input": "1",
  "examples.0.output": "1",
  languages: ["C", "C++"],
  codeShare: "on",
  intent: "save",
  ...over,
});

beforeAll(async () => {
  await bootstrap();
  tmp = await mkdtemp(path.join(os.tmpdir(), "oj-pages-"));
  cookie = await cookieFor((await createUser({ username: "page_admin", password: "secret123", role: Role.ADMIN }))._id);
  userCookie = await cookieFor((await createUser({ username: "page_user", password: "secret123" }))._id);
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
  await closeRedis();
  await disconnectDb();
});

describe("problem pages without JavaScript", () => {
  it("refuses a visitor who is no admin", async () => {
    expect((await get(createPage.loader, "/admin/problem/create", userCookie)).status).toBe(403);
    expect((await post(createPage.action, "/admin/problem/create", fields(), {}, userCookie)).status).toBe(403);
    const anon = await get(listPage.loader, "/admin/problems", "");
    expect(anon.status).toBe(302);
    expect(anon.headers.get("Location")).toMatch(/\/admin\/login\?redirectTo=/);
  });

  it("answers a refused save with field errors and everything typed", async () => {
    const res = await post(createPage.action, "/admin/problem/create", fields({ title: "", "samples.1.input": "2\n", "samples.1.output": "2\n", newTags: "dp, greedy" }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as Answer;
    expect(body.errors).toEqual({ title: "题目标题不能为空。" });
    expect(body.draft).toMatchObject({ problemId: "PAGE-1", description: "Describe", newTags: "dp, greedy", languages: ["C", "C++"], codeShare: true, isRemoveEndBlank: false });
    // Browsers send text areas with CRLF; the draft keeps LF.
    expect(body.draft!.samples).toEqual([
      { input: "1\n", output: "1\n", score: "", groupNum: "" },
      { input: "2\n", output: "2\n", score: "", groupNum: "" },
    ]);
  });

  it("adds and removes rows by submit buttons", async () => {
    const added = (await (await post(createPage.action, "/admin/problem/create", fields({ intent: "add-example" }))).json()) as Answer;
    expect(added.draft!.examples).toHaveLength(2);
    const removed = (await (await post(createPage.action, "/admin/problem/create", fields({ intent: "remove-example-0" }))).json()) as Answer;
    expect(removed.draft!.examples).toHaveLength(0);
    const file = (await (await post(createPage.action, "/admin/problem/create", fields({ intent: "add-userfile" }))).json()) as Answer;
    expect(file.draft!.userExtraFile).toEqual([{ name: "", content: "" }]);
  });

  it("uploads a zip into the draft, then saves and redirects to the list", async () => {
    const zip = path.join(tmp, "c.zip");
    await writeZip(zip, [
      { name: "1.in", data: "1\n" },
      { name: "1.out", data: "1\n" },
      { name: "2.in", data: "2\n" },
      { name: "2.out", data: "2\n" },
    ]);
    const blob = new Blob([await readFile(zip)], { type: "application/zip" });
    const up = (await (await post(createPage.action, "/admin/problem/create", fields({ intent: "upload", caseSource: "upload", type: "1", judgeCaseMode: "subtask_lowest", testcaseZip: blob }))).json()) as Answer;
    expect(up.notice).toBe("form.uploadDone");
    expect(up.draft).toMatchObject({ isUploadCase: true, cases: [{ input: "1.in", output: "1.out", score: "50", groupNum: "1" }, { input: "2.in", score: "50", groupNum: "1" }] });
    const d = up.draft!;
    const saved = await post(
      createPage.action,
      "/admin/problem/create",
      fields({
        caseSource: "upload",
        type: "1",
        judgeCaseMode: "subtask_lowest",
        uploadTestcaseDir: d.uploadTestcaseDir,
        "cases.0.input": "1.in",
        "cases.0.output": "1.out",
        "cases.0.score": "40",
        "cases.0.groupNum": "1",
        "cases.1.input": "2.in",
        "cases.1.output": "2.out",
        "cases.1.score": "60",
        "cases.1.groupNum": "2",
      }),
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/problems");
    const doc = await Problem.findOne({ problemIdUpper: "PAGE-1" }).lean();
    expect(doc!.testCases.map((c) => [c.score, c.groupNum])).toEqual([
      [40, 1],
      [60, 2],
    ]);

    const edit = await get(editPage.loader, `/admin/problem/edit/${doc!._id}`, cookie, { problemId: String(doc!._id) });
    const { draft } = (await edit.json()) as { draft: ProblemDraft };
    expect(draft).toMatchObject({ problemId: "PAGE-1", isUploadCase: true, type: "1", cases: [{ input: "1.in", score: "40", groupNum: "1" }, { input: "2.in", score: "60", groupNum: "2" }] });
  });

  it("keeps the draft and shows the compiler's output when a checker does not compile", async () => {
    const pending = post(createPage.action, "/admin/problem/create", fields({ problemId: "PAGE-SPJ", judgeMode: "spj", spjLanguage: "C++", spjCode: "int main( {" }));
    const conn = newRedisConnection();
    try {
      const res = (await conn.xread("BLOCK", 10_000, "STREAMS", rkey(JudgeStreams.testTasks), "0")) as Array<[string, Array<[string, string[]]>]>;
      const [id, f] = res[0][1][res[0][1].length - 1];
      await redis().xdel(rkey(JudgeStreams.testTasks), id);
      const task = decodeMessage<CompileCheckTask>(f)!;
      expect(task).toMatchObject({ purpose: "spj", language: "C++", code: "int main( {" });
      await redis().set(compileResultKey(task.key), JSON.stringify({ ok: false, message: "checker.cpp:1: error" }));
    } finally {
      conn.disconnect();
    }
    const answer = (await (await pending).json()) as Answer;
    expect(answer.compileError).toBe("checker.cpp:1: error");
    expect(answer.errors.spjCode).toBe("特判程序或交互程序编译失败");
    expect(answer.draft!.spjCode).toBe("int main( {");
    expect(await Problem.exists({ problemIdUpper: "PAGE-SPJ" })).toBeNull();
  });

  it("asks before deleting and deletes when confirmed", async () => {
    const doc = await Problem.findOne({ problemIdUpper: "PAGE-1" }).lean();
    const ask = await post(listPage.action, "/admin/problems", { intent: "delete", pid: String(doc!._id), back: "/admin/problems?page=1" });
    expect(((await ask.json()) as { confirmDelete: { problemId: string } }).confirmDelete.problemId).toBe("PAGE-1");
    expect(await Problem.exists({ _id: doc!._id })).not.toBeNull();
    const done = await post(listPage.action, "/admin/problems", { intent: "delete", pid: String(doc!._id), confirmed: "1", back: "/admin/problems?page=1" });
    expect(done.headers.get("Location")).toBe("/admin/problems?page=1");
    expect(await Problem.exists({ _id: doc!._id })).toBeNull();
  });

  it("sends an empty export selection back with a message", async () => {
    const res = await get(exportRoute.loader, "/admin/problem/export");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/problem/batch-operation");
  });
});
