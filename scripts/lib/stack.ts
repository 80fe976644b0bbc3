import path from "node:path";
import { loadOrCreateSecrets } from "../../app/services/platform/secrets.server";
import type { LineSink } from "./prefix";
import { freePort, httpOk, startServices, superviseChild, type RunningServices } from "./services";
import type { Supervised } from "./supervisor";

// The whole site: services, the web server and one judge-service process, each watched and
// restarted when it dies (scripts/lib/supervisor.ts). `npm start` and the browser tests both start
// it through here.

export interface StackOptions {
  dataDir: string;
  toolsDir: string;
  port: number;
  sink: LineSink;
  /** Extra environment for the web and judge processes (SMTP settings in tests, for instance). */
  env?: Record<string, string | undefined>;
  dev?: boolean;
}

export interface RunningStack {
  services: RunningServices;
  url: string;
  /** The judge's own health and metrics address (JUDGE_HTTP_PORT), with a trailing slash. */
  judgeUrl: string;
  /** Every watched process by log name: web, judge, and the services started here. */
  children: Record<string, Supervised>;
  /** Stops the web server and the judge, then the sandbox, Redis and the store. */
  stop(): Promise<void>;
}

const TSX = ["--import", "tsx"];

export async function startStack(o: StackOptions): Promise<RunningStack> {
  const baseEnv = { ...process.env, ...o.env };
  const services = await startServices({ dataDir: o.dataDir, toolsDir: o.toolsDir, sink: o.sink, env: baseEnv });
  o.sink(
    `store: ${services.store} (${services.mongodbUri}); redis: ${services.redisUrl}; sandbox: ${services.goJudgeUrl}`,
    "start",
  );
  const secrets = loadOrCreateSecrets(o.dataDir, { sessionSecret: baseEnv.SESSION_SECRET, judgeToken: baseEnv.JUDGE_TOKEN });
  const basePath = baseEnv.BASE_PATH ?? "/";
  const childEnv: NodeJS.ProcessEnv = {
    ...baseEnv,
    NODE_ENV: baseEnv.NODE_ENV ?? (o.dev ? "development" : "production"),
    // A local start is plain HTTP: secure cookies would never come back.
    COOKIE_SECURE: baseEnv.COOKIE_SECURE ?? "false",
    PORT: String(o.port),
    DATA_DIR: path.resolve(o.dataDir),
    MONGODB_URI: services.mongodbUri,
    REDIS_URL: services.redisUrl,
    GO_JUDGE_URL: services.goJudgeUrl,
    SESSION_SECRET: secrets.sessionSecret,
    JUDGE_TOKEN: secrets.judgeToken,
    WEB_INTERNAL_URL: baseEnv.WEB_INTERNAL_URL ?? `http://127.0.0.1:${o.port}${basePath.startsWith("/") ? basePath : `/${basePath}`}`,
  };
  const url = `http://127.0.0.1:${o.port}${childEnv.BASE_PATH ? childEnv.BASE_PATH.replace(/\/?$/, "/") : "/"}`;
  const judgePort = baseEnv.JUDGE_HTTP_PORT ? Number(baseEnv.JUDGE_HTTP_PORT) : await freePort();
  const judgeUrl = `http://127.0.0.1:${judgePort}/`;

  const children: Record<string, Supervised> = { ...services.children };
  const stop = async () => {
    await Promise.all(["web", "judge"].map((name) => children[name]?.stop()));
    await services.stop();
  };
  try {
    children.web = await superviseChild(o, "web", process.execPath, [...TSX, "server.ts", ...(o.dev ? ["--dev"] : [])], {
      env: childEnv,
      ready: () => httpOk(`${url}healthz`),
      readyTimeoutMs: 120_000,
    });
    // The judge answers /healthz as soon as it runs, before it finds its sandbox.
    children.judge = await superviseChild(o, "judge", process.execPath, [...TSX, "judge-service/src/main.ts"], {
      env: {
        ...childEnv,
        JUDGE_HTTP_PORT: String(judgePort),
        JUDGE_HTTP_HOST: baseEnv.JUDGE_HTTP_HOST ?? "127.0.0.1",
        LOG_LEVEL: baseEnv.JUDGE_LOG_LEVEL ?? baseEnv.LOG_LEVEL ?? "info",
      },
      ready: () => httpOk(`${judgeUrl}healthz`),
      readyTimeoutMs: 60_000,
    });
  } catch (err) {
    await stop();
    throw err;
  }
  o.sink(`web health: ${url}readyz; judge health: ${judgeUrl}readyz; metrics at /metrics of both (from this machine)`, "start");
  return { services, url, judgeUrl, children, stop };
}
