import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, RUNNING_STATUSES } from "~/lib/constants";
import { freePort } from "../../scripts/lib/services";
import { startStack, type RunningStack } from "../../scripts/lib/stack";
// Imported once the stack runs: the app's modules read their environment when first loaded.
import type * as JudgingSupport from "./support/judging";

// The whole site as `npm start` runs it, with each of its processes killed in the middle of a batch
// of submissions: the killed one is started again by itself, the others go on, and every submission
// ends with its right verdict, judged once, the counters agreeing with the submissions. Then the
// store and Redis stay away for a while: pages and /ojapi answer 503 with a clear message, and a
// submission made while Redis is away is judged once it is back.

const dataDir = mkdtempSync(path.join(os.tmpdir(), "oj-faults-"));
const log: string[] = [];
let stack: RunningStack;
let token = "";
let pid = 0;
let uid = "";
let j: typeof JudgingSupport;

const AC_C = `#include <stdio.h>
int main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); return 0; }
`;
const WA_C = `#include <stdio.h>
int main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a - b); return 0; }
`;
const CE_C = "int main(void) { return missing; }\n";
const AC_PY = "a, b = map(int, input().split())\nprint(a + b)\n";
const WA_PY = "a, b = map(int, input().split())\nprint(a * b + 1)\n";
const BATCH: Array<{ language: string; code: string; expected: number }> = [
  { language: "C", code: AC_C, expected: JudgeStatus.ACCEPTED },
  { language: "C", code: WA_C, expected: JudgeStatus.WRONG_ANSWER },
  { language: "Python3", code: AC_PY, expected: JudgeStatus.ACCEPTED },
  { language: "C", code: CE_C, expected: JudgeStatus.COMPILE_ERROR },
  { language: "Python3", code: WA_PY, expected: JudgeStatus.WRONG_ANSWER },
  { language: "C", code: AC_C, expected: JudgeStatus.ACCEPTED },
];
const submitted: Array<{ id: number; expected: number }> = [];

beforeAll(async () => {
  const port = await freePort();
  stack = await startStack({
    dataDir,
    toolsDir: path.resolve(process.env.TOOLS_DIR ?? ".tools"),
    port,
    sink: (line, source) => log.push(`[${source}] ${line}`),
    env: {
      // Services of its own, started and watched by the stack (not the test run's shared ones).
      MONGODB_URI: undefined,
      REDIS_URL: undefined,
      GO_JUDGE_URL: undefined,
      DATA_DIR: undefined,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      OJ_ROOT_PASSWORD: "fault-root",
      JUDGE_CONCURRENCY: "2",
      // A submission whose task never reached Redis is queued again within seconds.
      JUDGE_SWEEP_INTERVAL_MS: "1000",
      JUDGE_STUCK_MS: "4000",
    },
  });
  // This file's own models and services on the stack's store and data folder.
  process.env.MONGODB_URI = stack.services.mongodbUri;
  process.env.REDIS_URL = stack.services.redisUrl;
  process.env.DATA_DIR = dataDir;
  j = await import("./support/judging");
  await j.openStore();
  // Each batch is larger than a learner's allowance; the web process reads the new one within 5 s.
  await j.allowManySubmissions();
  const allowedAt = Date.now();
  const user = await j.makeUser();
  uid = user._id;
  pid = (await j.makeProblem({ languages: ["C", "Python3"] }))._id;
  const login = await fetch(`${stack.url}ojapi/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: user.username, password: "secret123" }),
  });
  expect(login.status).toBe(200);
  token = login.headers.get("Authorization") ?? "";
  expect(token).not.toBe("");
  // The site's settings are cached for 5 s by the web process.
  await new Promise((r) => setTimeout(r, Math.max(0, allowedAt + 5500 - Date.now())));
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  const { disconnectDb } = await import("~/services/platform/db.server");
  await disconnectDb();
  // KEEP_TEST_DATA=1 keeps the site's data folder, with every process's log in site.log.
  if (process.env.KEEP_TEST_DATA) writeFileSync(path.join(dataDir, "site.log"), log.join("\n"));
  else rmSync(dataDir, { recursive: true, force: true });
});

async function submit(language: string, code: string): Promise<{ http: number; body: { status: number; msg: string; data: { submitId?: number } | null } }> {
  const res = await fetch(`${stack.url}ojapi/submit-problem-judge`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: token },
    body: JSON.stringify({ pid, language, code }),
  });
  return { http: res.status, body: (await res.json()) as { status: number; msg: string; data: { submitId?: number } | null } };
}

async function submitBatch(): Promise<Array<{ id: number; expected: number }>> {
  const out: Array<{ id: number; expected: number }> = [];
  for (const b of BATCH) {
    const r = await submit(b.language, b.code);
    expect(r.http, r.body.msg).toBe(200);
    out.push({ id: r.body.data!.submitId!, expected: b.expected });
  }
  submitted.push(...out);
  return out;
}

/** Statuses of submissions (reading through the store, which may be coming back). */
async function statuses(ids: number[]): Promise<Map<number, { status: number; attempt: number; errorMessage: string }>> {
  const { Submission } = await import("~/models/submission.server");
  const docs = await Submission.find({ _id: { $in: ids } })
    .select("status attempt errorMessage")
    .lean<Array<{ _id: number; status: number; attempt: number; errorMessage?: string }>>();
  return new Map(docs.map((d) => [d._id, { status: d.status, attempt: d.attempt, errorMessage: d.errorMessage ?? "" }]));
}

async function judged(batch: Array<{ id: number }>, timeoutMs = 150_000): Promise<void> {
  await j.waitUntil(
    "every submission of the batch judged",
    async () => {
      const s = await statuses(batch.map((b) => b.id)).catch(() => null);
      return s && batch.every((b) => s.has(b.id) && !RUNNING_STATUSES.has(s.get(b.id)!.status));
    },
    timeoutMs,
  );
}

function pidsOf(except: string): Record<string, number | undefined> {
  return Object.fromEntries(Object.entries(stack.children).filter(([n]) => n !== except).map(([n, s]) => [n, s.child?.pid]));
}

/** Submits a batch, kills `name` once the first verdict is in, and checks that all ends well. */
async function batchWithKill(name: string): Promise<void> {
  const batch = await submitBatch();
  await j.waitUntil(
    "the first verdict",
    async () => {
      const s = await statuses(batch.map((b) => b.id));
      return [...s.values()].some((x) => !RUNNING_STATUSES.has(x.status));
    },
    120_000,
  );
  const others = pidsOf(name);
  const victim = stack.children[name];
  const killedAt = Date.now();
  victim.child!.kill("SIGKILL");
  // Started again by itself after the shortest delay (then as quickly as it starts), and nothing
  // else was touched.
  await victim.back(killedAt, 120_000);
  expect(log.some((l) => l.startsWith(`[start] ${name} killed by SIGKILL after`) && l.endsWith("restarting it in 500 ms"))).toBe(true);
  expect(pidsOf(name)).toEqual(others);

  await judged(batch);
  const s = await statuses(batch.map((b) => b.id));
  for (const b of batch) {
    const got = s.get(b.id)!;
    expect(got.status, `submission ${b.id} after the ${name} was killed: ${got.errorMessage}`).toBe(b.expected);
    // Judged once: never queued again nor given up on.
    expect(got.attempt).toBe(1);
  }
}

describe("killing one process of a running site", () => {
  for (const name of ["judge", "web", "sandbox", "redis", "store"]) {
    it(`${name}: it comes back by itself and every submission of the batch gets its verdict`, () => batchWithKill(name), 300_000);
  }

  it("the counters agree with the submissions", async () => {
    const ids = submitted.map((x) => x.id);
    for (const id of ids) await j.settled(id, 60_000);
    const s = await statuses(ids);
    const count = (status: number) => [...s.values()].filter((x) => x.status === status).length;
    const counters = await j.countersOf(pid);
    expect(counters).toMatchObject({
      total: ids.length,
      ac: count(JudgeStatus.ACCEPTED),
      wa: count(JudgeStatus.WRONG_ANSWER),
      ce: count(JudgeStatus.COMPILE_ERROR),
      se: 0,
    });
    const user = await j.userOf(uid);
    expect(user.submitCount).toBe(ids.length);
    expect(user.solvedPids).toEqual([pid]);
    expect(user.acCount).toBe(1);
  }, 120_000);
});

describe("a service away for a while", () => {
  it("store: pages and /ojapi answer 503 with a translated message, never 401, and recover", async () => {
    const store = stack.children.store;
    await store.stop();
    try {
      const started = Date.now();
      const page = await fetch(`${stack.url}home`);
      expect(page.status).toBe(503);
      expect(page.headers.get("Retry-After")).toBe("5");
      expect(await page.text()).toContain("网站暂时无法连接数据库，请稍后再试。");
      const english = await fetch(`${stack.url}problem?l=en`);
      expect(english.status).toBe(503);
      expect(await english.text()).toContain("The site cannot reach its database right now.");
      // Signed in by token: the store holds the session, so this was a 401 "please log in".
      const r = await submit("C", AC_C);
      expect(r.http).toBe(503);
      expect(r.body).toEqual({ status: 503, msg: "网站暂时无法连接数据库，请稍后再试。", data: null });
      const ready = await fetch(`${stack.url}readyz`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { checks: Record<string, string> }).checks.redis).toBe("ok");
      // Each answer is bounded by the store timeouts (5 s), not a hang.
      expect(Date.now() - started).toBeLessThan(40_000);
      expect(log.some((l) => l.startsWith("[web]") && l.includes("the store is unreachable: answering 503"))).toBe(true);
    } finally {
      await store.start();
    }
    await j.waitUntil("the home page", async () => (await fetch(`${stack.url}home`)).status === 200, 30_000);
  }, 120_000);

  it("redis: pages that need it answer 503 at once, and a submission made meanwhile is stored and judged once Redis is back", async () => {
    const redis = stack.children.redis;
    await redis.stop();
    let id = 0;
    try {
      const started = Date.now();
      const r = await submit("C", AC_C);
      expect(r.http, r.body.msg).toBe(200);
      id = r.body.data!.submitId!;
      // A login needs Redis (its rate limits): refused with the message, quickly.
      const login = await fetch(`${stack.url}ojapi/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: "root", password: "fault-root" }),
      });
      expect(login.status).toBe(503);
      expect(((await login.json()) as { msg: string }).msg).toBe("网站暂时无法连接评测队列与缓存服务，请稍后再试。");
      expect(Date.now() - started).toBeLessThan(15_000);
      expect((await fetch(`${stack.url}readyz`)).status).toBe(503);
      expect((await statuses([id])).get(id)?.status).toBe(JudgeStatus.PENDING);
    } finally {
      await redis.start();
    }
    submitted.push({ id, expected: JudgeStatus.ACCEPTED });
    await judged([{ id }], 90_000);
    const s = (await statuses([id])).get(id)!;
    expect(s.status).toBe(JudgeStatus.ACCEPTED);
    await j.settled(id, 30_000);
    expect((await j.countersOf(pid)).total).toBe(submitted.length);
    expect((await fetch(`${stack.url}readyz`)).status).toBe(200);
  }, 150_000);
});
