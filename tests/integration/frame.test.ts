import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { JUDGES_KEY } from "~/lib/judge-protocol";
import { Role } from "~/lib/constants";
import { UserMessage } from "~/models/message.server";
import { Problem } from "~/models/problem.server";
import { SiteConfig, WEBSITE_CONFIG_DEFAULTS } from "~/models/site-config.server";
import { Submission } from "~/models/submission.server";
import { countOnlineJudges, dashboardStats } from "~/services/site/dashboard.server";
import { bootstrap } from "~/services/account/bootstrap.server";
import { disconnectDb } from "~/services/platform/db.server";
import { listMessages, sendUserMessage, unreadCounts } from "~/services/community/messages.server";
import { resolveQuickStart } from "~/services/problem/quick-start.server";
import { closeRedis, redis, rkey } from "~/services/platform/redis.server";
import { getWebsiteConfig, seedWebsiteConfig, updateWebsiteConfig, websiteConfigSchema } from "~/services/site/config.server";
import { createUser } from "~/services/account/users.server";
import * as adminConf from "~/routes/admin+/conf";
import * as adminLayout from "~/routes/admin+/_layout";
import * as adminLogin from "~/routes/admin_+/login";
import * as adminSplat from "~/routes/admin+/$";
import * as adminSwitch from "~/routes/admin+/switch";
import * as catchAll from "~/routes/$";
import * as home from "~/routes/_site+/home";
import * as language from "~/routes/_site+/language";
import * as getWebsiteConfigApi from "~/routes/ojapi+/_site+/get-website-config";
import * as getWebConfigApi from "~/routes/ojapi+/admin+/config.get-web-config";
import * as setWebConfigApi from "~/routes/ojapi+/admin+/config.set-web-config";
import * as switchInfoApi from "~/routes/ojapi+/admin+/switch.info";
import * as switchUpdateApi from "~/routes/ojapi+/admin+/switch.update";
import * as unreadApi from "~/routes/ojapi+/msg+/unread";
import * as apiSplat from "~/routes/ojapi+/$";
import { body, call, sessionCookieFor } from "./support/call-route";

const zh = (ns: string) => JSON.parse(readFileSync(`locales/zh-CN/${ns}.json`, "utf8"));
const en = (ns: string) => JSON.parse(readFileSync(`locales/en/${ns}.json`, "utf8"));

let superAdmin = "";
let admin = "";
let problemAdmin = "";
let member = "";
let memberUid = "";
let otherUid = "";

const VALID_FORM = {
  projectName: "Test Judge",
  shortName: "TJ",
  projectUrl: "https://judge.example.org/",
  description: "A judge for tests",
  recordName: "Record 123",
  recordUrl: "https://beian.example.org/",
  knowledgeBaseUrl: "/introduction",
  baseUrl: "https://judge.example.org/",
  register: "on",
  openPublicDiscussion: "on",
  openGroupDiscussion: "on",
};

async function resetConfig() {
  await SiteConfig.deleteMany({});
  await seedWebsiteConfig();
}

beforeAll(async () => {
  await bootstrap();
  const mk = async (role: number) => {
    const u = await createUser({ username: `u${Math.random().toString(36).slice(2, 10)}`, password: "secret123", role });
    return { uid: u._id, cookie: await sessionCookieFor(u._id) };
  };
  superAdmin = (await mk(Role.SUPER_ADMIN)).cookie;
  admin = (await mk(Role.ADMIN)).cookie;
  problemAdmin = (await mk(Role.PROBLEM_ADMIN)).cookie;
  const m = await mk(Role.DEFAULT_USER);
  member = m.cookie;
  memberUid = m.uid;
  otherUid = (await mk(Role.DEFAULT_USER)).uid;
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("website configuration", () => {
  beforeEach(resetConfig);

  it("validates every field with translation keys and trims", () => {
    const ok = websiteConfigSchema.safeParse({ ...WEBSITE_CONFIG_DEFAULTS, projectName: "  Padded  " });
    expect(ok.success && ok.data.projectName).toBe("Padded");

    const bad = websiteConfigSchema.safeParse({
      ...WEBSITE_CONFIG_DEFAULTS,
      projectName: " ",
      shortName: "x".repeat(21),
      projectUrl: "javascript:alert(1)",
      recordUrl: "ftp://example.org/",
      knowledgeBaseUrl: "//evil.example/",
      baseUrl: "not a url",
      description: "a\u0000b",
      register: "maybe",
    });
    expect(bad.success).toBe(false);
    const byField = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(byField).toEqual({
      projectName: "admin:conf.errors.projectNameRequired",
      shortName: "admin:conf.errors.shortNameTooLong",
      projectUrl: "admin:conf.errors.linkInvalid",
      recordUrl: "admin:conf.errors.urlInvalid",
      knowledgeBaseUrl: "admin:conf.errors.linkInvalid",
      baseUrl: "admin:conf.errors.urlInvalid",
      description: "admin:conf.errors.controlChars",
      register: "admin:conf.errors.switchInvalid",
    });
    // Every message the schema can give has a translation in both languages.
    for (const key of Object.values(byField)) {
      const path = key.replace("admin:", "").split(".");
      expect(path.reduce((o, k) => o?.[k], zh("admin"))).toBeTypeOf("string");
      expect(path.reduce((o, k) => o?.[k], en("admin"))).toBeTypeOf("string");
    }
  });

  it("a super admin saves the conf form; the change is read back at once", async () => {
    const res = await call(adminConf.action, "/admin/conf", { cookie: superAdmin, form: VALID_FORM });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/conf");
    expect(res.headers.get("Set-Cookie")).toContain("oj_sid=");
    const c = await getWebsiteConfig();
    expect(c).toMatchObject({ projectName: "Test Judge", shortName: "TJ", knowledgeBaseUrl: "/introduction", register: true });
    // The unchecked switch is off.
    expect(c.openContestComment).toBe(false);
  });

  it("bad input gets translated field errors, status 400, and changes nothing", async () => {
    const before = await getWebsiteConfig();
    const res = await call(adminConf.action, "/admin/conf", {
      cookie: superAdmin,
      form: { ...VALID_FORM, projectName: "", recordUrl: "javascript:alert(1)" },
    });
    expect(res.status).toBe(400);
    const data = await body<{ errors: Record<string, string>; message: string }>(res);
    expect(data.errors.projectName).toBe(zh("admin").conf.errors.projectNameRequired);
    expect(data.errors.recordUrl).toBe(zh("admin").conf.errors.urlInvalid);
    expect(await getWebsiteConfig()).toEqual(before);

    const inEnglish = await call(adminConf.action, "/admin/conf?l=en", { cookie: superAdmin, form: { ...VALID_FORM, shortName: "" } });
    expect((await body<{ errors: Record<string, string> }>(inEnglish)).errors.shortName).toBe("Please enter the short name");
  });

  it("only a super admin may open or save conf and switch", async () => {
    for (const cookie of [admin, problemAdmin]) {
      expect((await call(adminConf.loader, "/admin/conf", { cookie })).status).toBe(403);
      expect((await call(adminConf.action, "/admin/conf", { cookie, form: VALID_FORM })).status).toBe(403);
      expect((await call(adminSwitch.action, "/admin/switch", { cookie, form: {} })).status).toBe(403);
    }
    const visitor = await call(adminConf.action, "/admin/conf", { form: VALID_FORM });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fconf&notice=pleaseLoginAdmin");
    expect((await getWebsiteConfig()).projectName).toBe(WEBSITE_CONFIG_DEFAULTS.projectName);
  });

  it("the switch page turns switches off and on", async () => {
    const allowances = {
      ...{ submitUnfinishedMax: "5", submitPerMinute: "20", contestSubmitUnfinishedMax: "10", contestSubmitPerMinute: "60" },
      ...{ discussionAcMin: "10", discussionDailyMax: "5", commentAcMin: "10", groupAcMin: "20", groupDailyMax: "2", groupTotalMax: "5" },
    };
    const res = await call(adminSwitch.action, "/admin/switch", { cookie: superAdmin, form: { register: "on", openGroupDiscussion: "on", ...allowances } });
    expect(res.status).toBe(302);
    expect(await getWebsiteConfig()).toMatchObject({
      register: true,
      openPublicDiscussion: false,
      openGroupDiscussion: true,
      openContestComment: false,
      projectName: WEBSITE_CONFIG_DEFAULTS.projectName,
    });
  });
});

describe("admin area", () => {
  it("the layout sends visitors to the admin login, refuses non-admins and lets the three admin roles in", async () => {
    const visitor = await call(adminLayout.loader, "/admin/dashboard");
    expect(visitor.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fdashboard&notice=pleaseLoginAdmin");
    expect((await call(adminLayout.loader, "/admin/dashboard", { cookie: member })).status).toBe(403);
    for (const cookie of [superAdmin, admin, problemAdmin]) {
      expect((await call(adminLayout.loader, "/admin/dashboard", { cookie })).status).toBe(200);
    }
  });

  it("the admin login page (its own route, outside the admin layout) is open to everybody and shows without the site frame", async () => {
    expect(adminLogin.handle.adminShell).toBe(true);
    const visitor = await call(adminLogin.loader, "/admin/login?redirectTo=%2Fadmin%2Fconf&notice=pleaseLoginAdmin");
    expect(visitor.status).toBe(200);
    expect(await body(visitor)).toMatchObject({ redirectTo: "/admin/conf", signedInAs: null, puzzle: null });
    // A signed-in user without an admin role is told so; an admin goes on.
    const memberView = await body<{ signedInAs: string | null }>(await call(adminLogin.loader, "/admin/login", { cookie: member }));
    expect(memberView.signedInAs).toMatch(/^u/);
    const signedIn = await call(adminLogin.loader, "/admin/login?redirectTo=%2Fadmin%2Fconf", { cookie: admin });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/admin/conf");
  });

  it("unknown admin paths go to the admin login, for visitors and admins alike (spec section 2)", async () => {
    for (const cookie of [undefined, member, admin, superAdmin]) {
      const res = await call(adminSplat.loader, "/admin/nothing-here", { cookie });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/admin/login");
    }
    // The login page sends a signed-in admin on, so an admin lands on the admin area.
    expect((await call(adminLogin.loader, "/admin/login", { cookie: admin })).headers.get("Location")).toBe("/admin");
  });

  it("dashboard counts come from the database and the judges' heartbeats", async () => {
    const before = await dashboardStats();
    await Submission.create({ _id: 900001, pid: 1, uid: memberUid, username: "m", status: 0, language: "C", code: "x" });
    await Submission.create({
      _id: 900002,
      pid: 1,
      uid: memberUid,
      username: "m",
      status: 0,
      language: "C",
      code: "x",
      submitTime: new Date(Date.now() - 3 * 24 * 3600 * 1000),
    });
    const key = rkey(JUDGES_KEY);
    await redis().hset(key, "live", JSON.stringify({ name: "live", heartbeatAt: Date.now() }), "gone", JSON.stringify({ name: "gone", heartbeatAt: Date.now() - 3600_000 }));
    const after = await dashboardStats();
    expect(after.submissionsTotal - before.submissionsTotal).toBe(2);
    expect(after.submissionsToday - before.submissionsToday).toBe(1);
    expect(after.users).toBeGreaterThanOrEqual(6);
    expect(await countOnlineJudges()).toBe(1);
    await redis().del(key);
    expect(await countOnlineJudges()).toBe(0);
  });
});

describe("/ojapi website configuration and switches", () => {
  beforeEach(resetConfig);

  it("GET /ojapi/get-website-config answers HOJ's shape plus baseUrl, to everybody", async () => {
    const res = await call(getWebsiteConfigApi.loader, "/ojapi/get-website-config");
    expect(res.status).toBe(200);
    const b = await body<{ status: number; msg: string; data: Record<string, unknown> }>(res);
    expect(b.status).toBe(200);
    expect(Object.keys(b.data).sort()).toEqual(
      [
        "baseUrl",
        "description",
        "openContestComment",
        "openGroupDiscussion",
        "openPublicDiscussion",
        "projectName",
        "projectUrl",
        "recordName",
        "recordUrl",
        "register",
        "shortName",
      ].sort(),
    );
    expect(b.data.shortName).toBe("OJ");
  });

  it("refuses visitors with 401 and non-super-admins with 403", async () => {
    const cases: Array<[Parameters<typeof call>[0], string, string]> = [
      [getWebConfigApi.loader, "/ojapi/admin/config/get-web-config", "GET"],
      [setWebConfigApi.action, "/ojapi/admin/config/set-web-config", "PUT"],
      [switchInfoApi.loader, "/ojapi/admin/switch/info", "GET"],
      [switchUpdateApi.action, "/ojapi/admin/switch/update", "PUT"],
    ];
    for (const [fn, path, method] of cases) {
      const json = method === "PUT" ? { projectName: "Hacked", register: false } : undefined;
      const visitor = await call(fn, path, { method, json });
      expect(visitor.status).toBe(401);
      expect((await body(visitor)).msg).toBe(zh("common").errors.pleaseLoginAdmin);
      for (const cookie of [member, admin, problemAdmin]) {
        const res = await call(fn, path, { method, json, cookie });
        expect(res.status).toBe(403);
        expect(await body(res)).toMatchObject({ status: 403, data: null });
      }
    }
    expect(await getWebsiteConfig()).toMatchObject({ projectName: WEBSITE_CONFIG_DEFAULTS.projectName, register: true });
  });

  it("a super admin reads and changes the configuration through the API", async () => {
    const got = await body<{ data: Record<string, unknown> }>(await call(getWebConfigApi.loader, "/ojapi/admin/config/get-web-config", { cookie: superAdmin }));
    expect(got.data).toEqual(WEBSITE_CONFIG_DEFAULTS);

    const put = await call(setWebConfigApi.action, "/ojapi/admin/config/set-web-config", {
      method: "PUT",
      cookie: superAdmin,
      json: { projectName: "API Judge", description: "set through the API", unknownField: 1 },
    });
    expect(put.status).toBe(200);
    expect((await body<{ data: Record<string, unknown> }>(put)).data).toMatchObject({ projectName: "API Judge", shortName: "OJ" });
    const pub = await body<{ data: Record<string, unknown> }>(await call(getWebsiteConfigApi.loader, "/ojapi/get-website-config"));
    expect(pub.data).toMatchObject({ projectName: "API Judge", description: "set through the API" });
    expect(pub.data).not.toHaveProperty("unknownField");
  });

  it("bad input is refused with a translated message and changes nothing", async () => {
    const bad = await call(setWebConfigApi.action, "/ojapi/admin/config/set-web-config?l=en", {
      method: "PUT",
      cookie: superAdmin,
      json: { projectName: "Fine", recordUrl: "javascript:alert(1)" },
    });
    expect(bad.status).toBe(400);
    expect((await body(bad)).msg).toBe("Enter an address starting with http(s)://");
    const empty = await call(setWebConfigApi.action, "/ojapi/admin/config/set-web-config", { method: "PUT", cookie: superAdmin, json: {} });
    expect(empty.status).toBe(400);
    expect((await body(empty)).msg).toBe(zh("admin").conf.errors.nothingToUpdate);
    const badSwitch = await call(switchUpdateApi.action, "/ojapi/admin/switch/update", { method: "PUT", cookie: superAdmin, json: { register: "maybe" } });
    expect(badSwitch.status).toBe(400);
    expect(await getWebsiteConfig()).toEqual(WEBSITE_CONFIG_DEFAULTS);
  });

  it("switch info and update", async () => {
    const own = { register: true, submitUnfinishedMax: 5, submitPerMinute: 20, contestSubmitUnfinishedMax: 10, contestSubmitPerMinute: 60 };
    const community = {
      ...{ defaultCreateDiscussionACInitValue: 10, defaultCreateDiscussionDailyLimit: 5, defaultCreateCommentACInitValue: 10 },
      ...{ defaultCreateGroupACInitValue: 20, defaultCreateGroupDailyLimit: 2, defaultCreateGroupLimit: 5 },
    };
    const info = await body<{ data: Record<string, unknown> }>(await call(switchInfoApi.loader, "/ojapi/admin/switch/info", { cookie: superAdmin }));
    expect(info.data).toMatchObject({ openPublicDiscussion: true, openGroupDiscussion: true, openContestComment: true, ...community, ...own });
    const upd = await call(switchUpdateApi.action, "/ojapi/admin/switch/update", {
      method: "PUT",
      cookie: superAdmin,
      json: { openPublicDiscussion: false, register: "false", projectName: "ignored" },
    });
    expect(upd.status).toBe(200);
    expect((await body<{ data: unknown }>(upd)).data).toBeNull();
    const after = await body<{ data: Record<string, unknown> }>(await call(switchInfoApi.loader, "/ojapi/admin/switch/info", { cookie: superAdmin }));
    expect(after.data).toMatchObject({ openPublicDiscussion: false, openGroupDiscussion: true, openContestComment: true, ...community, ...own, register: false });
    expect((await getWebsiteConfig()).projectName).toBe(WEBSITE_CONFIG_DEFAULTS.projectName);
  });

  it("unknown /ojapi paths answer the wrapper with 404", async () => {
    const res = await call(apiSplat.loader, "/ojapi/no-such-call");
    expect(res.status).toBe(404);
    expect(await body(res)).toMatchObject({ status: 404, data: null });
  });
});

describe("unread messages", () => {
  it("counts unread messages per type for one user only", async () => {
    const send = (type: "discuss" | "reply" | "like" | "sys" | "mine", n: number, recipientUid = memberUid) =>
      Promise.all(Array.from({ length: n }, () => sendUserMessage({ recipientUid, type, senderUid: otherUid, content: "x" })));
    expect(await unreadCounts(memberUid)).toEqual({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 });
    await send("discuss", 2);
    await send("reply", 1);
    await send("like", 3);
    await send("sys", 120);
    await send("discuss", 5, otherUid);
    // Liking one's own comment tells nobody.
    expect(await sendUserMessage({ recipientUid: memberUid, type: "like", senderUid: memberUid })).toBeNull();
    // Opening the like list's first page of one reads that one message.
    const page = await listMessages(memberUid, "like", 1, 1);
    expect(page.total).toBe(3);
    expect(await UserMessage.countDocuments({ recipientUid: memberUid, type: "like", state: "read" })).toBe(1);

    const counts = await unreadCounts(memberUid);
    expect(counts.comment).toBe(2);
    expect(counts.reply).toBe(1);
    expect(counts.sys).toBe(120);
    expect(counts.mine).toBe(0);
    expect(counts.like).toBe(2);

    const res = await call(unreadApi.loader, "/ojapi/msg/unread", { cookie: member });
    expect(await body(res)).toEqual({ status: 200, msg: "success", data: counts });
    const visitor = await call(unreadApi.loader, "/ojapi/msg/unread");
    expect(visitor.status).toBe(401);
    expect((await body(visitor)).msg).toBe(zh("common").errors.pleaseLoginFirst);
  });
});

describe("site frame routes", () => {
  it("the language form stores the choice and returns to the page without ?l=", async () => {
    const res = await call(language.action, "/language", { form: { lng: "en", redirectTo: "/problem?l=zh-CN&page=2" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/problem?page=2");
    expect(res.headers.get("Set-Cookie")).toMatch(/^oj_lng=/);

    const bad = await call(language.action, "/language", { form: { lng: "fr", redirectTo: "https://evil.example/" } });
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toBe("/home");
    expect(bad.headers.get("Set-Cookie")).not.toMatch(/oj_lng=/);
  });

  it("screens that do not exist yet are 404 for everybody, never a login first", async () => {
    for (const path of ["/contest/1", "/contest/7/problems", "/group/1", "/message", "/message/sys", "/contest/acm-scoreboard/3"]) {
      for (const cookie of [undefined, member]) {
        const res = await call(catchAll.loader, path, { params: { "*": path.slice(1) }, cookie });
        expect(res.status, `${path} ${cookie ? "member" : "visitor"}`).toBe(404);
        expect(res.headers.get("Location")).toBeNull();
      }
    }

    const fromSite = await call(catchAll.loader, "/nope", { params: { "*": "nope" }, headers: { Referer: "http://localhost/home?x=1" } });
    expect(fromSite.status).toBe(404);
    expect((await body(fromSite)).back).toBe("/home?x=1");
    const fromElsewhere = await call(catchAll.loader, "/nope", { params: { "*": "nope" }, headers: { Referer: "https://evil.example/x" } });
    expect((await body(fromElsewhere)).back).toBeNull();
  });

  it("quick start opens a problem by its ID in any case, and warns about empty or unknown IDs", async () => {
    await Problem.create([
      { _id: 910001, problemId: "Frame-1", problemIdUpper: "FRAME-1", title: "Public" },
      { _id: 910002, problemId: "Frame-2", problemIdUpper: "FRAME-2", title: "Private", auth: 2 },
    ]);
    expect(await resolveQuickStart("  frame-1 ", null)).toEqual({ ok: true, problemId: "Frame-1" });
    expect(await resolveQuickStart("frame-2", null)).toEqual({ ok: false, error: "notFound" });
    expect(await resolveQuickStart("frame-2", { _id: "admin-1", role: Role.ADMIN })).toEqual({ ok: true, problemId: "Frame-2" });
    expect(await resolveQuickStart("   ", null)).toEqual({ ok: false, error: "empty" });

    const go = await call(home.loader, "/home?pid=frame-1");
    expect(go.headers.get("Location")).toBe("/problem/Frame-1");
    const missing = await body<{ quickStartError: string }>(await call(home.loader, "/home?pid=nope&l=en"));
    expect(missing.quickStartError).toBe("The problem does not exist");
    const empty = await body<{ quickStartError: string }>(await call(home.loader, "/home?pid="));
    expect(empty.quickStartError).toBe(zh("common").home.quickStart.empty);
  });
});

describe("stored configuration", () => {
  it("fields missing from the stored document fall back to the defaults", async () => {
    await SiteConfig.deleteMany({});
    await SiteConfig.create({ _id: "website", projectName: "Partial" });
    await updateWebsiteConfig({});
    const c = await getWebsiteConfig();
    expect(c.projectName).toBe("Partial");
    expect(c.knowledgeBaseUrl).toBe(WEBSITE_CONFIG_DEFAULTS.knowledgeBaseUrl);
  });
});
