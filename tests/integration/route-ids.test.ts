import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "~/lib/constants";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { createUser } from "~/services/account/users.server";
import { routeFiles, type RouteFile } from "../support/route-manifest";
import { call, sessionCookieFor } from "./support/call-route";

// Every route, page or /ojapi call, answers a malformed id with 404 (in its path) or 400 (in its
// query or body), never 500: each route file's loader and action is called by a super admin with
// "abc" for every path parameter and every id the routes read from queries and bodies.

/** Path parameters that are numeric ids: a malformed one names no page. */
const NUMERIC_PATH_IDS = new Set(["problemId", "submitId", "contestId", "printId", "trainingId"]);
/** The id names the routes read from queries and bodies (HOJ's and the pages'). */
const INPUT_IDS = ["id", "pid", "problemId", "submitId", "submitIds", "cid", "gid", "tid", "tcid", "uid", "testJudgeKey"];
const BAD = "abc";

interface RouteCase {
  file: string;
  /** The address with every parameter set to BAD. */
  url: string;
  params: Record<string, string>;
  /** Whether one of its path parameters is a numeric id (problem display ids are names, not ids). */
  numericPathId: boolean;
}

/** A route's address pattern with every parameter set to BAD ("/admin/problem/edit/:problemId" → /admin/problem/edit/abc). */
function caseOf(route: RouteFile): RouteCase {
  const params: Record<string, string> = {};
  const url = route.pattern.replace(/:(\w+)|\*/g, (_all, name: string | undefined) => {
    params[name ?? "*"] = BAD;
    return BAD;
  });
  // A path id of a problem page is its display id; the admin pages take the numeric one.
  const numericPathId = Object.keys(params).some((p) => NUMERIC_PATH_IDS.has(p)) && !route.pattern.startsWith("/problem/:problemId");
  return { file: route.file, url, params, numericPathId };
}

let routes: RouteCase[] = [];

let root = "";

beforeAll(async () => {
  routes = (await routeFiles()).filter((r) => r.id !== "root").map(caseOf);
  await connectDb();
  await ensureIndexes();
  root = (await createUser({ username: "idroot", password: "secret123", email: "idroot@example.test", role: Role.SUPER_ADMIN }))._id;
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

type Handler = Parameters<typeof call>[0];

describe("malformed ids", () => {
  it("finds the routes", () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.find((r) => r.file === "routes/admin+/problem+/edit.$problemId.tsx")).toMatchObject({ url: "/admin/problem/edit/abc", numericPathId: true });
    expect(routes.find((r) => r.file === "routes/_account+/auth.captcha[.]svg.ts")?.url).toBe("/auth/captcha.svg");
    expect(routes.find((r) => r.file === "routes/ojapi+/_contest+/get-contest-list.ts")?.url).toBe("/ojapi/get-contest-list");
  });

  it("are answered with 404 in a path and 400 in a query or body, never 500", async () => {
    const query = INPUT_IDS.map((k) => `${k}=${BAD}`).join("&");
    const fields = Object.fromEntries(INPUT_IDS.map((k) => [k, BAD]));
    const failures: string[] = [];
    for (const route of routes) {
      const mod = (await import(/* @vite-ignore */ path.resolve("app", route.file))) as { loader?: Handler; action?: Handler };
      const api = route.url.startsWith("/ojapi/");
      const tries: Array<[string, Handler, string]> = [];
      if (mod.loader) tries.push(["GET", mod.loader, `${route.url}?${query}`]);
      if (mod.action) for (const method of api ? ["POST", "PUT", "DELETE"] : ["POST"]) tries.push([method, mod.action, `${route.url}?${query}`]);
      for (const [method, fn, url] of tries) {
        // A session of its own each time: a route may end the one it is given (logout).
        const cookie = await sessionCookieFor(root);
        let status: number;
        try {
          const body = method === "GET" ? {} : api ? { json: fields } : { form: fields };
          const res = await call(fn, url, { method, cookie, params: route.params, ...body });
          status = res.status;
          await res.body?.cancel();
        } catch (err) {
          failures.push(`${method} ${url}: threw ${String(err)}`);
          continue;
        }
        if (status >= 500) failures.push(`${method} ${url}: ${status}`);
        else if (route.numericPathId && method === "GET" && status !== 404) failures.push(`${method} ${url}: ${status}, not 404`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("a numeric path id that is not one is 404, a query or body id that is not one is 400", async () => {
    const cookie = await sessionCookieFor(root);
    const edit = await import("~/routes/admin+/problem+/edit.$problemId");
    const testcase = await import("~/routes/admin+/problem+/testcase.$problemId");
    const problems = await import("~/routes/admin+/problems");
    const cases = await import("~/routes/ojapi+/admin+/problem.get-problem-cases");
    const download = await import("~/routes/ojapi+/file+/download-testcase");
    for (const raw of ["abc", "1e3", "0", "-4", "12abc", " "]) {
      const params = { problemId: raw };
      expect((await call(edit.loader, `/admin/problem/edit/${raw}`, { cookie, params })).status, raw).toBe(404);
      expect((await call(edit.action, `/admin/problem/edit/${raw}`, { cookie, params, form: { intent: "save" } })).status, raw).toBe(404);
      expect((await call(testcase.loader, `/admin/problem/testcase/${raw}`, { cookie, params })).status, raw).toBe(404);
      expect((await call(problems.action, "/admin/problems", { cookie, form: { intent: "delete", pid: raw } })).status, raw).toBe(400);
      for (const api of [cases.loader, download.loader]) {
        const res = await call(api, `/ojapi/admin/problem/get-problem-cases?pid=${encodeURIComponent(raw)}`, { cookie, headers: { "Accept-Language": "en" } });
        expect(res.status, raw).toBe(400);
        expect(await res.json()).toEqual({ status: 400, msg: "The request is invalid!", data: null });
      }
    }
  });
});
