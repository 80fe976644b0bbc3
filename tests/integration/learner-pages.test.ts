import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { updateWebsiteConfig } from "~/services/site/config.server";
import { createUser } from "~/services/account/users.server";
import { announceJudge, cookieFor, makeProblem, makeSubmission } from "../fixtures/learner";
import { startWebServer, type WebServer } from "../support/web-server";

// The learner and problem-admin pages as the built site serves them (needs `npm run build`): one
// <main> per page (the layout's), titles from the translations with the site name, no links to
// pages that do not exist yet, and the small rules of the problem page.

const SITE = "Learner OJ";
/** A Chinese text of the translations (the site's default language), by "ns:dotted.key". */
function zh(key: string): string {
  const [ns, path] = key.split(":");
  const tree = JSON.parse(readFileSync(`locales/zh-CN/${ns}.json`, "utf8")) as Record<string, unknown>;
  const text = path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], tree);
  if (typeof text !== "string") throw new Error(`no text ${key}`);
  return text;
}

let server: WebServer;
let learnerCookie = "";
let adminCookie = "";

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  await updateWebsiteConfig({ projectName: SITE, openPublicDiscussion: true });
  const learner = await createUser({ username: "pagelearner", password: "secret123", email: "pl@example.test" });
  const admin = await createUser({ username: "pageadmin", password: "secret123", email: "pa@example.test", role: Role.ADMIN });
  learnerCookie = await cookieFor(learner._id);
  adminCookie = await cookieFor(admin._id);
  const solved = await makeProblem({ _id: 700, problemId: "PAGE700", title: "Solved one", type: 1 });
  const tried = await makeProblem({ _id: 701, problemId: "PAGE701", title: "Tried one" });
  await makeProblem({ _id: 702, problemId: "PAGE702", title: "Untouched" });
  await makeProblem({ _id: 703, problemId: "PAGE703", title: "With files", userExtraFile: [{ name: "helper.h", content: "int helper();" }] });
  await makeProblem({ _id: 704, problemId: "PAGE704", title: "Java only", languages: ["Java"] });
  for (let i = 0; i < 12; i++) await makeSubmission(learner, solved, { _id: 800 + i, status: i === 11 ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER });
  await makeSubmission(learner, tried, { _id: 820, status: JudgeStatus.WRONG_ANSWER });
  // The live judge runs C, C++ and Python3: nothing that can judge PAGE704.
  await announceJudge(["C", "C++", "Python3"]);
  server = await startWebServer();
}, 120_000);

afterAll(async () => {
  server?.stop();
  await closeRedis();
  await disconnectDb();
});

async function page(path: string, cookie = learnerCookie): Promise<string> {
  const res = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie, "Accept-Language": "zh-CN" } });
  expect(res.status, path).toBe(200);
  return res.text();
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, "&");
/** What the page itself renders, inside the layout's <main>. */
const mainOf = (html: string) => html.slice(html.indexOf("<main"), html.lastIndexOf("</main>"));

describe("the pages", () => {
  const pages = [
    { path: "/problem", title: `${zh("problem:list.title")} - ${SITE}` },
    { path: "/problem/PAGE701", title: `PAGE701 Tried one - ${SITE}` },
    { path: "/status", title: `${zh("submission:list.title")} - ${SITE}` },
    { path: `/submission-detail/801`, title: `${zh("submission:detail.title").replace("{{id}}", "801")} - ${SITE}` },
    { path: "/admin/problems", admin: true },
    { path: "/admin/problem/create", admin: true },
    { path: "/admin/problem/edit/700", admin: true },
    { path: "/admin/problem/tag", admin: true },
    { path: "/admin/problem/batch-operation", admin: true },
  ];

  it("have one <main>, the layout's, and titles from the translations with the site name", async () => {
    for (const p of pages) {
      const html = await page(p.path, p.admin ? adminCookie : learnerCookie);
      expect(html.match(/<main[\s>]/g), p.path).toHaveLength(1);
      if (p.title) expect(titleOf(html), p.path).toBe(p.title);
      else expect(titleOf(html), p.path).toMatch(new RegExp(` - ${SITE}$`));
    }
  });

  it("link to pages that exist: authors are plain text in the status list, and the problem page links to its discussions", async () => {
    const status = mainOf(await page("/status"));
    expect(status).toContain("pagelearner");
    expect(status).not.toContain("/user-home");
    const problem = mainOf(await page("/problem/PAGE701"));
    expect(problem).toMatch(/href="[^"]*\/discussion\/PAGE701"/);
  });
});

describe("the problem page", () => {
  it("tells the signed-in learner their own state on the problem", async () => {
    const solved = mainOf(await page("/problem/PAGE700"));
    expect(solved).toContain('data-my-status="solved"');
    expect(solved).toContain(zh("problem:detail.myStatus.solved"));
    const tried = mainOf(await page("/problem/PAGE701"));
    expect(tried).toContain('data-my-status="submitted"');
    expect(tried).toContain(zh("problem:detail.myStatus.submitted"));
    expect(tried).not.toContain(zh("problem:detail.myStatus.solved"));
    expect(await page("/problem/PAGE702")).not.toContain('data-testid="my-status"');
    expect(await page("/problem/PAGE700", "")).not.toContain('data-testid="my-status"');
  });

  it("shows the description for ?tab=annex when the problem has no extra files", async () => {
    const none = await page("/problem/PAGE702?tab=annex");
    expect(none).toContain('data-testid="statement"');
    expect(none).not.toContain('data-testid="annex"');
    const files = await page("/problem/PAGE703?tab=annex");
    expect(files).toContain('data-testid="annex"');
    expect(files).toContain("helper.h");
  });

  it("keeps the focus view on the pages of My Submission", async () => {
    const html = await page("/problem/PAGE700?tab=mine&focus=1");
    const pager = [...html.matchAll(/href="([^"]*currentPage=2[^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
    expect(pager.length).toBeGreaterThan(0);
    for (const href of pager) expect(href).toContain("focus=1");
  });

  it("says so when the judges online run none of the problem's languages", async () => {
    // Announced again: on a busy machine the heartbeat of beforeAll may have gone stale by now.
    await announceJudge(["C", "C++", "Python3"]);
    const html = await page("/problem/PAGE704");
    expect(html).toContain('data-testid="no-language-judge"');
    expect(mainOf(html)).toContain(zh("problem:editor.noLanguageJudge"));
    expect(await page("/problem/PAGE702")).not.toContain('data-testid="no-language-judge"');
  });

  it("a random pick without JavaScript and nothing to pick comes back to the list with the message", async () => {
    const res = await fetch(`${server.url}/problem?random=1&oj=POJ`, { redirect: "manual", headers: { "Accept-Language": "zh-CN" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/problem?oj=POJ");
    const cookie = (res.headers.get("Set-Cookie") ?? "").split(";")[0];
    expect(await page("/problem?oj=POJ", cookie)).toContain(`>${zh("problem:noProblems")}<`);
  });
});

describe("admin addresses", () => {
  it("/admin/problem/:id/edit leads to the problem editor", async () => {
    const res = await fetch(`${server.url}/admin/problem/700/edit`, { redirect: "manual", headers: { Cookie: adminCookie } });
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/admin/problem/edit/700");
    expect(await page("/admin/problem/700/edit", adminCookie)).toContain("PAGE700");
  });
});
