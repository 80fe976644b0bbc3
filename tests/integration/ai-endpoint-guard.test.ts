import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Without AI_ALLOW_PRIVATE_ENDPOINTS. A chat-completions server listens on loopback, and the
// environment's default endpoint names it as `localhost` (read by env.server.ts on import), as an
// operator's AI_BASE_URL would: every request to it is refused on connecting, without a word
// reaching it; an admin cannot save a non-public address at all.
const chat = await vi.hoisted(async () => {
  delete process.env.AI_ALLOW_PRIVATE_ENDPOINTS;
  const { startChatServer } = await import("../support/chat-server");
  const server = await startChatServer();
  process.env.AI_BASE_URL = server.url.replace("127.0.0.1", "localhost");
  process.env.AI_MODEL = "tutor-1";
  process.env.AI_API_KEY = "sk-guard-0123456789abcdef";
  return server;
});

import type { AppLoadContext } from "@remix-run/node";
import { Role } from "~/lib/constants";
import { action as adminAiAction } from "~/routes/admin+/ai";
import { action as ojapiAi } from "~/routes/ojapi+/_site+/teaching.teachingAiPrompt.ai";
import { action as replyStream } from "~/routes/problem+/$problemId_.ai-reply";
import { action as aiPage } from "~/routes/problem+/$problemId_.ai";
import { streamCompletion } from "~/services/ai/completions.server";
import { getAiSettings } from "~/services/ai/config.server";
import { isPublicAddress } from "~/services/ai/endpoint.server";
import { DomainError } from "~/services/errors.server";
import { disconnectDb } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { callRoute, cookieFor, makeProblem, makeUser, openStore, siteRequest } from "./support/judging";

const ctx = {} as AppLoadContext;

beforeAll(async () => {
  await openStore();
});
afterAll(async () => {
  await chat.close();
  await closeRedis();
  await disconnectDb();
});

function pageRequest(path: string, cookie: string, fields: Record<string, string>): Request {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return new Request(`http://localhost${path}`, { method: "POST", headers: { Cookie: cookie }, body });
}

const REFUSED = "AI 服务地址不被允许，请联系老师";

describe("the addresses the server may call", () => {
  it("counts only public unicast addresses as public", () => {
    for (const a of ["127.0.0.1", "127.255.0.9", "::1", "169.254.169.254", "fe80::1", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1", "fc00::1", "fd12:3456::1", "0.0.0.0", "::", "100.64.0.1", "224.0.0.1", "255.255.255.255", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::a00:1", "192.0.2.1", "2001:db8::1", "[::1]", "not an address"]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ["1.1.1.1", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "[2606:4700:4700::1111]"]) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });
});

describe("asking, with the endpoint on loopback", () => {
  it("refuses HOJ's call, the stream and the page with 502, and nothing reaches the endpoint", async () => {
    expect((await getAiSettings()).baseUrl).toMatch(/^http:\/\/localhost:\d+\/v1$/);
    const cookie = await cookieFor(await makeUser());
    const problem = await makeProblem();

    const hoj = await callRoute(ojapiAi, siteRequest("/ojapi/teaching/teachingAiPrompt/ai", { json: { messages: [{ role: "user", content: "hi" }] }, cookie }));
    expect(hoj).toMatchObject({ http: 502, status: 502, msg: REFUSED, data: null });

    const streamed = await replyStream({ request: pageRequest(`/problem/${problem.problemId}/ai-reply`, cookie, { question: "hi", language: "C++", code: "" }), params: { problemId: problem.problemId }, context: ctx });
    expect(streamed.status).toBe(502);
    expect(await streamed.json()).toEqual({ message: REFUSED });

    const page = (await callRoute(aiPage, pageRequest(`/problem/${problem.problemId}/ai`, cookie, { question: "hi", language: "C++", code: "" }), { problemId: problem.problemId })) as unknown as { http: number; error: string };
    expect(page).toMatchObject({ http: 502, error: REFUSED });

    expect(chat.requests).toHaveLength(0);
  });

  it("refuses loopback, private and link-local addresses written in the URL, and names that resolve to loopback", async () => {
    const port = new URL(chat.url).port;
    for (const baseUrl of [chat.url, `http://localhost:${port}/v1`, `http://[::1]:${port}/v1`, `http://127.1:${port}/v1`, `http://0x7f000001:${port}/v1`, `http://[::ffff:127.0.0.1]:${port}/v1`, `http://0.0.0.0:${port}/v1`, "http://169.254.169.254/latest", "http://10.0.0.1/v1", "http://192.168.0.1/v1", "http://[fe80::1]/v1", "http://[fd00::1]/v1"]) {
      const pending = streamCompletion({ baseUrl, apiKey: "sk-x", model: "m", messages: [{ role: "user", content: "hi" }], timeoutMs: 5000, idleTimeoutMs: 5000, onDelta: () => undefined });
      await expect(pending, baseUrl).rejects.toBeInstanceOf(DomainError);
      await expect(pending, baseUrl).rejects.toMatchObject({ kind: "badGateway", message: "ai:errors.addressRefused" });
    }
    expect(chat.requests).toHaveLength(0);
  });
});

describe("saving the address", () => {
  it("refuses a non-public address with a field error and keeps the settings; a public one is saved", async () => {
    const cookie = await cookieFor(await makeUser(Role.SUPER_ADMIN));
    const save = (baseUrl: string) => adminAiAction({ request: pageRequest("/admin/ai", cookie, { enabled: "on", baseUrl, apiKey: "", model: "tutor-2", systemPrompt: "", perHour: "5" }), params: {}, context: ctx });
    const before = await getAiSettings();
    const port = new URL(chat.url).port;
    const refused: Array<[string, string]> = [
      [chat.url, "127.0.0.1"],
      [`http://localhost:${port}/v1`, "localhost"],
      [`http://[::1]:${port}/v1`, "::1"],
      ["http://169.254.169.254/latest", "169.254.169.254"],
      ["http://10.1.2.3/v1", "10.1.2.3"],
      ["http://172.16.5.4/v1", "172.16.5.4"],
      ["https://192.168.1.10/v1", "192.168.1.10"],
      ["http://[fe80::1]/v1", "fe80::1"],
      ["http://[fd00::1]/v1", "fd00::1"],
      ["http://0.0.0.0/v1", "0.0.0.0"],
      ["http://100.64.0.1/v1", "100.64.0.1"],
    ];
    for (const [baseUrl, host] of refused) {
      const res = await save(baseUrl);
      expect(res.status, baseUrl).toBe(400);
      const body = JSON.parse(await res.text()) as { errors: Record<string, string> };
      expect(body.errors, baseUrl).toEqual({ baseUrl: `${host} 不是公网地址：服务器不会向本机、内网或其他保留地址发送请求` });
    }
    const unresolved = await save("http://no-such-host.invalid/v1");
    expect(unresolved.status).toBe(400);
    expect(JSON.parse(await unresolved.text())).toMatchObject({ errors: { baseUrl: "无法解析主机名 no-such-host.invalid" } });
    expect(await getAiSettings()).toEqual(before);

    const saved = await save("https://1.1.1.1/v1");
    expect(saved.status).toBe(302);
    expect(await getAiSettings()).toMatchObject({ baseUrl: "https://1.1.1.1/v1", model: "tutor-2", enabled: true });
    expect(chat.requests).toHaveLength(0);
  });
});
