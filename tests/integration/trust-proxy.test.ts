import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeRedis, redis, rkey } from "~/services/platform/redis.server";
import { DEFAULT_TRUST_PROXY, trustProxySetting } from "../../server/trust-proxy";
import { startWebServer, type WebServer } from "../support/web-server";

// Whose X-Forwarded-For the web server believes (TRUST_PROXY). The client address keys the
// per-address rate limits and the failed-login count that brings the slide puzzle, so a client
// that connects straight to the port must not be able to choose it with a header. What the server
// took as the address is read back from that count in Redis after a failed login.

const SPOOFED = "203.0.113.50";

/** A non-loopback IPv4 address of this machine, to connect from something other than loopback. */
function externalAddress(): string | null {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  }
  return null;
}

let username = 0;
/** A failed API login through `host`, claiming `forwardedFor`; the failure is counted per address. */
async function failLogin(server: WebServer, host: string, forwardedFor: string): Promise<void> {
  const port = new URL(server.url).port;
  const res = await fetch(`http://${host}:${port}/ojapi/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
    body: JSON.stringify({ username: `nobody${process.pid}x${++username}`, password: "wrong-pass" }),
  });
  expect(res.status).toBe(400);
}

async function failuresOf(ip: string): Promise<number> {
  return Number((await redis().get(rkey("login-fail", "ip", ip))) ?? 0);
}

afterAll(closeRedis);

describe("TRUST_PROXY setting", () => {
  it("defaults to loopback; numbers, true/false and address lists pass through to Express", () => {
    expect(DEFAULT_TRUST_PROXY).toBe("loopback");
    expect(trustProxySetting(undefined)).toBe("loopback");
    expect(trustProxySetting(" ")).toBe("loopback");
    expect(trustProxySetting("0")).toBe(0);
    expect(trustProxySetting("2")).toBe(2);
    expect(trustProxySetting("false")).toBe(false);
    expect(trustProxySetting("true")).toBe(true);
    expect(trustProxySetting("loopback, 10.0.0.0/8")).toBe("loopback, 10.0.0.0/8");
  });
});

describe("the web server with TRUST_PROXY unset", () => {
  let server: WebServer;
  beforeAll(async () => {
    delete process.env.TRUST_PROXY;
    server = await startWebServer();
  });
  afterAll(() => server?.stop());

  const outside = externalAddress();
  it.skipIf(!outside)("ignores X-Forwarded-For from a client that is not on this host", async () => {
    const before = await failuresOf(outside!);
    await failLogin(server, outside!, SPOOFED);
    expect(await failuresOf(SPOOFED)).toBe(0);
    expect(await failuresOf(outside!)).toBe(before + 1);
  });

  it("believes a proxy on this host (loopback), as a reverse proxy beside the site needs", async () => {
    await failLogin(server, "127.0.0.1", "198.51.100.7");
    expect(await failuresOf("198.51.100.7")).toBe(1);
  });
});

describe("the web server with TRUST_PROXY set to a list without this client", () => {
  let server: WebServer;
  beforeAll(async () => {
    server = await startWebServer({ TRUST_PROXY: "10.9.8.7, 192.0.2.250" });
  });
  afterAll(() => server?.stop());

  it("takes the connecting address, whatever the header says", async () => {
    const before = await failuresOf("127.0.0.1");
    await failLogin(server, "127.0.0.1", SPOOFED);
    await failLogin(server, "127.0.0.1", `${SPOOFED}, 10.9.8.7`);
    expect(await failuresOf(SPOOFED)).toBe(0);
    expect(await failuresOf("127.0.0.1")).toBe(before + 2);
  });
});
