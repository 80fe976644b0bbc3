import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import mongoose from "mongoose";
import { hashPassword } from "../../app/services/password.server";
import { freePort, startServices, stopChild, waitFor } from "../../scripts/lib/services";

// npm run bench:web — how fast the learner pages answer next to a static file of the same server,
// on a seeded store: problems and submissions are bulk-inserted into a throw-away store, the built
// server is started on it, and 20 clients load each page in turn, anonymously and then signed in
// (a session cookie from the login form, for a learner with submissions: the session lookup and
// the learner's own status per problem are part of those pages). The figure is each page's
// latency and throughput against the static file's, measured in the same run.
//
// Sizes and load: BENCH_PROBLEMS (5000), BENCH_SUBMISSIONS (200000), BENCH_CLIENTS (20),
// BENCH_SECONDS per page (10). MONGODB_URI points it at an existing server instead.

const PROBLEMS = Number(process.env.BENCH_PROBLEMS ?? 5000);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 200_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = 2000;
/** The seeded learner the signed-in clients log in as (user0, who has submissions). */
const LEARNER = { username: "user0", password: "bench-learner-pass" };
const REQUEST_TIMEOUT_MS = 120_000;

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

const DESCRIPTION = `Given two integers $a$ and $b$, print $a+b$.\n\n${"A statement paragraph with some words in it. ".repeat(20)}\n\n$$\\sum_{i=1}^{n} a_i$$`;
const CODE = `#include <iostream>\nusing namespace std;\nint main() {\n    long long a, b;\n    cin >> a >> b;\n    cout << a + b << endl;\n    return 0;\n}\n`;

async function seed(uri: string) {
  const client = new mongoose.mongo.MongoClient(uri);
  await client.connect();
  const db = client.db();
  const t0 = Date.now();
  await db.collection("tags").insertMany(
    Array.from({ length: 30 }, (_, i) => ({ _id: i + 1, name: `Tag ${i + 1}`, nameLower: `tag ${i + 1}`, color: "#2d8cf0", oj: "ME", gid: null, tcid: null })) as never[],
  );
  const batch = 1000;
  for (let start = 0; start < PROBLEMS; start += batch) {
    const docs = [];
    for (let i = start; i < Math.min(PROBLEMS, start + batch); i++) {
      const id = 1000 + i;
      docs.push({
        _id: id,
        problemId: `P${id}`,
        problemIdUpper: `P${id}`,
        title: `Problem ${id}`,
        author: "root",
        description: DESCRIPTION,
        input: "Two integers.",
        output: "One integer.",
        examples: [{ input: "1 2", output: "3" }],
        hint: "",
        source: "",
        difficulty: i % 3,
        type: 0,
        auth: 1,
        timeLimit: 1000,
        memoryLimit: 256,
        stackLimit: 128,
        isRemote: false,
        gid: null,
        codeShare: true,
        judgeMode: "default",
        judgeCaseMode: "default",
        openCaseResult: true,
        tags: [1 + (i % 30), 1 + ((i * 7) % 30)],
        languages: ["C", "C++", "Java", "Python3"],
        codeTemplates: [],
        userExtraFile: [],
        judgeExtraFile: [],
        testCases: [{ input: "1.in", output: "1.out", score: 0, groupNum: 0 }],
        testCaseHash: "0".repeat(32),
        applyPublicProgress: null,
        total: 40,
        ac: i % 40,
        wa: 40 - (i % 40),
        tle: 0,
        mle: 0,
        re: 0,
        pe: 0,
        ce: 0,
        se: 0,
        pa: 0,
        gmtCreate: new Date(),
        gmtModified: new Date(),
      });
    }
    await db.collection("problems").insertMany(docs as never[], { ordered: false });
  }
  log(`seeded ${PROBLEMS} problems in ${Date.now() - t0} ms`);
  const learnerHash = await hashPassword(LEARNER.password);
  const users = Array.from({ length: USERS }, (_, i) => ({
    _id: randomBytes(16).toString("hex"),
    username: `user${i}`,
    usernameLower: `user${i}`,
    email: "",
    emailLower: `#u${i}`,
    passwordHash: `user${i}` === LEARNER.username ? learnerHash : "x",
    role: 1002,
    status: 0,
  }));
  await db.collection("users").insertMany(users as never[]);
  const t1 = Date.now();
  const statuses = [0, 0, 0, -1, -1, 1, -2, 3];
  for (let start = 0; start < SUBMISSIONS; start += batch) {
    const docs = [];
    for (let i = start; i < Math.min(SUBMISSIONS, start + batch); i++) {
      const u = users[i % USERS];
      const pid = 1000 + ((i * 37) % PROBLEMS);
      docs.push({
        _id: i + 1,
        pid,
        displayPid: `P${pid}`,
        displayId: "",
        cid: 0,
        tid: 0,
        gid: null,
        uid: u._id,
        username: u.username,
        title: `Problem ${pid}`,
        status: statuses[i % statuses.length],
        score: 0,
        oiRankScore: 0,
        time: i % 900,
        memory: 1024 + (i % 4096),
        length: CODE.length,
        language: "C++",
        code: CODE,
        errorMessage: "",
        submitTime: new Date(Date.now() - (SUBMISSIONS - i) * 1000),
        judger: "judge-1",
        isManual: false,
        share: false,
        ip: "",
        attempt: 1,
        countedStatus: null,
        countersApplied: 1,
        caseResults: Array.from({ length: 5 }, (_, k) => ({ index: k + 1, status: 0, time: 3, memory: 900, score: 0, groupNum: 0, inputData: `${k + 1}.in`, outputData: `${k + 1}.out`, userOutput: "", message: "" })),
        gmtModified: new Date(),
      });
    }
    await db.collection("submissions").insertMany(docs as never[], { ordered: false });
    if ((start / batch) % 20 === 19) log(`  ${start + batch} submissions…`);
  }
  await db.collection("counters").updateOne({ _id: "submission" as never }, { $set: { seq: SUBMISSIONS } }, { upsert: true });
  log(`seeded ${SUBMISSIONS} submissions in ${Date.now() - t1} ms`);
  await client.close();
}

interface Figures {
  name: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  cold: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timed(url: string, cookie?: string): Promise<{ ms: number; ok: boolean }> {
  const t = performance.now();
  try {
    const headers: Record<string, string> = { "Accept-Encoding": "gzip" };
    if (cookie) headers.Cookie = cookie;
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    await res.arrayBuffer();
    return { ms: performance.now() - t, ok: res.ok };
  } catch {
    return { ms: performance.now() - t, ok: false };
  }
}

/** CLIENTS loops fetching one URL for SECONDS; requests still running at the end are waited for. */
async function load(name: string, url: string, cookie?: string): Promise<Figures> {
  const cold = (await timed(url, cookie)).ms;
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const r = await timed(url, cookie);
        latencies.push(r.ms);
        if (!r.ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { name, requests: latencies.length, errors, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95), cold };
}

/** Logs the seeded learner in through the login form; returns the session cookie. */
async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: LEARNER.username, password: LEARNER.password }).toString(),
    redirect: "manual",
  });
  const cookie = (res.headers.get("Set-Cookie") ?? "").split(";")[0];
  if (res.status !== 302 || !cookie) throw new Error(`could not sign in as ${LEARNER.username}: HTTP ${res.status}`);
  // The session must make the pages signed in, or the figures would be the anonymous ones again.
  const mine = await fetch(`${base}/status?onlyMine=true`, { headers: { Cookie: cookie } });
  if (!(await mine.text()).includes(`>${LEARNER.username}<`)) throw new Error("the session cookie does not sign the learner in");
  return cookie;
}

async function main() {
  if (!existsSync("build/index.js")) throw new Error("build/index.js is missing: run `npx remix build` first");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "oj-bench-"));
  const sink = (line: string) => {
    if (/error|fatal|panic/i.test(line)) log(`[services] ${line}`);
  };
  // The sandbox is not needed: nothing is judged here.
  const services = await startServices({ dataDir, toolsDir: path.resolve(process.env.TOOLS_DIR ?? ".tools"), sink, env: { ...process.env, GO_JUDGE_URL: "http://127.0.0.1:9" } });
  log(`store: ${services.store}; ${PROBLEMS} problems, ${SUBMISSIONS} submissions, ${CLIENTS} clients, ${SECONDS} s per page`);
  let web: ReturnType<typeof spawn> | null = null;
  try {
    await seed(services.mongodbUri);
    const port = await freePort();
    web = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        MONGODB_URI: services.mongodbUri,
        REDIS_URL: services.redisUrl,
        REDIS_PREFIX: `bench${port}:`,
        DATA_DIR: dataDir,
        COOKIE_SECURE: "false",
        LOG_LEVEL: "error",
        OJ_ROOT_PASSWORD: "bench-root-pass",
      },
    });
    const base = `http://127.0.0.1:${port}`;
    const t = Date.now();
    // Start-up creates the indexes over the seeded data.
    await waitFor("web server", async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok ?? false, 900_000, web);
    log(`server ready in ${Date.now() - t} ms (index creation included)`);

    const cookie = await signIn(base);
    // The status lists come last: the first visit of one starts counting its total in the
    // background (a scan of every submission on a store that counts document by document), which
    // would otherwise weigh on the pages measured after it.
    const targets: Array<[string, string, string?]> = [
      ["static file (/locales/en/problem.json)", `${base}/locales/en/problem.json`],
      ["problem list (/problem)", `${base}/problem`],
      ["problem list, filtered (/problem?difficulty=1&tagId=3)", `${base}/problem?difficulty=1&tagId=3`],
      [`problem page (/problem/P${1000 + Math.floor(PROBLEMS / 2)})`, `${base}/problem/P${1000 + Math.floor(PROBLEMS / 2)}`],
      ["problem list, signed in (/problem)", `${base}/problem`, cookie],
      ["submission list, signed in, Mine (/status?onlyMine=true)", `${base}/status?onlyMine=true`, cookie],
      ["submission list (/status)", `${base}/status`],
      ["submission list, signed in (/status)", `${base}/status`, cookie],
      ["submission list, by status (/status?status=-1)", `${base}/status?status=-1`],
    ];
    const results: Figures[] = [];
    for (const [name, url, session] of targets) {
      const f = await load(name, url, session);
      results.push(f);
      log(`  measured ${name}`);
    }
    const staticFig = results[0];
    log("");
    log(`| page | cold ms | median ms | p95 ms | req/s | requests | errors | median vs static | req/s vs static |`);
    log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`);
    for (const f of results) {
      log(
        `| ${f.name} | ${f.cold.toFixed(1)} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.rps.toFixed(1)} | ${f.requests} | ${f.errors} | ${(f.p50 / staticFig.p50).toFixed(1)}x | ${(f.rps / staticFig.rps).toFixed(3)} |`,
      );
    }
  } finally {
    if (web) await stopChild(web);
    await services.stop();
    if (!process.env.KEEP_BENCH_DATA) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
