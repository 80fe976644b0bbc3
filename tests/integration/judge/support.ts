import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createReadStream, mkdtempSync } from "node:fs";
import { stat } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { PROBLEM_DEFAULTS } from "~/lib/constants";
import {
  decodeMessage,
  encodeMessage,
  JUDGE_GROUP,
  JUDGES_KEY,
  JudgeStreams,
  STREAM_FIELD,
  type FinalMessage,
  type JudgeInfo,
  type JudgeTask,
  type ResultMessage,
  type SubmissionTask,
  type TaskCase,
  type TaskProblem,
} from "~/lib/judge-protocol";
import type * as TestDataServer from "~/services/problem/testdata.server";
import { startJudge, type RunningJudge, type StartJudgeOptions } from "../../../judge-service/src/consumer";
import type { JudgeContext } from "../../../judge-service/src/context";
import type { JudgeSettings } from "../../../judge-service/src/settings";
import type { SandboxClient, SandboxCmd } from "../../../judge-service/src/sandbox";
import { createJudgeContext, judgeOptions, type JudgeOverrides } from "../../../judge-service/src/setup";

// What the judge tests share: a test data server answering the two internal endpoints with the web
// side's own functions, task builders, and a reader of the results stream.

export const JUDGE_TOKEN = `judge-test-${randomBytes(8).toString("hex")}`;
process.env.JUDGE_TOKEN = JUDGE_TOKEN;

type TestDataModule = typeof TestDataServer;
let testdataModule: Promise<TestDataModule> | null = null;
/** The web side's test data functions (imported after JUDGE_TOKEN is set, as the web reads it once). */
export function testdata(): Promise<TestDataModule> {
  testdataModule ??= import("~/services/problem/testdata.server");
  return testdataModule;
}

export interface DataServer {
  url: string;
  port: number;
  /** Requests served, by path. */
  hits: string[];
  close(): Promise<void>;
  /** Listens again on the same port after close(). */
  reopen(): Promise<void>;
}

export async function startDataServer(port = 0): Promise<DataServer> {
  const td = await testdata();
  const hits: string[] = [];
  const handler: http.RequestListener = (req, res) => {
    void (async () => {
      hits.push(req.url ?? "");
      const request = new Request(`http://localhost${req.url}`, { headers: req.headers as Record<string, string> });
      if (!td.hasJudgeToken(request)) {
        res.writeHead(403).end("forbidden");
        return;
      }
      const m = /^\/internal\/judge\/testdata\/([^/]+)\/(manifest|file\/([^/]+))$/.exec(req.url ?? "");
      if (!m) {
        res.writeHead(404).end("not found");
        return;
      }
      if (m[2] === "manifest") {
        const manifest = await td.readManifest(m[1]);
        if (!manifest) res.writeHead(404).end("not found");
        else res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(manifest));
        return;
      }
      const p = await td.testDataFilePath(m[1], decodeURIComponent(m[3]));
      if (!p) {
        res.writeHead(404).end("not found");
        return;
      }
      res.writeHead(200, { "Content-Type": "application/octet-stream", "Content-Length": String((await stat(p)).size) });
      createReadStream(p).pipe(res);
    })().catch((err: Error) => res.writeHead(500).end(err.message));
  };
  let server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  const bound = (server.address() as AddressInfo).port;
  const ds: DataServer = {
    url: `http://127.0.0.1:${bound}/`,
    port: bound,
    hits,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
    reopen: async () => {
      server = http.createServer(handler);
      await new Promise<void>((r) => server.listen(bound, "127.0.0.1", r));
    },
  };
  return ds;
}

/** Stores cases as test data (1.in/1.out, ...) and returns the hash and the case list. */
export async function storeCases(
  cases: Array<{ input: string; output: string; score?: number; group?: number }>,
  extra: Array<{ name: string; data: string | Buffer }> = [],
): Promise<{ hash: string; cases: TaskCase[] }> {
  const td = await testdata();
  const files = cases.flatMap((c, i) => [
    { name: `${i + 1}.in`, data: Buffer.from(c.input) },
    { name: `${i + 1}.out`, data: Buffer.from(c.output) },
  ]);
  for (const e of extra) files.push({ name: e.name, data: Buffer.from(e.data) });
  const hash = await td.storeTestData(files);
  return {
    hash,
    cases: cases.map((c, i) => ({ index: i + 1, input: `${i + 1}.in`, output: `${i + 1}.out`, score: c.score ?? 0, groupNum: c.group ?? 0 })),
  };
}

export function problem(hash: string, cases: TaskCase[], over: Partial<TaskProblem> = {}): TaskProblem {
  return {
    pid: 1,
    problemId: "P1000",
    type: 0,
    judgeMode: "default",
    judgeCaseMode: "default",
    timeLimit: PROBLEM_DEFAULTS.timeLimit,
    memoryLimit: PROBLEM_DEFAULTS.memoryLimit,
    stackLimit: PROBLEM_DEFAULTS.stackLimit,
    isRemoveEndBlank: true,
    isFileIO: false,
    ioReadFileName: "",
    ioWriteFileName: "",
    spjLanguage: null,
    spjCode: null,
    userExtraFiles: [],
    judgeExtraFiles: [],
    testDataHash: hash,
    cases,
    ...over,
  };
}

let nextSubmission = Math.floor(Math.random() * 1e6);
export function submission(language: string, code: string, p: TaskProblem, over: Partial<SubmissionTask> = {}): SubmissionTask {
  return { kind: "submission", submissionId: nextSubmission++, attempt: 1, contest: false, language, code, problem: p, enqueuedAt: Date.now(), ...over };
}

export function prefix(): string {
  return process.env.REDIS_PREFIX ?? "oj:";
}

export function newRedis(): Redis {
  return new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
}

export async function enqueue(redis: Redis, task: JudgeTask, lane?: "contest" | "normal" | "test"): Promise<string> {
  const l = lane ?? (task.kind === "submission" ? (task.contest ? "contest" : "normal") : "test");
  const stream = prefix() + (l === "contest" ? JudgeStreams.contestTasks : l === "normal" ? JudgeStreams.normalTasks : JudgeStreams.testTasks);
  return (await redis.xadd(stream, "*", STREAM_FIELD, encodeMessage(task)))!;
}

/** Every message on the results stream so far. */
export async function allResults(redis: Redis): Promise<ResultMessage[]> {
  const raw = (await redis.xrange(prefix() + JudgeStreams.results, "-", "+")) as Array<[string, string[]]>;
  return raw.map(([, fields]) => decodeMessage<ResultMessage>(fields)).filter((m): m is ResultMessage => m !== null);
}

export async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined>, timeoutMs = 60_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== null && v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export async function finalOf(redis: Redis, submissionId: number, timeoutMs = 60_000): Promise<FinalMessage> {
  return waitFor(
    `the final result of ${submissionId}`,
    async () => (await allResults(redis)).find((m): m is FinalMessage => m.type === "final" && m.submissionId === submissionId),
    timeoutMs,
  );
}

export function judgeEnv(): Partial<StartJudgeOptions> {
  return {
    redisUrl: process.env.REDIS_URL,
    redisPrefix: prefix(),
    goJudgeUrl: process.env.GO_JUDGE_URL,
    judgeToken: JUDGE_TOKEN,
    cacheDir: path.join(process.env.DATA_DIR ?? os.tmpdir(), `judge-cache-${randomBytes(3).toString("hex")}`),
    // JUDGE_TEST_LOG=info shows what the judges do.
    logLevel: process.env.JUDGE_TEST_LOG ?? "silent",
  };
}

/** A probed sandbox context, to share between the judges of a test file (probing takes a moment). */
export function testContext(webUrl: string, settings: Partial<JudgeSettings> = {}, over: JudgeOverrides = {}): Promise<JudgeContext> {
  return createJudgeContext(judgeOptions({ ...judgeEnv(), webInternalUrl: webUrl, settings, ...over }));
}

/** An in-process judge against this file's Redis prefix and the test sandbox. */
export async function startTestJudge(webUrl: string, over: Partial<StartJudgeOptions> = {}): Promise<RunningJudge> {
  return startJudge({
    ...judgeEnv(),
    webInternalUrl: webUrl,
    name: `test-judge-${randomBytes(3).toString("hex")}`,
    concurrency: 2,
    testConcurrency: 1,
    ...over,
  });
}

/** Judges one submission through Redis with a running judge and returns its final result. */
export async function judgeOnce(redis: Redis, task: SubmissionTask, timeoutMs = 90_000): Promise<FinalMessage> {
  await enqueue(redis, task);
  return finalOf(redis, task.submissionId, timeoutMs);
}

export const C_AB = `#include <stdio.h>
int main() { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1; printf("%lld\\n", a + b); return 0; }
`;

export const CPP_AB = `#include <iostream>
int main() { long long a, b; std::cin >> a >> b; std::cout << a + b << std::endl; return 0; }
`;

export interface SandboxTracker {
  /** Every file id the client put into go-judge's store: run outputs kept there and uploads. */
  ids: Set<string>;
  /** Every /run request, in order. */
  runs: SandboxCmd[][];
  /** Those of `ids` go-judge still has, asked of go-judge itself. */
  stillStored(): Promise<string[]>;
}

/** Watches what a sandbox client asks of go-judge (wrap it before a judge starts using it). */
export function trackSandbox(sandbox: SandboxClient): SandboxTracker {
  const ids = new Set<string>();
  const runs: SandboxCmd[][] = [];
  const run = sandbox.run.bind(sandbox);
  sandbox.run = async (cmd, pipeMapping, signal) => {
    runs.push(cmd);
    const results = await run(cmd, pipeMapping, signal);
    for (const r of results) for (const id of Object.values(r.fileIds ?? {})) ids.add(id);
    return results;
  };
  const uploadPath = sandbox.uploadPath.bind(sandbox);
  sandbox.uploadPath = async (...args) => {
    const id = await uploadPath(...args);
    ids.add(id);
    return id;
  };
  const uploadBytes = sandbox.uploadBytes.bind(sandbox);
  sandbox.uploadBytes = async (...args) => {
    const id = await uploadBytes(...args);
    ids.add(id);
    return id;
  };
  return {
    ids,
    runs,
    stillStored: async () => {
      const stored = await sandbox.listFiles();
      return [...ids].filter((id) => id in stored);
    },
  };
}

// Each case spends about 0.3 s of CPU before answering: a task takes a few seconds.
export const SLOW_AB = `#include <stdio.h>
#include <time.h>
int main(void){ long long a, b; scanf("%lld %lld", &a, &b); while (clock() < CLOCKS_PER_SEC * 3 / 10); printf("%lld\\n", a + b); return 0; }
`;

/** A+B with four cases and SLOW_AB's time in mind: judging it takes a few seconds. */
export async function slowProblem(): Promise<TaskProblem> {
  const { hash, cases } = await storeCases([
    { input: "1 2\n", output: "3\n" },
    { input: "3 4\n", output: "7\n" },
    { input: "5 6\n", output: "11\n" },
    { input: "7 8\n", output: "15\n" },
  ]);
  return problem(hash, cases, { timeLimit: 3000 });
}

export interface JudgeProcess {
  child: ChildProcess;
  output(): string;
}

const judgeProcesses: ChildProcess[] = [];

/** judge-service/src/main.ts as a real process, as the site starts it, on this file's Redis prefix. */
export function startJudgeProcess(webUrl: string, name: string, env: Record<string, string> = {}): JudgeProcess {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "judge-service/src/main.ts"], {
    env: {
      ...process.env,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX: prefix(),
      GO_JUDGE_URL: process.env.GO_JUDGE_URL,
      WEB_INTERNAL_URL: webUrl,
      JUDGE_TOKEN,
      JUDGE_NAME: name,
      JUDGE_CONCURRENCY: "1",
      JUDGE_CACHE_DIR: mkdtempSync(path.join(os.tmpdir(), "judge-child-")),
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  judgeProcesses.push(child);
  return { child, output: () => output };
}

/** Kills every judge process a test left running. */
export function killJudgeProcesses(): void {
  for (const c of judgeProcesses) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
}

export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

export async function registered(r: Redis, name: string): Promise<JudgeInfo | null> {
  const raw = await r.hget(prefix() + JUDGES_KEY, name);
  return raw ? (JSON.parse(raw) as JudgeInfo) : null;
}

/** Whether a judge has published a case result of the submission (it is being judged). */
export async function judging(r: Redis, submissionId: number): Promise<boolean> {
  return (await allResults(r)).some((m) => m.type === "case" && m.submissionId === submissionId);
}

export async function finals(r: Redis, submissionId: number): Promise<FinalMessage[]> {
  return (await allResults(r)).filter((m): m is FinalMessage => m.type === "final" && m.submissionId === submissionId);
}

/** Tasks of a lane delivered to a judge and not acknowledged, with their holder and delivery count. */
export async function pendingTasks(r: Redis, lane = JudgeStreams.normalTasks): Promise<Array<{ id: string; consumer: string; deliveries: number }>> {
  const rows = (await r.xpending(prefix() + lane, JUDGE_GROUP, "-", "+", 100)) as Array<[string, string, number, number]>;
  return rows.map(([id, consumer, , deliveries]) => ({ id, consumer, deliveries }));
}
