// Judging benchmark: `npm run bench:judge [-- --n 200 --cases 10 --max-concurrency 2 --latency 20 --chunks 4
//   --contest-users 300 --contest-window 300]`.
//
// Starts the store, Redis and go-judge (scripts/lib/services.ts) in a throw-away folder, makes an
// A+B problem with `--cases` test cases, and for each judge concurrency 1, 2, ... up to the cores:
//   - whole path: N submissions through createSubmission -> task lane -> a judge-service process
//     (judge-service/src/main.ts, started as the site starts it) -> results stream -> result
//     applier -> database, timed until the last verdict is stored;
//   - direct: the same compile and runs straight against go-judge (judge-service's runDirect), N
//     tasks with the same concurrency;
//   - latency: submissions one at a time, whole path and direct, medians.
// Whole-path and direct runs alternate (N is split into `--chunks` bursts of each), so that other
// work on a shared machine weighs on both alike.
// Prints verdicts per minute, median end-to-end latency, and the ratio of whole-path time to direct
// sandbox time (goal: at most 1.05). The A+B includes bits/stdc++.h, as most C++ solutions do; the
// judges build their precompiled headers first (the time it takes is printed).
// Then the contest day (contest-day.ts): a realistic five minutes of a contest, with precompiled
// headers and parallel cases, with precompiled headers alone, and with neither.
// BENCH_N, BENCH_CONTEST_USERS and BENCH_CONTEST_WINDOW (seconds) shorten a run for a quick check;
// BENCH_CONTEST=0 leaves the contest day out, BENCH_CONTEST_ONLY=1 runs it alone.
// It prints figures; it asserts nothing.

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { consoleSink } from "../../scripts/lib/prefix";
import { startServices } from "../../scripts/lib/services";
import { CONTEST_DAY_HEAD, contestDay, type ContestDayRow } from "./contest-day";

const { values: args } = parseArgs({
  options: {
    n: { type: "string", default: process.env.BENCH_N ?? "200" },
    cases: { type: "string", default: "10" },
    "max-concurrency": { type: "string" },
    "min-concurrency": { type: "string", default: "1" },
    latency: { type: "string", default: "20" },
    chunks: { type: "string", default: "4" },
    keep: { type: "boolean", default: false },
    "contest-users": { type: "string", default: process.env.BENCH_CONTEST_USERS ?? "300" },
    "contest-window": { type: "string", default: process.env.BENCH_CONTEST_WINDOW ?? "300" },
  },
});
const N = Math.max(1, Number(args.n));
const CASES = Math.max(1, Number(args.cases));
const CORES = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
const MAX_CONCURRENCY = Math.max(1, Number(args["max-concurrency"] ?? CORES));
const MIN_CONCURRENCY = Math.min(MAX_CONCURRENCY, Math.max(1, Number(args["min-concurrency"])));
const LATENCY_SAMPLES = Math.max(1, Number(args.latency));
const CHUNKS = Math.max(1, Number(args.chunks));
const CONTEST = process.env.BENCH_CONTEST !== "0";
const CLASSIC = process.env.BENCH_CONTEST_ONLY !== "1";

const AB = (tag: string) => `#include <bits/stdc++.h>
using namespace std;
// ${tag}
int main() { long long a, b; cin >> a >> b; cout << a + b << endl; return 0; }
`;

/** The benchmark's output: figures on stdout. */
function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function fmt(n: number, digits = 0): string {
  return Number.isFinite(n) ? n.toFixed(digits) : "-";
}

async function pool<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "oj-bench-judge-"));
const quiet = (line: string, source?: string) => {
  if (/error|fatal|panic/i.test(line)) consoleSink(line, source);
};

print(`judging benchmark: N=${N} submissions, ${CASES} cases, C++, concurrency ${MIN_CONCURRENCY}..${MAX_CONCURRENCY} (${CORES} cores)`);
const services = await startServices({ dataDir, toolsDir: path.resolve(process.env.TOOLS_DIR ?? ".tools"), sink: quiet });
print(`store: ${services.store}; redis: ${services.redisUrl}; sandbox: ${services.goJudgeUrl}`);

// The app reads its environment once, at import: set it first.
process.env.MONGODB_URI = services.mongodbUri.replace(/\/[^/?]*(\?.*)?$/, "/oj_bench");
process.env.REDIS_URL = services.redisUrl;
process.env.REDIS_PREFIX = "bench:";
process.env.GO_JUDGE_URL = services.goJudgeUrl;
process.env.DATA_DIR = path.join(dataDir, "web");
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? "warn";

const cleanup: Array<() => Promise<unknown>> = [];
try {
  const { JudgeStatus, RUNNING_STATUSES } = await import("../../app/lib/constants");
  const { Submission } = await import("../../app/models/submission.server");
  const { env } = await import("../../app/services/platform/env.server");
  const { toTaskProblem } = await import("../../app/services/judging/queue.server");
  const { startResultApplier } = await import("../../app/services/judging/results.server");
  const { closeRedis } = await import("../../app/services/platform/redis.server");
  const { disconnectDb } = await import("../../app/services/platform/db.server");
  const { createSubmission } = await import("../../app/services/submission/submissions.server");
  const { onStatusChange, closeStatusSubscriber } = await import("../../app/services/submission/status.server");
  const support = await import("../integration/support/judging");
  const judging = await import("../integration/support/judge-service");
  cleanup.push(async () => {
    await closeStatusSubscriber();
    await closeRedis();
    await disconnectDb();
  });

  const judgeService = await judging.loadJudgeService();
  const endpoints = await judging.startInternalEndpoints();
  cleanup.push(() => endpoints.close());

  await support.openStore();
  // An administrator: the benchmark queues hundreds of submissions at once, past any learner's
  // allowance (app/services/submission/allowance.server.ts), which administrators do not have.
  const { Role } = await import("../../app/lib/constants");
  const user = await support.makeUser(Role.ADMIN);
  const cases = Array.from({ length: CASES }, (_, i) => ({ input: `${i * 7 + 1} ${i * 13 + 2}\n`, output: `${i * 20 + 3}\n` }));
  const problem = await support.makeProblem({ cases, languages: ["C++"] });
  const taskProblem = toTaskProblem(problem);

  const judgeOptions = (concurrency: number, name: string) => ({
    redisUrl: env.redisUrl,
    redisPrefix: env.redisPrefix,
    goJudgeUrl: services.goJudgeUrl,
    webInternalUrl: endpoints.url,
    judgeToken: env.judgeToken,
    name,
    concurrency,
    testConcurrency: 1,
    cacheDir: path.join(dataDir, "judge-cache"),
    logLevel: "warn",
  });
  // One context for the direct runs (sandbox client, toolchains, test data cache), as a judge has.
  const pchStarted = performance.now();
  const directContext = await judgeService.createJudgeContext(judgeService.judgeOptions(judgeOptions(1, "bench-direct")));
  // Built into the judges' folder (dataDir/judge-cache/pch), which the sandbox shows.
  await directContext.pch.settled;
  print(`precompiled headers ready in ${fmt((performance.now() - pchStarted) / 1000, 1)} s: ${directContext.pch.readyKeys().join(", ") || "none"}`);

  let tagSeq = 0;
  const tag = (kind: string) => `${kind} ${++tagSeq} ${Date.now()}`;

  /** One submission through the whole path; resolves with its latency (ms) once the verdict is stored. */
  const finalTimes = new Map<number, number>();
  let polledFinals = 0;
  const finalStatus = new Map<number, number>();
  const waiters = new Map<number, () => void>();
  async function whenFinal(id: number): Promise<void> {
    if (finalTimes.has(id)) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      waiters.set(id, resolve);
      // The pub/sub notice can be lost: the database is asked now and then.
      const check = async () => {
        const s = await Submission.findById(id).select("status").lean();
        if (s && !RUNNING_STATUSES.has(s.status)) {
          finalStatus.set(id, s.status);
          if (!finalTimes.has(id)) {
            finalTimes.set(id, performance.now());
            polledFinals++;
          }
          resolve();
        } else timer = setTimeout(() => void check(), 2000);
      };
      timer = setTimeout(() => void check(), 2000);
    });
    clearTimeout(timer);
    waiters.delete(id);
  }
  const listen = async (id: number) =>
    onStatusChange(id, (s) => {
      if (!s.final) return;
      finalStatus.set(id, s.status);
      if (!finalTimes.has(id)) finalTimes.set(id, performance.now());
      waiters.get(id)?.();
    });

  const verdicts = new Map<number, number>();
  async function wholePath(count: number, concurrencyForSubmit: number): Promise<{ wallMs: number; latencies: number[] }> {
    const started = performance.now();
    const latencies: number[] = [];
    const ids: Array<{ id: number; at: number; unsubscribe: () => void }> = [];
    await pool(
      Array.from({ length: count }, (_, i) => i),
      concurrencyForSubmit,
      async () => {
        const at = performance.now();
        const sub = await createSubmission(user, { pid: problem._id, language: "C++", code: AB(tag("whole")), cid: 0, tid: 0 });
        const unsubscribe = await listen(sub._id);
        ids.push({ id: sub._id, at, unsubscribe });
      },
    );
    for (const { id, at, unsubscribe } of ids) {
      await whenFinal(id);
      unsubscribe();
      latencies.push(finalTimes.get(id)! - at);
      // From the pushed status: reading it back would load the store the benchmark measures.
      const status = finalStatus.get(id)!;
      verdicts.set(status, (verdicts.get(status) ?? 0) + 1);
    }
    return { wallMs: Math.max(...ids.map((x) => finalTimes.get(x.id)!)) - started, latencies };
  }

  async function direct(count: number, concurrency: number): Promise<{ wallMs: number; each: number[] }> {
    const each: number[] = [];
    const started = performance.now();
    await pool(
      Array.from({ length: count }, (_, i) => i),
      concurrency,
      async (i) => {
        const r = await judgeService.runDirect(
          { kind: "submission", submissionId: -1 - i, attempt: 1, contest: false, language: "C++", code: AB(tag("direct")), problem: taskProblem, enqueuedAt: Date.now() },
          { context: directContext },
        );
        each.push(r.elapsedMs);
        verdicts.set(r.final.status, (verdicts.get(r.final.status) ?? 0) + 1);
      },
    );
    return { wallMs: performance.now() - started, each };
  }

  // Warm-up: test data into the judge caches, compiler files into the page cache.
  await direct(2, 1);

  const rows: string[][] = [];
  const applier = startResultApplier({ consumer: "bench-web" });
  await applier.ready;
  cleanup.push(() => applier.stop());

  const { JUDGES_KEY } = await import("../../app/lib/judge-protocol");
  const { redis } = await import("../../app/services/platform/redis.server");
  /** judge-service/src/main.ts in a process of its own, as `npm start` and deployments run it. */
  async function startJudgeProcess(concurrency: number, name: string, extraEnv: Record<string, string> = {}): Promise<{ stop(): Promise<void> }> {
    const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "judge-service/src/main.ts"], {
      env: {
        ...process.env,
        REDIS_URL: env.redisUrl,
        REDIS_PREFIX: env.redisPrefix,
        GO_JUDGE_URL: services.goJudgeUrl,
        WEB_INTERNAL_URL: endpoints.url,
        JUDGE_TOKEN: env.judgeToken,
        JUDGE_NAME: name,
        JUDGE_CONCURRENCY: String(concurrency),
        JUDGE_TEST_CONCURRENCY: "1",
        JUDGE_CACHE_DIR: path.join(dataDir, "judge-cache"),
        LOG_LEVEL: "info",
        ...extraEnv,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    // Its log: warnings and errors shown; the line that says its precompiled headers are in use awaited.
    let pchSettled = extraEnv.JUDGE_PCH === "0";
    let pending = "";
    child.stdout?.on("data", (d: Buffer) => {
      pending += d.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (/"msg":"(precompiled headers (ready|missing)|the sandbox has no folder of precompiled)/.test(line)) pchSettled = true;
        if (/"level":(4|5|6)\d/.test(line)) process.stderr.write(`${line}\n`);
      }
    });
    const deadline = Date.now() + 600_000;
    while (!(await redis().hget(`${env.redisPrefix}${JUDGES_KEY}`, name)) || !pchSettled) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`judge ${name} did not start`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return {
      async stop() {
        child.kill("SIGTERM");
        await exited;
      },
    };
  }

  for (let c = MIN_CONCURRENCY; c <= (CLASSIC ? MAX_CONCURRENCY : 0); c++) {
    const judge = await startJudgeProcess(c, `bench-judge-c${c}`);
    // The direct runs get the judge's slots too, so their cases run at once as the judge's may.
    directContext.runSlots = new judgeService.RunSlots(c);
    try {
      // The machine may be shared: whole-path and direct runs alternate so that a change of
      // background load affects both alike.
      // Latency: one submission at a time.
      const latencies: number[] = [];
      const directLatencies: number[] = [];
      for (let i = 0; i < LATENCY_SAMPLES; i++) {
        latencies.push(...(await wholePath(1, 1)).latencies);
        directLatencies.push(...(await direct(1, 1)).each);
      }

      // Throughput: N submissions, in CHUNKS bursts of each kind, alternating.
      let wholeWall = 0;
      let directWall = 0;
      const burstLatencies: number[] = [];
      for (let k = 0; k < CHUNKS; k++) {
        const size = Math.floor(N / CHUNKS) + (k < N % CHUNKS ? 1 : 0);
        if (size === 0) continue;
        const burst = await wholePath(size, 8);
        wholeWall += burst.wallMs;
        burstLatencies.push(...burst.latencies);
        const d = await direct(size, c);
        directWall += d.wallMs;
        if (process.env.BENCH_DEBUG) {
          print(`  burst of ${size}: whole path ${fmt(burst.wallMs)} ms, direct ${fmt(d.wallMs)} ms; verdicts seen only by polling so far: ${polledFinals}`);
        }
      }
      const perMinute = (N / wholeWall) * 60_000;
      const directPerMinute = (N / directWall) * 60_000;
      rows.push([
        String(c),
        fmt(perMinute, 1),
        fmt(directPerMinute, 1),
        fmt(wholeWall / directWall, 3),
        fmt(median(latencies)),
        fmt(median(directLatencies)),
        fmt(median(latencies) / median(directLatencies), 3),
        fmt(median(burstLatencies)),
      ]);
      print(`concurrency ${c}: ${fmt(perMinute, 1)} verdicts/min whole path, ${fmt(directPerMinute, 1)} direct`);
    } finally {
      await judge.stop();
    }
  }

  let contestRows: ContestDayRow[] = [];
  if (CONTEST) {
    contestRows = await contestDay(
      {
        users: Math.max(1, Number(args["contest-users"])),
        windowMs: Math.max(1, Number(args["contest-window"])) * 1000,
        seed: 20240601,
        makeUsers: async (n) => {
          const out: unknown[] = [];
          for (let i = 0; i < n; i++) out.push(await support.makeUser());
          return out;
        },
        makeProblem: (cs) => support.makeProblem({ cases: cs, languages: ["C++", "Python3", "Java"], timeLimit: 1000, memoryLimit: 256 }),
        submit: async (u, pid, language, code) => (await createSubmission(u as typeof user, { pid, language, code, cid: 0, tid: 0 }))._id,
        listen: (id, on) => onStatusChange(id, on),
        stored: async (ids) => {
          const docs = await Submission.find({ _id: { $in: ids } }).select("status caseResults.index").lean();
          return new Map(docs.map((d) => [d._id as number, { status: d.status, cases: (d.caseResults ?? []).length }]));
        },
        startJudge: (name, extra) => startJudgeProcess(CORES, name, extra),
        print,
      },
      [
        { name: "precompiled headers and parallel cases", env: {} },
        { name: "precompiled headers, one case at a time", env: { JUDGE_PARALLEL_CASES: "0" } },
        { name: "neither", env: { JUDGE_PCH: "0", JUDGE_PARALLEL_CASES: "0" } },
      ],
    );
  }

  const head = [
    "judge concurrency",
    "verdicts/min (whole path)",
    "verdicts/min (direct)",
    "time ratio whole/direct",
    "median latency ms (one at a time)",
    "median direct ms",
    "latency ratio",
    "median latency ms (burst, incl. queue)",
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join(" | ");
  print("");
  print(line(head));
  print(widths.map((w) => "-".repeat(w)).join("-|-"));
  for (const r of rows) print(line(r));
  print("");
  const verdictText = [...verdicts.entries()].map(([s, n]) => `${s}: ${n}`).join(", ");
  print(`verdicts seen (status: count): ${verdictText}  (all ${JudgeStatus.ACCEPTED} expected)`);
  print(`goals: time ratio whole/direct <= 1.05; median latency one at a time (C++ with bits/stdc++.h) <= 900 ms`);
  if (contestRows.length > 0) {
    const cw = CONTEST_DAY_HEAD.map((h, i) => Math.max(h.length, ...contestRows.map((r) => r.cells[i].length)));
    const cline = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(cw[i]) : c.padStart(cw[i]))).join(" | ");
    print("");
    print(cline(CONTEST_DAY_HEAD));
    print(cw.map((w) => "-".repeat(w)).join("-|-"));
    for (const r of contestRows) print(cline(r.cells));
    for (const r of contestRows) for (const p of r.problems) print(`  ${r.config}: ${p}`);
  }
} finally {
  for (const f of cleanup.reverse()) await f().catch((err: unknown) => console.error(err));
  await services.stop();
  if (!args.keep) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
