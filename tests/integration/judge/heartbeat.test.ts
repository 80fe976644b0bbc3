import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import { JUDGE_ALIVE_KEY, type TaskProblem } from "~/lib/judge-protocol";
import type { JudgeContext } from "../../../judge-service/src/context";
import {
  enqueue,
  exited,
  finalOf,
  finals,
  judging,
  killJudgeProcesses,
  newRedis,
  pendingTasks,
  prefix,
  registered,
  SLOW_AB,
  slowProblem,
  startDataServer,
  startJudgeProcess,
  startTestJudge,
  submission,
  testContext,
  waitFor,
  type DataServer,
} from "./support";

// A judge that stops heartbeating (killed, or frozen) has its tasks claimed within seconds, not after
// the claim time (a minute by default, kept here); one restarted under the same name takes its
// tasks back at once.

const CLAIM_IDLE_MS = 60_000;
const HEARTBEAT_MS = 500;

let server: DataServer;
let redis: Redis;
let ctx: JudgeContext;
let slow: TaskProblem;

beforeAll(async () => {
  server = await startDataServer();
  redis = newRedis();
  ctx = await testContext(server.url);
  slow = await slowProblem();
});

afterAll(async () => {
  killJudgeProcesses();
  await server?.close();
  redis?.disconnect();
});

const quick = { JUDGE_CLAIM_IDLE_MS: String(CLAIM_IDLE_MS), JUDGE_HEARTBEAT_MS: String(HEARTBEAT_MS) };

describe("heartbeats", () => {
  it("a killed judge's task is claimed by another as soon as its alive key runs out", async () => {
    const name = `killed-${randomBytes(3).toString("hex")}`;
    const doomed = startJudgeProcess(server.url, name, quick);
    await waitFor("the judge to register", () => registered(redis, name), 60_000);
    expect(await redis.pttl(`${prefix()}${JUDGE_ALIVE_KEY}:${name}`)).toBeGreaterThan(0);
    const rescuer = await startTestJudge(server.url, { context: ctx, concurrency: 1, claimIdleMs: CLAIM_IDLE_MS, heartbeatMs: HEARTBEAT_MS });
    try {
      const task = submission("C", SLOW_AB, slow);
      await enqueue(redis, task);
      // The process reads first: the in-process judge only sweeps for claims while it waits.
      await waitFor("the doomed judge to judge", async () => ((await pendingTasks(redis)).some((p) => p.consumer === name) && (await judging(redis, task.submissionId)) ? true : null), 60_000, 50);
      doomed.child.kill("SIGKILL");
      await exited(doomed.child);
      const killedAt = Date.now();
      const final = await finalOf(redis, task.submissionId, 60_000);
      expect(final.status).toBe(JudgeStatus.ACCEPTED);
      expect(final.judger).toBe(rescuer.name);
      // Well before the claim time: the alive key lives three heartbeats.
      expect(Date.now() - killedAt).toBeLessThan(CLAIM_IDLE_MS / 3);
      expect(await rescuer.metrics.claimed.get().then((m) => m.values.find((v) => v.labels.source === "dead_judge")?.value)).toBe(1);
      await new Promise((r) => setTimeout(r, 300));
      expect(await finals(redis, task.submissionId)).toHaveLength(1);
      expect(await pendingTasks(redis)).toEqual([]);
    } finally {
      await rescuer.stop({ graceMs: 1000 });
    }
  });

  it("a judge restarted under the same name takes back at once the task its previous run held", async () => {
    const name = `same-name-${randomBytes(3).toString("hex")}`;
    const first = startJudgeProcess(server.url, name, quick);
    const task = submission("C", SLOW_AB, slow);
    await enqueue(redis, task);
    await waitFor("judging to start", async () => ((await judging(redis, task.submissionId)) ? true : null), 60_000, 50);
    first.child.kill("SIGKILL");
    await exited(first.child);
    expect((await pendingTasks(redis)).map((p) => [p.consumer, p.deliveries])).toEqual([[name, 1]]);

    const second = startJudgeProcess(server.url, name, quick);
    try {
      const final = await finalOf(redis, task.submissionId, 60_000);
      expect(final.status).toBe(JudgeStatus.ACCEPTED);
      expect(final.judger).toBe(name);
      expect(second.output()).toContain("took back the tasks a previous run under this name left");
      await new Promise((r) => setTimeout(r, 300));
      expect(await finals(redis, task.submissionId)).toHaveLength(1);
      expect(await pendingTasks(redis)).toEqual([]);
    } finally {
      second.child.kill("SIGTERM");
      await exited(second.child);
    }
  });
});
