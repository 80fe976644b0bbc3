import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { prepareSandboxHost } from "../../judge-service/src/sandbox-host";
import { forgetPid, recordPid, stopLeftovers } from "./pids";
import { pipeWithPrefix, type LineSink } from "./prefix";
import { supervise, type Supervised } from "./supervisor";

// Finds or starts the services the site needs: a MongoDB-compatible store, Redis and the go-judge
// sandbox. Used by `npm start` (scripts/launch.ts) and by the test set-up, each with its own DATA_DIR.

export const FERRETDB_MODULE = "github.com/FerretDB/FerretDB";
export const FERRETDB_VERSION = "v1.24.2";
/**
 * FerretDB 1.24's SQLite storage looks documents up by _id with an expression its own _id index
 * does not match, and pushes no other condition down, so every read and write scanned the whole
 * collection (a submission read took 0.4 s at 2,000 submissions). This patch writes the _id
 * expression as the index does and pushes top-level equalities (_id, _id $in, other fields) down
 * as a superset that indexes serve; FerretDB still applies the whole filter to what it finds.
 */
export const FERRETDB_PATCH = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../patches/ferretdb-1.24.2-sqlite-pushdown.patch");
export const GO_JUDGE_MODULE = "github.com/criyle/go-judge";
export const GO_JUDGE_VERSION = "v1.12.2";

export interface ServiceOptions {
  dataDir: string;
  toolsDir: string;
  sink: LineSink;
  /** Environment to read overrides from (MONGODB_URI, REDIS_URL, GO_JUDGE_URL). */
  env?: NodeJS.ProcessEnv;
  /** Extra go-judge flags (tests lower parallelism, for instance). */
  goJudgeArgs?: string[];
}

export interface RunningServices {
  mongodbUri: string;
  redisUrl: string;
  goJudgeUrl: string;
  /** Which store is in use: "external", "mongod", "ferretdb" or "memory-server". */
  store: string;
  /** The processes started here, watched and restarted when they die, by log name. */
  children: Record<string, Supervised>;
  /** Stops the sandbox, then Redis, then the store. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function canConnect(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    sock.once("connect", () => {
      sock.destroy();
      resolve(true);
    });
    sock.once("error", () => resolve(false));
  });
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} while starting`);
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000}s`);
}

export function which(cmd: string): string | null {
  const res = spawnSync("sh", ["-c", `command -v ${cmd}`], { encoding: "utf8" });
  const out = res.stdout.trim();
  return res.status === 0 && out ? out : null;
}

/**
 * Builds a Go command of a module at an exact version into toolsDir/bin, once. The module source
 * comes from the Go module proxy (`go mod download`), which works even where the proxy refuses
 * version listings that `go install pkg@version` needs. FerretDB reads its version from a file its
 * release process generates, so that file is written before building.
 */
export function ensureGoTool(opts: {
  toolsDir: string;
  binary: string;
  module: string;
  version: string;
  pkg: string;
  sink: LineSink;
  versionFile?: string;
  /** A unified diff applied to the module's source before the build (its hash is part of the stamp). */
  patch?: string;
}): string {
  const bin = path.join(opts.toolsDir, "bin", opts.binary);
  const stamp = `${bin}.version`;
  const patch = opts.patch ? readFileSync(opts.patch) : null;
  const wanted = patch ? `${opts.version}+patch.${createHash("sha256").update(patch).digest("hex").slice(0, 12)}` : opts.version;
  if (existsSync(bin) && existsSync(stamp) && readFileSync(stamp, "utf8").trim() === wanted) {
    return bin;
  }
  if (!which("go")) {
    throw new Error(`Go is needed to build ${opts.binary} ${opts.version} (or set the matching URL variable)`);
  }
  opts.sink(`building ${opts.binary} ${opts.version} (once; kept in ${path.dirname(bin)})`);
  mkdirSync(path.dirname(bin), { recursive: true });
  const dl = spawnSync("go", ["mod", "download", "-json", `${opts.module}@${opts.version}`], {
    encoding: "utf8",
    env: { ...process.env, GOFLAGS: "-mod=mod" },
    cwd: os.tmpdir(),
  });
  if (dl.status !== 0) throw new Error(`go mod download ${opts.module}@${opts.version} failed: ${dl.stderr || dl.stdout}`);
  const dir = (JSON.parse(dl.stdout) as { Dir?: string }).Dir;
  if (!dir) throw new Error(`go mod download gave no source folder for ${opts.module}`);
  const work = mkdtempSync(path.join(os.tmpdir(), `${opts.binary}-src-`));
  try {
    cpSync(dir, work, { recursive: true });
    spawnSync("chmod", ["-R", "u+w", work]);
    if (opts.versionFile) writeFileSync(path.join(work, opts.versionFile), `${opts.version}\n`);
    if (opts.patch) {
      const applied = spawnSync("git", ["apply", "-p1", opts.patch], { cwd: work, encoding: "utf8" });
      if (applied.status !== 0) throw new Error(`applying ${opts.patch} to ${opts.binary} failed:\n${applied.stderr}`);
    }
    const res = spawnSync("go", ["build", "-trimpath", "-o", bin, opts.pkg], {
      cwd: work,
      encoding: "utf8",
      env: { ...process.env, CGO_ENABLED: "0", GOFLAGS: "-mod=mod" },
    });
    if (res.status !== 0) throw new Error(`building ${opts.binary} failed:\n${res.stderr}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  chmodSync(bin, 0o755);
  writeFileSync(stamp, wanted);
  opts.sink(`built ${bin}`);
  return bin;
}

type Stopper = () => Promise<void>;

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/** SIGTERM to the child's process group, SIGKILL after `timeoutMs`. */
export function stopChild(child: ChildProcess, timeoutMs = 8000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => signalGroup(child, "SIGKILL"), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    signalGroup(child, "SIGTERM");
  });
}

/**
 * Starts a child in its own process group with prefixed output, and records its pid under DATA_DIR
 * so a later start can clean up after a launcher that was killed hard.
 */
export function launchChild(
  o: { dataDir: string; sink: LineSink },
  name: string,
  command: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
): { child: ChildProcess; stop: () => Promise<void> } {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], detached: true, env: env ?? process.env });
  pipeWithPrefix(child, name, o.sink);
  recordPid(o.dataDir, child.pid, name, command === process.execPath ? args.join(" ") : command);
  child.once("exit", () => forgetPid(o.dataDir, child.pid));
  return { child, stop: () => stopChild(child) };
}

/**
 * Starts a child as launchChild does, waits until `ready` says it serves, then keeps it running:
 * when it dies it is started again, with the same command (so on the same port), after a backoff
 * (scripts/lib/supervisor.ts).
 */
export function superviseChild(
  o: { dataDir: string; sink: LineSink },
  name: string,
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; ready?: () => Promise<boolean>; readyTimeoutMs?: number } = {},
): Promise<Supervised> {
  return supervise(
    {
      name,
      launch: () => launchChild(o, name, command, args, opts.env).child,
      ready: opts.ready,
      readyTimeoutMs: opts.readyTimeoutMs,
      stop: (child) => stopChild(child),
    },
    o.sink,
  );
}

/** Whether a GET of `url` answers 2xx within 2 s. */
export async function httpOk(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

type Children = Record<string, Supervised>;

async function startStore(o: ServiceOptions, children: Children, stoppers: Stopper[]): Promise<{ uri: string; store: string }> {
  const env = o.env ?? process.env;
  if (env.MONGODB_URI) return { uri: env.MONGODB_URI, store: "external" };

  const mongod = which("mongod");
  if (mongod) {
    const port = await freePort();
    const dbPath = path.join(o.dataDir, "mongod");
    mkdirSync(dbPath, { recursive: true });
    children.mongo = await superviseChild(o, "mongo", mongod, ["--dbpath", dbPath, "--port", String(port), "--bind_ip", "127.0.0.1", "--quiet"], {
      ready: () => canConnect(port),
    });
    return { uri: `mongodb://127.0.0.1:${port}/oj`, store: "mongod" };
  }

  if (which("go")) {
    const bin = ensureGoTool({
      toolsDir: o.toolsDir,
      binary: "ferretdb",
      module: FERRETDB_MODULE,
      version: FERRETDB_VERSION,
      patch: FERRETDB_PATCH,
      pkg: "./cmd/ferretdb",
      versionFile: "build/version/version.txt",
      sink: o.sink,
    });
    const port = await freePort();
    const debugPort = await freePort();
    const sqliteDir = path.join(o.dataDir, "ferretdb");
    const stateDir = path.join(o.dataDir, "ferretdb-state");
    mkdirSync(sqliteDir, { recursive: true });
    mkdirSync(stateDir, { recursive: true });
    // SQLite storage under the data folder by default; FERRETDB_POSTGRESQL_URL puts the data in a
    // PostgreSQL database instead (FerretDB then uses PostgreSQL indexes for equality filters).
    const pgUrl = (o.env ?? process.env).FERRETDB_POSTGRESQL_URL;
    const storage = pgUrl ? ["--handler=postgresql", `--postgresql-url=${pgUrl}`] : ["--handler=sqlite", `--sqlite-url=file:${sqliteDir}/`];
    children.store = await superviseChild(
      o,
      "store",
      bin,
      [
        ...storage,
        `--state-dir=${stateDir}`,
        `--listen-addr=127.0.0.1:${port}`,
        `--debug-addr=127.0.0.1:${debugPort}`,
        "--telemetry=disable",
        "--log-level=error",
        "--log-format=text",
      ],
      { ready: () => canConnect(port) },
    );
    return { uri: `mongodb://127.0.0.1:${port}/oj`, store: pgUrl ? "ferretdb-postgresql" : "ferretdb" };
  }

  // Last resort: a MongoDB binary fetched by mongodb-memory-server (needs internet on first use).
  const { MongoMemoryServer } = await import("mongodb-memory-server-core");
  const dbPath = path.join(o.dataDir, "mongo-memory");
  mkdirSync(dbPath, { recursive: true });
  const server = await MongoMemoryServer.create({ instance: { dbPath, storageEngine: "wiredTiger" } });
  stoppers.push(async () => {
    await server.stop({ doCleanup: false });
  });
  return { uri: server.getUri("oj"), store: "memory-server" };
}

async function pingRedis(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host: "127.0.0.1" });
    sock.once("connect", () => sock.write("PING\r\n"));
    sock.once("data", (d) => {
      sock.destroy();
      resolve(d.toString().startsWith("+PONG"));
    });
    sock.once("error", () => resolve(false));
  });
}

async function startRedis(o: ServiceOptions, children: Children): Promise<string> {
  const env = o.env ?? process.env;
  if (env.REDIS_URL) return env.REDIS_URL;
  const bin = which("redis-server");
  if (!bin) throw new Error("redis-server is not installed: install Redis or set REDIS_URL");
  const port = await freePort();
  const dir = path.join(o.dataDir, "redis");
  mkdirSync(dir, { recursive: true });
  children.redis = await superviseChild(o, "redis", bin, [
      "--port", String(port),
      "--bind", "127.0.0.1",
      "--dir", dir,
      // Judge tasks and results must survive a restart, a crash included: append-only file,
      // synced before every reply (a killed Redis then loses no acknowledged task or result).
      "--appendonly", "yes",
      "--appendfsync", "always",
      "--save", "",
      "--daemonize", "no",
      "--loglevel", "warning",
  ], { ready: () => pingRedis(port), readyTimeoutMs: 30_000 });
  return `redis://127.0.0.1:${port}`;
}

async function startGoJudge(o: ServiceOptions, children: Children): Promise<string> {
  const env = o.env ?? process.env;
  if (env.GO_JUDGE_URL) return env.GO_JUDGE_URL;
  const { url, sandbox } = await startSandbox(o);
  children.sandbox = sandbox;
  return url;
}

/** A go-judge of its own under the data folder, watched like the others (tests stop and start one). */
export async function startSandbox(o: ServiceOptions): Promise<{ url: string; sandbox: Supervised }> {
  const env = o.env ?? process.env;
  const bin = ensureGoTool({
    toolsDir: o.toolsDir,
    binary: "go-judge",
    module: GO_JUDGE_MODULE,
    version: GO_JUDGE_VERSION,
    pkg: "./cmd/go-judge",
    sink: o.sink,
  });
  const port = await freePort();
  const fileDir = path.join(o.dataDir, "go-judge");
  mkdirSync(fileDir, { recursive: true });
  const args = [
    `-http-addr=127.0.0.1:${port}`,
    `-dir=${fileDir}`,
    // A distinct cgroup name per instance, so tests and a running site never share one.
    `-cgroup-prefix=oj${port}`,
    "-release",
    "-silent",
    ...(o.goJudgeArgs ?? []),
  ];
  // What programs in the sandbox see: the system tree and this machine's toolchains, read-only
  // (generated by judge-service/src/sandbox-host.ts; GO_JUDGE_MOUNT_CONF names a file of one's own).
  const host = env.GO_JUDGE_MOUNT_CONF
    ? null
    : prepareSandboxHost({
        mountConfPath: path.join(o.dataDir, "go-judge-mount.yaml"),
        goCacheDir: env.JUDGE_GO_CACHE_DIR || undefined,
        // The judge's folder of precompiled headers (its JUDGE_PCH_DIR default), which it builds into.
        pchDir: path.resolve(env.JUDGE_PCH_DIR || path.join(env.JUDGE_CACHE_DIR || path.join(o.dataDir, "judge-cache"), "pch")),
        log: (line) => o.sink(line, "sandbox"),
      });
  args.push(`-mount-conf=${env.GO_JUDGE_MOUNT_CONF || host?.mountConfPath}`);
  const sandbox = await superviseChild(o, "sandbox", bin, args, { ready: () => httpOk(`http://127.0.0.1:${port}/version`), readyTimeoutMs: 30_000 });
  // Go compiles are only quick once the standard packages are in the cache (done once per machine).
  await host?.goCacheWarm;
  return { url: `http://127.0.0.1:${port}`, sandbox };
}

export async function startServices(o: ServiceOptions): Promise<RunningServices> {
  mkdirSync(o.dataDir, { recursive: true });
  await stopLeftovers(o.dataDir, (line) => o.sink(line, "start"));
  const children: Children = {};
  const stoppers: Stopper[] = [];
  // The sandbox first, the store last: what uses a service stops before it.
  const stop = async () => {
    for (const name of ["sandbox", "redis", "store", "mongo"]) await children[name]?.stop().catch(() => undefined);
    for (const s of stoppers.reverse()) await s().catch(() => undefined);
  };
  try {
    const starting = [startStore(o, children, stoppers), startRedis(o, children), startGoJudge(o, children)] as const;
    // All three settle before a failure is reported, so that stop() finds every one started.
    await Promise.allSettled(starting);
    const [store, redisUrl, goJudgeUrl] = await Promise.all(starting);
    return { mongodbUri: store.uri, store: store.store, redisUrl, goJudgeUrl, children, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
