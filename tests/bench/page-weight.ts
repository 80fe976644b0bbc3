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

const GOALS = { list: 100 * 1024, problem: 300 * 1024 };
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
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    for (const [name, fig, goal] of [
      ["problem list", listFig, GOALS.list],
      ["problem page with the editor loaded", problemFig, GOALS.problem],
    ] as const) {
      log(`${name}: ${kb(fig.total)} of JavaScript transferred (goal < ${kb(goal)}: ${fig.total < goal ? "met" : "NOT met"}) in ${fig.list.length} files, ${kb(fig.headers)} of it headers`);
      for (const f of fig.list) log(`    ${kb(f.bytes).padStart(9)}  ${new URL(f.url).pathname}  (${f.encoding}, headers ${f.headers} B)`);
    }
  } finally {
    await browser.close();
    if (web) await stopChild(web);
    await services.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
