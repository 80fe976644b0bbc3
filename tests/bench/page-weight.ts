import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import mongoose from "mongoose";
import { chromium, type Page } from "@playwright/test";
import { freePort, startServices, stopChild, waitFor } from "../../scripts/lib/services";

// npm run bench:weight — the compressed JavaScript a phone downloads: the problem list (goal under
// 100 KB) and a problem page once its code editor has loaded (goal under 300 KB). Measured in
// Chromium as the bytes transferred for every script response, preloaded, imported or loaded
// later (after compression, response headers included: that is what crosses the network), once
// the page is interactive and its network has gone quiet. Every file is listed, with the part of
// it that was headers and the encoding the server chose for what the browser asked (Chromium asks
// for brotli from https and from 127.0.0.1). BENCH_ACCEPT_ENCODING="gzip, deflate" measures a
// client that cannot take brotli.
//
// Then the time to a usable page on a slow phone: Chromium at a phone's size with touch, its CPU
// slowed 4× and its network at 150 ms latency and 1.6 Mbit/s down (750 kbit/s up), through the
// DevTools protocol; an empty browser cache, the server having answered the page once before.
// "Usable" is the moment the page's scripts have attached (the root marks the document hydrated
// once the whole tree is interactive); on the problem page the plain code area works from then
// on, and the figure after it is the code editor ready once the reader scrolls to the code area. The
// same profile at a desktop's size shows the problem page's editor ready without a touch (its
// modules preloaded with the page). Goals: the lists within 2.5 s, the problem page within 3 s.

const GOALS = { list: 100 * 1024, problem: 300 * 1024, listUsableMs: 2500, problemUsableMs: 3000 };
const SLOW = { cpuRate: 4, latencyMs: 150, downBytesPerSec: (1.6e6 / 8) | 0, upBytesPerSec: (750e3 / 8) | 0 };
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

async function seed(uri: string) {
  const client = new mongoose.mongo.MongoClient(uri);
  await client.connect();
  const db = client.db();
  await db.collection("tags").insertOne({ _id: 1, name: "Math", nameLower: "math", color: "#19be6b", oj: "ME", gid: null, tcid: null } as never);
  await db.collection("problems").insertOne({
    _id: 1000,
    problemId: "P1000",
    problemIdUpper: "P1000",
    title: "A + B",
    description: "Given $a$ and $b$, print $a+b$.\n\n$$\\sum_{i=1}^n i$$",
    input: "Two integers.",
    output: "One integer.",
    examples: [{ input: "1 2", output: "3" }],
    difficulty: 0,
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
    tags: [1],
    languages: ["C", "C++", "Java", "Python3"],
    codeTemplates: [],
    userExtraFile: [],
    testCases: [],
    testCaseHash: "",
    total: 10,
    ac: 5,
  } as never);
  // A status list with a page of rows.
  const now = Date.now();
  await db.collection("users").insertOne({ _id: "weight-user", username: "learner", usernameLower: "learner", email: "", emailLower: "#w", passwordHash: "x", role: 1002, status: 0 } as never);
  await db.collection("submissions").insertMany(
    Array.from({ length: 40 }, (_, i) => ({
      _id: i + 1,
      pid: 1000,
      displayPid: "P1000",
      displayId: "",
      cid: 0,
      tid: 0,
      gid: null,
      uid: "weight-user",
      username: "learner",
      title: "A + B",
      status: i % 3 === 0 ? -1 : 0,
      score: 0,
      time: 10 + i,
      memory: 1024,
      length: 120,
      language: "C++",
      code: "int main() {}",
      submitTime: new Date(now - (40 - i) * 60_000),
      judger: "judge-1",
      isManual: false,
      share: false,
      attempt: 1,
      countersApplied: 1,
      gmtModified: new Date(now),
    })) as never[],
  );
  await db.collection("counters").updateOne({ _id: "submission" as never }, { $set: { seq: 40 } }, { upsert: true });
  await client.close();
}

async function main() {
  if (!existsSync("build/index.js")) throw new Error("build/index.js is missing: run `npx remix build` first");
  // A build made with NODE_ENV set to anything else is unminified and carries React's development
  // code: measuring it would say nothing about what visitors get.
  if (!/\bmode = "production"/.test(readFileSync("build/index.js", "utf8"))) {
    throw new Error("build/index.js is not a production build: run `npx remix build` without NODE_ENV set (or with NODE_ENV=production)");
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "oj-weight-"));
  const services = await startServices({
    dataDir,
    toolsDir: path.resolve(process.env.TOOLS_DIR ?? ".tools"),
    sink: () => undefined,
    env: { ...process.env, GO_JUDGE_URL: "http://127.0.0.1:9" },
  });
  let web: ReturnType<typeof spawn> | null = null;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
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
        REDIS_PREFIX: `weight${port}:`,
        DATA_DIR: dataDir,
        COOKIE_SECURE: "false",
        LOG_LEVEL: "error",
        OJ_ROOT_PASSWORD: "weight-root-pass",
      },
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor("web server", async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok ?? false, 300_000, web);

    const measure = async (url: string, ready: (page: Page) => Promise<void>) => {
      const context = await browser.newContext(ACCEPT_ENCODING ? { extraHTTPHeaders: { "Accept-Encoding": ACCEPT_ENCODING } } : {});
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      const kind = new Map<string, { url: string; headers: number; encoding: string }>();
      const files = new Map<string, { url: string; bytes: number; headers: number; encoding: string }>();
      // Resource type "Script" covers <script>, modulepreload links and import(); the response's
      // own encodedDataLength is what had arrived with its headers.
      cdp.on("Network.responseReceived", (e) => {
        if (e.type !== "Script") return;
        const encoding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === "content-encoding")?.[1] ?? "identity";
        kind.set(e.requestId, { url: e.response.url, headers: e.response.encodedDataLength, encoding });
      });
      cdp.on("Network.loadingFinished", (e) => {
        const r = kind.get(e.requestId);
        if (r) files.set(e.requestId, { ...r, bytes: e.encodedDataLength });
      });
      await page.goto(url, { waitUntil: "load" });
      await ready(page);
      await page.waitForLoadState("networkidle");
      await context.close();
      const list = [...files.values()].sort((a, b) => b.bytes - a.bytes);
      return { total: list.reduce((n, f) => n + f.bytes, 0), headers: list.reduce((n, f) => n + f.headers, 0), list };
    };

    // Interactive: the page marks the document once its click handlers are attached (what the
    // browser tests wait for too); code loaded after that is still counted, until the network is idle.
    const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.authReady === "1", null, { timeout: 60_000 });
    const listFig = await measure(`${base}/problem`, async (page) => {
      await page.waitForSelector('[data-testid="problem-table"]');
      await hydrated(page);
    });
    const problemFig = await measure(`${base}/problem/P1000`, async (page) => {
      await page.waitForSelector(".cm-content", { timeout: 60_000 });
      await hydrated(page);
    });
    // Time to a usable page on the slow profile.
    const slowLoad = async (url: string, opts: { phone: boolean; editor: "touch" | "auto" | null }) => {
      await fetch(url).catch(() => undefined);
      const context = await browser.newContext(
        opts.phone ? { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { viewport: { width: 1366, height: 768 } },
      );
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: SLOW.latencyMs, downloadThroughput: SLOW.downBytesPerSec, uploadThroughput: SLOW.upBytesPerSec });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW.cpuRate });
      let scripts = 0;
      cdp.on("Network.loadingFinished", (e) => (scripts += e.encodedDataLength));
      await page.goto(url, { waitUntil: "commit" });
      // Polled in the page: the moment is its own clock's (performance.now() counts from the
      // navigation's start), within one polling interval.
      const at = async (probe: () => number | false) =>
        (await (await page.waitForFunction(probe, null, { timeout: 120_000, polling: 20 })).jsonValue()) as number;
      const usable = await at(() => {
        const d = document.documentElement.dataset;
        return d.hydrated === "1" ? performance.now() : false;
      });
      let editorMs: number | null = null;
      if (opts.editor) {
        const touchedAt = opts.editor === "touch" ? await page.evaluate(() => performance.now()) : 0;
        if (opts.editor === "touch") {
          // The reader scrolls to the code area and touches it.
          await page.getByTestId("code-textarea").scrollIntoViewIfNeeded();
          await page.getByTestId("code-textarea").tap().catch(() => undefined);
        }
        editorMs = (await at(() => (document.querySelector(".cm-content") ? performance.now() : false))) - touchedAt;
      }
      const marks = await page.evaluate(() => ({
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
        ttfb: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.responseStart ?? NaN,
      }));
      await context.close();
      return { ...marks, usable, editorMs, bytes: scripts };
    };
    const slowFigures: Array<{ name: string; goal: number; fig: Awaited<ReturnType<typeof slowLoad>>; editorNote?: string }> = [];
    slowFigures.push({ name: "problem list (/problem), phone", goal: GOALS.listUsableMs, fig: await slowLoad(`${base}/problem`, { phone: true, editor: null }) });
    slowFigures.push({ name: "submission list (/status), phone", goal: GOALS.listUsableMs, fig: await slowLoad(`${base}/status`, { phone: true, editor: null }) });
    slowFigures.push({
      name: "problem page (/problem/P1000), phone",
      goal: GOALS.problemUsableMs,
      fig: await slowLoad(`${base}/problem/P1000`, { phone: true, editor: "touch" }),
      editorNote: "after scrolling to it",
    });
    slowFigures.push({
      name: "problem page (/problem/P1000), desktop size",
      goal: GOALS.problemUsableMs,
      fig: await slowLoad(`${base}/problem/P1000`, { phone: false, editor: "auto" }),
      editorNote: "from the start",
    });

    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    for (const [name, fig, goal] of [
      ["problem list", listFig, GOALS.list],
      ["problem page with the editor loaded", problemFig, GOALS.problem],
    ] as const) {
      log(`${name}: ${kb(fig.total)} of JavaScript transferred (goal < ${kb(goal)}: ${fig.total < goal ? "met" : "NOT met"}) in ${fig.list.length} files, ${kb(fig.headers)} of it headers`);
      for (const f of fig.list) log(`    ${kb(f.bytes).padStart(9)}  ${new URL(f.url).pathname}  (${f.encoding}, headers ${f.headers} B)`);
    }
    log("");
    log(`Slow profile (CPU ${SLOW.cpuRate}× slower, ${SLOW.latencyMs} ms latency, 1.6 Mbit/s down), load average ${os.loadavg().map((l) => l.toFixed(2)).join(", ")}:`);
    log("");
    log("| page | first byte ms | first paint ms | usable ms | goal | editor ready ms | transferred |");
    log("| --- | ---: | ---: | ---: | --- | ---: | ---: |");
    for (const { name, goal, fig, editorNote } of slowFigures) {
      const met = fig.usable <= goal ? "met" : "NOT met";
      const editor = fig.editorMs === null ? "" : `${fig.editorMs.toFixed(0)} (${editorNote})`;
      log(`| ${name} | ${fig.ttfb.toFixed(0)} | ${fig.fcp.toFixed(0)} | ${fig.usable.toFixed(0)} | ≤ ${goal} ms: ${met} | ${editor} | ${kb(fig.bytes)} |`);
    }
  } finally {
    await browser.close();
    if (web) await stopChild(web);
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
