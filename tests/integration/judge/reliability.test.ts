import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import { JUDGE_GROUP, JUDGES_KEY, JudgeStreams, type TaskProblem } from "~/lib/judge-protocol";
import type { RunningJudge } from "../../../judge-service/src/consumer";
import type { JudgeContext } from "../../../judge-service/src/context";
import {
  allResults,
  C_AB,
  enqueue,
  exited,
  finalOf,
  finals,
  judging,
  killJudgeProcesses,
  newRedis,
  prefix,
  problem,
  registered,
  SLOW_AB,
  slowProblem,
  startDataServer,
  startJudgeProcess as startJudgeProcessIn,
  startTestJudge,
  storeCases,
  submission,
  testContext,
  testdata,
  waitFor,
  type DataServer,
} from "./support";

// Nothing is lost: a judge killed mid-task has its task claimed by another, a judge that was too slow
// publishes nothing, repeated failures end as System Error with a reason, and Redis or the web server
// going away only delays results.

const CLAIM_IDLE_MS = 1500;

let server: DataServer;
let redis: Redis;
let ctx: JudgeContext;
let slow: TaskProblem;
let slower: TaskProblem;
const children: ChildProcess[] = [];

beforeAll(async () => {
  server = await startDataServer();
  redis = newRedis();
  ctx = await testContext(server.url);
  slow = await slowProblem();
  // Long enough to outlast the claim time while it runs.
  const many = await storeCases(Array.from({ length: 12 }, (_, i) => ({ input: `${i} 1\n`, output: `${i + 1}\n` })));
  slower = problem(many.hash, many.cases, { timeLimit: 3000 });
});

afterAll(async () => {
  killJudgeProcesses();
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await server?.close();
  redis?.disconnect();
});

function startJudgeProcess(name: string, env: Record<string, string> = {}) {
  return startJudgeProcessIn(server.url, name, { JUDGE_CLAIM_IDLE_MS: String(CLAIM_IDLE_MS), ...env });
}

async function pendingCount(r: Redis, lane = JudgeStreams.normalTasks): Promise<number> {
  const summary = (await r.xpending(prefix() + lane, JUDGE_GROUP)) as [number, ...unknown[]];
  return Number(summary[0]);
}

async function inProcessJudge(over: Parameters<typeof startTestJudge>[1] = {}): Promise<RunningJudge> {
  return startTestJudge(server.url, { context: ctx, concurrency: 1, claimIdleMs: CLAIM_IDLE_MS, ...over });
}

describe("a judge process", () => {
  it("registers with its languages and heartbeat, and leaves the registry on SIGTERM after finishing its task", async () => {
    const name = `proc-${randomBytes(3).toString("hex")}`;
    const { child, output } = startJudgeProcess(name, { JUDGE_HEARTBEAT_MS: "300", JUDGE_STOP_GRACE_MS: "60000" });
    const info = await waitFor("the judge to register", () => registered(redis, name), 60_000);
    expect(info.languages).toContain("C++ 17 With O2");
    expect(info.concurrency).toBe(1);
    const first = info.heartbeatAt;
    await waitFor("a later heartbeat", async () => ((await registered(redis, name))!.heartbeatAt > first ? true : null), 5000);

    const task = submission("C", SLOW_AB, slow);
    await enqueue(redis, task);
    await waitFor("judging to start", async () => ((await judging(redis, task.submissionId)) ? true : null), 60_000, 50);
    child.kill("SIGTERM");
    expect(await exited(child), output()).toBe(0);
    // It finished the running task before leaving.
    expect((await finals(redis, task.submissionId)).map((f) => f.status)).toEqual([JudgeStatus.ACCEPTED]);
    expect(await registered(redis, name)).toBeNull();
    expect(await pendingCount(redis)).toBe(0);
  });

  it("killed mid-task: another judge claims the task after the idle time, and exactly one final result is acknowledged", async () => {
    const { child, output } = startJudgeProcess(`crashy-${randomBytes(3).toString("hex")}`);
    const task = submission("C", SLOW_AB, slow);
    await enqueue(redis, task);
    await waitFor("judging to start", async () => ((await judging(redis, task.submissionId)) ? true : null), 60_000, 50);
    child.kill("SIGKILL");
    await exited(child);
    expect(await finals(redis, task.submissionId), output()).toEqual([]);

    const rescuer = await inProcessJudge();
    try {
      const final = await finalOf(redis, task.submissionId, 60_000);
      expect(final.status).toBe(JudgeStatus.ACCEPTED);
      expect(final.judger).toBe(rescuer.name);
      expect(final.cases).toHaveLength(4);
      await new Promise((r) => setTimeout(r, 500));
      expect(await finals(redis, task.submissionId)).toHaveLength(1);
      expect(await pendingCount(redis)).toBe(0);
    } finally {
      await rescuer.stop({ graceMs: 1000 });
    }
  });

  it("frozen past the idle time loses its task: only the judge that took over publishes", async () => {
    const frozenName = `frozen-${randomBytes(3).toString("hex")}`;
    const { child } = startJudgeProcess(frozenName);
    const task = submission("C", SLOW_AB, slower);
    await enqueue(redis, task);
    await waitFor("judging to start", async () => ((await judging(redis, task.submissionId)) ? true : null), 60_000, 50);
    const other = await inProcessJudge();
    try {
      // Alive, it keeps its task: the other judge cannot take it.
      await new Promise((r) => setTimeout(r, CLAIM_IDLE_MS + 500));
      expect((await allResults(redis)).filter((m) => m.submissionId === task.submissionId).every((m) => m.judger === frozenName)).toBe(true);
      child.kill("SIGSTOP");
      const final = await finalOf(redis, task.submissionId, 60_000);
      expect(final.judger).toBe(other.name);
      expect(final.status).toBe(JudgeStatus.ACCEPTED);
      child.kill("SIGCONT");
      // The woken judge finds the task is no longer its own and publishes nothing.
      await new Promise((r) => setTimeout(r, 2500));
      expect(await finals(redis, task.submissionId)).toHaveLength(1);
      expect(await pendingCount(redis)).toBe(0);
    } finally {
      child.kill("SIGCONT");
      child.kill("SIGTERM");
      await exited(child);
      await other.stop({ graceMs: 1000 });
    }
  });

  it("stopping with a short grace hands its task back at once, without counting it as a failure", async () => {
    const { child } = startJudgeProcess(`quick-stop-${randomBytes(3).toString("hex")}`, { JUDGE_STOP_GRACE_MS: "100", JUDGE_CLAIM_IDLE_MS: "20000" });
    const task = submission("C", SLOW_AB, slow);
    await enqueue(redis, task);
    await waitFor("judging to start", async () => ((await judging(redis, task.submissionId)) ? true : null), 60_000, 50);
    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
    // Handed back without counting the interrupted delivery.
    const pending = (await redis.xpending(prefix() + JudgeStreams.normalTasks, JUDGE_GROUP, "-", "+", 10)) as Array<[string, string, number, number]>;
    expect(pending.map((p) => p[3])).toEqual([0]);
    // Claimable right away although the claim time is long.
    const next = await inProcessJudge({ claimIdleMs: 20_000 });
    try {
      const started = Date.now();
      const final = await finalOf(redis, task.submissionId, 60_000);
      expect(final.status).toBe(JudgeStatus.ACCEPTED);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(final.judger).toBe(next.name);
    } finally {
      await next.stop({ graceMs: 1000 });
    }
  });
});

describe("failures", () => {
  it("a task that keeps failing ends as System Error with the reason, after the allowed deliveries", async () => {
    const { hash, cases } = await storeCases([{ input: "40 2\n", output: "42\n" }]);
    // Corrupt the stored file behind the manifest's back: every download fails its checksum.
    writeFileSync(path.join(process.env.DATA_DIR!, "testdata", hash, "1.out"), "41\n");
    const judge = await inProcessJudge({ claimIdleMs: 300 });
    try {
      const task = submission("C", C_AB, problem(hash, cases));
      await enqueue(redis, task);
      const final = await finalOf(redis, task.submissionId, 60_000);
      expect(final.status).toBe(JudgeStatus.SYSTEM_ERROR);
      expect(final.errorMessage).toMatch(/failed 3 times/);
      expect(final.errorMessage).toMatch(/checksum/);
      await new Promise((r) => setTimeout(r, 300));
      expect(await finals(redis, task.submissionId)).toHaveLength(1);
    } finally {
      await judge.stop({ graceMs: 1000 });
    }
  });

  it("drops an unreadable task and goes on", async () => {
    const judge = await inProcessJudge();
    try {
      await redis.xadd(prefix() + JudgeStreams.normalTasks, "*", "msg", "{not json");
      const task = submission("C", C_AB, slow);
      await enqueue(redis, task);
      expect((await finalOf(redis, task.submissionId)).status).toBe(JudgeStatus.ACCEPTED);
      expect(await pendingCount(redis)).toBe(0);
    } finally {
      await judge.stop({ graceMs: 1000 });
    }
  });

  it("waits for the web server when it is down, then judges", async () => {
    const td = await testdata();
    const hash = await td.storeTestData([
      { name: "a.in", data: Buffer.from("2 2\n") },
      { name: "a.out", data: Buffer.from("4\n") },
    ]);
    await server.close();
    const judge = await inProcessJudge();
    try {
      const task = submission("C", C_AB, problem(hash, [{ index: 1, input: "a.in", output: "a.out", score: 0, groupNum: 0 }]));
      await enqueue(redis, task);
      await new Promise((r) => setTimeout(r, 2000));
      expect(await finals(redis, task.submissionId)).toEqual([]);
      await server.reopen();
      expect((await finalOf(redis, task.submissionId, 60_000)).status).toBe(JudgeStatus.ACCEPTED);
    } finally {
      await judge.stop({ graceMs: 1000 });
    }
  });
});

describe("judges with different languages", () => {
  // A runs only C, B only C++; neither runs Rust.
  let a: ReturnType<typeof startJudgeProcess>;
  let b: ReturnType<typeof startJudgeProcess>;
  const names = { a: `only-c-${randomBytes(3).toString("hex")}`, b: `only-cpp-${randomBytes(3).toString("hex")}` };

  beforeAll(async () => {
    // A judge killed earlier in this file stays in the registry, looking alive for a while.
    await redis.del(prefix() + JUDGES_KEY);
    const quick = { JUDGE_HEARTBEAT_MS: "300", JUDGE_STOP_GRACE_MS: "1000" };
    a = startJudgeProcess(names.a, { ...quick, JUDGE_LANGUAGES: "C" });
    b = startJudgeProcess(names.b, { ...quick, JUDGE_LANGUAGES: "C++" });
    expect((await waitFor("A to register", () => registered(redis, names.a), 60_000)).languages).toEqual(["C"]);
    expect((await waitFor("B to register", () => registered(redis, names.b), 60_000)).languages).toEqual(["C++"]);
  });

  afterAll(async () => {
    for (const j of [a, b]) {
      j?.child.kill("SIGTERM");
      if (j) await exited(j.child);
    }
  });

  /** Log lines of a judge process about one task. */
  const linesAbout = (output: string, id: string, msg: RegExp) => output.split("\n").filter((l) => l.includes(`"id":"${id}"`) && msg.test(l));

  it("a task in a language this judge lacks is left to the judge that advertises it, without counting a delivery", async () => {
    // B's only slot is busy for a few seconds, so A reads the C++ task first.
    const busy = submission("C++", SLOW_AB, slower);
    await enqueue(redis, busy);
    await waitFor("B to start judging", async () => ((await judging(redis, busy.submissionId)) ? true : null), 60_000, 50);
    const task = submission("C++", C_AB, slow);
    const id = await enqueue(redis, task);
    await waitFor("A to hand the task back", async () => (linesAbout(a.output(), id, /does not run/).length > 0 ? true : null), 30_000, 50);

    const final = await finalOf(redis, task.submissionId, 90_000);
    expect(final.status, a.output()).toBe(JudgeStatus.ACCEPTED);
    expect(final.judger).toBe(names.b);
    // A handed it back once and left it alone while B was busy; B claimed it as its first delivery.
    expect(linesAbout(a.output(), id, /does not run/)).toHaveLength(1);
    expect(linesAbout(a.output(), id, /claimed a task/)).toHaveLength(0);
    const claims = linesAbout(b.output(), id, /claimed a task/);
    expect(claims).toHaveLength(1);
    expect(JSON.parse(claims[0]).deliveries).toBe(1);
    expect((await finalOf(redis, busy.submissionId, 60_000)).status).toBe(JudgeStatus.ACCEPTED);
    expect(await pendingCount(redis)).toBe(0);
  });

  it("a task in a language no live judge advertises ends as System Error, saying so, after the claim time", async () => {
    const task = submission("Rust", "fn main() {}\n", slow);
    const started = Date.now();
    await enqueue(redis, task);
    const final = await finalOf(redis, task.submissionId, 60_000);
    expect(final.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(final.errorMessage).toMatch(/No judge online can run Rust/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(CLAIM_IDLE_MS);
    expect(await pendingCount(redis)).toBe(0);
  });

  it("a task waiting for its language is judged by a judge that comes online within the claim time", async () => {
    const task = submission("Python3", "a, b = map(int, input().split())\nprint(a + b)\n", slow);
    const id = await enqueue(redis, task);
    await waitFor("the task to be handed back", async () => (linesAbout(a.output() + b.output(), id, /waits for one/).length > 0 ? true : null), 30_000, 50);
    const python = await inProcessJudge({ languages: ["Python3"], heartbeatMs: 300 });
    try {
      const final = await finalOf(redis, task.submissionId, 60_000);
      expect(final.status).toBe(JudgeStatus.ACCEPTED);
      expect(final.judger).toBe(python.name);
    } finally {
      await python.stop({ graceMs: 1000 });
    }
  });
});

describe("lanes", () => {
  it("takes contest tasks before normal ones", async () => {
    const judge = await inProcessJudge();
    try {
      const blocker = submission("C", SLOW_AB, slow);
      await enqueue(redis, blocker);
      await waitFor("the first task to start", async () => ((await judging(redis, blocker.submissionId)) ? true : null), 60_000, 50);
      const normal1 = submission("C", C_AB, slow);
      const normal2 = submission("C", C_AB, slow);
      const contest = submission("C", C_AB, slow, { contest: true });
      await enqueue(redis, normal1);
      await enqueue(redis, normal2);
      await enqueue(redis, contest);
      await finalOf(redis, normal2.submissionId, 60_000);
      const order = (await allResults(redis))
        .filter((m) => m.type === "final" && [normal1, normal2, contest].some((t) => t.submissionId === m.submissionId))
        .map((m) => m.submissionId);
      expect(order).toEqual([contest.submissionId, normal1.submissionId, normal2.submissionId]);
    } finally {
      await judge.stop({ graceMs: 1000 });
    }
  });
});

describe("Redis restarting", () => {
  function freePort(): Promise<number> {
    return new Promise((resolve) => {
      const s = net.createServer();
      s.listen(0, "127.0.0.1", () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
  }

  async function startRedis(port: number, dir: string): Promise<ChildProcess> {
    const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--appendfsync", "always", "--save", ""], {
      stdio: "ignore",
    });
    children.push(child);
    const probe = new Redis(port, "127.0.0.1", { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on("error", () => undefined);
    await waitFor("redis to answer", async () => ((await probe.connect().then(() => probe.ping()).catch(() => null)) === "PONG" ? true : null), 20_000, 100);
    probe.disconnect();
    return child;
  }

  it("loses nothing: the judge reconnects and the result arrives", async () => {
    const port = await freePort();
    const dir = mkdtempSync(path.join(os.tmpdir(), "oj-redis-"));
    let rs = await startRedis(port, dir);
    const url = `redis://127.0.0.1:${port}`;
    const r = new Redis(url, { maxRetriesPerRequest: null });
    r.on("error", () => undefined);
    const judge = await inProcessJudge({ redisUrl: url });
    try {
      const task = submission("C", SLOW_AB, slow);
      await enqueue(r, task);
      await waitFor("judging to start", async () => ((await judging(r, task.submissionId)) ? true : null), 60_000, 50);
      rs.kill("SIGTERM");
      await exited(rs);
      await new Promise((res) => setTimeout(res, 1500));
      rs = await startRedis(port, dir);
      const final = await waitFor("the final result", async () => (await finals(r, task.submissionId))[0], 60_000, 200);
      expect(final.status).toBe(JudgeStatus.ACCEPTED);
      expect(final.cases).toHaveLength(4);
      const summary = (await r.xpending(prefix() + JudgeStreams.normalTasks, JUDGE_GROUP)) as [number];
      expect(Number(summary[0])).toBe(0);
    } finally {
      await judge.stop({ graceMs: 1000 });
      r.disconnect();
      rs.kill("SIGTERM");
      await exited(rs);
    }
  });
});
