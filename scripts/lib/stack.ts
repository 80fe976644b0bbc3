import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { loadOrCreateSecrets } from "../../app/services/secrets.server";
import type { LineSink } from "./prefix";
import { launchChild, startServices, stopChild, waitFor, type RunningServices } from "./services";

// The whole site: services, the web server and one judge-service process. `npm start` and the
// browser tests both start it through here.

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
  web: ChildProcess;
  judge: ChildProcess;
  /** Resolves when a child exits on its own (a crash); the caller decides what to do. */
  exited: Promise<{ name: string; code: number | null }>;
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

  const { child: web } = launchChild(o, "web", process.execPath, [...TSX, "server.ts", ...(o.dev ? ["--dev"] : [])], childEnv);
  const { child: judge } = launchChild(o, "judge", process.execPath, [...TSX, "judge-service/src/main.ts"], {
    ...childEnv,
    LOG_LEVEL: baseEnv.JUDGE_LOG_LEVEL ?? baseEnv.LOG_LEVEL ?? "info",
  });

  let stopping = false;
  const exited = new Promise<{ name: string; code: number | null }>((resolve) => {
    web.once("exit", (code) => !stopping && resolve({ name: "web", code }));
    judge.once("exit", (code) => !stopping && resolve({ name: "judge", code }));
  });

  const url = `http://127.0.0.1:${o.port}${childEnv.BASE_PATH ? childEnv.BASE_PATH.replace(/\/?$/, "/") : "/"}`;
  const stop = async () => {
    stopping = true;
    await Promise.all([stopChild(web), stopChild(judge)]);
    await services.stop();
  };
  try {
    await waitFor(
      "web server",
      async () => {
        try {
          const res = await fetch(`${url}healthz`);
          return res.ok;
        } catch {
          return false;
        }
      },
      120_000,
      web,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { services, url, web, judge, exited, stop };
}
