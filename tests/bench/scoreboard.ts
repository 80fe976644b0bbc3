import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import mongoose from "mongoose";
import { freePort, startServices, stopChild, waitFor } from "../../scripts/lib/services";

// npm run bench:scoreboard — the kept contest board at size. A contest with 5,000 participants, 13
// problems and 100,000 submissions, and one with 500 participants who submitted as much each
// (10,000 submissions), are seeded and their boards built. Then:
//  1. the cost of applying one verdict (the result applier's whole write: submission, counters,
//     the author's board rows and order) in each contest, alternately: the ratio 5,000 / 500 shows
//     whether a verdict's cost grows with the board (goal: at most 1.3);
//  2. the built server answers 20 concurrent readers of a 50-row page of the big board
//     (/ojapi/get-contest-rank, random pages) next to a static file of the same server, while
//     verdicts keep being applied to that contest.
//
// BENCH_VERDICTS (per contest, 100), BENCH_CLIENTS (20), BENCH_SECONDS (10). Needs `npx remix build`.

const BIG = 5000;
const SMALL = 500;
const PROBLEMS = 13;
const PER_USER = 20;
const VERDICTS = Number(process.env.BENCH_VERDICTS ?? 100);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = "bench-reader-pass";

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);

const HOUR = 3600_000;
const start = new Date(Date.now() - 3 * HOUR);
const end = new Date(Date.now() + 2 * HOUR);
const STATUSES = [0, 0, -1, -1, -1, 1, -2, 3, 4, 0];

async function seed(uri: string, passwordHash: string) {
  const client = new mongoose.mongo.MongoClient(uri);
  await client.connect();
  const db = client.db();
  const t0 = Date.now();
  const users = Array.from({ length: BIG + SMALL }, (_, i) => ({
    _id: randomBytes(16).toString("hex"),
    username: `c${i}`,
    usernameLower: `c${i}`,
    email: "",
    emailLower: `#c${i}`,
    passwordHash: i === 0 ? passwordHash : "x",
    role: 1002,
    status: 0,
    nickname: `nick${i}`,
    realname: `Real ${i}`,
    school: "",
    gender: "secrecy",
    avatar: "",
    solvedPids: [],
    submitCount: 0,
    acCount: 0,
    oiScore: 0,
  }));
  await db.collection("users").insertMany(users as never[]);
  const problems = Array.from({ length: PROBLEMS }, (_, i) => ({
    _id: i + 1,
    problemId: `S${i + 1}`,
    problemIdUpper: `S${i + 1}`,
    title: `Problem ${i + 1}`,
    author: "root",
    description: "a+b",
    type: 0,
    auth: 1,
    difficulty: 0,
    gid: null,
    languages: ["C++"],
    testCases: [{ input: "1.in", output: "1.out", score: 0, groupNum: 0 }],
    testCaseHash: "0".repeat(32),
    total: 0,
    ac: 0,
  }));
  await db.collection("problems").insertMany(problems as never[]);
  const contest = (id: number, title: string) => ({
    _id: id,
    title,
    description: "Board benchmark",
    type: 0,
    auth: 0,
    pwd: "",
    startTime: start,
    endTime: end,
    duration: (end.getTime() - start.getTime()) / 1000,
    sealRank: false,
    sealRankTime: null,
    autoRealRank: true,
    openRank: true,
    openPrint: false,
    rankShowName: "username",
    openAccountLimit: false,
    accountLimitRule: "",
    allowEndSubmit: false,
    starAccount: ["c7", "c77"],
    oiRankScoreType: "Recent",
    awardType: 1,
    awardConfig: [
      { priority: 1, name: "Gold", background: "#f5d76e", color: "#3b2f00", num: 10 },
      { priority: 2, name: "Silver", background: "#d9d9d9", color: "#222222", num: 20 },
      { priority: 3, name: "Bronze", background: "#e3b08a", color: "#3b1f00", num: 30 },
    ],
    uid: "root",
    author: "root",
    gid: null,
    visible: true,
    source: 0,
    gmtCreate: new Date(),
    gmtModified: new Date(),
  });
  await db.collection("contests").insertMany([contest(1, "Big board"), contest(2, "Small board")] as never[]);
  await db.collection("contest_problems").insertMany(
    [1, 2].flatMap((cid) =>
      problems.map((p, i) => ({ _id: cid * 100 + i, cid, pid: p._id, displayId: String.fromCharCode(65 + i), displayIdUpper: String.fromCharCode(65 + i), displayTitle: p.title, color: "", ac: 0, total: 0, firstBloodUid: null, firstBloodSubmitId: null, firstBloodTime: null })),
    ) as never[],
  );
  let id = 0;
  const span = Date.now() - start.getTime() - 60_000;
  for (const [cid, from, count] of [[1, 0, BIG], [2, BIG, SMALL]] as const) {
    const total = count * PER_USER;
    for (let s = 0; s < total; s += 2000) {
      const docs = [];
      for (let i = s; i < Math.min(total, s + 2000); i++) {
        const u = users[from + (i % count)];
        const pid = 1 + ((i * 7 + Math.floor(i / count)) % PROBLEMS);
        const status = STATUSES[(i * 13) % STATUSES.length];
        docs.push({
          _id: ++id,
          pid,
          displayPid: `S${pid}`,
          displayId: String.fromCharCode(64 + pid),
          cid,
          tid: 0,
          gid: null,
          uid: u._id,
          username: u.username,
          title: `Problem ${pid}`,
          status,
          score: 0,
          oiRankScore: 0,
          time: i % 900,
          memory: 1024,
          length: 10,
          language: "C++",
          code: "int main(){}",
          errorMessage: "",
          submitTime: new Date(start.getTime() + ((i * 7919) % span)),
          judger: "judge-1",
          isManual: false,
          share: false,
          ip: "",
          attempt: 1,
          countedStatus: status,
          countersApplied: 1,
          caseResults: [],
          gmtModified: new Date(),
        });
      }
      await db.collection("submissions").insertMany(docs as never[], { ordered: false });
    }
  }
  await db.collection("counters").updateOne({ _id: "submission" as never }, { $set: { seq: id } }, { upsert: true });
  log(`seeded ${BIG + SMALL} users and ${id} contest submissions in ${Date.now() - t0} ms`);
  await client.close();
  return users;
}

async function main() {
  if (!existsSync("build/index.js")) throw new Error("build/index.js is missing: run `npx remix build` first");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "oj-bench-board-"));
  const sink = (line: string) => {
    if (/error|fatal|panic/i.test(line)) log(`[services] ${line}`);
  };
  const services = await startServices({ dataDir, toolsDir: path.resolve(process.env.TOOLS_DIR ?? ".tools"), sink, env: { ...process.env, GO_JUDGE_URL: "http://127.0.0.1:9" } });
  const port = await freePort();
  process.env.MONGODB_URI = services.mongodbUri;
  process.env.REDIS_URL = services.redisUrl;
  process.env.REDIS_PREFIX = `benchboard${port}:`;
  process.env.DATA_DIR = dataDir;
  process.env.LOG_LEVEL = "error";
  log(`store: ${services.store}; boards of ${BIG} and ${SMALL} participants, ${PROBLEMS} problems, ${PER_USER} submissions each`);
  const { hashPassword } = await import("../../app/services/account/password.server");
  const { connectDb, disconnectDb, ensureIndexes } = await import("../../app/services/platform/db.server");
  const { closeRedis } = await import("../../app/services/platform/redis.server");
  const { Submission } = await import("../../app/models/submission.server");
  const { applyJudgeEvents, flushFinishedCounterChanges } = await import("../../app/services/judging/apply.server");
  const { rebuildBoard } = await import("../../app/services/contest/board.server");
  const users = await seed(services.mongodbUri, await hashPassword(PASSWORD));
  await connectDb();
  await ensureIndexes();
  for (const cid of [1, 2]) {
    const t = Date.now();
    const { participants } = await rebuildBoard(cid);
    log(`full rebuild of contest ${cid}: ${participants} participants in ${Date.now() - t} ms`);
  }

  let nextId = 1_000_000;
  /** Stores a Pending submission of a participant and applies a final verdict to it; the apply's ms. */
  async function oneVerdict(cid: number, i: number): Promise<number> {
    const from = cid === 1 ? 0 : BIG;
    const count = cid === 1 ? BIG : SMALL;
    const u = users[from + ((i * 7919) % count)];
    const pid = 1 + (i % PROBLEMS);
    const id = ++nextId;
    await Submission.create({ _id: id, pid, displayPid: `S${pid}`, displayId: String.fromCharCode(64 + pid), cid, uid: u._id, username: u.username, title: "", status: 5, language: "C++", code: "int main(){}", submitTime: new Date(), attempt: 1 });
    const status = i % 3 === 0 ? 0 : -1;
    const t = performance.now();
    await applyJudgeEvents(id, [{ kind: "result", msg: { type: "final", submissionId: id, attempt: 1, judger: "bench", status, score: 0, time: 10, memory: 1000, errorMessage: "", cases: [] } }]);
    return performance.now() - t;
  }

  // Warm both paths, then alternate so that drift in the machine weighs on both alike.
  for (let i = 0; i < 5; i++) for (const cid of [1, 2]) await oneVerdict(cid, i);
  const cost: Record<number, number[]> = { 1: [], 2: [] };
  for (let i = 0; i < VERDICTS; i++) for (const cid of [2, 1]) cost[cid].push(await oneVerdict(cid, 100 + i));
  await flushFinishedCounterChanges();
  const big = median(cost[1]);
  const small = median(cost[2]);
  log("");
  log(`| applying one verdict | median ms | p95 ms |`);
  log(`| --- | ---: | ---: |`);
  log(`| ${SMALL} participants | ${small.toFixed(1)} | ${percentile(cost[2].sort((a, b) => a - b), 95).toFixed(1)} |`);
  log(`| ${BIG} participants | ${big.toFixed(1)} | ${percentile(cost[1].sort((a, b) => a - b), 95).toFixed(1)} |`);
  log(`ratio ${BIG} / ${SMALL}: ${(big / small).toFixed(2)} (goal: at most 1.3)`);

  let web: ReturnType<typeof spawn> | null = null;
  try {
    web = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", COOKIE_SECURE: "false", LOG_LEVEL: "error", OJ_ROOT_PASSWORD: "bench-root-pass" },
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor("web server", async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok ?? false, 900_000, web);
    const login = await fetch(`${base}/ojapi/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username: "c0", password: PASSWORD }) });
    const token = login.headers.get("Authorization");
    if (!token) throw new Error(`could not sign in: HTTP ${login.status}`);
    const check = await fetch(`${base}/ojapi/get-contest-rank`, { method: "POST", headers: { Authorization: token, "Content-Type": "application/json" }, body: JSON.stringify({ cid: 1, currentPage: 1, limit: 50 }) });
    const first = (await check.json()) as { data?: { total: number; records: unknown[] } };
    if (first.data?.records.length !== 50) throw new Error(`the board answers no page of 50: ${JSON.stringify(first).slice(0, 200)}`);
    log(`board of contest 1: ${first.data.total} rows`);

    async function timed(make: () => Promise<Response>): Promise<{ ms: number; ok: boolean }> {
      const t = performance.now();
      try {
        const res = await make();
        await res.arrayBuffer();
        return { ms: performance.now() - t, ok: res.ok };
      } catch {
        return { ms: performance.now() - t, ok: false };
      }
    }
    async function load(make: () => Promise<Response>) {
      const lat: number[] = [];
      let errors = 0;
      let verdicts = 0;
      const until = performance.now() + SECONDS * 1000;
      // The board changes under the readers: verdicts keep being applied meanwhile.
      const writer = (async () => {
        for (let i = 0; performance.now() < until; i++) {
          await oneVerdict(1, 10_000 + nextId + i);
          verdicts++;
        }
      })();
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (performance.now() < until) {
            const r = await timed(make);
            lat.push(r.ms);
            if (!r.ok) errors++;
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      await writer;
      lat.sort((a, b) => a - b);
      return { requests: lat.length, errors, rps: lat.length / elapsed, p50: percentile(lat, 50), p95: percentile(lat, 95), verdicts };
    }
    const pages = Math.ceil(BIG / 50);
    const targets: Array<[string, () => Promise<Response>]> = [
      ["static file (/locales/en/contest.json)", () => fetch(`${base}/locales/en/contest.json`, { headers: { "Accept-Encoding": "gzip" } })],
      [
        "board page, 50 rows (POST /ojapi/get-contest-rank, random page)",
        () =>
          fetch(`${base}/ojapi/get-contest-rank`, {
            method: "POST",
            headers: { Authorization: token, "Content-Type": "application/json", "Accept-Encoding": "gzip" },
            body: JSON.stringify({ cid: 1, currentPage: 1 + Math.floor(Math.random() * pages), limit: 50 }),
          }),
      ],
    ];
    const rows = [];
    for (const [name, make] of targets) rows.push({ name, ...(await load(make)) });
    log("");
    log(`| ${CLIENTS} readers, verdicts applied meanwhile | median ms | p95 ms | req/s | requests | errors | verdicts applied | median vs static |`);
    log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`);
    for (const r of rows) {
      log(`| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.rps.toFixed(1)} | ${r.requests} | ${r.errors} | ${r.verdicts} | ${(r.p50 / rows[0].p50).toFixed(1)}x |`);
    }
  } finally {
    if (web) await stopChild(web);
    await closeRedis();
    await disconnectDb();
    await services.stop();
    if (!process.env.KEEP_BENCH_DATA) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
