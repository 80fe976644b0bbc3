import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebServer, type WebServer } from "../support/web-server";

// The site under a path prefix (BASE_PATH=/oj/), as behind a reverse proxy that forwards /oj/.

let server: WebServer;
let base = "";

beforeAll(async () => {
  server = await startWebServer({ BASE_PATH: "/oj/" });
  base = server.url;
});

afterAll(() => server?.stop());

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
