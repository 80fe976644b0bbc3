import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// Short bounds, so the slow answer times out within the test, and the local chat server on
// loopback allowed (read by env.server.ts on import; ai-endpoint-guard.test.ts runs without it).
vi.hoisted(() => {
  process.env.AI_IDLE_TIMEOUT_MS = "1000";
  process.env.AI_TIMEOUT_MS = "5000";
  process.env.AI_ALLOW_PRIVATE_ENDPOINTS = "1";
});

import type { AppLoadContext } from "@remix-run/node";
import { ProblemAuth, Role } from "~/lib/constants";
import { Problem } from "~/models/problem.server";
import { action as ojapiAi } from "~/routes/ojapi+/_site+/teaching.teachingAiPrompt.ai";
import { action as replyStream } from "~/routes/problem+/$problemId_.ai-reply";
import { action as aiPage } from "~/routes/problem+/$problemId_.ai";
import { action as adminAiAction, loader as adminAiLoader } from "~/routes/admin+/ai";
import { streamCompletion } from "~/services/ai/completions.server";
import { getAiSettings, updateAiSettings } from "~/services/ai/config.server";
import { DomainError } from "~/services/errors.server";
import { disconnectDb } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { startChatServer, type ChatServer } from "../support/chat-server";
import { callRoute, cookieFor, makeProblem, makeUser, openStore, siteRequest } from "./support/judging";

// The AI helper against a local server speaking the chat-completions protocol: the answer in
// HOJ's shape, streaming, whole answers, malformed answers, slow answers, one reply at a time, the
// hourly allowance, the switch, and each refusal by a direct request.

let chat: ChatServer;
const ctx = {} as AppLoadContext;
const KEY = "sk-test-0123456789abcdef";

beforeAll(async () => {
  await openStore();
  chat = await startChatServer({ slowMs: 3000, pauseMs: 600 });
});
afterAll(async () => {
  await chat.close();
  await closeRedis();
  await disconnectDb();
});

async function configure(over: Partial<Parameters<typeof updateAiSettings>[0]> = {}) {
  await updateAiSettings({ enabled: true, baseUrl: chat.url, apiKey: KEY, clearApiKey: false, model: "tutor-1", systemPrompt: "Be a kind tutor.", perHour: 100, ...over });
}

beforeEach(async () => {
  await configure();
});

const ask = (body: unknown, cookie?: string) => callRoute(ojapiAi, siteRequest("/ojapi/teaching/teachingAiPrompt/ai", { json: body, cookie }));
const contentOf = (data: unknown) => (JSON.parse((data as { message: string }).message) as { choices: Array<{ message: { content: string } }> }).choices[0].message.content;

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

function pageRequest(path: string, cookie: string | undefined, fields: Record<string, string>): Request {
  return new Request(`http://localhost${path}`, { method: "POST", headers: cookie ? { Cookie: cookie } : {}, body: form(fields) });
}

describe("POST /ojapi/teaching/teachingAiPrompt/ai", () => {
  it("sends the statement, the language, the code and the conversation, and answers in HOJ's shape", async () => {
    const user = await makeUser();
    const cookie = await cookieFor(user);
    const problem = await makeProblem();
    await Problem.updateOne({ _id: problem._id }, { $set: { description: "Add two numbers a and b." } });
    const before = chat.requests.length;
    const res = await ask(
      {
        pid: problem._id,
        language: "C++",
        code: "int main() {\n  return 0;\n}",
        messages: [
          { role: "user", content: "What is this problem?" },
          { role: "assistant", content: "It adds numbers." },
          { role: "user", content: "Why is my answer wrong?" },
        ],
      },
      cookie,
    );
    expect(res).toMatchObject({ http: 200, status: 200 });
    expect(typeof (res.data as { message: unknown }).message).toBe("string");
    expect(contentOf(res.data)).toBe(`Tutor reply about ${problem.problemId}; code lines: 3; turns: 3; you asked: Why is my answer wrong?`);

    const seen = chat.requests[before];
    expect(seen.authorization).toBe(`Bearer ${KEY}`);
    expect(seen.body).toMatchObject({ model: "tutor-1", stream: true });
    expect(seen.body.messages[0]).toEqual({ role: "system", content: "Be a kind tutor." });
    expect(seen.body.messages[1].content).toContain("Add two numbers a and b.");
    expect(seen.body.messages[1].content).toContain("(C++)");
  });

  it("takes HOJ's call with messages only, and a server that answers in one JSON document", async () => {
    const cookie = await cookieFor(await makeUser());
    const res = await ask({ messages: [{ role: "system", content: "ignored" }, { role: "user", content: "hello [whole]" }] }, cookie);
    expect(res.http).toBe(200);
    expect(contentOf(res.data)).toBe("Tutor reply about none; code lines: 0; turns: 1; you asked: hello [whole]");
  });

  it("answers 502 with the spec's bad-response message when the answer is not a completion, and frees the user's turn", async () => {
    const cookie = await cookieFor(await makeUser());
    const bad = { http: 502, status: 502, msg: "响应数据错误，请联系老师", data: null };
    expect(await ask({ messages: [{ role: "user", content: "[malformed]" }] }, cookie)).toMatchObject(bad);
    expect(await ask({ messages: [{ role: "user", content: "[notjson]" }] }, cookie)).toMatchObject(bad);
    expect(await ask({ messages: [{ role: "user", content: "[nochoices]" }] }, cookie)).toMatchObject(bad);
    await configure({ baseUrl: chat.url.replace(/\/v1$/, "/nowhere") });
    expect(await ask({ messages: [{ role: "user", content: "404 from the endpoint" }] }, cookie)).toMatchObject(bad);
    await configure();
    expect(await ask({ messages: [{ role: "user", content: "again" }] }, cookie)).toMatchObject({ http: 200 });
  });

  it("answers 502 when the endpoint fails: an error status, a dropped connection", async () => {
    const cookie = await cookieFor(await makeUser());
    expect(await ask({ messages: [{ role: "user", content: "[error500]" }] }, cookie)).toMatchObject({ http: 502, status: 502, msg: "AI 服务返回错误（500），请稍后再试" });
    expect(await ask({ messages: [{ role: "user", content: "[hangup]" }] }, cookie)).toMatchObject({ http: 502, msg: "无法连接 AI 服务，请稍后再试" });
    expect(await ask({ messages: [{ role: "user", content: "[drop]" }] }, cookie)).toMatchObject({ http: 502, msg: "AI 服务中断了回复，请稍后再试" });
    expect(await ask({ messages: [{ role: "user", content: "after the failures" }] }, cookie)).toMatchObject({ http: 200 });
  });

  it("reaches an endpoint named by a host name when private addresses are allowed", async () => {
    await configure({ baseUrl: chat.url.replace("127.0.0.1", "localhost") });
    const cookie = await cookieFor(await makeUser());
    const res = await ask({ messages: [{ role: "user", content: "by name" }] }, cookie);
    expect(res).toMatchObject({ http: 200 });
    expect(contentOf(res.data)).toContain("you asked: by name");
  });

  it("does not follow the endpoint's redirect", async () => {
    const cookie = await cookieFor(await makeUser());
    const before = chat.requests.length;
    expect(await ask({ messages: [{ role: "user", content: "[redirect]" }] }, cookie)).toMatchObject({ http: 502, msg: "响应数据错误，请联系老师" });
    expect(chat.requests.length - before).toBe(1);
  });

  it("gives up on a slow answer with 504 and the timeout message", async () => {
    const cookie = await cookieFor(await makeUser());
    const started = Date.now();
    expect(await ask({ messages: [{ role: "user", content: "[slow]" }] }, cookie)).toMatchObject({ http: 504, status: 504, msg: "AI 回复超时，请稍后再试" });
    expect(Date.now() - started).toBeLessThan(2900);
  });

  it("says the service cannot be reached when nothing listens (502)", async () => {
    const cookie = await cookieFor(await makeUser());
    await configure({ baseUrl: "http://127.0.0.1:9/v1" });
    expect(await ask({ messages: [{ role: "user", content: "hi" }] }, cookie)).toMatchObject({ http: 502, msg: "无法连接 AI 服务，请稍后再试" });
  });

  it("answers one reply at a time per user (AI busy)", async () => {
    const user = await makeUser();
    const cookie = await cookieFor(user);
    const other = await cookieFor(await makeUser());
    const first = ask({ messages: [{ role: "user", content: "[pause] first" }] }, cookie);
    const deadline = Date.now() + 5000;
    while (!chat.requests.some((r) => r.body.messages.some((m) => m.content === "[pause] first")) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await ask({ messages: [{ role: "user", content: "second" }] }, cookie)).toMatchObject({ http: 409, msg: "AI 正忙，请等待当前回复结束" });
    // Another user is not held up.
    expect(await ask({ messages: [{ role: "user", content: "someone else" }] }, other)).toMatchObject({ http: 200 });
    expect(await first).toMatchObject({ http: 200 });
    expect(await ask({ messages: [{ role: "user", content: "third" }] }, cookie)).toMatchObject({ http: 200 });
  });

  it("keeps the hourly allowance per user", async () => {
    await configure({ perHour: 2 });
    const cookie = await cookieFor(await makeUser());
    const before = chat.requests.length;
    expect(await ask({ messages: [{ role: "user", content: "one" }] }, cookie)).toMatchObject({ http: 200 });
    expect(await ask({ messages: [{ role: "user", content: "two" }] }, cookie)).toMatchObject({ http: 200 });
    const third = await ask({ messages: [{ role: "user", content: "three" }] }, cookie);
    expect(third).toMatchObject({ http: 429 });
    expect(third.msg).toMatch(/^本小时内你已向 AI 提问 2 次，请 \d+ 分钟后再试$/);
    expect(chat.requests.length - before).toBe(2);
    // The allowance is the user's own.
    expect(await ask({ messages: [{ role: "user", content: "four" }] }, await cookieFor(await makeUser()))).toMatchObject({ http: 200 });
  });

  it("is off when switched off or unset, and the refusal calls nothing", async () => {
    const cookie = await cookieFor(await makeUser());
    const before = chat.requests.length;
    await configure({ enabled: false });
    expect(await ask({ messages: [{ role: "user", content: "hi" }] }, cookie)).toMatchObject({ http: 403, msg: "本站未开启 AI 助手" });
    await configure({ model: "" });
    expect(await ask({ messages: [{ role: "user", content: "hi" }] }, cookie)).toMatchObject({ http: 403, msg: "本站未开启 AI 助手" });
    expect(chat.requests.length).toBe(before);
  });

  it("refuses bad requests with a clear message and calls nothing", async () => {
    const cookie = await cookieFor(await makeUser());
    const hidden = await makeProblem();
    await Problem.updateOne({ _id: hidden._id }, { $set: { auth: ProblemAuth.PRIVATE } });
    const before = chat.requests.length;
    expect(await ask({ messages: [{ role: "user", content: "hi" }] })).toMatchObject({ http: 401, msg: "请先登录！" });
    expect(await ask({ messages: [{ role: "user", content: "   " }] }, cookie)).toMatchObject({ http: 400, msg: "请先输入问题" });
    expect(await ask({ messages: [] }, cookie)).toMatchObject({ http: 400, msg: "请先输入问题" });
    expect(await ask({ messages: "not a list" }, cookie)).toMatchObject({ http: 400, msg: "对话内容无效" });
    expect(await ask({ messages: [{ role: "robot", content: "hi" }] }, cookie)).toMatchObject({ http: 400, msg: "对话内容无效" });
    expect(await ask({ messages: [{ role: "user", content: "x".repeat(16_001) }] }, cookie)).toMatchObject({ http: 400, msg: "消息过长" });
    expect(await ask({ analyse: true, code: " \n ", messages: [{ role: "user", content: "analyse" }] }, cookie)).toMatchObject({ http: 400, msg: "代码为空，请先编写代码再请求分析" });
    expect(await ask({ code: "x".repeat(65536), messages: [{ role: "user", content: "hi" }] }, cookie)).toMatchObject({ http: 400 });
    expect(await ask({ pid: hidden._id, messages: [{ role: "user", content: "hi" }] }, cookie)).toMatchObject({ http: 404, msg: "题目不存在！" });
    expect(await ask({ pid: 987654321, messages: [{ role: "user", content: "hi" }] }, cookie)).toMatchObject({ http: 404 });
    expect(await ask({ pid: "abc", messages: [{ role: "user", content: "hi" }] }, cookie)).toMatchObject({ http: 400 });
    expect(chat.requests.length).toBe(before);
  });
});

describe("the problem page's AI routes", () => {
  it("streams the reply as server-sent events, and refuses before streaming with JSON", async () => {
    const user = await makeUser();
    const cookie = await cookieFor(user);
    const problem = await makeProblem();
    const path = `/problem/${problem.problemId}/ai-reply`;
    const res = await replyStream({ request: pageRequest(path, cookie, { question: "How to start?", history: "[]", language: "C++", code: "int main(){}", intent: "chat" }), params: { problemId: problem.problemId }, context: ctx });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/event-stream");
    const text = await res.text();
    const events = text
      .split("\n\n")
      .filter(Boolean)
      .map((b) => JSON.parse(b.split("\n").find((l) => l.startsWith("data: "))!.slice(6)) as { event: string; text?: string });
    const deltas = events.filter((e) => e.event === "delta");
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((e) => e.text).join("")).toBe(`Tutor reply about ${problem.problemId}; code lines: 1; turns: 1; you asked: How to start?`);
    expect(events[events.length - 1]).toEqual({ event: "done" });

    // An endpoint that fails before its first piece: the status and message, not a stream.
    const early = async (question: string) => {
      const r = await replyStream({ request: pageRequest(path, cookie, { question, language: "C++", code: "" }), params: { problemId: problem.problemId }, context: ctx });
      return { status: r.status, type: r.headers.get("Content-Type"), body: (await r.json()) as { message: string } };
    };
    expect(await early("[malformed]")).toMatchObject({ status: 502, body: { message: "响应数据错误，请联系老师" } });
    expect(await early("[notjson]")).toMatchObject({ status: 502, body: { message: "响应数据错误，请联系老师" } });
    expect(await early("[error500]")).toMatchObject({ status: 502, body: { message: "AI 服务返回错误（500），请稍后再试" } });
    expect(await early("[silent]")).toMatchObject({ status: 504, body: { message: "AI 回复超时，请稍后再试" } });
    // A failure after the stream began ends it with the error event.
    const dropped = await replyStream({ request: pageRequest(path, cookie, { question: "[drop]", language: "C++", code: "" }), params: { problemId: problem.problemId }, context: ctx });
    expect(dropped.status).toBe(200);
    const droppedText = await dropped.text();
    expect(droppedText).toContain('"event":"delta","text":"Tutor reply"');
    expect(droppedText).toContain('"event":"error","message":"AI 服务中断了回复，请稍后再试","status":502');

    const refusal = async (c: string | undefined, fields: Record<string, string>, pid = problem.problemId) => {
      const r = await replyStream({ request: pageRequest(`/problem/${pid}/ai-reply`, c, fields), params: { problemId: pid }, context: ctx });
      return { status: r.status, body: (await r.json()) as { message: string } };
    };
    expect(await refusal(undefined, { question: "hi" })).toEqual({ status: 401, body: { message: "请先登录！" } });
    expect(await refusal(cookie, { question: "hi" }, "NOPE-1")).toEqual({ status: 404, body: { message: "题目不存在！" } });
    expect(await refusal(cookie, { intent: "analyse", code: "  " })).toEqual({ status: 400, body: { message: "代码为空，请先编写代码再请求分析" } });
    expect(await refusal(cookie, { question: "" })).toEqual({ status: 400, body: { message: "请先输入问题" } });
    await configure({ enabled: false });
    expect(await refusal(cookie, { question: "hi" })).toEqual({ status: 403, body: { message: "本站未开启 AI 助手" } });
  });

  it("answers the whole reply on the page without JavaScript, keeping the conversation", async () => {
    const cookie = await cookieFor(await makeUser());
    const problem = await makeProblem();
    const call = (fields: Record<string, string>) => callRoute(aiPage, pageRequest(`/problem/${problem.problemId}/ai`, cookie, fields), { problemId: problem.problemId }) as unknown as Promise<{ http: number; history: Array<{ role: string; content: string }>; error: string | null }>;
    const first = await call({ question: "Where do I start?", language: "C++", code: "int main(){}", intent: "chat" });
    expect(first.http).toBe(200);
    expect(first.error).toBeNull();
    expect(first.history).toHaveLength(2);
    expect(first.history[1].content).toContain("you asked: Where do I start?");
    const second = await call({ intent: "analyse", language: "C++", code: "int main(){}\n", history: JSON.stringify(first.history) });
    expect(second.history).toHaveLength(4);
    expect(second.history[3].content).toContain("turns: 3");
    const empty = await call({ intent: "analyse", language: "C++", code: "", history: JSON.stringify(second.history) });
    expect(empty).toMatchObject({ http: 400, error: "代码为空，请先编写代码再请求分析" });
    expect(empty.history).toHaveLength(4);
    // The endpoint failing or silent: 502 or 504 with the message, and the conversation kept.
    expect(await call({ question: "[notjson]", language: "C++", code: "", history: JSON.stringify(second.history) })).toMatchObject({ http: 502, error: "响应数据错误，请联系老师", history: second.history });
    expect(await call({ question: "[silent]", language: "C++", code: "", history: JSON.stringify(second.history) })).toMatchObject({ http: 504, error: "AI 回复超时，请稍后再试", history: second.history });
  });
});

describe("the admin configuration", () => {
  it("keeps the key on the server: the page shows it masked, an empty field keeps it", async () => {
    const admin = await makeUser(Role.SUPER_ADMIN);
    const cookie = await cookieFor(admin);
    const page = await adminAiLoader({ request: siteRequest("/admin/ai", { cookie }), params: {}, context: ctx });
    const text = await page.text();
    expect(text).not.toContain(KEY);
    expect(JSON.parse(text).config).toMatchObject({ apiKeySet: true, apiKeyMasked: "••••cdef", active: true });

    const save = (fields: Record<string, string>) => adminAiAction({ request: pageRequest("/admin/ai", cookie, fields), params: {}, context: ctx });
    const kept = await save({ enabled: "on", baseUrl: chat.url, apiKey: "", model: "tutor-2", systemPrompt: "", perHour: "5" });
    expect(kept.status).toBe(302);
    expect(await getAiSettings()).toMatchObject({ apiKey: KEY, model: "tutor-2", perHour: 5, enabled: true });

    const bad = await save({ enabled: "on", baseUrl: "javascript:alert(1)", apiKey: "sk-new-secret-value", model: "", systemPrompt: "", perHour: "0" });
    expect(bad.status).toBe(400);
    const badBody = await bad.text();
    expect(badBody).not.toContain("sk-new-secret-value");
    expect(JSON.parse(badBody).errors).toMatchObject({ baseUrl: "请输入 http 或 https 地址", model: "开启 AI 助手需要填写模型", perHour: "请输入 1 到 10000 之间的整数" });
    expect((await getAiSettings()).model).toBe("tutor-2");

    await save({ baseUrl: chat.url, apiKey: "", clearApiKey: "on", model: "tutor-2", systemPrompt: "", perHour: "5" });
    expect(await getAiSettings()).toMatchObject({ apiKey: "", enabled: false });

    const learner = await cookieFor(await makeUser());
    await expect(adminAiLoader({ request: siteRequest("/admin/ai", { cookie: learner }), params: {}, context: ctx })).rejects.toMatchObject({ status: 403 });
  });
});

describe("the completions client", () => {
  it("stops reading when the caller goes away", async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    const pending = streamCompletion({
      baseUrl: chat.url,
      apiKey: "",
      model: "m",
      messages: [{ role: "user", content: "[slow]" }],
      timeoutMs: 10_000,
      idleTimeoutMs: 10_000,
      signal: controller.signal,
      onDelta: (t) => {
        pieces.push(t);
        controller.abort();
      },
    });
    await expect(pending).rejects.toBeInstanceOf(DomainError);
    expect(pieces).toEqual(["Tutor reply"]);
  });
});
