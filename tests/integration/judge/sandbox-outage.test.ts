import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import { JUDGE_GROUP, JudgeStreams, type TaskProblem } from "~/lib/judge-protocol";
import type { RunningJudge } from "../../../judge-service/src/consumer";
import { startJudgeHttp, type JudgeHttp } from "../../../judge-service/src/http";
import { judgeLogger } from "../../../judge-service/src/setup";
import { startSandbox } from "../../../scripts/lib/services";
import type { Supervised } from "../../../scripts/lib/supervisor";
import {
  allResults,
  enqueue,
  finalOf,
  finals,
  judging,
  newRedis,
  pendingTasks,
  prefix,
  problem,
  SLOW_AB,
  startDataServer,
  startTestJudge,
  storeCases,
  submission,
  testContext,
  waitFor,
  type DataServer,
} from "./support";

// A judge whose sandbox dies pauses instead of failing: it takes nothing, hands back what it held
// without counting a delivery (no System Error however long the sandbox stays away), says so on
// /readyz and /metrics, and goes on by itself once the sandbox answers again.

let server: DataServer;
let redis: Redis;
let sandbox: Supervised;
let sandboxUrl: string;
let judge: RunningJudge;
let http: JudgeHttp;
let slow: TaskProblem;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "oj-sandbox-outage-"));

beforeAll(async () => {
  server = await startDataServer();
  redis = newRedis();
  // A go-judge of this file's own, which the test stops and starts.
  const started = await startSandbox({ dataDir, toolsDir: path.resolve(process.env.TOOLS_DIR ?? ".tools"), sink: () => undefined, env: process.env });
  sandbox = started.sandbox;
  sandboxUrl = started.url;
  const { hash, cases } = await storeCases([
    { input: "1 2\n", output: "3\n" },
    { input: "3 4\n", output: "7\n" },
    { input: "5 6\n", output: "11\n" },
  ]);
  slow = problem(hash, cases, { timeLimit: 3000 });
  const context = await testContext(server.url, {}, { goJudgeUrl: sandboxUrl });
  // The sandbox is asked every 300 ms: two missed answers mark it down.
  judge = await startTestJudge(server.url, { context, goJudgeUrl: sandboxUrl, concurrency: 2, sandboxProbeMs: 300, claimIdleMs: 60_000 });
  http = await startJudgeHttp({ port: 0, host: "127.0.0.1", metricsAllow: "loopback", metricsToken: "", log: judgeLogger("silent") });
  http.attach(judge);
});

afterAll(async () => {
  await judge?.stop({ graceMs: 1000 });
  await http?.close();
  await sandbox?.stop();
  await server?.close();
  redis?.disconnect();
  rmSync(dataDir, { recursive: true, force: true });
});

async function readyz(): Promise<{ status: number; body: { ready: boolean; checks: Record<string, string> } }> {
  const res = await fetch(`${http.url}readyz`);
  return { status: res.status, body: (await res.json()) as { ready: boolean; checks: Record<string, string> } };
}

async function metric(name: string, labels = ""): Promise<number> {
  const text = await (await fetch(`${http.url}metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line ? Number(line.split(" ").pop()) : 0;
}

describe("a judge whose sandbox dies", () => {
  it("pauses and hands its tasks back, takes no new ones, and judges them all once the sandbox is back", async () => {
    expect(await readyz()).toEqual({ status: 200, body: { ready: true, checks: { redis: "ok", sandbox: "ok", languages: "ok" } } });
    expect(await metric("oj_judge_sandbox_up")).toBe(1);

    const first = [submission("C", SLOW_AB, slow), submission("C", SLOW_AB, slow)];
    for (const t of first) await enqueue(redis, t);
    await waitFor("both tasks to be judged", async () => ((await judging(redis, first[0].submissionId)) && (await judging(redis, first[1].submissionId)) ? true : null), 60_000, 50);

    await sandbox.stop();
    await waitFor("the judge to pause", async () => (judge.sandboxUp ? null : true), 15_000, 50);
    const paused = await readyz();
    expect(paused.status).toBe(503);
    expect(paused.body.checks.sandbox).toBe("unreachable");
    expect(await metric("oj_judge_sandbox_up")).toBe(0);
    // Both running tasks were handed back, each without counting its delivery.
    await waitFor("the running tasks to stop", async () => (judge.info().running === 0 ? true : null), 15_000, 50);
    expect(await metric("oj_judge_tasks_handed_back_total", 'reason="sandbox"')).toBe(2);
    expect((await pendingTasks(redis)).map((p) => p.deliveries)).toEqual([0, 0]);

    // New tasks wait in the queue: the paused judge reads nothing, and nothing fails meanwhile.
    const second = [submission("C", SLOW_AB, slow), submission("C", SLOW_AB, slow)];
    for (const t of second) await enqueue(redis, t);
    await new Promise((r) => setTimeout(r, 4000));
    const group = ((await redis.xinfo("GROUPS", prefix() + JudgeStreams.normalTasks)) as unknown[][]).map((g) => Object.fromEntries(Array.from({ length: g.length / 2 }, (_, i) => [g[2 * i], g[2 * i + 1]])));
    expect(group.find((g) => g.name === JUDGE_GROUP)?.lag).toBe(2);
    expect((await allResults(redis)).filter((m) => m.type === "final")).toEqual([]);
    expect(judge.sandboxUp).toBe(false);

    await sandbox.start();
    await waitFor("the judge to go on", async () => (judge.sandboxUp ? true : null), 30_000, 50);
    for (const t of [...first, ...second]) {
      const final = await finalOf(redis, t.submissionId, 90_000);
      expect(final.status, final.errorMessage).toBe(JudgeStatus.ACCEPTED);
      expect(final.judger).toBe(judge.name);
    }
    await new Promise((r) => setTimeout(r, 300));
    for (const t of [...first, ...second]) expect(await finals(redis, t.submissionId)).toHaveLength(1);
    expect(await pendingTasks(redis)).toEqual([]);
    expect((await readyz()).status).toBe(200);
    expect(await metric("oj_judge_system_errors_total")).toBe(0);
    expect(await metric("oj_judge_tasks_finished_total", 'verdict="AC"')).toBe(4);
  });

  it("answers /metrics only to the allowed addresses or with the token", async () => {
    const guarded = await startJudgeHttp({ port: 0, host: "127.0.0.1", metricsAllow: "10.0.0.0/8", metricsToken: "judge-metrics-token", log: judgeLogger("silent") });
    try {
      guarded.attach(judge);
      expect((await fetch(`${guarded.url}metrics`)).status).toBe(403);
      const withToken = await fetch(`${guarded.url}metrics`, { headers: { Authorization: "Bearer judge-metrics-token" } });
      expect(withToken.status).toBe(200);
      expect(await withToken.text()).toContain("oj_judge_slots");
      // Health needs no token.
      expect((await fetch(`${guarded.url}healthz`)).status).toBe(200);
      expect((await fetch(`${guarded.url}readyz`)).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
