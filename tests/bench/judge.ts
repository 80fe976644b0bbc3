// Judging benchmark: `npm run bench:judge [-- --n 200 --cases 10 --max-concurrency 2 --latency 20 --chunks 4]`.
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
// sandbox time (goal: at most 1.15). It prints figures; it asserts nothing.

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { consoleSink } from "../../scripts/lib/prefix";
import { startServices } from "../../scripts/lib/services";

const { values: args } = parseArgs({
  options: {
    n: { type: "string", default: process.env.BENCH_N ?? "200" },
    cases: { type: "string", default: "10" },
    "max-concurrency": { type: "string" },
    "min-concurrency": { type: "string", default: "1" },
    latency: { type: "string", default: "20" },
    chunks: { type: "string", default: "4" },
    keep: { type: "boolean", default: false },
  },
});
const N = Math.max(1, Number(args.n));
const CASES = Math.max(1, Number(args.cases));
const CORES = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
const MAX_CONCURRENCY = Math.max(1, Number(args["max-concurrency"] ?? CORES));
const MIN_CONCURRENCY = Math.min(MAX_CONCURRENCY, Math.max(1, Number(args["min-concurrency"])));
const LATENCY_SAMPLES = Math.max(1, Number(args.latency));
const CHUNKS = Math.max(1, Number(args.chunks));

const AB = (tag: string) => `#include <cstdio>
// ${tag}
int main() { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1; printf("%lld\\n", a + b); return 0; }
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
  const { env } = await import("../../app/services/env.server");
  const { toTaskProblem } = await import("../../app/services/judge-queue.server");
  const { startResultApplier } = await import("../../app/services/judge-results.server");
  const { closeRedis } = await import("../../app/services/redis.server");
  const { disconnectDb } = await import("../../app/services/db.server");
  const { createSubmission } = await import("../../app/services/submissions.server");
  const { onStatusChange, closeStatusSubscriber } = await import("../../app/services/submission-status.server");
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
  const user = await support.makeUser();
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
  const directContext = await judgeService.createJudgeContext(judgeService.judgeOptions(judgeOptions(1, "bench-direct")));

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
  const { redis } = await import("../../app/services/redis.server");
  /** judge-service/src/main.ts in a process of its own, as `npm start` and deployments run it. */
  async function startJudgeProcess(concurrency: number, name: string): Promise<{ stop(): Promise<void> }> {
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
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const deadline = Date.now() + 120_000;
    while (!(await redis().hget(`${env.redisPrefix}${JUDGES_KEY}`, name))) {
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

  for (let c = MIN_CONCURRENCY; c <= MAX_CONCURRENCY; c++) {
    const judge = await startJudgeProcess(c, `bench-judge-c${c}`);
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
  print(`goal: time ratio whole/direct <= 1.15`);
} finally {
  for (const f of cleanup.reverse()) await f().catch((err: unknown) => console.error(err));
  await services.stop();
  if (!args.keep) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
