import path from "node:path";
import { normaliseBasePath } from "~/lib/base-path";
import { loadOrCreateSecrets } from "./secrets.server";

// Every environment variable the web process reads is read here, once. README.md lists them all.

function str(name: string, fallback = ""): string {
  const v = process.env[name];
  return v === undefined || v === "" ? fallback : v;
}

function int(name: string, fallback: number): number {
  const v = Number.parseInt(process.env[name] ?? "", 10);
  return Number.isFinite(v) ? v : fallback;
}

function positive(name: string, fallback: number): number {
  const v = Number(process.env[name] ?? "");
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

const dataDir = path.resolve(str("DATA_DIR", ".data"));

const secrets = loadOrCreateSecrets(dataDir, {
  sessionSecret: str("SESSION_SECRET"),
  judgeToken: str("JUDGE_TOKEN"),
});

export const env = {
  nodeEnv: str("NODE_ENV", "development"),
  isProduction: str("NODE_ENV") === "production",
  port: int("PORT", 3000),
  host: str("HOST", "0.0.0.0"),
  /** Path prefix the site is served under, always with leading and trailing slash. */
  basePath: normaliseBasePath(str("BASE_PATH", "/")),
  /** Public address used in e-mails; defaults to http://localhost:PORT + BASE_PATH. */
  publicUrl: str("PUBLIC_URL", ""),
  dataDir,
  mongodbUri: str("MONGODB_URI", "mongodb://127.0.0.1:27017/oj"),
  redisUrl: str("REDIS_URL", "redis://127.0.0.1:6379"),
  /** Prefix for every Redis key and stream, so several installations can share one Redis. */
  redisPrefix: str("REDIS_PREFIX", "oj:"),
  /**
   * Bounds of every call to the store and Redis: how long a call waits for an unreachable store
   * (server selection, connecting, mongoose's buffering) or Redis (a command, queued or sent);
   * how long a store reply may take at most (a socket silent this long is closed).
   */
  storeTimeoutMs: positive("STORE_TIMEOUT_MS", 5000),
  storeSocketTimeoutMs: positive("STORE_SOCKET_TIMEOUT_MS", 60_000),
  redisTimeoutMs: positive("REDIS_TIMEOUT_MS", 5000),
  sessionSecret: secrets.sessionSecret,
  judgeToken: secrets.judgeToken,
  /** Secure cookies: on in production unless COOKIE_SECURE=false (plain-HTTP intranet installs). */
  cookieSecure: str("COOKIE_SECURE", str("NODE_ENV") === "production" ? "true" : "false") === "true",
  rootPassword: str("OJ_ROOT_PASSWORD", ""),
  logLevel: str("LOG_LEVEL", "info"),
  smtp: {
    host: str("SMTP_HOST"),
    port: int("SMTP_PORT", 587),
    secure: str("SMTP_SECURE", "false") === "true",
    user: str("SMTP_USER"),
    pass: str("SMTP_PASS"),
    from: str("SMTP_FROM"),
  },
  /**
   * Multiplies the per-address allowances of the login, register and e-mail rate limits (the
   * browser tests set 20: every test comes from 127.0.0.1). Per-account limits do not change.
   */
  rateLimitScale: positive("RATE_LIMIT_SCALE", 1),
  judging: {
    /** Consumer name of this process in the "web" group of the results stream (default host-pid). */
    resultConsumer: str("JUDGE_RESULT_CONSUMER"),
    /** How often the sweeper looks for stuck submissions and interrupted counter changes. */
    sweepIntervalMs: int("JUDGE_SWEEP_INTERVAL_MS", 30_000),
    /** A running submission untouched this long, with no task or result in flight, is queued again. */
    stuckMs: int("JUDGE_STUCK_MS", 180_000),
    /** After this many re-queues of one attempt the submission ends as System Error. */
    maxRequeues: int("JUDGE_MAX_REQUEUES", 3),
    /**
     * Progress and case messages wait this long to be written together with those that follow
     * (the pages poll every 2 s, so a second costs nothing visible).
     */
    progressHoldMs: int("JUDGE_PROGRESS_HOLD_MS", 1000),
    /** Submissions the result applier writes at the same time (default: 16, or 1 on FerretDB). */
    applyConcurrency: Math.max(0, int("JUDGE_APPLY_CONCURRENCY", 0)) || undefined,
    /** Self-tests a user may start per minute. */
    selfTestsPerMinute: int("JUDGE_SELF_TESTS_PER_MINUTE", 12),
  },
  /**
   * The upcoming Codeforces rounds of the home call get-recent-other-contest: read from this
   * address's `api/contest.list` (the same variable the judges use for Codeforces submissions).
   */
  codeforcesUrl: str("REMOTE_JUDGE_URL_CF", "https://codeforces.com/"),
  /**
   * The AI helper: defaults of its settings until an admin saves them on /admin/ai (the endpoint's
   * address, key, model and system prompt; on when AI_BASE_URL and AI_MODEL are set), and the
   * bounds of one reply: all of it, and the silence between two parts of a streamed one.
   */
  ai: {
    baseUrl: str("AI_BASE_URL"),
    apiKey: str("AI_API_KEY"),
    model: str("AI_MODEL"),
    systemPrompt: str("AI_SYSTEM_PROMPT"),
    timeoutMs: positive("AI_TIMEOUT_MS", 120_000),
    idleTimeoutMs: positive("AI_IDLE_TIMEOUT_MS", 30_000),
    /**
     * AI_ALLOW_PRIVATE_ENDPOINTS=1: the endpoint may be on this host or the local network
     * (loopback, link-local, private and other non-public addresses), for a model served next to
     * the site. Without it the server sends the key only to public addresses.
     */
    allowPrivateEndpoints: /^(1|true|yes|on)$/i.test(str("AI_ALLOW_PRIVATE_ENDPOINTS")),
  },
} as const;

export function publicUrl(): string {
  return env.publicUrl || `http://localhost:${env.port}${env.basePath}`;
}
