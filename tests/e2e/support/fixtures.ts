// Playwright fixtures use `use` and empty destructuring by design; they are not React hooks.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page, type Response } from "@playwright/test";

// Browser-test fixtures: they reach the running site's store through the app's own services,
// create their own users and data, sign in by setting the session cookie, and clean up after.

export interface StackInfo {
  mongodbUri: string;
  redisUrl: string;
  goJudgeUrl: string;
  dataDir: string;
  url: string;
  mailboxDir: string;
}

export function stackInfo(): StackInfo {
  return JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR!, "stack.json"), "utf8")) as StackInfo;
}

/** Points this worker's copy of the app modules at the running site, then imports them. */
async function loadApp() {
  const info = stackInfo();
  process.env.MONGODB_URI = info.mongodbUri;
  process.env.REDIS_URL = info.redisUrl;
  process.env.DATA_DIR = info.dataDir;
  process.env.BASE_PATH = process.env.E2E_BASE_PATH ?? "/";
  process.env.LOG_LEVEL = "warn";
  const [db, users, session, userModel] = await Promise.all([
    import("../../../app/services/platform/db.server"),
    import("../../../app/services/account/users.server"),
    import("../../../app/services/account/session.server"),
    import("../../../app/models/user.server"),
  ]);
  await db.connectDb();
  return { db, users, session, User: userModel.User };
}

type App = Awaited<ReturnType<typeof loadApp>>;

export interface TestUser {
  uid: string;
  username: string;
  password: string;
  email: string;
  role: number;
}

export function uniqueName(prefix = "u"): string {
  return `${prefix}${randomBytes(4).toString("hex")}`.slice(0, 20);
}

export const test = base.extend<
  {
    createUser: (opts?: { role?: number; password?: string; username?: string }) => Promise<TestUser>;
    loginAs: (context: BrowserContext, user: TestUser) => Promise<void>;
  },
  { app: App; stack: StackInfo }
>({
  // With JavaScript on, page.goto and page.reload return once the page is interactive, so a test
  // never clicks a script-driven control before React has attached to it.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const waitAfter =
        <A extends unknown[]>(fn: (...args: A) => Promise<Response | null>) =>
        async (...args: A) => {
          const res = await fn(...args);
          if (res && (res.headers()["content-type"] ?? "").includes("text/html")) await waitForHydration(page);
          return res;
        };
      page.goto = waitAfter(page.goto.bind(page));
      page.reload = waitAfter(page.reload.bind(page));
    }
    await use(page);
  },
  stack: [async ({}, use) => use(stackInfo()), { scope: "worker" }],
  app: [
    async ({}, use) => {
      const app = await loadApp();
      await use(app);
      await app.db.disconnectDb();
    },
    { scope: "worker" },
  ],
  createUser: async ({ app }, use) => {
    const made: string[] = [];
    await use(async (opts = {}) => {
      const username = opts.username ?? uniqueName();
      const password = opts.password ?? "secret123";
      const email = `${username}@example.test`;
      const doc = await app.users.createUser({ username, password, email, role: opts.role });
      made.push(doc._id);
      return { uid: doc._id, username, password, email, role: doc.role };
    });
    if (made.length) await app.User.deleteMany({ _id: { $in: made } });
  },
  loginAs: async ({ app, baseURL }, use) => {
    await use(async (context, user) => {
      const s = await app.session.sessionStorage.getSession();
      s.set("uid", user.uid);
      const setCookie = await app.session.sessionStorage.commitSession(s);
      const value = setCookie.split(";")[0].slice(setCookie.indexOf("=") + 1);
      const url = new URL(baseURL!);
      await context.addCookies([{ name: "oj_sid", value, domain: url.hostname, path: process.env.E2E_BASE_PATH ?? "/", httpOnly: true, sameSite: "Lax" }]);
    });
  },
});

export { expect };

/** Waits until the page is interactive (the root layout marks the document once hydrated). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "1");
}

/**
 * A token for /ojapi calls, as HOJ's client gets one: by logging in through /ojapi/login (the
 * session cookie authenticates no /ojapi call).
 */
export async function apiToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const res = await request.post("ojapi/login", { data: { username: user.username, password: user.password } });
  expect(res.status()).toBe(200);
  return res.headers()["authorization"];
}
