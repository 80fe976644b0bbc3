import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebServer, type WebServer } from "../support/web-server";

// The first start: the super admin root, the role codes and the website configuration defaults.
// env.server.ts reads the environment once, when first imported, so OJ_ROOT_PASSWORD is set before
// the app's modules are imported here. The generated password is proved on the real web server
// (a process of its own, with a database of its own): printed once whatever LOG_LEVEL says, and
// good for logging in.

process.env.OJ_ROOT_PASSWORD = "root-first-pass";
const { Role } = await import("~/lib/constants");
const { RoleModel } = await import("~/models/role.server");
const { User } = await import("~/models/user.server");
const { bootstrap } = await import("~/services/account/bootstrap.server");
const { disconnectDb } = await import("~/services/platform/db.server");
const { verifyPassword } = await import("~/services/account/password.server");
const { getWebsiteConfig } = await import("~/services/site/config.server");

describe("first start with OJ_ROOT_PASSWORD", () => {
  beforeAll(async () => {
    await bootstrap();
  });
  afterAll(disconnectDb);

  it("seeds the super admin root once, with that password hashed by argon2id", async () => {
    const root = await User.findOne({ usernameLower: "root" }).lean();
    expect(root?.role).toBe(Role.SUPER_ADMIN);
    expect(root?.passwordHash.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(root!.passwordHash, "root-first-pass")).toBe(true);
    expect(await verifyPassword(root!.passwordHash, "root-first-pasS")).toBe(false);
    expect(await verifyPassword(root!.passwordHash, "")).toBe(false);

    await bootstrap();
    expect(await User.countDocuments({ usernameLower: "root" })).toBe(1);
    const again = await User.findOne({ usernameLower: "root" }).lean();
    expect(again?.passwordHash).toBe(root?.passwordHash);
  });

  it("stores every numeric role code of the specification", async () => {
    const codes = (await RoleModel.find().lean()).map((r) => r._id).sort();
    expect(codes).toEqual([1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008]);
  });

  it("stores the website configuration defaults", async () => {
    const config = await getWebsiteConfig();
    expect(config.shortName).toBe("OJ");
    expect(config.register).toBe(true);
    expect(config.openPublicDiscussion).toBe(true);
  });
});

describe("first start without OJ_ROOT_PASSWORD", () => {
  const PRINTED = /generated password, shown only this once: (\S+)/g;
  // A database of its own: the root above must not exist there.
  const env = { MONGODB_URI: `${process.env.MONGODB_URI}_gen`, OJ_ROOT_PASSWORD: "", LOG_LEVEL: "error" };
  let server: WebServer | null = null;
  afterAll(() => server?.stop());

  async function rootLogin(url: string, password: string): Promise<Response> {
    return fetch(`${url}/ojapi/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "en" },
      body: JSON.stringify({ username: "root", password }),
    });
  }

  it("prints a generated password once, even with LOG_LEVEL=error, and it logs root in", async () => {
    server = await startWebServer(env);
    const printed = [...server.output().matchAll(PRINTED)].map((m) => m[1]);
    expect(printed).toHaveLength(1);
    const password = printed[0];
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    // Only that line carries it.
    expect(server.output().split(password).length).toBe(2);

    const ok = await rootLogin(server.url, password);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { data: { username: string; roleList: string[] } };
    expect(body.data.username).toBe("root");
    expect(body.data.roleList).toContain("root");
    expect(ok.headers.get("Authorization")).toBeTruthy();
    expect((await rootLogin(server.url, `${password}x`)).status).toBe(400);

    // The next start keeps the password and prints nothing.
    server.stop();
    server = null;
    server = await startWebServer(env);
    expect(server.output()).not.toMatch(PRINTED);
    expect((await rootLogin(server.url, password)).status).toBe(200);
  });

  it("refuses to create root with an OJ_ROOT_PASSWORD the login form would not take", async () => {
    const start = startWebServer({ ...env, MONGODB_URI: `${process.env.MONGODB_URI}_long`, OJ_ROOT_PASSWORD: "x".repeat(26) });
    await expect(start).rejects.toThrow(/OJ_ROOT_PASSWORD must be 5 to 25 characters long \(it has 26\)/);
  });
});
