import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Request, type Response } from "express";
import helmet from "helmet";
import pino from "pino";
import { pinoHttp } from "pino-http";
import { normaliseBasePath } from "./app/lib/base-path";
import { bodyLimits } from "./server/body-limit";
import { buildAssets } from "./server/build-assets";
import { sameOriginWrites } from "./server/same-origin";
import { pageCache, type PageCacheHooks } from "./server/page-cache";
import { observabilityRoutes, requestTimer, routeLabeller, type ObservabilityHooks } from "./server/observability";
import { trustProxySetting } from "./server/trust-proxy";

// The web process: Express in front of the Remix request handler. Business rules live in app/;
// this file only wires HTTP concerns (security headers, compression, logging, static files).

const isProduction = process.env.NODE_ENV === "production";
const isDev = process.argv.includes("--dev") || process.env.NODE_ENV === "development";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const basePath = normaliseBasePath(process.env.BASE_PATH);
process.env.BASE_PATH = basePath;

const log = pino({ level: process.env.LOG_LEVEL ?? "info", base: { svc: "web" } });
const BUILD_PATH = path.resolve("build/index.js");

type HookedBuild = ServerBuild & {
  entry: ServerBuild["entry"] & {
    module: ServerBuild["entry"]["module"] & {
      serverHooks?: { start(): Promise<void>; stop(): Promise<void> } & ObservabilityHooks;
      /** Every route's loader and action answering 503 when the store or Redis is unreachable. */
      guardRouteModules?: (build: HookedBuild) => HookedBuild;
      /** Languages and versions of pages for the rendered copies of anonymous list pages. */
      pageCacheHooks?: PageCacheHooks;
    };
  };
};

/** Rewrites "/build/..." asset URLs in the manifest when the site lives under a base path. */
function withBasePath(build: HookedBuild): HookedBuild {
  if (basePath === "/") return build;
  const prefix = (u: string) => (u.startsWith("/build/") ? basePath + u.slice(1) : u);
  const fix = (v: unknown): unknown => {
    if (typeof v === "string") return prefix(v);
    if (Array.isArray(v)) return v.map(fix);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fix(x)]));
    return v;
  };
  return { ...build, basename: basePath, publicPath: prefix(build.publicPath), assets: fix(build.assets) as HookedBuild["assets"] };
}

let buildMtime = 0;
let currentBuild: HookedBuild | null = null;

async function loadBuild(): Promise<HookedBuild> {
  const mtime = statSync(BUILD_PATH).mtimeMs;
  if (!currentBuild || (isDev && mtime !== buildMtime)) {
    buildMtime = mtime;
    const mod = (await import(`${pathToFileURL(BUILD_PATH).href}?t=${mtime}`)) as HookedBuild;
    const guard = mod.entry.module.guardRouteModules;
    currentBuild = withBasePath(guard ? guard(mod) : mod);
  }
  return currentBuild;
}

if (!existsSync(BUILD_PATH)) {
  log.fatal("build/index.js is missing: run `npm run build` (npm start does it for you)");
  process.exit(1);
}

const build = await loadBuild();
const hooks = build.entry.module.serverHooks;

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));

// Request durations by route, for /metrics (server/observability.ts).
const observed = () => currentBuild?.entry.module.serverHooks;
app.use(requestTimer(observed, routeLabeller(() => currentBuild?.routes, basePath)));

// The browser build's scripts and styles, compressed once and served with few headers, ahead of
// the page middleware (see server/build-assets.ts). They import each other, and name route modules,
// by "/build/..." URLs; rewriting the server's manifest does not reach those, so under a base path
// they are served with those URLs moved under it (one build serves any base path).
const assets = buildAssets(
  path.resolve("public/build"),
  basePath === "/" ? undefined : (text) => text.replace(/(["'`(])\/build\//g, `$1${basePath}build/`),
);
app.use(`${basePath}build`, assets.handler);

/** Statuses that answer another service's failure, not one of this site's own. */
const OTHERS_FAULT = new Set([502, 503, 504]);

// Request id: an incoming X-Request-Id of a safe form (a proxy's, for tracing a request through it;
// a client choosing one only labels its own requests) or one made here; echoed back and logged.
app.use(
  pinoHttp({
    logger: log,
    genReqId(req, res) {
      const incoming = req.headers["x-request-id"];
      const id = typeof incoming === "string" && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    autoLogging: { ignore: (req) => /\/(build|locales)\/|\/(healthz|readyz|metrics)$/.test(req.url ?? "") },
    customLogLevel(_req, res, err) {
      // 503: the store or Redis is unreachable, logged once every few seconds by app/http/outage.server.ts;
      // 502 and 504: a service the site calls (the AI endpoint) failed, logged where it is called.
      if (!err && OTHERS_FAULT.has(res.statusCode)) return "warn";
      if (err || res.statusCode >= 500) return "error";
      if (res.statusCode >= 400) return "warn";
      return "info";
    },
    // Nor does such an answer need the stack of an error made up for its status.
    customErrorObject: (_req, res, _err, val: Record<string, unknown>) => (OTHERS_FAULT.has(res.statusCode) && !res.err ? { ...val, err: undefined } : val),
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  }),
);

app.use((_req, res, next) => {
  res.locals.nonce = randomBytes(16).toString("base64");
  next();
});

app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce as string}'`],
        // The code editor and KaTeX set inline styles.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "connect-src": ["'self'", ...(isDev ? ["ws:"] : [])],
        "font-src": ["'self'", "data:"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'self'"],
        "upgrade-insecure-requests": isProduction && process.env.COOKIE_SECURE !== "false" ? [] : null,
      },
    },
    // Cross-origin isolation headers would break images from other sites in statements.
    crossOriginEmbedderPolicy: false,
    // Not helmet's "no-referrer": with it a browser sends `Origin: null` on a plain form POST,
    // which Remix refuses as cross-site (every form without JavaScript would fail), and the
    // 404 page's Back link could not know where the visitor came from. Other sites still get
    // nothing.
    referrerPolicy: { policy: "same-origin" },
    strictTransportSecurity: isProduction && process.env.COOKIE_SECURE !== "false",
  }),
);

// Compression that never buffers streams: server-sent events (the live submission status) and the
// Contest API's event feed (NDJSON).
app.use(
  compression({
    filter(req, res) {
      const type = String(res.getHeader("Content-Type") ?? "");
      if (type.includes("text/event-stream") || type.includes("application/x-ndjson")) return false;
      return compression.filter(req, res);
    },
  }),
);

const router = express.Router();
// Writes a cookie authenticates come from the site's own pages only (server/same-origin.ts), and
// each route takes a body of its own size (server/body-limit.ts); both refuse before the pages run.
router.use(sameOriginWrites({ basePath, publicUrl: process.env.PUBLIC_URL }), bodyLimits({ basePath }));
// Liveness for the launcher, the tests and container health checks.
router.get("/healthz", (_req, res) => {
  res.type("text/plain").send("ok");
});
// Readiness (the store and Redis answer) and Prometheus metrics (README, "Metrics and alerts").
router.use(observabilityRoutes(observed, process.env, (msg) => log.warn(msg)));
router.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", index: false }));
router.use("/locales", express.static("locales", { maxAge: isProduction ? "1h" : 0, index: false }));
router.use(express.static("public", { maxAge: "1h", index: false }));

// Anonymous list pages from a rendered copy of a few seconds (server/page-cache.ts); not while
// developing, where the build changes under it.
const pageCacheTtlMs = Number(process.env.PAGE_CACHE_TTL_MS ?? 5000);
const pageCacheMaxMb = Number(process.env.PAGE_CACHE_MAX_MB ?? 32);
router.use(
  pageCache({
    hooks: () => currentBuild?.entry.module.pageCacheHooks,
    ttlMs: isDev || !Number.isFinite(pageCacheTtlMs) ? 0 : Math.max(0, pageCacheTtlMs),
    maxBytes: (Number.isFinite(pageCacheMaxMb) && pageCacheMaxMb > 0 ? pageCacheMaxMb : 32) * 1024 * 1024,
  }),
);

router.all(
  "*",
  createRequestHandler({
    build: isDev ? () => loadBuild() : build,
    mode: isProduction ? "production" : "development",
    getLoadContext(req: Request, res: Response) {
      return {
        nonce: res.locals.nonce as string,
        requestId: String(req.id),
        log: req.log,
        ip: req.ip ?? "",
      };
    },
  }),
);

if (basePath !== "/") app.get("/", (_req, res) => res.redirect(basePath));
app.use(basePath, router);

await hooks?.start();

const server = app.listen(port, host, () => {
  log.info({ url: `http://localhost:${port}${basePath}` }, "web server listening");
  if (isDev) void broadcastDevReady(build);
  else assets.warm().catch((err: unknown) => log.warn({ err }, "could not compress the browser build ahead of time"));
});
// Long-lived event streams must not be cut by the default socket timeouts.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "web server stopping");
  const forced = setTimeout(() => process.exit(1), 10_000);
  forced.unref();
  server.close();
  server.closeAllConnections?.();
  try {
    await hooks?.stop();
  } catch (err) {
    log.error({ err }, "error while stopping");
  }
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
