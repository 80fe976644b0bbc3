import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/services";

// The site under a path prefix (BASE_PATH=/oj/), as behind a reverse proxy that forwards /oj/.

let server: ChildProcess;
let base = "";
let output = "";

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, PORT: String(port), BASE_PATH: "/oj/", NODE_ENV: "production", COOKIE_SECURE: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  server.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${base}/oj/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
});

afterAll(() => {
  server?.kill("SIGTERM");
});

describe("BASE_PATH=/oj/", () => {
  it("redirects the bare host and the prefix root to the home page under the prefix", async () => {
    const root = await fetch(`${base}/`, { redirect: "manual" });
    expect(root.status).toBe(302);
    expect(root.headers.get("location")).toBe("/oj/");
    const prefix = await fetch(`${base}/oj/`, { redirect: "manual" });
    expect(prefix.status).toBe(302);
    expect(prefix.headers.get("location")).toBe("/oj/home");
  });

  it("renders pages whose scripts, styles and translations load from under the prefix", async () => {
    const res = await fetch(`${base}/oj/home`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const assets = [...html.matchAll(/(?:href|src)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const a of assets) {
      expect(a.startsWith("/oj/build/"), a).toBe(true);
      expect((await fetch(`${base}${a}`)).status, a).toBe(200);
    }
    expect(html).toContain('"basename":"/oj/"');
    expect((await fetch(`${base}/oj/locales/en/common.json`)).status).toBe(200);
  });

  it("answers 404 for unknown paths under the prefix", async () => {
    expect((await fetch(`${base}/oj/no-such-page`)).status).toBe(404);
  });
});
