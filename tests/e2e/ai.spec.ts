import type { BrowserContext, Page } from "@playwright/test";
import { startChatServer, type ChatServer } from "../support/chat-server";
import { expect, test, uniqueName, type TestUser } from "./support/fixtures";
import { replaceEditorCode } from "./support/judge";
import { makeAbProblem, models, randomPid } from "./support/problems";

// The AI helper in Chromium: a super admin points the site at a local server speaking the
// chat-completions protocol; the problem page's panel answers with the reply streaming in (with
// JavaScript) and as a form answered by a page (without); switched off, the panel says so. The
// site's AI settings are one for all tests, so this file runs in order.

test.describe.configure({ mode: "serial" });

const SUPER_ADMIN = 1000;
const KEY = "sk-e2e-0123456789wxyz";
let chat: ChatServer;

test.beforeAll(async () => {
  chat = await startChatServer({ pauseMs: 1500 });
});
test.afterAll(async () => {
  await chat.close();
});

async function problem(): Promise<{ problemId: string; url: string }> {
  const m = await models();
  const problemId = uniqueName("AI").toUpperCase();
  await makeAbProblem(m, { pid: randomPid(), problemId, title: "Tutor practice" });
  return { problemId, url: `problem/${problemId}` };
}

async function configure(page: Page, context: BrowserContext, admin: TestUser, loginAs: (c: BrowserContext, u: TestUser) => Promise<void>, on: boolean) {
  await context.clearCookies();
  await loginAs(context, admin);
  await page.goto("admin/ai");
  const form = page.getByTestId("ai-admin-form");
  const enabled = form.getByLabel("开启 AI 助手");
  if (on) await enabled.check();
  else await enabled.uncheck();
  await form.getByLabel("接口地址").fill(chat.url);
  await form.getByLabel("模型").fill("tutor-e2e");
  await form.getByLabel("每位用户每小时回复数").fill("50");
  const key = form.getByLabel("API 密钥");
  if (await form.getByText("未保存密钥").count()) await key.fill(KEY);
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("ai-admin-status")).toHaveText(on ? "AI 助手已开启。" : "AI 助手已关闭：学生会看到未开启的提示。");
  // The key is never sent back: the field is empty and the page shows only its end.
  await expect(page.getByTestId("ai-admin-form").getByLabel("API 密钥")).toHaveValue("");
  expect(await page.content()).not.toContain(KEY);
  await expect(page.getByText("已保存密钥：••••wxyz。")).toBeVisible();
  await context.clearCookies();
}

test.describe("with JavaScript", () => {
  test("the panel streams the tutor's reply, warns on empty code and resizes", async ({ page, context, createUser, loginAs }) => {
    const admin = await createUser({ role: SUPER_ADMIN });
    await configure(page, context, admin, loginAs, true);
    const learner = await createUser();
    await loginAs(context, learner);
    const p = await problem();
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(p.url);

    const panel = page.getByTestId("ai-panel");
    await expect(panel).toBeHidden();
    await page.getByTestId("ai-open").click();
    await expect(page.getByTestId("ai-chat")).toBeVisible();
    await expect(page.getByLabel("你的问题")).toBeFocused();
    const box = await panel.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(600);
    expect(box!.width).toBeLessThanOrEqual(800);

    // The code-analysis button with no code: a warning, and nothing is asked.
    await replaceEditorCode(page, "");
    const asked = chat.requests.length;
    await page.getByTestId("ai-analyse").click();
    await expect(page.locator('[data-toast="warning"]')).toHaveText("代码为空，请先编写代码再请求分析");
    expect(chat.requests.length).toBe(asked);

    await replaceEditorCode(page, "#include <cstdio>\nint main() {\n  return 0;\n}");
    await page.getByLabel("你的问题").fill("[pause] how do I read the input?");
    await page.getByTestId("ai-send").click();
    const answer = page.getByTestId("ai-answer");
    // The first piece shows while the rest is still on its way, and one question at a time.
    await expect(answer).toContainText("Tutor reply");
    await expect(answer).not.toContainText("you asked");
    await expect(page.getByTestId("ai-send")).toBeDisabled();
    await expect(answer).toContainText(`Tutor reply about ${p.problemId}; code lines: 4; turns: 1; you asked: [pause] how do I read the input?`);
    await expect(page.getByTestId("ai-send")).toBeEnabled();
    const seen = chat.requests[chat.requests.length - 1];
    expect(seen.authorization).toBe(`Bearer ${KEY}`);
    expect(seen.body.messages[1].content).toContain("Print the sum of $a$ and $b$.");

    await page.getByTestId("ai-analyse").click();
    await expect(answer).toHaveCount(2);
    await expect(answer.nth(1)).toContainText("turns: 3; you asked: 请分析我的代码");

    // An endpoint that fails: its message, the question kept to ask again, the conversation unchanged.
    await page.getByLabel("你的问题").fill("[error500] once more");
    await page.getByTestId("ai-send").click();
    await expect(page.getByTestId("ai-error")).toHaveText("AI 服务返回错误（500），请稍后再试");
    await expect(page.getByLabel("你的问题")).toHaveValue("[error500] once more");
    await expect(answer).toHaveCount(2);

    // The left edge resizes it with the keyboard, within 600-800 px.
    const handle = page.getByTestId("ai-resize");
    const start = Number(await handle.getAttribute("aria-valuenow"));
    await handle.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(handle).toHaveAttribute("aria-valuenow", String(Math.min(800, start + 20)));
    for (let i = 0; i < 12; i++) await page.keyboard.press("ArrowLeft");
    await expect(handle).toHaveAttribute("aria-valuenow", "800");
    expect((await panel.boundingBox())!.width).toBeCloseTo(800, 0);

    // Esc closes it; on a phone it takes the whole width.
    await page.getByLabel("你的问题").focus();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId("ai-open").click();
    expect((await panel.boundingBox())!.width).toBeCloseTo(375, 0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the panel is a form answered by a page with the whole reply", async ({ page, context, createUser, loginAs }) => {
    const admin = await createUser({ role: SUPER_ADMIN });
    await configure(page, context, admin, loginAs, true);
    await loginAs(context, await createUser());
    const p = await problem();
    await page.goto(p.url);
    await page.getByTestId("ai-open").click();
    await expect(page.getByTestId("ai-nojs-form")).toBeVisible();
    await page.getByTestId("code-textarea").fill("int main() { return 0; }");
    await page.getByLabel("你的问题").fill("where do I start?");
    await page.getByTestId("ai-send").click();
    await expect(page).toHaveURL(new RegExp(`/problem/${p.problemId}/ai$`));
    await expect(page.getByTestId("ai-answer")).toContainText(`Tutor reply about ${p.problemId}; code lines: 1; turns: 1; you asked: where do I start?`);

    // The page keeps the conversation and asks again, the code analysis included.
    await page.getByTestId("ai-page-form").getByTestId("ai-analyse").click();
    await expect(page.getByTestId("ai-answer")).toHaveCount(2);
    await expect(page.getByTestId("ai-answer").nth(1)).toContainText("turns: 3");
    // An endpoint that answers garbage: the message, and the conversation kept.
    await page.getByTestId("ai-page-form").getByLabel("你的问题").fill("[notjson] hello");
    await page.getByTestId("ai-page-form").getByTestId("ai-send").click();
    await expect(page.getByTestId("ai-error")).toHaveText("响应数据错误，请联系老师");
    await expect(page.getByTestId("ai-answer")).toHaveCount(2);
    await page.getByLabel("你的代码").fill("   ");
    await page.getByTestId("ai-page-form").getByTestId("ai-analyse").click();
    await expect(page.getByTestId("ai-error")).toHaveText("代码为空，请先编写代码再请求分析");
    await expect(page.getByTestId("ai-answer")).toHaveCount(2);
  });
});

test.describe("switched off", () => {
  test("the panel says the helper is not enabled", async ({ page, context, createUser, loginAs }) => {
    const admin = await createUser({ role: SUPER_ADMIN });
    await configure(page, context, admin, loginAs, false);
    await loginAs(context, await createUser());
    const p = await problem();
    await page.goto(p.url);
    await page.getByTestId("ai-open").click();
    await expect(page.getByTestId("ai-off")).toHaveText("本站未开启 AI 助手。");
    await expect(page.getByTestId("ai-chat")).toHaveCount(0);
  });
});
