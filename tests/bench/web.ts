import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import mongoose from "mongoose";
import { dayKey } from "../../app/lib/calendar";
import { hashPassword } from "../../app/services/account/password.server";
import { freePort, startServices, stopChild, waitFor } from "../../scripts/lib/services";

// npm run bench:web — how fast the learner pages answer next to a static file of the same server,
// on a seeded store: problems and submissions are bulk-inserted into a throw-away store, the built
// server is started on it, and 20 clients load each page in turn, anonymously and then signed in
// (a session cookie from the login form, for a learner with submissions: the session lookup and
// the learner's own status per problem are part of those pages); then 200 clients load the
// anonymous pages. The figure is each page's latency and throughput against the static file's,
// measured in the same run and with the same number of clients. The home page, the ACM rank and a
// user home read the counters the result applier keeps (seeded here as judging would leave them).
// Anonymous list pages are answered
// from their rendered copy (server/page-cache.ts); the rows "rendered each time" send a cookie of
// no meaning to the site, which makes it render the page for every request.
//
// Sizes and load: BENCH_PROBLEMS (5000), BENCH_SUBMISSIONS (200000), BENCH_CLIENTS (the runs'
// numbers of clients, "20,200"; the first run loads every page, the others the anonymous ones),
// BENCH_SECONDS per page (10), BENCH_PAGES (a pattern of the page names to measure; the static file
// always is). MONGODB_URI points it at an existing server instead.

const PROBLEMS = Number(process.env.BENCH_PROBLEMS ?? 5000);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 200_000);
const CLIENT_RUNS = (process.env.BENCH_CLIENTS ?? "20,200")
  .split(",")
  .map((n) => Number(n.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
/** A cookie the site does not read: a visitor sending it gets the page rendered for them. */
const NO_COPY = "bench-visitor=1";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ONLY = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES, "i") : null;
const USERS = 2000;
const DISCUSSIONS = Number(process.env.BENCH_DISCUSSIONS ?? 20_000);
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
  // The counters the result applier keeps (every seeded verdict counts in the bank): per user, and
  // per user and day, as judging them one by one would have left them.
  const kept = users.map(() => ({ submits: 0, acs: 0, solved: new Set<number>(), days: new Map<string, { submits: number; acs: number; acPids: Set<number> }>() }));
  for (let start = 0; start < SUBMISSIONS; start += batch) {
    const docs = [];
    for (let i = start; i < Math.min(SUBMISSIONS, start + batch); i++) {
      const u = users[i % USERS];
      const pid = 1000 + ((i * 37) % PROBLEMS);
      const status = statuses[i % statuses.length];
      const submitTime = new Date(Date.now() - (SUBMISSIONS - i) * 1000);
      const k = kept[i % USERS];
      const day = dayKey(submitTime);
      const d = k.days.get(day) ?? { submits: 0, acs: 0, acPids: new Set<number>() };
      k.days.set(day, d);
      k.submits++;
      d.submits++;
      if (status === 0) {
        k.acs++;
        k.solved.add(pid);
        d.acs++;
        d.acPids.add(pid);
      }
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
        status,
        score: 0,
        oiRankScore: 0,
        time: i % 900,
        memory: 1024 + (i % 4096),
        length: CODE.length,
        language: "C++",
        code: CODE,
        errorMessage: "",
        submitTime,
        judger: "judge-1",
        isManual: false,
        share: false,
        ip: "",
        attempt: 1,
        countedStatus: status,
        countersApplied: 1,
        caseResults: Array.from({ length: 5 }, (_, k) => ({ index: k + 1, status: 0, time: 3, memory: 900, score: 0, groupNum: 0, inputData: `${k + 1}.in`, outputData: `${k + 1}.out`, userOutput: "", message: "" })),
        gmtModified: new Date(),
      });
    }
    await db.collection("submissions").insertMany(docs as never[], { ordered: false });
    if ((start / batch) % 20 === 19) log(`  ${start + batch} submissions…`);
  }
  await db.collection("counters").updateOne({ _id: "submission" as never }, { $set: { seq: SUBMISSIONS } }, { upsert: true });
  for (const [i, u] of users.entries()) {
    const k = kept[i];
    const solvedPids = [...k.solved].sort((a, b) => a - b);
    await db.collection("users").updateOne({ _id: u._id as never }, { $set: { submitCount: k.submits, acSubmitCount: k.acs, acCount: solvedPids.length, solvedPids, oiScore: 0 } });
  }
  const dayDocs = kept.flatMap((k, i) =>
    [...k.days.entries()].map(([day, d]) => ({ _id: `${users[i]._id}:${day}`, uid: users[i]._id, day, submits: d.submits, acs: d.acs, acPids: [...d.acPids] })),
  );
  for (let start = 0; start < dayDocs.length; start += batch) await db.collection("user_days").insertMany(dayDocs.slice(start, start + batch) as never[]);
  log(`seeded ${SUBMISSIONS} submissions in ${Date.now() - t1} ms`);
  await seedDiscussions(db, users);
  await client.close();
}

/** DISCUSSIONS discussions by the seeded users in four categories; the first has 200 comments, replies on some. */
async function seedDiscussions(db: mongoose.mongo.Db, users: Array<{ _id: string; username: string }>) {
  const t = Date.now();
  await db.collection("discussion_categories").insertMany(["General", "Problems", "Contests", "Help"].map((name, i) => ({ _id: i + 1, name, gmtCreate: new Date() })) as never[]);
  const batch = 1000;
  for (let start = 0; start < DISCUSSIONS; start += batch) {
    const docs = [];
    for (let i = start; i < Math.min(start + batch, DISCUSSIONS); i++) {
      const u = users[i % users.length];
      const when = new Date(Date.now() - (DISCUSSIONS - i) * 60_000);
      docs.push({
        _id: i + 1,
        categoryId: (i % 4) + 1,
        title: `Discussion ${i + 1} about problem P${1000 + (i % PROBLEMS)}`,
        description: "How would you approach it?",
        content: `${"Some thoughts on the problem with **Markdown** and `code`. ".repeat(10)}\n\n\`\`\`cpp\n${CODE}\`\`\``,
        pid: i % 3 === 0 ? `P${1000 + (i % PROBLEMS)}` : null,
        uid: u._id,
        author: u.username,
        role: "default_role",
        viewNum: i % 97,
        likeNum: i % 13,
        commentNum: i === 0 ? 200 : i % 7,
        topPriority: i % 5000 === 0,
        status: 0,
        gid: null,
        gmtCreate: when,
        gmtModified: when,
      });
    }
    await db.collection("discussions").insertMany(docs as never[], { ordered: false });
  }
  const comments = Array.from({ length: 200 }, (_, i) => ({
    _id: i + 1,
    did: 1,
    cid: null,
    content: `Comment ${i + 1}: ${"a reply with some words ".repeat(6)}`,
    fromUid: users[(i + 1) % users.length]._id,
    fromName: users[(i + 1) % users.length].username,
    fromAvatar: "",
    fromRole: "default_role",
    likeNum: i % 4,
    replyNum: i % 10 === 0 ? 5 : 0,
    gmtCreate: new Date(Date.now() - (200 - i) * 1000),
  }));
  await db.collection("comments").insertMany(comments as never[]);
  const replies = comments
    .filter((c) => c.replyNum > 0)
    .flatMap((c, k) => Array.from({ length: 5 }, (_, j) => ({ _id: k * 5 + j + 1, commentId: c._id, content: `Reply ${j + 1}`, fromUid: users[j]._id, fromName: users[j].username, fromAvatar: "", fromRole: "default_role", toUid: c.fromUid, toName: c.fromName, toAvatar: "", gmtCreate: new Date() })));
  await db.collection("replies").insertMany(replies as never[]);
  for (const [name, seq] of [["discussion", DISCUSSIONS], ["discussion-category", 4], ["comment", 200], ["reply", replies.length]] as const) {
    await db.collection("counters").updateOne({ _id: name as never }, { $set: { seq } }, { upsert: true });
  }
  log(`seeded ${DISCUSSIONS} discussions and a discussion with 200 comments in ${Date.now() - t} ms`);
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
async function load(name: string, url: string, clients: number, cookie?: string): Promise<Figures> {
  const cold = (await timed(url, cookie)).ms;
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
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
  log(`store: ${services.store}; ${PROBLEMS} problems, ${SUBMISSIONS} submissions, ${CLIENT_RUNS.join(" then ")} clients, ${SECONDS} s per page`);
  log(`load average at the start: ${os.loadavg().map((l) => l.toFixed(2)).join(", ")}`);
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
    const problemPage = `P${1000 + Math.floor(PROBLEMS / 2)}`;
    // [name, url, cookie, in the runs after the first]
    const targets: Array<[string, string, string | undefined, boolean]> = [
      ["static file (/locales/en/problem.json)", `${base}/locales/en/problem.json`, undefined, true],
      ["problem list (/problem)", `${base}/problem`, undefined, true],
      ["problem list, rendered each time", `${base}/problem`, NO_COPY, true],
      ["problem list, filtered (/problem?difficulty=1&tagId=3)", `${base}/problem?difficulty=1&tagId=3`, undefined, true],
      [`problem page (/problem/${problemPage})`, `${base}/problem/${problemPage}`, undefined, true],
      ["problem list, signed in (/problem)", `${base}/problem`, cookie, false],
      ["home (/home)", `${base}/home`, undefined, true],
      ["home, signed in (/home)", `${base}/home`, cookie, false],
      ["ACM rank (/acm-rank)", `${base}/acm-rank`, undefined, true],
      [`user home (/user-home?username=${LEARNER.username})`, `${base}/user-home?username=${LEARNER.username}`, undefined, true],
      ["discussion list (/discussion)", `${base}/discussion`, undefined, true],
      ["discussion list, a category (/discussion?cid=2)", `${base}/discussion?cid=2`, undefined, true],
      ["a discussion with 200 comments (/discussion-detail/1)", `${base}/discussion-detail/1`, undefined, true],
      ["submission list, signed in, Mine (/status?onlyMine=true)", `${base}/status?onlyMine=true`, cookie, false],
      ["submission list (/status)", `${base}/status`, undefined, true],
      ["submission list, rendered each time", `${base}/status`, NO_COPY, true],
      ["submission list, signed in (/status)", `${base}/status`, cookie, false],
      ["submission list, by status (/status?status=-1)", `${base}/status?status=-1`, undefined, false],
    ];
    const tables: string[] = [];
    for (const [run, clients] of CLIENT_RUNS.entries()) {
      const results: Figures[] = [];
      for (const [name, url, session, later] of targets) {
        if (run > 0 && !later) continue;
        if (ONLY && results.length > 0 && !ONLY.test(name)) continue;
        const f = await load(name, url, clients, session);
        results.push(f);
        log(`  measured ${name} with ${clients} clients (load average ${os.loadavg()[0].toFixed(2)})`);
      }
      const staticFig = results[0];
      tables.push("", `${clients} clients:`, "");
      tables.push(`| page | cold ms | median ms | p95 ms | req/s | requests | errors | median vs static | p95 vs static | req/s vs static |`);
      tables.push(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`);
      for (const f of results) {
        tables.push(
          `| ${f.name} | ${f.cold.toFixed(1)} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.rps.toFixed(1)} | ${f.requests} | ${f.errors} | ${(f.p50 / staticFig.p50).toFixed(1)}x | ${(f.p95 / staticFig.p95).toFixed(1)}x | ${(f.rps / staticFig.rps).toFixed(3)} |`,
        );
      }
    }
    for (const line of tables) log(line);
    log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(", ")}`);
  } finally {
    if (web) await stopChild(web);
    await services.stop();
    if (!process.env.KEEP_BENCH_DATA) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
