import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "~/lib/constants";
import { User } from "~/models/user.server";
import * as deleteUser from "~/routes/ojapi+/admin+/user.delete-user";
import * as editUser from "~/routes/ojapi+/admin+/user.edit-user";
import * as generate from "~/routes/ojapi+/admin+/user.generate-user";
import * as userList from "~/routes/ojapi+/admin+/user.get-user-list";
import * as insertBatch from "~/routes/ojapi+/admin+/user.insert-batch-user";
import * as excel from "~/routes/ojapi+/file+/generate-user-excel";
import * as importPage from "~/routes/admin+/user+/import";
import * as submit from "~/routes/ojapi+/_submission+/submit-problem-judge";
import { parseCsv } from "~/services/account/csv.server";
import { verifyPassword } from "~/services/account/password.server";
import { createUser, findUserByUsername } from "~/services/account/users.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { announceJudge, body, call, makeProblem, req } from "../fixtures/learner";

// User administration as HOJ's admin client and the import page use it: super admins only, every
// refusal translated and storing nothing, each imported row reported.

type User = Awaited<ReturnType<typeof createUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Api = { status: number; msg: string; data: any };

let root: User;
let admin: User;
let learner: User;

async function api(route: { loader?: unknown; action?: unknown }, path: string, o: { uid?: string; method?: string; json?: unknown; lang?: string } = {}) {
  const fn = o.method && o.method !== "GET" ? route.action : (route.loader ?? route.action);
  const res = await call(fn, await req(`/ojapi/${path}`, o));
  return { res, body: res.headers.get("Content-Type")?.includes("json") ? await body<Api>(res) : null, text: res.headers.get("Content-Type")?.includes("csv") ? await res.text() : null };
}

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  await announceJudge(["C++"]);
  root = await createUser({ username: "ua-root", password: "secret123", email: "ua-root@example.test", role: Role.SUPER_ADMIN });
  admin = await createUser({ username: "ua-admin", password: "secret123", email: "ua-admin@example.test", role: Role.ADMIN });
  learner = await createUser({ username: "ua-learner", password: "secret123", email: "ua-learner@example.test" });
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("CSV", () => {
  it("reads quoted fields, CRLF and a byte-order mark", () => {
    expect(parseCsv('\uFEFFa,"b,1","say ""hi"""\r\n\r\nc,,d\n')).toEqual([
      ["a", "b,1", 'say "hi"'],
      ["c", "", "d"],
    ]);
  });
});

describe("the user list and edits", () => {
  it("is for super admins only", async () => {
    expect((await api(userList, "admin/user/get-user-list", { uid: admin._id })).res.status).toBe(403);
    expect((await api(userList, "admin/user/get-user-list")).res.status).toBe(401);
    const page = await api(userList, "admin/user/get-user-list?keyword=ua-le&currentPage=1&limit=10", { uid: root._id });
    expect(page.body?.data.total).toBe(1);
    expect(page.body?.data.records[0]).toMatchObject({ uid: learner._id, username: "ua-learner", status: 0, roles: [{ id: 1002, role: "default_role" }] });
    expect(page.body?.data.records[0]).not.toHaveProperty("passwordHash");
  });

  it("sets a role by its code (1003 may not submit), disables, and refuses bad input", async () => {
    const base = { uid: learner._id, username: "ua-learner", realname: "", email: "ua-learner@example.test", type: 1003, status: 0 };
    const bad = await api(editUser, "admin/user/edit-user", { uid: root._id, method: "PUT", json: { ...base, type: 1234 } });
    expect(bad.res.status).toBe(400);
    expect(bad.body?.msg).toBe("Unknown role code");
    expect((await api(editUser, "admin/user/edit-user", { uid: root._id, method: "PUT", json: { ...base, type: 1234 }, lang: "zh-CN" })).body?.msg).toBe("未知的角色代码");
    const taken = await api(editUser, "admin/user/edit-user", { uid: root._id, method: "PUT", json: { ...base, username: "UA-ADMIN" } });
    expect(taken.res.status).toBe(409);
    expect((await api(editUser, "admin/user/edit-user", { uid: root._id, method: "PUT", json: { ...base, setNewPwd: true, password: "abc" } })).res.status).toBe(400);
    expect((await api(editUser, "admin/user/edit-user", { uid: admin._id, method: "PUT", json: base })).res.status).toBe(403);
    const self = await api(editUser, "admin/user/edit-user", { uid: root._id, method: "PUT", json: { ...base, uid: root._id, username: "ua-root", email: "ua-root@example.test", type: 1001 } });
    expect(self.body?.msg).toBe("You can not delete, disable or demote your own account!");
    expect((await User.findById(learner._id).lean())?.role).toBe(Role.DEFAULT_USER);

    expect((await api(editUser, "admin/user/edit-user", { uid: root._id, method: "PUT", json: base })).res.status).toBe(200);
    expect((await User.findById(learner._id).lean())?.role).toBe(Role.NO_SUBMIT);
    const problem = await makeProblem({ _id: 950, problemId: "UA950" });
    const refused = await api(submit, "submit-problem-judge", { uid: learner._id, method: "POST", json: { pid: problem.problemId, language: "C++", code: "int main(){}" } });
    expect(refused.res.status).toBe(403);

    await api(editUser, "admin/user/edit-user", { uid: root._id, method: "PUT", json: { ...base, type: 1002, status: 1, setNewPwd: true, password: "newpass1" } });
    const after = (await User.findById(learner._id).lean())!;
    expect(after.status).toBe(1);
    expect(await verifyPassword(after.passwordHash, "newpass1")).toBe(true);
  });
});

describe("importing", () => {
  it("reports every row: created or why not", async () => {
    const rows = [
      ["imp1", "pass123", "imp1@example.test", "Ann One", "female", "ann", "North School"],
      ["imp2", "pass123", "", "", "0", "", ""],
      ["imp3", "", "", "", "", "", ""],
      ["imp4", "pass123", "not-an-email", "", "", "", ""],
      ["imp5", "pass123", "", "", "other", "", ""],
      ["imp1", "pass123", "", "", "", "", ""],
      ["ua-admin", "pass123", "", "", "", "", ""],
      ["imp6", "pass123", "", "", "1", "", ""],
    ];
    const r = await api(insertBatch, "admin/user/insert-batch-user", { uid: root._id, method: "POST", json: { users: rows } });
    expect(r.res.status).toBe(200);
    expect(r.body?.data).toMatchObject({ total: 8, success: 3, failed: 5 });
    expect(r.body?.data.rows.map((x: { ok: boolean }) => x.ok)).toEqual([true, true, false, false, false, false, false, true]);
    expect(r.body?.data.rows[4].error).toBe("The gender must be male/0, female/1 or empty");
    expect(r.body?.data.rows[5].error).toBe("This username appears earlier in the file");
    expect(r.body?.data.rows[6].error).toBe("The username already exists");
    const ann = (await findUserByUsername("imp1"))!;
    expect(ann).toMatchObject({ realname: "Ann One", gender: "female", nickname: "ann", school: "North School", email: "imp1@example.test" });
    expect((await findUserByUsername("imp2"))?.gender).toBe("male");
    expect(await findUserByUsername("imp3")).toBeNull();
    expect((await api(insertBatch, "admin/user/insert-batch-user", { uid: admin._id, method: "POST", json: { users: rows } })).res.status).toBe(403);
    expect((await api(insertBatch, "admin/user/insert-batch-user", { uid: root._id, method: "POST", json: { users: [] } })).body?.msg).toBe("The file holds no user");
  });

  it("the page takes a UTF-8 CSV file with a header and refuses another encoding", async () => {
    const csv = "username,password,email,realname,gender,nickname,school\n张三,pass123,,张三,male,,第一中学\n";
    const form = new FormData();
    form.set("file", new File([csv], "users.csv", { type: "text/csv" }));
    const { cookieFor } = await import("../fixtures/learner");
    const headers = new Headers({ Cookie: await cookieFor(root._id), "Accept-Language": "en" });
    const ok = await call(importPage.action, new Request("http://localhost/admin/user/import", { method: "POST", headers, body: form }));
    const answer = await body<{ error: string | null; rows: Array<{ ok: boolean }> }>(ok);
    expect(answer.rows).toEqual([expect.objectContaining({ ok: true, username: "张三" })]);
    expect((await findUserByUsername("张三"))?.school).toBe("第一中学");
    const latin1 = new FormData();
    latin1.set("file", new File([new Uint8Array([0x75, 0x2c, 0xe9, 0xff, 0x0a])], "bad.csv"));
    const refused = await call(importPage.action, new Request("http://localhost/admin/user/import", { method: "POST", headers, body: latin1 }));
    expect(refused.status).toBe(400);
    expect((await body<{ error: string }>(refused)).error).toBe("The file is not UTF-8 text: save it as UTF-8 CSV");
  });
});

describe("generating and deleting", () => {
  it("refuses a bad range or password length and creates nothing", async () => {
    const before = await User.countDocuments();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ passwordLength: 5 }, "The password length must be from 6 to 25"],
      [{ passwordLength: 26 }, "The password length must be from 6 to 25"],
      [{ numberFrom: 10, numberTo: 9 }, "The end number can not be less than the start number"],
      [{ numberFrom: "" }, "The start and end numbers are required (whole numbers from 0)"],
    ];
    for (const [over, msg] of cases) {
      const r = await api(generate, "admin/user/generate-user", { uid: root._id, method: "POST", json: { prefix: "g", suffix: "", numberFrom: 1, numberTo: 3, passwordLength: 8, ...over } });
      expect(r.res.status, JSON.stringify(over)).toBe(400);
      expect(r.body?.msg).toBe(msg);
    }
    expect(await User.countDocuments()).toBe(before);
  });

  it("creates numbered accounts, skips taken names, and lists them for download", async () => {
    await createUser({ username: "gen2x", password: "secret123" });
    const r = await api(generate, "admin/user/generate-user", { uid: root._id, method: "POST", json: { prefix: "gen", suffix: "x", numberFrom: 1, numberTo: 3, passwordLength: 10 } });
    expect(r.body?.data).toMatchObject({ created: 2, skipped: ["gen2x"] });
    const file = await api(excel, `file/generate-user-excel?key=${r.body?.data.key}`, { uid: root._id });
    expect(file.res.headers.get("Content-Disposition")).toContain("attachment");
    const lines = (file.text ?? "").replace(/^\uFEFF/, "").trim().split(/\r\n/);
    expect(lines[0]).toBe("username,password");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["gen1x", "gen3x"]);
    const [, password] = lines[1].split(",");
    expect(password).toHaveLength(10);
    expect(await verifyPassword((await findUserByUsername("gen1x"))!.passwordHash, password)).toBe(true);
    expect((await api(excel, `file/generate-user-excel?key=${r.body?.data.key}`, { uid: admin._id })).res.status).toBe(403);
    expect((await api(excel, "file/generate-user-excel?key=0123456789abcdef0123456789abcdef", { uid: root._id })).res.status).toBe(404);
  });

  it("deletes a non-empty selection, never oneself", async () => {
    const empty = await api(deleteUser, "admin/user/delete-user", { uid: root._id, method: "DELETE", json: { ids: [] } });
    expect(empty.res.status).toBe(400);
    expect(empty.body?.msg).toBe("Please select at least one user!");
    expect((await api(deleteUser, "admin/user/delete-user", { uid: root._id, method: "DELETE", json: { ids: [root._id] } })).res.status).toBe(400);
    const gen1 = (await findUserByUsername("gen1x"))!;
    expect((await api(deleteUser, "admin/user/delete-user", { uid: admin._id, method: "DELETE", json: { ids: [gen1._id] } })).res.status).toBe(403);
    expect(await findUserByUsername("gen1x")).not.toBeNull();
    expect((await api(deleteUser, "admin/user/delete-user", { uid: root._id, method: "DELETE", json: { ids: [gen1._id] } })).res.status).toBe(200);
    expect(await findUserByUsername("gen1x")).toBeNull();
  });
});
