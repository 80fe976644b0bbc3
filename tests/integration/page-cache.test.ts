import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { disconnectDb } from "~/services/platform/db.server";
import { pageCacheHooks, pagesChanged } from "~/services/platform/page-cache.server";
import { closeRedis } from "~/services/platform/redis.server";
import { cancelSubmission } from "~/services/judging/admin.server";
import { changeProblemAuth, createProblem, updateProblem } from "~/services/problem/admin.server";
import { updateTag } from "~/services/problem/tags.server";
import { createSubmission } from "~/services/submission/submissions.server";
import { closeStatusSubscriber } from "~/services/submission/status.server";
import { pageCache } from "../../server/page-cache";
import { makeTag } from "../fixtures/learner";
import { cookieFor, makeUser, openStore } from "./support/judging";
import { startWebServer, type WebServer } from "../support/web-server";

// Rendered copies of anonymous list pages (server/page-cache.ts) through the built site (needs
// `npx remix build`): a second anonymous visitor gets the copy, with a script nonce of its own;
// a signed-in one never does; language and query are keys of their own; and writes made by
// another process (this test's) reach the next anonymous visitor at once.

let server: WebServer;
let learnerCookie = "";
let learnerName = "";
const admin = { username: "cacheadmin" };

function problemInput(over: Record<string, unknown> = {}) {
  return {
    problemId: "CACHE1",
    title: "Cached title one",
    description: "Add two numbers.",
    input: "Two integers.",
    output: "Their sum.",
    examples: [{ input: "1 2", output: "3" }],
    languages: ["C", "C++"],
    isUploadCase: false,
    cases: [{ input: "1 2\n", output: "3\n" }],
    ...over,
  };
}

beforeAll(async () => {
  await openStore();
  const learner = await makeUser(Role.DEFAULT_USER);
  learnerName = learner.username;
  learnerCookie = await cookieFor(learner);
  // Long enough that only a write (never the time) renders a page again within a test.
  server = await startWebServer({ PAGE_CACHE_TTL_MS: "600000" });
}, 120_000);

afterAll(async () => {
  server?.stop();
  await closeStatusSubscriber();
  await closeRedis();
  await disconnectDb();
});

type Init = { headers?: Record<string, string> };
async function get(path: string, init: Init = {}) {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual", headers: { "Accept-Language": "zh-CN", ...init.headers } });
  return { res, cache: res.headers.get("X-Page-Cache"), body: await res.text() };
}

function nonceOf(csp: string | null): string {
  const m = /'nonce-([^']+)'/.exec(csp ?? "");
  if (!m) throw new Error(`no nonce in ${csp}`);
  return m[1];
}

describe("anonymous list pages", () => {
  it("serves the second anonymous visitor the rendered copy, with a nonce and request id of its own", async () => {
    await pagesChanged("problems");
    const first = await get("/problem");
    expect(first.res.status).toBe(200);
    expect(first.cache).toBe("miss");
    const second = await get("/problem");
    expect(second.cache).toBe("hit");
    const n1 = nonceOf(first.res.headers.get("Content-Security-Policy"));
    const n2 = nonceOf(second.res.headers.get("Content-Security-Policy"));
    expect(n2).not.toBe(n1);
    // Every inline script of the copy carries this response's nonce, none the first one's.
    expect(second.body).toContain(`nonce="${n2}"`);
    expect(second.body).not.toContain(n1);
    const id2 = second.res.headers.get("X-Request-Id")!;
    expect(second.body).toContain(id2);
    expect(second.body).not.toContain(first.res.headers.get("X-Request-Id")!);
    // Apart from those, the same page.
    const strip = (b: string, nonce: string, id: string) => b.replaceAll(nonce, "N").replaceAll(id, "R");
    expect(strip(second.body, n2, id2)).toBe(strip(first.body, n1, first.res.headers.get("X-Request-Id")!));
    expect(second.res.headers.get("Set-Cookie")).toBeNull();
    expect(second.res.headers.get("Content-Type")).toMatch(/^text\/html/);
  });

  it("never answers a signed-in visitor from a copy, nor keeps what they were shown", async () => {
    await get("/problem");
    const anon = await get("/problem");
    expect(anon.cache).toBe("hit");
    const signedIn = await get("/problem", { headers: { Cookie: learnerCookie } });
    expect(signedIn.res.status).toBe(200);
    expect(signedIn.cache).toBeNull();
    expect(signedIn.body).toContain(learnerName);
    const after = await get("/problem");
    expect(after.cache).toBe("hit");
    expect(after.body).not.toContain(learnerName);
    // Any cookie but the language choice (a session, a flash, anything the site may read) renders.
    expect((await get("/problem", { headers: { Cookie: "oj_sid=whatever" } })).cache).toBeNull();
    expect((await get("/problem", { headers: { Cookie: "other=1" } })).cache).toBeNull();
    // So do Remix's data requests and parameters that are not the list's filters.
    expect((await get("/problem?_data=root")).cache).toBeNull();
    expect((await get("/problem?login=1")).cache).toBeNull();
  });

  it("keeps a copy per language and per query", async () => {
    await pagesChanged("problems");
    const zh = await get("/problem");
    const en = await get("/problem", { headers: { "Accept-Language": "en" } });
    expect(zh.cache).toBe("miss");
    expect(en.cache).toBe("miss");
    expect(zh.body).toContain('lang="zh-CN"');
    expect(en.body).toContain('lang="en"');
    expect((await get("/problem", { headers: { "Accept-Language": "en" } })).body).toContain('lang="en"');
    expect((await get("/problem", { headers: { "Accept-Language": "en-US,en;q=0.9" } })).cache).toBe("hit");
    // The stored choice wins over the browser's, as on every page.
    const chosen = await get("/problem", { headers: { Cookie: "oj_lng=en" } });
    expect(chosen.body).toContain('lang="en"');
    expect((await get("/problem")).cache).toBe("hit");
    expect((await get("/problem")).body).toContain('lang="zh-CN"');

    const filtered = await get("/problem?difficulty=1");
    expect(filtered.cache).toBe("miss");
    expect((await get("/problem?difficulty=1")).cache).toBe("hit");
    expect((await get("/problem?difficulty=2")).cache).toBe("miss");
  });

  it("shows an admin's write to the next anonymous visitor at once", async () => {
    const doc = await createProblem(problemInput(), admin);
    expect((await get("/problem")).body).toContain("Cached title one");
    expect((await get("/problem")).cache).toBe("hit");

    await updateProblem(doc._id, problemInput({ title: "Renamed title two" }), admin);
    const renamed = await get("/problem");
    expect(renamed.cache).toBe("miss");
    expect(renamed.body).toContain("Renamed title two");
    expect(renamed.body).not.toContain("Cached title one");

    await changeProblemAuth(doc._id, 2, admin);
    const hidden = await get("/problem");
    expect(hidden.body).not.toContain("Renamed title two");
    await changeProblemAuth(doc._id, 1, admin);
    expect((await get("/problem")).body).toContain("Renamed title two");
  });

  it("shows a renamed tag at once", async () => {
    const tag = await makeTag("Cache tag before");
    await pagesChanged("problems");
    expect((await get("/problem")).body).toContain("Cache tag before");
    await updateTag(tag._id, { name: "Cache tag after", color: "#19be6b", oj: "ME" });
    const after = await get("/problem");
    expect(after.body).toContain("Cache tag after");
    expect(after.body).not.toContain("Cache tag before");
  });

  it("shows a new submission and a changed verdict on /status at once", async () => {
    const user = await makeUser();
    const problem = await createProblem(problemInput({ problemId: "CACHE2", title: "Status page problem" }), admin);
    await get("/status");
    expect((await get("/status")).cache).toBe("hit");
    const sub = await createSubmission(user, { pid: problem._id, language: "C++", code: "int main(){}", cid: 0, tid: 0 });
    const listed = await get("/status");
    expect(listed.cache).toBe("miss");
    expect(listed.body).toContain(`>${user.username}<`);
    expect(listed.body).toContain(`/submission-detail/${sub._id}`);
    expect((await get("/status")).cache).toBe("hit");

    const root = await makeUser(Role.SUPER_ADMIN);
    await cancelSubmission(root, sub._id);
    const cancelled = await get("/status");
    expect(cancelled.cache).toBe("miss");
    expect(cancelled.body).toMatch(new RegExp(`"status":${JudgeStatus.CANCELLED}`));
  });
});

describe("what is kept", () => {
  let base = "";
  let close: () => void = () => undefined;
  let renders = 0;

  beforeAll(async () => {
    // The same middleware in front of pages that set a cookie, fail, or answer something other
    // than HTML: none of them may be kept.
    const app = express();
    app.use((_req, res, next) => {
      res.locals.nonce = "n0nceOfThisResponse==";
      next();
    });
    app.use(pageCache({ hooks: () => pageCacheHooks, ttlMs: 600_000, maxBytes: 1024 * 1024 }));
    app.get("/problem", (req, res) => {
      renders++;
      if (req.query.keyword === "cookie") res.setHeader("Set-Cookie", "oj_sid=fresh; Path=/");
      if (req.query.keyword === "error") res.status(500);
      if (req.query.keyword === "json") return res.json({ renders });
      res.type("html").send(`<html><body>render ${renders}</body></html>`);
    });
    const listener = app.listen(0, "127.0.0.1");
    await new Promise((r) => listener.once("listening", r));
    base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    close = () => listener.close();
  });
  afterAll(() => close());

  async function twice(query: string) {
    const a = await fetch(`${base}/problem${query}`);
    const b = await fetch(`${base}/problem${query}`);
    return [a.headers.get("X-Page-Cache"), b.headers.get("X-Page-Cache"), await a.text(), await b.text()];
  }

  it("keeps a plain page", async () => {
    const [, second, a, b] = await twice("?keyword=plain");
    expect(second).toBe("hit");
    expect(b).toBe(a);
  });

  it("never keeps an answer that sets a cookie", async () => {
    const [first, second, a, b] = await twice("?keyword=cookie");
    expect([first, second]).toEqual(["miss", "miss"]);
    expect(b).not.toBe(a);
  });

  it("never keeps an error or an answer that is not a page", async () => {
    expect((await twice("?keyword=error")).slice(0, 2)).toEqual(["miss", "miss"]);
    expect((await twice("?keyword=json")).slice(0, 2)).toEqual(["miss", "miss"]);
  });

  it("drops a copy when a version it was rendered under changes", async () => {
    await twice("?keyword=versions");
    await pagesChanged("site");
    const res = await fetch(`${base}/problem?keyword=versions`);
    expect(res.headers.get("X-Page-Cache")).toBe("miss");
  });
});
