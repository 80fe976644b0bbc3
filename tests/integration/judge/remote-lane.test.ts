import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import { encodeMessage, JUDGE_GROUP, JudgeStreams, REMOTE_ACCOUNTS_KEY, REMOTE_RUN_KEY, STREAM_FIELD, type RemoteSubmissionTask } from "~/lib/judge-protocol";
import type { JudgeContext } from "../../../judge-service/src/context";
import { ACCOUNT, startRemoteSites, type RemoteSites } from "../../fixtures/remote-oj/sites";
import { allResults, finalOf, killJudgeProcesses, newRedis, prefix, startDataServer, startJudgeProcess, startTestJudge, testContext, waitFor, type DataServer } from "./support";

// The remote lane goes through the judges' own consumer: a remote task is claimed, judged remotely
// and acknowledged with its result like a local one, and a worker killed while it polls loses
// nothing: another claims the task and polls the run already made (no second submission).

let server: DataServer;
let sites: RemoteSites;
let redis: Redis;
let ctx: JudgeContext;
let nextId = 900_000;

const remoteEnv = () => ({ baseUrls: sites.urls, pollMinMs: 50, pollMaxMs: 200, timeoutMs: 60_000, requestTimeoutMs: 5000, accountWaitMs: 5000, concurrency: 2 });

function task(code: string): RemoteSubmissionTask {
  return { kind: "remote", submissionId: nextId++, attempt: 1, contest: false, oj: "HDU", remoteId: "1000", language: "G++", code, enqueuedAt: Date.now() };
}

async function enqueueRemote(t: RemoteSubmissionTask): Promise<void> {
  await redis.xadd(prefix() + JudgeStreams.remoteTasks, "*", STREAM_FIELD, encodeMessage(t));
}

beforeAll(async () => {
  server = await startDataServer();
  sites = await startRemoteSites();
  redis = newRedis();
  ctx = await testContext(server.url);
  await redis.set(`${prefix()}${REMOTE_ACCOUNTS_KEY}:HDU`, JSON.stringify([ACCOUNT]));
});

afterAll(async () => {
  killJudgeProcesses();
  await sites?.close();
  await server?.close();
  redis?.disconnect();
});

describe("the remote lane", () => {
  it("a remote task is judged on the remote site and acknowledged with its final result", async () => {
    const judge = await startTestJudge(server.url, { context: ctx, remote: remoteEnv() });
    try {
      const t = task("int main() { puts(\"WRONG\"); }");
      await enqueueRemote(t);
      const final = await finalOf(redis, t.submissionId, 30_000);
      expect(final.status).toBe(JudgeStatus.WRONG_ANSWER);
      expect(final.judger).toBe(judge.name);
      const pending = (await redis.xpending(prefix() + JudgeStreams.remoteTasks, JUDGE_GROUP)) as [number, ...unknown[]];
      expect(pending[0]).toBe(0);
    } finally {
      await judge.stop({ graceMs: 1000 });
    }
  });

  it("a worker killed mid-poll loses nothing: another claims the task and polls the same run", async () => {
    sites.judgeMs = 8000;
    const name = `remote-crashy-${randomBytes(3).toString("hex")}`;
    const { child } = startJudgeProcess(server.url, name, {
      JUDGE_HEARTBEAT_MS: "300",
      JUDGE_CLAIM_IDLE_MS: "1500",
      JUDGE_REMOTE_CONCURRENCY: "1",
      REMOTE_JUDGE_URL_HDU: sites.urls.HDU,
      REMOTE_JUDGE_POLL_MS: "100",
      REMOTE_JUDGE_POLL_MAX_MS: "200",
    });
    const t = task("int main() { return 0; }");
    const runsBefore = sites.runs.HDU.length;
    await enqueueRemote(t);
    // Submitted and polling there.
    await waitFor("the remote run", async () => (sites.runs.HDU.length > runsBefore ? true : null), 60_000);
    // The run is recorded, and polled after that.
    await waitFor("the recorded run", async () => redis.get(`${prefix()}${REMOTE_RUN_KEY}:${t.submissionId}:1`), 10_000);
    const reads = sites.requests.HDU.length;
    await waitFor("a poll", async () => (sites.requests.HDU.slice(reads).some((r) => r.path === "/status.php") ? true : null), 10_000);
    child.kill("SIGKILL");
    const rescuer = await startTestJudge(server.url, { context: ctx, remote: remoteEnv(), claimIdleMs: 1500, heartbeatMs: 300 });
    try {
      const final = await finalOf(redis, t.submissionId, 60_000);
      expect(final.status).toBe(JudgeStatus.ACCEPTED);
      expect(final.judger).toBe(rescuer.name);
      // Submitted once, judged once.
      expect(sites.runs.HDU.length).toBe(runsBefore + 1);
      const finals = (await allResults(redis)).filter((m) => m.type === "final" && m.submissionId === t.submissionId);
      expect(finals).toHaveLength(1);
    } finally {
      sites.judgeMs = 300;
      await rescuer.stop({ graceMs: 1000 });
    }
  });
});
