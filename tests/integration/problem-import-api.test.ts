import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "~/lib/constants";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import * as compileInteractiveRoute from "~/routes/ojapi+/admin+/problem.compile-interactive";
import * as importFpsRoute from "~/routes/ojapi+/file+/import-fps-problem";
import * as importHydroRoute from "~/routes/ojapi+/file+/import-hydro-problem";
import * as importQdojRoute from "~/routes/ojapi+/file+/import-qdoj-problem";
import { bootstrap } from "~/services/account/bootstrap.server";
import { disconnectDb } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { createUser } from "~/services/account/users.server";
import type { RunningJudge } from "../../judge-service/src/consumer";
import { fixtureArchive } from "../fixtures/import-archives";
import { sessionCookieFor } from "./support/call-route";
import { startDataServer, startTestJudge, type DataServer } from "./judge/support";
import { asPageCall } from "../support/page-token";

// HOJ's admin calls for interactors and the Hydro, QDUOJ and FPS imports, through their /ojapi
// adapters: the {status, msg, data} wrapper with the HTTP status, refusals for visitors, users
// without an admin role, a missing file and a broken archive. The interactor is compiled by a
// real judge on the real sandbox.

let adminCookie = "";
let userCookie = "";
let server: DataServer;
let judge: RunningJudge;

interface ApiBody {
  status: number;
  msg: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  data: any;
}

type Handler = (args: ActionFunctionArgs) => Promise<Response>;

async function post(handler: unknown, url: string, o: { cookie?: string; form?: FormData; json?: unknown } = {}): Promise<{ http: number; body: ApiBody }> {
  const headers = new Headers();
  if (o.cookie) headers.set("Cookie", o.cookie);
  let body: BodyInit | undefined = o.form;
  if (o.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(o.json);
  }
  const request = await asPageCall(new Request(`http://localhost/ojapi${url}`, { method: "POST", headers, body }));
  const res = await (handler as Handler)({ request, params: {}, context: {} as AppLoadContext });
  return { http: res.status, body: (await res.json()) as ApiBody };
}

/** A multipart body with the file under HOJ's field name `file`. */
function fileForm(name: string, content: Buffer | string, field = "file"): FormData {
  const form = new FormData();
  form.set(field, new Blob([typeof content === "string" ? content : new Uint8Array(content)]), name);
  return form;
}

async function fixtureForm(format: "hydro" | "qduoj" | "fps"): Promise<FormData> {
  const f = await fixtureArchive(format);
  return fileForm(f.name, f.buffer);
}

beforeAll(async () => {
  await bootstrap();
  const admin = await createUser({ username: "imp_admin", password: "secret123", role: Role.PROBLEM_ADMIN });
  const user = await createUser({ username: "imp_user", password: "secret123" });
  adminCookie = await sessionCookieFor(admin._id);
  userCookie = await sessionCookieFor(user._id);
  server = await startDataServer();
  judge = await startTestJudge(server.url);
});

afterAll(async () => {
  await judge?.stop({ graceMs: 1000 });
  await server?.close();
  await closeRedis();
  await disconnectDb();
});

// Reads the judge's four files the HOJ way: the input to pass on, the program's answer to read.
const INTERACTOR = `#include <cstdio>
int main(int argc, char **argv) {
    if (argc < 3) return 3;
    FILE *in = std::fopen(argv[1], "r");
    long long secret = 0;
    if (!in || std::fscanf(in, "%lld", &secret) != 1) return 3;
    std::printf("%lld\\n", secret);
    std::fflush(stdout);
    long long back = 0;
    if (std::scanf("%lld", &back) != 1) return 1;
    return back == secret ? 0 : 1;
}
`;

describe("POST /ojapi/admin/problem/compile-interactive", () => {
  it("refuses visitors with 401 and users without an admin role with 403", async () => {
    const anon = await post(compileInteractiveRoute.action, "/admin/problem/compile-interactive", { json: { code: INTERACTOR, language: "C++" } });
    expect(anon).toEqual({ http: 401, body: { status: 401, msg: "请使用管理员账号登录！", data: null } });
    const user = await post(compileInteractiveRoute.action, "/admin/problem/compile-interactive", { cookie: userCookie, json: { code: INTERACTOR, language: "C++" } });
    expect(user.http).toBe(403);
    expect(user.body).toMatchObject({ status: 403, data: null });
  });

  it("answers 200 when the judge compiled the interactor", { timeout: 120_000 }, async () => {
    const ok = await post(compileInteractiveRoute.action, "/admin/problem/compile-interactive", {
      cookie: adminCookie,
      json: { code: INTERACTOR, language: "C++", extraFiles: { "limits_extra.h": "#define N 10\n" } },
    });
    expect(ok).toEqual({ http: 200, body: { status: 200, msg: "编译成功", data: null } });
  });

  it("answers 400 with the compiler's message for an interactor that does not compile", { timeout: 120_000 }, async () => {
    const broken = await post(compileInteractiveRoute.action, "/admin/problem/compile-interactive", {
      cookie: adminCookie,
      json: { code: INTERACTOR.replace("std::fflush(stdout);", "std::fflush(stdout) missing_semicolon_here;"), language: "C++" },
    });
    expect(broken.http).toBe(400);
    expect(broken.body.status).toBe(400);
    expect(broken.body.data).toBeNull();
    // The compiler's own words, which HOJ's client shows in its Compile Error dialog.
    expect(broken.body.msg).toContain("error");
    expect(broken.body.msg).toContain("missing_semicolon_here");
  });

  it("answers 400 without compiling for an empty interactor or a language checkers cannot use", async () => {
    const empty = await post(compileInteractiveRoute.action, "/admin/problem/compile-interactive", { cookie: adminCookie, json: { code: "  ", language: "C++" } });
    expect(empty.http).toBe(400);
    expect(empty.body).toMatchObject({ status: 400, data: null });
    expect(empty.body.msg).not.toBe("");
    const java = await post(compileInteractiveRoute.action, "/admin/problem/compile-interactive", { cookie: adminCookie, json: { code: INTERACTOR, language: "Java" } });
    expect(java.http).toBe(400);
    expect(java.body).toMatchObject({ status: 400, data: null });
    expect(java.body.msg).not.toBe(empty.body.msg);
  });
});

const IMPORTS = [
  { path: "/file/import-hydro-problem", route: importHydroRoute, format: "hydro" as const },
  { path: "/file/import-qdoj-problem", route: importQdojRoute, format: "qduoj" as const },
  { path: "/file/import-fps-problem", route: importFpsRoute, format: "fps" as const },
];

for (const { path, route, format } of IMPORTS) describe(`POST /ojapi${path}`, () => {
  it("refuses visitors with 401 and users without an admin role with 403, importing nothing", async () => {
    const before = await Problem.countDocuments();
    const anon = await post(route.action, path, { form: await fixtureForm(format) });
    expect(anon).toMatchObject({ http: 401, body: { status: 401, data: null } });
    const user = await post(route.action, path, { cookie: userCookie, form: await fixtureForm(format) });
    expect(user).toMatchObject({ http: 403, body: { status: 403, data: null } });
    expect(await Problem.countDocuments()).toBe(before);
  });

  it("asks for a file when the multipart field `file` is missing", async () => {
    const f = await fixtureArchive(format);
    const wrongField = await post(route.action, path, { cookie: adminCookie, form: fileForm(f.name, f.buffer, "archive") });
    expect(wrongField).toEqual({ http: 400, body: { status: 400, msg: "请选择要导入的文件。", data: null } });
    const notMultipart = await post(route.action, path, { cookie: adminCookie, json: { file: "x" } });
    expect(notMultipart.body).toMatchObject({ status: 400, msg: "请选择要导入的文件。", data: null });
  });

  it("refuses a file of another type and a broken archive as a whole", async () => {
    const before = await Problem.countDocuments();
    const otherType = format === "fps" ? fileForm("problems.zip", "PK") : fileForm("problems.xml", "<fps></fps>");
    expect(await post(route.action, path, { cookie: adminCookie, form: otherType })).toEqual({ http: 400, body: { status: 400, msg: "不支持该文件类型", data: null } });
    const broken = format === "fps" ? fileForm("broken.xml", "<fps><item><title>never closed") : fileForm("broken.zip", "this is not a zip archive");
    const answer = await post(route.action, path, { cookie: adminCookie, form: broken });
    expect(answer.http).toBe(400);
    expect(answer.body).toMatchObject({ status: 400, data: null });
    if (format !== "fps") expect(answer.body.msg).toBe("上传测试数据失败：该文件不是有效的 zip 压缩包。");
    else expect(answer.body.msg).not.toBe("");
    expect(await Problem.countDocuments()).toBe(before);
  });

  it("imports the archive and answers HOJ's wrapper with the report of every problem", async () => {
    const { http, body } = await post(route.action, path, { cookie: adminCookie, form: await fixtureForm(format) });
    expect(http).toBe(200);
    expect(body.status).toBe(200);
    expect(typeof body.msg).toBe("string");
    const expected = { hydro: [4, 3], qduoj: [3, 2], fps: [3, 2] }[format];
    expect(body.data).toMatchObject({ format, total: expected[0], imported: expected[1], refused: expected[0] - expected[1] });
    for (const r of body.data.results as Array<{ status: string; pid?: number; problemId?: string; reason?: { key: string } }>) {
      if (r.status === "imported") {
        const doc = await Problem.findById(r.pid).lean<ProblemDoc>();
        expect(doc?.problemId).toBe(r.problemId);
        expect(doc?.author).toBe("imp_admin");
      } else {
        expect(r.reason?.key).toMatch(/^admin-problem:errors\./);
      }
    }
  });

  it("refuses taken display ids, or adds a suffix with ?onConflict=suffix", async () => {
    const again = await post(route.action, path, { cookie: adminCookie, form: await fixtureForm(format) });
    const keyed = again.body.data.results.filter((r: { problemId?: string; reason?: { key: string } }) => r.reason?.key === "admin-problem:errors.displayIdTaken");
    if (format === "fps") {
      // FPS problems carry no display id: they are given free ones every time.
      expect(keyed).toHaveLength(0);
      expect(again.body.data.imported).toBe(2);
      return;
    }
    expect(again.body.data.imported).toBeLessThan(format === "hydro" ? 3 : 2);
    expect(keyed.length).toBeGreaterThan(0);
    const suffixed = await post(route.action, `${path}?onConflict=suffix`, { cookie: adminCookie, form: await fixtureForm(format) });
    const renamed = suffixed.body.data.results.filter((r: { renamedFrom?: string }) => r.renamedFrom);
    expect(renamed.length).toBe(keyed.length);
    for (const r of renamed) expect(r.problemId).toMatch(new RegExp(`^${r.renamedFrom}-\\d+$`));
  });
});
