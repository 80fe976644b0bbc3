import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "~/lib/constants";
import { decodeMessage, JudgeStreams, type CompileCheckTask } from "~/lib/judge-protocol";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { bootstrap } from "~/services/account/bootstrap.server";
import { disconnectDb } from "~/services/platform/db.server";
import { newRedisConnection, closeRedis, redis, rkey } from "~/services/platform/redis.server";
import { sessionStorage } from "~/services/account/session.server";
import { createUser } from "~/services/account/users.server";
import { compileResultKey } from "~/services/problem/spj-compile.server";
import { extractZip, writeZip } from "~/services/platform/zip.server";
import * as problemRoute from "~/routes/ojapi+/admin+/problem._index";
import * as listRoute from "~/routes/ojapi+/admin+/problem.get-problem-list";
import * as authRoute from "~/routes/ojapi+/admin+/problem.change-problem-auth";
import * as casesRoute from "~/routes/ojapi+/admin+/problem.get-problem-cases";
import * as compileSpjRoute from "~/routes/ojapi+/admin+/problem.compile-spj";
import * as uploadRoute from "~/routes/ojapi+/file+/upload-testcase-zip";
import * as downloadRoute from "~/routes/ojapi+/file+/download-testcase";
import * as exportRoute from "~/routes/ojapi+/file+/export-problem";
import * as importRoute from "~/routes/ojapi+/file+/import-problem";
import * as tagRoute from "~/routes/ojapi+/admin+/tag._index";
import * as classRoute from "~/routes/ojapi+/admin+/tag.classification";
import { asPageCall } from "../support/page-token";

const BASE = "http://localhost/ojapi";
let adminCookie = "";
let userCookie = "";
let tmp = "";

async function cookieFor(uid: string): Promise<string> {
  const s = await sessionStorage.getSession();
  s.set("uid", uid);
  return (await sessionStorage.commitSession(s)).split(";")[0];
}

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response>;

async function call(handler: unknown, method: string, url: string, opts: { body?: unknown; form?: FormData; cookie?: string } = {}) {
  const headers = new Headers();
  if (opts.cookie !== undefined) headers.set("Cookie", opts.cookie);
  else headers.set("Cookie", adminCookie);
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(opts.body);
  }
  const request = await asPageCall(new Request(`${BASE}${url}`, { method, headers, body }));
  return (handler as Handler)({ request, params: {}, context: {} as AppLoadContext });
}

async function jsonOf(res: Response) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers are checked field by field
  return (await res.json()) as { status: number; msg: string; data: any };
}

function dto(over: Record<string, unknown> = {}) {
  const { problem, ...rest } = over;
  return {
    samples: [{ input: "1\n", output: "1\n" }],
    isUploadTestCase: false,
    judgeMode: "default",
    languages: [{ id: 1, name: "C" }, { name: "C++" }],
    codeTemplates: [{ lid: 3, code: "int main(){}", status: true }],
    tags: [{ name: "api-tag" }],
    ...rest,
    problem: {
      problemId: "API-1",
      title: "Api problem",
      description: "d",
      input: "i",
      output: "o",
      examples: "<input>1</input><output>1</output>",
      type: 0,
      timeLimit: 2000,
      userExtraFile: '{"a.h":"int a;"}',
      ...((problem as object) ?? {}),
    },
  };
}

beforeAll(async () => {
  await bootstrap();
  tmp = await mkdtemp(path.join(os.tmpdir(), "oj-api-"));
  const admin = await createUser({ username: "pa_admin", password: "secret123", role: Role.PROBLEM_ADMIN });
  const user = await createUser({ username: "pa_user", password: "secret123" });
  adminCookie = await cookieFor(admin._id);
  userCookie = await cookieFor(user._id);
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
  await closeRedis();
  await disconnectDb();
});

describe("/ojapi problem administration", () => {
  it("answers 401 without a user and 403 for a non-admin", async () => {
    const anon = await call(listRoute.loader, "GET", "/admin/problem/get-problem-list", { cookie: "" });
    expect(anon.status).toBe(401);
    expect((await jsonOf(anon)).status).toBe(401);
    const user = await call(problemRoute.action, "POST", "/admin/problem", { body: dto(), cookie: userCookie });
    expect(user.status).toBe(403);
    expect(await Problem.exists({ problemIdUpper: "API-1" })).toBeNull();
  });

  it("creates from HOJ's ProblemDTO and returns it for editing", async () => {
    const res = await call(problemRoute.action, "POST", "/admin/problem", { body: dto() });
    const body = await jsonOf(res);
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({ problemId: "API-1", timeLimit: 2000, examples: "<input>1</input><output>1</output>", userExtraFile: '{"a.h":"int a;"}', author: "pa_admin" });
    const pid = body.data.id as number;
    const got = await jsonOf(await call(problemRoute.loader, "GET", `/admin/problem?pid=${pid}`));
    expect(got.data).toMatchObject({
      id: pid,
      languages: [
        { id: 1, name: "C" },
        { id: 3, name: "C++" },
      ],
      codeTemplates: [{ lid: 3, language: "C++", code: "int main(){}", status: true }],
      tags: [{ name: "api-tag" }],
      samples: [{ input: "1.in", output: "1.out", pid }],
    });
    const cases = await jsonOf(await call(casesRoute.loader, "GET", `/admin/problem/get-problem-cases?pid=${pid}`));
    expect(cases.data).toEqual([{ id: 1, pid, input: "1.in", output: "1.out", score: 0, groupNum: 0, status: 0 }]);
  });

  it("answers validation errors with status 400 and a translated message", async () => {
    const res = await call(problemRoute.action, "POST", "/admin/problem", { body: dto({ problem: { title: "" } }) });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).msg).toBe("题目标题不能为空。");
    const dup = await call(problemRoute.action, "POST", "/admin/problem", { body: dto() });
    expect((await jsonOf(dup)).msg).toBe("该展示 ID 已被其他题目使用（不区分大小写）。");
  });

  it("lists, changes visibility, updates and deletes", async () => {
    const list = await jsonOf(await call(listRoute.loader, "GET", "/admin/problem/get-problem-list?limit=10&currentPage=1&keyword=api"));
    expect(list.data).toMatchObject({ total: 1, size: 10, current: 1, records: [{ problemId: "API-1" }] });
    const pid = list.data.records[0].id as number;
    expect((await jsonOf(await call(authRoute.action, "PUT", "/admin/problem/change-problem-auth", { body: { id: pid, auth: 2 } }))).status).toBe(200);
    expect((await Problem.findById(pid).lean())!.auth).toBe(2);
    const put = await jsonOf(await call(problemRoute.action, "PUT", "/admin/problem", { body: dto({ problem: { id: pid, title: "Renamed" } }) }));
    expect(put.data.title).toBe("Renamed");
    expect((await jsonOf(await call(problemRoute.action, "DELETE", `/admin/problem?pid=${pid}`))).status).toBe(200);
    expect(await Problem.exists({ _id: pid })).toBeNull();
    const gone = await call(problemRoute.loader, "GET", `/admin/problem?pid=${pid}`);
    expect(gone.status).toBe(404);
  });

  it("uploads a test data zip, saves with it, downloads it and exports", async () => {
    const zip = path.join(tmp, "t.zip");
    await writeZip(zip, [
      { name: "input1.txt", data: "1\n" },
      { name: "output1.txt", data: "2\n" },
      { name: "input2.txt", data: "3\n" },
      { name: "output2.txt", data: "4\n" },
      { name: "input3.txt", data: "5\n" },
    ]);
    const form = new FormData();
    form.set("file", new Blob([await readFile(zip)], { type: "application/zip" }), "t.zip");
    const up = await jsonOf(await call(uploadRoute.action, "POST", "/file/upload-testcase-zip?mode=subtask_lowest", { form }));
    expect(up.data).toMatchObject({
      fileList: [
        { input: "input1.txt", output: "output1.txt", score: 50, groupNum: 1 },
        { input: "input2.txt", output: "output2.txt", score: 50, groupNum: 1 },
      ],
      unpaired: ["input3.txt"],
    });
    expect(up.data.fileListDir).toMatch(/^[a-f0-9]{32}$/);
    const created = await jsonOf(
      await call(problemRoute.action, "POST", "/admin/problem", {
        body: dto({ problem: { problemId: "API-2", type: 1, judgeCaseMode: "subtask_lowest" }, isUploadTestCase: true, uploadTestcaseDir: up.data.fileListDir, samples: up.data.fileList }),
      }),
    );
    expect(created.status).toBe(200);
    const pid = created.data.id as number;

    const dl = await call(downloadRoute.loader, "GET", `/file/download-testcase?pid=${pid}`);
    expect(dl.headers.get("Content-Type")).toBe("application/zip");
    const dlZip = path.join(tmp, "dl.zip");
    await import("node:fs/promises").then((fs) => dl.arrayBuffer().then((b) => fs.writeFile(dlZip, Buffer.from(b))));
    const out = await extractZip(dlZip, path.join(tmp, "dl"));
    expect(out.files.sort()).toEqual(["input1.txt", "input2.txt", "output1.txt", "output2.txt"]);

    const ex = await call(exportRoute.loader, "GET", `/file/export-problem?pid=${pid}`);
    expect(ex.headers.get("Content-Disposition")).toMatch(/attachment; filename="problem_export_\d+\.zip"/);
    const exZip = path.join(tmp, "ex.zip");
    await import("node:fs/promises").then((fs) => ex.arrayBuffer().then((b) => fs.writeFile(exZip, Buffer.from(b))));
    const exOut = await extractZip(exZip, path.join(tmp, "ex"));
    expect(exOut.files).toContain(`problem_${pid}.json`);
    const json = JSON.parse(await readFile(path.join(tmp, "ex", `problem_${pid}.json`), "utf8"));
    expect(json).toMatchObject({ problem: { problemId: "API-2", judgeCaseMode: "subtask_lowest" }, languages: ["C", "C++"], tags: ["api-tag"], judgeMode: "default" });

    // The same archive through the HOJ import endpoint, renamed on the way in.
    const imp = new FormData();
    imp.set("file", new Blob([await readFile(exZip)]), "ex.zip");
    const report = await jsonOf(await call(importRoute.action, "POST", "/file/import-problem?onConflict=suffix", { form: imp }));
    expect(report.data).toMatchObject({ imported: 1, results: [{ status: "imported", problemId: "API-2-2", renamedFrom: "API-2" }] });

    const empty = await call(downloadRoute.loader, "GET", "/file/download-testcase?pid=999999");
    expect(empty.status).toBe(404);
    expect((await jsonOf(empty)).msg).toBe("该题目不存在。");
  });

  it("refuses a file of the wrong type with HOJ's message", async () => {
    const form = new FormData();
    form.set("file", new Blob(["hello"]), "notes.txt");
    const res = await call(uploadRoute.action, "POST", "/file/upload-testcase-zip", { form });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).msg).toBe("不支持该文件类型");
  });
});

describe("/ojapi tags", () => {
  it("adds, refuses duplicates, changes and deletes tags and classifications", async () => {
    const cls = await jsonOf(await call(classRoute.action, "POST", "/admin/tag/classification", { body: { name: "Algorithms", rank: 1, oj: "ME" } }));
    expect(cls.data).toMatchObject({ name: "Algorithms", rank: 1, oj: "ME" });
    const tag = await jsonOf(await call(tagRoute.action, "POST", "/admin/tag", { body: { name: "Greedy", color: "#ff9900", oj: "ME", tcid: cls.data.id } }));
    expect(tag.data).toMatchObject({ name: "Greedy", tcid: cls.data.id });
    const dup = await call(tagRoute.action, "POST", "/admin/tag", { body: { name: "greedy", oj: "ME" } });
    expect(dup.status).toBe(400);
    expect((await jsonOf(dup)).msg).toBe("该标签已添加，请勿重复添加！");
    const upd = await jsonOf(await call(tagRoute.action, "PUT", "/admin/tag", { body: { id: tag.data.id, name: "Greedy algorithms", color: "#00aa00", oj: "ME", tcid: null } }));
    expect(upd.data).toMatchObject({ name: "Greedy algorithms", tcid: null });
    const list = await jsonOf(await call(classRoute.loader, "GET", "/admin/tag/classification?oj=ME"));
    expect(list.data.map((c: { name: string }) => c.name)).toContain("Algorithms");
    expect((await jsonOf(await call(tagRoute.action, "DELETE", `/admin/tag?tid=${tag.data.id}`))).status).toBe(200);
    expect((await jsonOf(await call(classRoute.action, "DELETE", `/admin/tag/classification?tcid=${cls.data.id}`))).status).toBe(200);
    expect((await call(tagRoute.action, "POST", "/admin/tag", { body: { name: "x" }, cookie: userCookie })).status).toBe(403);
  });
});

describe("compile check of checkers", () => {
  // No judge runs here: the test answers the task on the real stream as a judge would.
  async function answerNextCompileTask(result: { ok: boolean; message: string }): Promise<CompileCheckTask> {
    const conn = newRedisConnection();
    try {
      const res = (await conn.xread("BLOCK", 10_000, "STREAMS", rkey(JudgeStreams.testTasks), "0")) as Array<[string, Array<[string, string[]]>]> | null;
      const entries = res?.[0]?.[1] ?? [];
      const [id, fields] = entries[entries.length - 1];
      await redis().xdel(rkey(JudgeStreams.testTasks), id);
      const task = decodeMessage<CompileCheckTask>(fields)!;
      await redis().set(compileResultKey(task.key), JSON.stringify(result), "EX", 60);
      return task;
    } finally {
      conn.disconnect();
    }
  }

  it("enqueues a compile task and reports the compiler's message", async () => {
    const pending = call(compileSpjRoute.action, "POST", "/admin/problem/compile-spj", { body: { code: "int main( {", language: "C++", extraFiles: { "a.h": "x" } } });
    const task = await answerNextCompileTask({ ok: false, message: "checker.cpp:1:11: error: expected ')'" });
    expect(task).toMatchObject({ kind: "compile", purpose: "spj", language: "C++", code: "int main( {", extraFiles: [{ name: "a.h", content: "x" }] });
    const res = await pending;
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).msg).toBe("checker.cpp:1:11: error: expected ')'");
  });

  it("saves a special judge problem only after its checker compiled, and not again when unchanged", async () => {
    const body = dto({ problem: { problemId: "SPJ-1", spjCode: "int main(){return 0;}", spjLanguage: "C" }, judgeMode: "spj" });
    const refused = call(problemRoute.action, "POST", "/admin/problem", { body });
    await answerNextCompileTask({ ok: false, message: "boom" });
    expect((await jsonOf(await refused)).msg).toBe("特判程序或交互程序编译失败");
    expect(await Problem.exists({ problemIdUpper: "SPJ-1" })).toBeNull();

    const accepted = call(problemRoute.action, "POST", "/admin/problem", { body });
    await answerNextCompileTask({ ok: true, message: "" });
    const created = await jsonOf(await accepted);
    expect(created.data).toMatchObject({ judgeMode: "spj", spjCompileOk: true });
    const pid = created.data.id as number;
    // Unchanged checker: no task is needed, the save answers at once.
    const again = await jsonOf(await call(problemRoute.action, "PUT", "/admin/problem", { body: dto({ problem: { id: pid, problemId: "SPJ-1", title: "Again", spjCode: "int main(){return 0;}", spjLanguage: "C" }, judgeMode: "spj" }) }));
    expect(again.data).toMatchObject({ title: "Again", spjCompileOk: true });
    const doc = await Problem.findById(pid).lean<ProblemDoc>();
    expect(doc!.spjCode).toBe("int main(){return 0;}");
  });
});

describe("/ojapi uploads that are not multipart", () => {
  it("asks for a file instead of failing", async () => {
    const res = await call(importRoute.action, "POST", "/file/import-problem", { body: { file: "x" } });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).msg).toBe("请选择要导入的文件。");
  });
});
