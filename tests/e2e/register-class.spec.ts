import { randomInt } from "node:crypto";
import { Redis } from "ioredis";
import type { Page } from "@playwright/test";
import { waitForCode } from "./support/mailbox";
import { expect, test, uniqueName } from "./support/fixtures";
import { E2E_RATE_LIMIT_SCALE } from "./support/limits";
import { camera } from "./support/shots";

// A class registering behind one school address (the site trusts the local proxy's
// X-Forwarded-For, so each test picks its own address): once the address has registered its
// hourly allowance, the register page shows the slide puzzle with a note saying why, and a
// student who solves it registers; past the address's hard cap the refusal says what happened and
// when to try again. Without JavaScript (the slider is a plain range input).

test.use({ javaScriptEnabled: false });
const shoot = camera("register-class");

async function fillRegistration(page: Page, mailboxDir: string, username: string, getCode: string, register: string) {
  const email = `${username}@example.test`;
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole("button", { name: getCode }).click();
  const code = await waitForCode(mailboxDir, email);
  await page.locator('input[name="password"]').fill("secret123");
  await page.locator('input[name="passwordAgain"]').fill("secret123");
  await page.locator('input[name="code"]').fill(code);
  return () => page.getByRole("button", { name: register, exact: true }).click();
}

for (const lang of ["en", "zh-CN"] as const) {
  test(`${lang}: a class behind one address registers with the puzzle; past the cap the refusal says why`, async ({ browser, stack, app }) => {
    const { spend, RATE_RULES } = await import("../../app/services/platform/rate-limit.server");
    // The site's allowances (this process does not scale them as the site does).
    const allowanceOf = (rule: "registerIp" | "registerIpCap") => RATE_RULES[rule].points * E2E_RATE_LIMIT_SCALE;
    void app;
    const ip = `198.18.${randomInt(250)}.${randomInt(1, 250)}`;
    const context = await browser.newContext({ locale: lang === "en" ? "en-US" : "zh-CN", extraHTTPHeaders: { "X-Forwarded-For": ip }, javaScriptEnabled: false });
    const page = await context.newPage();
    const en = lang === "en";
    const words = en
      ? { getCode: "Get code", register: "Register", note: "Many accounts were registered from this network in the last hour" }
      : { getCode: "获取验证码", register: "注册", note: "过去一小时内从该网络注册的账号较多" };
    // The address has registered its allowance this hour: the page asks for the puzzle at once.
    await spend(...Array.from({ length: allowanceOf("registerIp") }, () => ["registerIp", ip] as ["registerIp", string]));
    await page.goto("register");
    await expect(page.getByTestId("register-puzzle")).toContainText(words.note);
    await expect(page.locator("[data-slide-puzzle]")).toBeVisible();
    await shoot(page, `${lang}-register-puzzle`);

    const username = uniqueName("cls");
    const submit = await fillRegistration(page, stack.mailboxDir, username, words.getCode, words.register);
    // The form came back with the code sent: the puzzle on it now is the one to solve.
    const redis = new Redis(stack.redisUrl, { maxRetriesPerRequest: 2 });
    const token = await page.locator('input[name="puzzleToken"]').inputValue();
    const x = (JSON.parse((await redis.get(`oj:puzzle:${token}`))!) as { x: number }).x;
    await page.locator('input[name="puzzleOffset"]').fill(String(x));
    await page.waitForTimeout(500);
    await submit();
    await expect(page).toHaveURL(new RegExp(`/login\\?username=${username}&registered=1$`));

    // Past the hard cap: refused, saying what happened and when to try again.
    await spend(...Array.from({ length: allowanceOf("registerIpCap") }, () => ["registerIpCap", ip] as ["registerIpCap", string]));
    await page.goto("register");
    const other = uniqueName("cls");
    const again = await fillRegistration(page, stack.mailboxDir, other, words.getCode, words.register);
    await again();
    const max = allowanceOf("registerIpCap");
    await expect(page.locator('[data-form="register"] [role="alert"]').first()).toHaveText(
      en
        ? new RegExp(`^${max} accounts were registered from this network in the last hour, the most one address may register\\. Try again in \\d+ seconds, or ask the site's administrator to create the accounts\\.$`)
        : new RegExp(`^过去一小时内从该网络已注册 ${max} 个账号，已达单个地址的上限。请在 \\d+ 秒后再试，或请网站管理员代为创建账号。$`),
    );
    await shoot(page, `${lang}-register-cap`);
    await redis.quit();
    await context.close();
  });
}
