import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMITS, JudgeStatus, LIMITS, Role } from "~/lib/constants";
import { formatMemory } from "~/lib/format";
import { Session } from "~/models/session.server";
import { Submission } from "~/models/submission.server";
import { User } from "~/models/user.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { createUser } from "~/services/account/users.server";
import { cookieFor, makeProblem, makeSubmission } from "../fixtures/learner";
import { startWebServer, type WebServer } from "../support/web-server";
import express from "express";
import type { AddressInfo } from "node:net";
import { sameOriginWrites } from "../../server/same-origin";

// What the web server refuses before a page or an /ojapi call runs, through the real HTTP stack
// (needs `npx remix build`): the session cookie authenticates no /ojapi call and no write from
// another site, and each route takes a body of its own size.

const PUBLIC_URL = "http://oj.test/";

function text(lng: "en" | "zh-CN", key: string, params: Record<string, string> = {}): string {
  const tree = JSON.parse(readFileSync(`locales/${lng}/common.json`, "utf8")) as Record<string, Record<string, string>>;
  const [section, name] = key.split(".");
  return Object.entries(params).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, v), tree[section][name]);
}

let server: WebServer;
let root: Awaited<ReturnType<typeof createUser>>;
let learner: Awaited<ReturnType<typeof createUser>>;
let rootCookie = "";
let learnerCookie = "";

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  root = await createUser({ username: "edgeroot", password: "secret123", email: "er@example.test", role: Role.SUPER_ADMIN });
  learner = await createUser({ username: "edgelearner", password: "secret123", email: "el@example.test" });
  rootCookie = await cookieFor(root._id);
  learnerCookie = await cookieFor(learner._id);
  server = await startWebServer({ PUBLIC_URL });
}, 120_000);

afterAll(async () => {
  server?.stop();
  await closeRedis();
  await disconnectDb();
});

type Init = { method?: string; headers?: Record<string, string>; body?: BodyInit; duplex?: "half" };
const get = (path: string, init: Init = {}) => fetch(`${server.url}${path}`, { redirect: "manual", ...init } as RequestInit);
const plain = async (id: number) => Submission.findById(id).lean();

async function apiLogin(username: string): Promise<string> {
  const res = await get("/ojapi/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username, password: "secret123" }) });
  expect(res.status).toBe(200);
  return res.headers.get("Authorization")!;
}

describe("the /ojapi calls that change state by GET authenticate by the token alone", () => {
  it("a GET carrying only the page's session cookie changes nothing", async () => {
    const problem = await makeProblem({ _id: 9100, problemId: "EDGE1", title: "Edge" });
    const done = await makeSubmission(learner, problem, { _id: 9100, status: JudgeStatus.ACCEPTED });
    const failed = await makeSubmission(learner, problem, { _id: 9101, status: JudgeStatus.SYSTEM_ERROR });
    const inContest = await makeSubmission(learner, problem, { _id: 9102, cid: 5, status: JudgeStatus.WRONG_ANSWER });
    const calls = [
      [`/ojapi/admin/judge/rejudge?submitId=${done._id}`, rootCookie],
      [`/ojapi/admin/judge/manual-judge?submitId=${done._id}&status=${JudgeStatus.WRONG_ANSWER}&score=0`, rootCookie],
      [`/ojapi/admin/judge/cancel-judge?submitId=${done._id}`, rootCookie],
      [`/ojapi/admin/judge/rejudge-contest-problem?pid=${problem._id}&cid=5`, rootCookie],
      [`/ojapi/resubmit?submitId=${failed._id}`, learnerCookie],
      [`/ojapi/resubmit?submitId=${failed._id}`, rootCookie],
    ] as const;
    for (const [path, cookie] of calls) {
      const res = await get(path, { headers: { Cookie: cookie, "Accept-Language": "en" } });
      expect(res.status, path).toBe(401);
      expect(await res.json(), path).toMatchObject({ status: 401, data: null });
    }
    expect(await plain(done._id)).toEqual(done);
    expect(await plain(failed._id)).toEqual(failed);
    expect(await plain(inContest._id)).toEqual(inContest);

    // Logging out by API with the cookie alone leaves the page's session alive.
    const sessions = await Session.countDocuments({ uid: learner._id });
    expect((await get("/ojapi/logout", { headers: { Cookie: learnerCookie } })).status).toBe(401);
    expect(await Session.countDocuments({ uid: learner._id })).toBe(sessions);
    expect((await get("/setting", { headers: { Cookie: learnerCookie } })).status).toBe(200);
  });

  it("a GET of /logout only offers the button; the page's session stays", async () => {
    const res = await get("/logout", { headers: { Cookie: learnerCookie, "Accept-Language": "en" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(await res.text()).toMatch(/<form method="post"[^>]*>[\s\S]*<button type="submit"[^>]*>Logout<\/button>/);
    expect((await get("/setting", { headers: { Cookie: learnerCookie } })).status).toBe(200);
  });

  it("HOJ's client, with its token, still judges by hand, resubmits and logs out by GET", async () => {
    const problem = await makeProblem({ _id: 9110, problemId: "EDGE2", title: "Edge 2" });
    const sub = await makeSubmission(learner, problem, { _id: 9110, status: JudgeStatus.ACCEPTED });
    const failed = await makeSubmission(learner, problem, { _id: 9111, status: JudgeStatus.SYSTEM_ERROR });
    const rootToken = await apiLogin("edgeroot");
    const judged = await get(`/ojapi/admin/judge/manual-judge?submitId=${sub._id}&status=${JudgeStatus.WRONG_ANSWER}&score=0`, { headers: { Authorization: rootToken } });
    expect(judged.status).toBe(200);
    expect(await plain(sub._id)).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, isManual: true });

    const learnerToken = await apiLogin("edgelearner");
    const again = await get(`/ojapi/resubmit?submitId=${failed._id}`, { headers: { Authorization: learnerToken } });
    expect(again.status).toBe(200);
    expect(await plain(failed._id)).toMatchObject({ status: JudgeStatus.PENDING, attempt: failed.attempt + 1 });

    const out = await get("/ojapi/logout", { headers: { Authorization: learnerToken } });
    expect(out.status).toBe(200);
    expect((await get("/ojapi/get-user-auth-info", { headers: { Authorization: learnerToken } })).status).toBe(401);
    // The page's own session (another one) is not the token's.
    expect((await get("/setting", { headers: { Cookie: learnerCookie } })).status).toBe(200);
  });

  it("a signed-in page hands its scripts a token of its own session, which ends with it", async () => {
    const user = await createUser({ username: "edgepage", password: "secret123", email: "ep@example.test" });
    const cookie = await cookieFor(user._id);
    const html = await (await get("/problem", { headers: { Cookie: cookie } })).text();
    const token = /<meta name="oj-api-token" content="([^"]+)"/.exec(html)?.[1];
    expect(token).toBeTruthy();
    const unread = await get("/ojapi/msg/unread", { headers: { Authorization: token! } });
    expect(unread.status).toBe(200);
    expect(await get("/ojapi/msg/unread", { headers: { Cookie: cookie } }).then((r) => r.status)).toBe(401);
    // A visitor's page has none.
    expect(await (await get("/problem")).text()).not.toContain("oj-api-token");

    const out = await get("/logout", { method: "POST", headers: { Cookie: cookie, Origin: server.url } });
    expect(out.status).toBe(302);
    expect((await get("/ojapi/msg/unread", { headers: { Authorization: token! } })).status).toBe(401);
  });
});

describe("writes a cookie authenticates come from the site's own pages", () => {
  const profile = (nickname: string) => new URLSearchParams({ intent: "changeInfo", nickname }).toString();
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const nickname = async () => (await User.findById(learner._id).lean())?.nickname;

  it("refuses a page form posted from another site with a translated 403 page, and changes nothing", async () => {
    const before = await nickname();
    const refusals: Array<[Record<string, string>, "en" | "zh-CN"]> = [
      [{ Origin: "https://evil.example", "Accept-Language": "en" }, "en"],
      [{ Origin: "null", "Accept-Language": "en" }, "en"],
      [{ "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "document" }, "zh-CN"],
      // A sibling subdomain is another site's page too.
      [{ "Sec-Fetch-Site": "same-site", "Accept-Language": "en" }, "en"],
      // The stored language choice comes first.
      [{ Origin: "https://evil.example", "Accept-Language": "en", Cookie: `${learnerCookie}; oj_lng=${encodeURIComponent(btoa('"zh-CN"'))}` }, "zh-CN"],
    ];
    for (const [headers, lng] of refusals) {
      const res = await get("/setting", { method: "POST", headers: { Cookie: learnerCookie, Accept: "text/html", ...form, ...headers }, body: profile("Planted") });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain(`<html lang="${lng}">`);
      expect(html).toContain(`<h1>${text(lng, "errors.crossSite")}</h1>`);
    }
    expect(await nickname()).toBe(before);

    // Logging out is a write too.
    const out = await get("/logout", { method: "POST", headers: { Cookie: learnerCookie, Origin: "https://evil.example" } });
    expect(out.status).toBe(403);
    expect((await get("/setting", { headers: { Cookie: learnerCookie } })).status).toBe(200);
  });

  it("refuses a Remix data request (?_data=) from another site with 403 JSON", async () => {
    const res = await get("/setting?_data=routes%2Fsetting", {
      method: "POST",
      headers: { Cookie: learnerCookie, ...form, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site", "Accept-Language": "en" },
      body: profile("Planted"),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ status: 403, msg: text("en", "errors.crossSite") });
    expect(await nickname()).not.toBe("Planted");
  });

  it("accepts the site's own origin, as the request reached it, through a trusted proxy, or as PUBLIC_URL", async () => {
    const own: Array<Record<string, string>> = [
      { Origin: server.url, "Sec-Fetch-Site": "same-origin" },
      { Origin: "http://oj.test" },
      // The proxy on this host (trusted by default) says which address the browser asked for.
      { Origin: "https://judge.example.org", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "judge.example.org" },
      // No browser: neither header.
      {},
    ];
    for (const [i, headers] of own.entries()) {
      const res = await get("/setting", { method: "POST", headers: { Cookie: learnerCookie, ...form, ...headers }, body: profile(`Own ${i}`) });
      expect(res.status, JSON.stringify(headers)).toBe(302);
      expect(await nickname()).toBe(`Own ${i}`);
    }
  });

  it("leaves /ojapi to its token: another site's POST with the cookie is a visitor's", async () => {
    const res = await get("/ojapi/change-userInfo", {
      method: "POST",
      headers: { Cookie: learnerCookie, "Content-Type": "application/json", Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({ nickname: "Planted" }),
    });
    expect(res.status).toBe(401);
    expect(await nickname()).not.toBe("Planted");
  });
});

describe("addresses without a screen", () => {
  it("unknown paths are 404 for visitors and members; the message centre sends a visitor to log in; unknown /admin/* paths go to the admin login", async () => {
    for (const path of ["/no-such-area", "/message/nothing"]) {
      for (const cookie of [undefined, learnerCookie]) {
        const res = await get(path, { headers: cookie ? { Cookie: cookie } : {} });
        if (path === "/message/nothing" && !cookie) expect(res.status, path).toBe(302);
        else expect(res.status, path).toBe(404);
      }
    }
    const visitor = await get("/message");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/home\?login=1&notice=pleaseLoginFirst/);
    const member = await get("/message", { headers: { Cookie: learnerCookie } });
    expect(member.status).toBe(302);
    expect(member.headers.get("Location")).toBe("/message/discuss");
    for (const cookie of [undefined, learnerCookie, rootCookie]) {
      const res = await get("/admin/nothing-here", { headers: cookie ? { Cookie: cookie } : {} });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/admin/login");
    }
  });
});

describe("contest pages", () => {
  it("/contest/1 sends a visitor to log in first (spec section 2) and is 404 for a member while no contest 1 exists", async () => {
    const visitor = await get("/contest/1");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/home\?login=1&notice=pleaseLoginFirst&redirectTo=%2Fcontest%2F1$/);
    const member = await get("/contest/1", { headers: { Cookie: learnerCookie } });
    expect(member.status).toBe(404);
    const list = await get("/contest", { headers: { Cookie: learnerCookie } });
    expect(list.status).toBe(200);
  });
});

describe("the site's own origin behind a proxy", () => {
  /** A bare Express app with the rule and the given trust of X-Forwarded-*; answers 204 when let through. */
  async function appWith(trustProxy: boolean | string, publicUrl?: string) {
    const app = express();
    app.set("trust proxy", trustProxy);
    app.use(sameOriginWrites({ basePath: "/", publicUrl }));
    app.post("*", (_req, res) => void res.status(204).end());
    const listening = app.listen(0, "127.0.0.1");
    await new Promise((r) => listening.once("listening", r));
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    const post = async (headers: Record<string, string>) => (await fetch(`${url}/setting`, { method: "POST", headers })).status;
    return { url, post, close: () => listening.close() };
  }

  it("believes X-Forwarded-Host and -Proto only from a trusted proxy", async () => {
    const forwarded = { Origin: "https://judge.example.org", "X-Forwarded-Host": "judge.example.org", "X-Forwarded-Proto": "https" };
    const trusting = await appWith("loopback");
    const untrusting = await appWith(false);
    try {
      expect(await trusting.post(forwarded)).toBe(204);
      expect(await untrusting.post(forwarded)).toBe(403);
      expect(await untrusting.post({ Origin: untrusting.url })).toBe(204);
    } finally {
      trusting.close();
      untrusting.close();
    }
  });

  it("accepts PUBLIC_URL's origin whatever host the proxy passes on, and nothing that only resembles it", async () => {
    const site = await appWith(false, "https://judge.example.org/oj/");
    try {
      expect(await site.post({ Origin: "https://judge.example.org" })).toBe(204);
      expect(await site.post({ Origin: "https://judge.example.org:443" })).toBe(204);
      expect(await site.post({ Origin: "http://judge.example.org" })).toBe(403);
      expect(await site.post({ Origin: "https://judge.example.org.evil.example" })).toBe(403);
      expect(await site.post({ Origin: "not a url" })).toBe(403);
      expect(await site.post({ "Sec-Fetch-Site": "same-origin" })).toBe(204);
      expect(await site.post({ "Sec-Fetch-Site": "none" })).toBe(204);
    } finally {
      site.close();
    }
  });
});

describe("request bodies are capped per route", () => {
  const json = { "Content-Type": "application/json", "Accept-Language": "en" };
  const size = (bytes: number) => formatMemory(bytes / 1024);

  it("refuses a 10 MB JSON body by its length with HOJ's envelope, and stores nothing", async () => {
    const token = await apiLogin("edgelearner");
    const before = await Submission.countDocuments();
    const code = "x".repeat(10 * 1024 * 1024);
    const res = await get("/ojapi/submit-problem-judge", {
      method: "POST",
      headers: { ...json, Authorization: token },
      body: JSON.stringify({ pid: "EDGE1", language: "C++", code }),
    });
    expect(res.status).toBe(413);
    const body = (await res.json()) as { status: number; msg: string; data: null };
    expect(body).toEqual({ status: 413, msg: expect.stringContaining("at most") as string, data: null });
    expect(await Submission.countDocuments()).toBe(before);

    const other = await get("/ojapi/check-username-or-email", { method: "POST", headers: json, body: JSON.stringify({ username: "y".repeat(2 * 1024 * 1024) }) });
    expect(other.status).toBe(413);
    expect(await other.json()).toEqual({ status: 413, msg: text("en", "errors.bodyTooLarge", { size: size(BODY_LIMITS.defaultBytes) }), data: null });
  });

  it("lets through the longest code the spec allows, even percent-encoded by a form", async () => {
    const token = await apiLogin("edgelearner");
    const code = "题".repeat(LIMITS.codeMax);
    const form = new URLSearchParams({ pid: "EDGE1", language: "C++", code }).toString();
    expect(Buffer.byteLength(form)).toBeGreaterThan(LIMITS.codeMax * 9);
    expect(Buffer.byteLength(form)).toBeLessThanOrEqual(BODY_LIMITS.codeBytes);
    const res = await get("/ojapi/submit-problem-judge", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: token, "Accept-Language": "en" },
      body: form,
    });
    // Whatever the call then says of the submission, the body was read.
    expect(res.status).not.toBe(413);
    expect(((await res.json()) as { msg: string }).msg).not.toContain("at most");
  });

  it("answers a page's oversized form with a translated 413 page", async () => {
    const res = await get("/setting", {
      method: "POST",
      headers: { Cookie: learnerCookie, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", Origin: server.url },
      body: new URLSearchParams({ intent: "changeInfo", nickname: "n".repeat(BODY_LIMITS.defaultBytes) }).toString(),
    });
    expect(res.status).toBe(413);
    const html = await res.text();
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain(text("zh-CN", "errors.bodyTooLarge", { size: size(BODY_LIMITS.defaultBytes) }));
  });

  it("refuses a body of unknown length outside the upload routes with 411, and reads one on an upload route", async () => {
    const chunked = (payload: string) =>
      new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode(payload));
          c.close();
        },
      });
    const res = await get("/ojapi/check-username-or-email", { method: "POST", headers: json, body: chunked('{"username":"a"}'), duplex: "half" });
    expect(res.status).toBe(411);
    expect(await res.json()).toEqual({ status: 411, msg: text("en", "errors.lengthRequired"), data: null });

    const page = await get("/setting", { method: "POST", headers: { Cookie: learnerCookie, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" }, body: chunked(new URLSearchParams({ intent: "changeInfo", nickname: "chunked" }).toString()), duplex: "half" });
    expect(page.status).toBe(411);

    // An upload route reads it (and bounds it itself): here, a file that is not a zip.
    const token = await apiLogin("edgeroot");
    const boundary = "----edge";
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cases.zip"\r\nContent-Type: application/zip\r\n\r\nnot a zip\r\n--${boundary}--\r\n`;
    const upload = await get("/ojapi/file/upload-testcase-zip", {
      method: "POST",
      headers: { Authorization: token, "Content-Type": `multipart/form-data; boundary=${boundary}`, "Accept-Language": "en" },
      body: chunked(multipart),
      duplex: "half",
    });
    expect(upload.status).not.toBe(411);
    expect(upload.status).not.toBe(413);
    expect(((await upload.json()) as { status: number }).status).toBe(upload.status);

    // There, the fields kept in memory are bounded all together.
    const field = "f".repeat(3 * 1024 * 1024);
    const parts = Math.ceil(BODY_LIMITS.problemBytes / field.length) + 1;
    const fields = Array.from({ length: parts }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="note${i}"\r\n\r\n${field}\r\n`).join("");
    const stuffed = await get("/ojapi/file/upload-testcase-zip", {
      method: "POST",
      headers: { Authorization: token, "Content-Type": `multipart/form-data; boundary=${boundary}`, "Accept-Language": "en" },
      body: chunked(`${fields}--${boundary}--\r\n`),
      duplex: "half",
    });
    expect(stuffed.status).toBe(400);
    expect(((await stuffed.json()) as { msg: string }).msg).toBe("Exceed max size limit");
  });
});
