import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// HOJ's get-recent-other-contest against a local server that answers Codeforces's
// `api/contest.list` as Codeforces does: upcoming and running rounds, soonest first, asked once
// and kept; an unreachable or garbled answer is an empty list, not an error.

let server: Server;
let requests = 0;
let answer: () => { status: number; body: unknown } = () => ({ status: 200, body: { status: "OK", result: [] } });
// eslint-disable-next-line @typescript-eslint/consistent-type-imports -- loaded once the address is set
let mod: typeof import("~/services/site/other-contests.server");
// eslint-disable-next-line @typescript-eslint/consistent-type-imports -- loaded once the address is set
let route: typeof import("~/routes/ojapi+/_contest+/get-recent-other-contest");
// eslint-disable-next-line @typescript-eslint/consistent-type-imports -- loaded once the address is set
let redis: typeof import("~/services/platform/redis.server");

const now = Math.floor(Date.now() / 1000);
const rounds = {
  status: "OK",
  result: [
    { id: 2100, name: "Codeforces Round 990 (Div. 2)", type: "CF", phase: "BEFORE", frozen: false, durationSeconds: 7200, startTimeSeconds: now + 86_400 * 3, relativeTimeSeconds: -86_400 * 3 },
    { id: 2099, name: "Educational Codeforces Round 170", type: "ICPC", phase: "BEFORE", frozen: false, durationSeconds: 7200, startTimeSeconds: now + 3600, relativeTimeSeconds: -3600 },
    { id: 2098, name: "Codeforces Round 989 (Div. 1)", type: "CF", phase: "CODING", frozen: false, durationSeconds: 9000, startTimeSeconds: now - 600, relativeTimeSeconds: 600 },
    { id: 2097, name: "Codeforces Round 988", type: "CF", phase: "FINISHED", frozen: false, durationSeconds: 7200, startTimeSeconds: now - 86_400, relativeTimeSeconds: 86_400 },
    { id: 2200, name: "Far away round", type: "CF", phase: "BEFORE", frozen: false, durationSeconds: 7200, startTimeSeconds: now + 86_400 * 90, relativeTimeSeconds: -86_400 * 90 },
  ],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    requests += 1;
    if (!req.url?.startsWith("/api/contest.list?gym=false")) {
      res.writeHead(404).end();
      return;
    }
    const a = answer();
    res.writeHead(a.status, { "Content-Type": "application/json" }).end(JSON.stringify(a.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.REMOTE_JUDGE_URL_CF = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  mod = await import("~/services/site/other-contests.server");
  route = await import("~/routes/ojapi+/_contest+/get-recent-other-contest");
  redis = await import("~/services/platform/redis.server");
});

afterAll(async () => {
  await redis.closeRedis();
  await new Promise((resolve) => server.close(resolve));
});

async function call(): Promise<{ status: number; data: unknown }> {
  const res = await route.loader({ request: new Request("http://localhost/ojapi/get-recent-other-contest"), params: {}, context: { ip: "127.0.0.1" } as never });
  return (await res.json()) as { status: number; data: unknown };
}

describe("get-recent-other-contest", () => {
  it("lists Codeforces's upcoming and running rounds of the next 30 days in HOJ's shape, soonest first", async () => {
    answer = () => ({ status: 200, body: rounds });
    const body = await call();
    expect(body.status).toBe(200);
    const base = process.env.REMOTE_JUDGE_URL_CF;
    expect(body.data).toEqual([
      { oj: "Codeforces", title: "Codeforces Round 989 (Div. 1)", beginTime: new Date((now - 600) * 1000).toISOString(), endTime: new Date((now + 8400) * 1000).toISOString(), url: `${base}contest/2098` },
      { oj: "Codeforces", title: "Educational Codeforces Round 170", beginTime: new Date((now + 3600) * 1000).toISOString(), endTime: new Date((now + 10_800) * 1000).toISOString(), url: `${base}contest/2099` },
      { oj: "Codeforces", title: "Codeforces Round 990 (Div. 2)", beginTime: new Date((now + 86_400 * 3) * 1000).toISOString(), endTime: new Date((now + 86_400 * 3 + 7200) * 1000).toISOString(), url: `${base}contest/2100` },
    ]);
    // Kept: the site is asked once, however many homes load.
    const asked = requests;
    await Promise.all([call(), call(), call()]);
    expect(requests).toBe(asked);
  });

  it("an answer in another shape or an error status is an empty list, kept for a while", async () => {
    await redis.redis().del(redis.rkey("recent-other-contest"));
    answer = () => ({ status: 503, body: { status: "FAILED", comment: "Call limit exceeded" } });
    expect((await call()).data).toEqual([]);
    const ttl = await redis.redis().ttl(redis.rkey("recent-other-contest"));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
    expect(() => mod.otherContestsFrom({ status: "OK", result: "nope" }, new Date())).toThrow();
    expect(mod.otherContestsFrom({ status: "OK", result: [] }, new Date())).toEqual([]);
  });
});
