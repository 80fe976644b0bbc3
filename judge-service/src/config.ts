import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { JUDGE_HEARTBEAT_MS, TASK_CLAIM_IDLE_MS } from "../../app/lib/judge-protocol";
import { DEFAULT_METRICS_ALLOW } from "../../app/lib/metrics-access";
import { REMOTE_OJS } from "../../app/lib/problem";
import { DEFAULT_SETTINGS, type JudgeSettings } from "./settings";

// Every environment variable judge-service reads is read here.

type Env = Record<string, string | undefined>;

/** How a judge serves the remote lane (judge-service/src/remote/). */
export interface RemoteOptions {
  /** Remote tasks run at once (0: this judge takes none). JUDGE_REMOTE_CONCURRENCY. */
  concurrency: number;
  /** Base address of each OJ's site (REMOTE_JUDGE_URL_<OJ>), the real one unless configured. */
  baseUrls: Partial<Record<string, string>>;
  /** First and longest wait between two status polls (the wait doubles). */
  pollMinMs: number;
  pollMaxMs: number;
  /** A submission still not judged remotely after this long ends as Submitted Failed. */
  timeoutMs: number;
  /** One HTTP request to a remote site. */
  requestTimeoutMs: number;
  /** How long a submission waits for a free account of its OJ before it ends as Submitted Failed. */
  accountWaitMs: number;
}

export interface JudgeOptions {
  redisUrl: string;
  /** Prefix of every Redis key and stream (the web side uses the same). */
  redisPrefix: string;
  goJudgeUrl: string;
  /** Bearer token of go-judge (-auth-token), if it has one. */
  goJudgeToken: string;
  /** Base address of the web server's internal endpoints, with a trailing slash. */
  webInternalUrl: string;
  judgeToken: string;
  name: string;
  /** Submissions judged at once. */
  concurrency: number;
  /** Self-tests and compile checks at once, on slots of their own. */
  testConcurrency: number;
  heartbeatMs: number;
  /** A pending task idle this long is claimed by another judge. */
  claimIdleMs: number;
  cacheDir: string;
  cacheMaxBytes: number;
  /** How long test data is retried while the web server cannot give it. */
  dataRetryMs: number;
  /** On SIGTERM, how long running tasks may take to finish before they are left to other judges. */
  stopGraceMs: number;
  /** testlib.h placed beside every checker and interactor source: JUDGE_TESTLIB_PATH, else the bundled one. */
  testlibPath: string | null;
  /**
   * The only languages (HOJ names) this judge may advertise and run, among those its sandbox has;
   * null for all of them.
   */
  languages: string[] | null;
  /** Precompiled headers for the C and C++ languages (JUDGE_PCH, on by default; pch.ts). */
  pch: boolean;
  /** The folder of precompiled headers the sandbox shows read-only (JUDGE_PCH_DIR, else <cacheDir>/pch). */
  pchDir: string;
  /** A submission's independent cases run at once on the judge's free slots (JUDGE_PARALLEL_CASES, on by default). */
  parallelCases: boolean;
  settings: JudgeSettings;
  logLevel: string;
  /** Port of the judge's own /healthz, /readyz and /metrics (null: not served). */
  httpPort: number | null;
  httpHost: string;
  /** Who may read /metrics (app/lib/metrics-access.ts). */
  metricsAllow: string;
  metricsToken: string;
  /** How often the sandbox is asked whether it answers (twice as often while it does not). */
  sandboxProbeMs: number;
  remote: RemoteOptions;
}

function str(env: Env, name: string, fallback = ""): string {
  const v = env[name];
  return v === undefined || v === "" ? fallback : v;
}

function int(env: Env, name: string, fallback: number, min = 0): number {
  const v = Number.parseInt(env[name] ?? "", 10);
  return Number.isFinite(v) && v >= min ? v : fallback;
}

/** A comma-separated list (names may hold spaces: "C++ 17 With O2"); null when unset or empty. */
function list(env: Env, name: string): string[] | null {
  const items = str(env, name)
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
  return items.length > 0 ? items : null;
}

/** A switch: on unless set to 0, false, off or no. */
function flag(env: Env, name: string, fallback: boolean): boolean {
  const v = str(env, name).toLowerCase();
  if (v === "") return fallback;
  return !["0", "false", "off", "no"].includes(v);
}

/** A number when set and sensible, else null. */
function optionalInt(env: Env, name: string, min = 0): number | null {
  const v = Number.parseInt(env[name] ?? "", 10);
  return Number.isFinite(v) && v >= min ? v : null;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const BUNDLED_TESTLIB = path.resolve(HERE, "../sandbox/testlib.h");

export function optionsFromEnv(env: Env = process.env): JudgeOptions {
  const dataDir = str(env, "DATA_DIR");
  const cpus = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
  const web = str(env, "WEB_INTERNAL_URL", "http://127.0.0.1:3000/");
  const testlib = str(env, "JUDGE_TESTLIB_PATH", BUNDLED_TESTLIB);
  const cacheDir = str(env, "JUDGE_CACHE_DIR", dataDir ? path.join(path.resolve(dataDir), "judge-cache") : path.join(os.tmpdir(), "oj-judge-cache"));
  return {
    redisUrl: str(env, "REDIS_URL", "redis://127.0.0.1:6379"),
    redisPrefix: str(env, "REDIS_PREFIX", "oj:"),
    goJudgeUrl: str(env, "GO_JUDGE_URL", "http://127.0.0.1:5050"),
    goJudgeToken: str(env, "GO_JUDGE_TOKEN"),
    webInternalUrl: web.endsWith("/") ? web : `${web}/`,
    judgeToken: str(env, "JUDGE_TOKEN"),
    name: str(env, "JUDGE_NAME", `${os.hostname()}-${process.pid}`),
    concurrency: int(env, "JUDGE_CONCURRENCY", cpus, 1),
    testConcurrency: int(env, "JUDGE_TEST_CONCURRENCY", 1, 1),
    heartbeatMs: int(env, "JUDGE_HEARTBEAT_MS", JUDGE_HEARTBEAT_MS, 100),
    claimIdleMs: int(env, "JUDGE_CLAIM_IDLE_MS", TASK_CLAIM_IDLE_MS, 100),
    cacheDir,
    cacheMaxBytes: int(env, "JUDGE_CACHE_MAX_MB", 2048, 1) * 1024 * 1024,
    dataRetryMs: int(env, "JUDGE_DATA_RETRY_MS", 10 * 60_000, 0),
    // Below the 8 s after which the launcher (scripts/lib/stack.ts) kills a child that is still there.
    stopGraceMs: int(env, "JUDGE_STOP_GRACE_MS", 5000, 0),
    // The bundled header unless another one is configured and present.
    testlibPath: existsSync(testlib) ? testlib : existsSync(BUNDLED_TESTLIB) ? BUNDLED_TESTLIB : null,
    languages: list(env, "JUDGE_LANGUAGES"),
    pch: flag(env, "JUDGE_PCH", true),
    pchDir: path.resolve(str(env, "JUDGE_PCH_DIR", path.join(cacheDir, "pch"))),
    parallelCases: flag(env, "JUDGE_PARALLEL_CASES", true),
    settings: {
      ...DEFAULT_SETTINGS,
      compileTimeMs: optionalInt(env, "JUDGE_COMPILE_TIME_MS", 100),
      outputLimitBytes: int(env, "JUDGE_OUTPUT_LIMIT_MB", DEFAULT_SETTINGS.outputLimitBytes / (1024 * 1024), 1) * 1024 * 1024,
    },
    logLevel: str(env, "LOG_LEVEL", "info"),
    httpPort: optionalInt(env, "JUDGE_HTTP_PORT", 0),
    httpHost: str(env, "JUDGE_HTTP_HOST", "0.0.0.0"),
    metricsAllow: str(env, "METRICS_ALLOW", DEFAULT_METRICS_ALLOW),
    metricsToken: str(env, "METRICS_TOKEN"),
    sandboxProbeMs: int(env, "JUDGE_SANDBOX_PROBE_MS", 2000, 100),
    remote: {
      concurrency: int(env, "JUDGE_REMOTE_CONCURRENCY", 4, 0),
      baseUrls: Object.fromEntries(REMOTE_OJS.flatMap((oj) => (env[`REMOTE_JUDGE_URL_${oj}`] ? [[oj, env[`REMOTE_JUDGE_URL_${oj}`]!]] : []))),
      pollMinMs: int(env, "REMOTE_JUDGE_POLL_MS", 1000, 10),
      pollMaxMs: int(env, "REMOTE_JUDGE_POLL_MAX_MS", 10_000, 10),
      timeoutMs: int(env, "REMOTE_JUDGE_TIMEOUT_MS", 15 * 60_000, 100),
      requestTimeoutMs: int(env, "REMOTE_JUDGE_REQUEST_TIMEOUT_MS", 20_000, 100),
      accountWaitMs: int(env, "REMOTE_JUDGE_ACCOUNT_WAIT_MS", 5 * 60_000, 0),
    },
  };
}

export function readTestlib(p: string | null): string | null {
  if (!p) return null;
  try {
    return readFileSync(p, "utf8");
  } catch {
    return null;
  }
}
