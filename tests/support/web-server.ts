import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "../../scripts/lib/services";

// Starts the built web server (server.ts) against the test file's store and Redis, for tests of
// what only the real HTTP stack does (headers, compression, base path). Needs `npx remix build`.

export interface WebServer {
  url: string;
  stop(): void;
  output(): string;
}

export async function startWebServer(env: Record<string, string> = {}): Promise<WebServer> {
  const port = await freePort();
  let out = "";
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, PORT: String(port), NODE_ENV: "production", COOKIE_SECURE: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const base = (env.BASE_PATH ?? "/").replace(/\/?$/, "/");
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    try {
      if ((await fetch(`${url}${base}healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop: () => child.kill("SIGTERM"), output: () => out };
}
