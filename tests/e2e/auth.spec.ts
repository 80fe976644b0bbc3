import { Redis } from "ioredis";
import type { Page } from "@playwright/test";
import { messagesTo, waitForCode } from "./support/mailbox";
import { expect, test, uniqueName, type StackInfo } from "./support/fixtures";

// Accounts in the browser (zh-CN, the default language): register with the e-mailed code, log in
// and out, the slide puzzle after five failures, the login modal on a protected page, reset by
// e-mail, and the same flows with JavaScript turned off.

// The site keys Redis under its default prefix; tests read a puzzle's answer or a captcha there,
// as nothing on the page tells them.
const PREFIX = "oj:";
let redisClient: Redis | null = null;
function redisOf(stack: StackInfo): Redis {
  redisClient ??= new Redis(stack.redisUrl, { maxRetriesPerRequest: 2 });
  return redisClient;
}
test.afterAll(async () => {
  await redisClient?.quit();
  redisClient = null;
});

async function puzzleAnswer(stack: StackInfo, page: Page): Promise<number> {
  const token = await page.locator('input[name="puzzleToken"]').inputValue();
  const raw = await redisOf(stack).get(`${PREFIX}puzzle:${token}`);
  expect(raw, "the puzzle's answer is in Redis").toBeTruthy();
  return (JSON.parse(raw!) as { x: number }).x;
}

async function captchaAnswer(stack: StackInfo, page: Page): Promise<string> {
  const key = await page.locator('input[name="captchaKey"]').inputValue();
  return (await redisOf(stack).get(`${PREFIX}captcha:${key}`))!;
}

/** Waits until the page's scripts have taken over (the modal listens for data-auth clicks). */
async function ready(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.authReady === "1");
}

/** A path of the site (relative to baseURL) from an absolute link in an e-mail. */
function sitePathOf(link: string): string {
  const u = new URL(link);
  const base = process.env.E2E_BASE_PATH ?? "/";
  return (u.pathname.startsWith(base) ? u.pathname.slice(base.length) : u.pathname.replace(/^\//, "")) + u.search;
}

function resetLinkIn(mail: string): string {
  const text = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  return text.match(/https?:\/\/\S+?reset-password\?username=[^&\s]+&code=\d{6}/)![0];
}

const toast = (page: Page) => page.locator("[data-toast]");

test.describe("with JavaScript", () => {
  test("register with the e-mailed code in the modal, log in, log out", async ({ page, stack, app }) => {
    const username = uniqueName("r");
    const email = `${username}@example.test`;
    await page.goto("home?register=1");
    await ready(page);
    const modal = page.locator("[data-auth-modal]");
    await expect(modal.getByRole("heading", { name: "注册" })).toBeVisible();

    await modal.getByLabel("用户名", { exact: true }).fill(username);
    await modal.getByLabel("密码", { exact: true }).fill("secret123");
    await modal.getByLabel("确认密码", { exact: true }).fill("secret123");
    await modal.getByLabel("邮箱", { exact: true }).fill(email);
    await modal.getByRole("button", { name: "获取验证码" }).click();
    await expect(modal.getByRole("button", { name: /秒后重发/ })).toBeDisabled();
    const code = await waitForCode(stack.mailboxDir, email);
    await modal.getByLabel("验证码", { exact: true }).fill(code);
    await modal.getByRole("button", { name: "注册", exact: true }).click();

    await expect(toast(page)).toHaveText("谢谢你对本站的支持！现在可以登录了");
    await expect(modal.getByRole("heading", { name: "登录" })).toBeVisible();
    await expect(modal.getByLabel("用户名", { exact: true })).toHaveValue(username);
    await modal.getByLabel("密码", { exact: true }).fill("secret123");
    await modal.getByRole("button", { name: "登录", exact: true }).click();
    await expect(toast(page)).toHaveText("欢迎回来~");
    await expect(modal).toHaveCount(0);

    await page.goto("setting");
    await expect(page.getByRole("heading", { name: "设置" })).toBeVisible();

    // A GET of /logout changes nothing: it offers the button that posts.
    await page.goto("logout");
    await page.getByRole("main").getByRole("button", { name: "退出登录" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(toast(page)).toHaveText("成功退出登录");
    await page.goto("setting");
    await expect(page).toHaveURL(/\/home\?login=1/);
    await app.User.deleteOne({ usernameLower: username.toLowerCase() });
  });

  test("a refused registration clears the code field", async ({ page }) => {
    const username = uniqueName("c");
    await page.goto("home?register=1");
    await ready(page);
    const modal = page.locator("[data-auth-modal]");
    await modal.getByLabel("用户名", { exact: true }).fill(username);
    await modal.getByLabel("密码", { exact: true }).fill("secret123");
    await modal.getByLabel("确认密码", { exact: true }).fill("secret123");
    await modal.getByLabel("邮箱", { exact: true }).fill(`${username}@example.test`);
    await modal.getByLabel("验证码", { exact: true }).fill("123456");
    await modal.getByRole("button", { name: "注册", exact: true }).click();
    await expect(modal.getByText("验证码不存在或已过期，请重新获取")).toBeVisible();
    await expect(modal.getByLabel("验证码", { exact: true })).toHaveValue("");
  });

  test("links marked data-auth open the modal in place; × closes it", async ({ page }) => {
    await page.goto("home");
    await ready(page);
    await page.evaluate(() => {
      for (const mode of ["login", "register"]) {
        const a = document.createElement("a");
        a.href = `/${mode}`;
        a.dataset.auth = mode;
        a.textContent = `open ${mode}`;
        document.body.prepend(a);
      }
    });
    await page.getByText("open register").click();
    await expect(page.locator('[data-auth-modal="register"]')).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/\/home$/);
    await page.locator("[data-auth-modal]").getByRole("link", { name: "立即登录" }).click();
    await expect(page.locator('[data-auth-modal="login"]')).toBeVisible();
    await page.getByRole("link", { name: "关闭" }).click();
    await expect(page.locator("[data-auth-modal]")).toHaveCount(0);
    await page.getByText("open login").click();
    await expect(page.locator('[data-auth-modal="login"]')).toBeVisible();
    // Not closed by a click outside the dialog.
    await page.mouse.click(5, 5);
    await expect(page.locator('[data-auth-modal="login"]')).toBeVisible();
  });

  test("the modal's code is fetched only when wanted; the server's open modal is taken over cleanly", async ({ page }) => {
    const modalScripts: string[] = [];
    const errors: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script" && /\/AuthModal-[\w-]+\.js$/.test(r.url())) modalScripts.push(r.url());
    });
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto("home");
    await ready(page);
    await page.waitForLoadState("networkidle");
    expect(modalScripts).toEqual([]);
    await page.locator('[data-site-header] a[data-auth="login"]').click();
    await expect(page.locator('[data-auth-modal="login"]')).toBeVisible();
    expect(modalScripts).toHaveLength(1);

    await page.goto("home?login=1");
    await ready(page);
    const modal = page.locator('[data-auth-modal="login"]');
    // Switching modes in place needs the modal's own code: the server's markup was taken over.
    await modal.getByRole("link", { name: "立即注册" }).click();
    await expect(page.locator('[data-auth-modal="register"]')).toBeVisible();
    expect(new URL(page.url()).search).toBe("?login=1");
    expect(errors.filter((e) => /react|hydrat|did not match/i.test(e))).toEqual([]);
  });

  test("a signed-in user given ?login=1 gets no modal, and the page still becomes interactive", async ({ page, context, createUser, loginAs }) => {
    await loginAs(context, await createUser());
    await page.goto("home?login=1");
    await ready(page);
    await expect(page.locator("[data-auth-modal]")).toHaveCount(0);
  });

  test("a visitor opening /setting lands home with the login modal and 'Please login first'", async ({ page, createUser }) => {
    const user = await createUser();
    await page.goto("setting");
    await expect(page).toHaveURL(/\/home\?login=1&notice=pleaseLoginFirst&redirectTo=%2F([\w-]+%2F)?setting/);
    await ready(page);
    const modal = page.locator('[data-auth-modal="login"]');
    await expect(modal.getByRole("alert")).toHaveText("请先登录");
    await modal.getByLabel("用户名", { exact: true }).fill(user.username);
    await modal.getByLabel("密码", { exact: true }).fill(user.password);
    await modal.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page).toHaveURL(/\/setting$/);
    await expect(page.getByRole("heading", { name: "设置" })).toBeVisible();
    await expect(toast(page)).toHaveText("欢迎回来~");
  });

  test.describe("after five failed logins", () => {
    // Failures count per address too: this test's own address keeps the others out of it.
    test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.41" } });

    test("the slide puzzle must be dragged to the right place", async ({ page, stack, createUser }) => {
      const user = await createUser();
      await page.goto("home?login=1");
      await ready(page);
      const modal = page.locator('[data-auth-modal="login"]');
      await modal.getByLabel("用户名", { exact: true }).fill(user.username);
      for (let i = 1; i <= 5; i++) {
        await modal.getByLabel("密码", { exact: true }).fill(`wrong-${i}-pass`);
        await modal.getByRole("button", { name: "登录", exact: true }).click();
        await expect(modal.getByRole("alert")).toHaveText("请检查你的用户名或密码");
        if (i < 5) await expect(modal.locator("[data-slide-puzzle]")).toHaveCount(0);
      }
      const puzzle = modal.locator("[data-slide-puzzle]");
      await expect(puzzle).toBeVisible();
      await expect(puzzle.locator("img")).toHaveAttribute("src", /^data:image\/png;base64,/);

      // A wrong place first: refused, and a new puzzle comes.
      await modal.getByLabel("密码", { exact: true }).fill(user.password);
      const firstToken = await modal.locator('input[name="puzzleToken"]').inputValue();
      const x1 = await puzzleAnswer(stack, page);
      await dragPiece(page, x1 > 150 ? x1 - 40 : x1 + 40);
      await expect(modal.getByText("验证失败，请重试")).toBeVisible();
      await expect(modal.locator('input[name="puzzleToken"]')).not.toHaveValue(firstToken);

      // The right place: the login goes through.
      const x2 = await puzzleAnswer(stack, page);
      await dragPiece(page, x2);
      await expect(toast(page)).toHaveText("欢迎回来~");
      await expect(modal).toHaveCount(0);
    });
  });

  test("reset by e-mail from the modal, then log in with the new password", async ({ page, stack, createUser }) => {
    const user = await createUser();
    await page.goto("home?reset=1");
    await ready(page);
    const modal = page.locator('[data-auth-modal="reset"]');
    await expect(modal.locator("[data-captcha-image]")).toHaveAttribute("src", /^data:image\/svg\+xml/);
    await modal.getByLabel("邮箱", { exact: true }).fill(user.email);
    await modal.getByLabel("图片验证码", { exact: true }).fill("wrong");
    const firstKey = await modal.locator('input[name="captchaKey"]').inputValue();
    await modal.getByRole("button", { name: "发送重置邮件" }).click();
    await expect(modal.getByText("图片验证码不正确")).toBeVisible();
    // The refusal drew a new captcha and emptied the field.
    await expect(modal.locator('input[name="captchaKey"]')).not.toHaveValue(firstKey);
    await expect(modal.getByLabel("图片验证码", { exact: true })).toHaveValue("");

    await modal.getByLabel("图片验证码", { exact: true }).fill(await captchaAnswer(stack, page));
    await modal.getByRole("button", { name: "发送重置邮件" }).click();
    await expect(modal.getByText(`重置邮件已发送至 ${user.email}`, { exact: false })).toBeVisible();
    await waitForCode(stack.mailboxDir, user.email);
    const link = resetLinkIn(messagesTo(stack.mailboxDir, user.email).at(-1)!);

    await page.goto(sitePathOf(link));
    await expect(page.getByLabel("用户名", { exact: true })).toHaveValue(user.username);
    await page.getByLabel("新密码", { exact: true }).fill("brand-new-1");
    await page.getByLabel("确认密码", { exact: true }).fill("brand-new-1");
    await page.getByRole("button", { name: "重置密码" }).click();
    await expect(page).toHaveURL(/\/home\?login=1$/);
    await expect(toast(page)).toHaveText("您的密码已重置");
    const login = page.locator('[data-auth-modal="login"]');
    await login.getByLabel("用户名", { exact: true }).fill(user.username);
    await login.getByLabel("密码", { exact: true }).fill("brand-new-1");
    await login.getByRole("button", { name: "登录", exact: true }).click();
    await expect(toast(page)).toHaveText("欢迎回来~");
  });
});

/** Drags the puzzle's piece from the left edge by `dx` pixels, as a person would. */
async function dragPiece(page: Page, dx: number) {
  const slider = page.locator('[data-slide-puzzle] input[type="range"]');
  const box = (await slider.boundingBox())!;
  const pieceWidth = 42;
  const y = box.y + box.height / 2;
  const x0 = box.x + pieceWidth / 2;
  // A person takes longer than the server's minimum to solve it.
  await page.waitForTimeout(500);
  await page.mouse.move(x0, y);
  await page.mouse.down();
  for (let i = 1; i <= 25; i++) await page.mouse.move(x0 + (dx * i) / 25, y + (i % 3) - 1);
  await page.mouse.up();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("register on the plain page with the e-mailed code, log in, log out", async ({ page, stack, app }) => {
    const username = uniqueName("n");
    const email = `${username}@example.test`;
    await page.goto("register");
    await page.getByLabel("用户名", { exact: true }).fill(username);
    await page.getByLabel("邮箱", { exact: true }).fill(email);
    await page.getByRole("button", { name: "获取验证码" }).click();
    await expect(page.getByText(`验证码已发送至 ${email}`, { exact: false })).toBeVisible();
    // The form kept what was typed (passwords are never sent back).
    await expect(page.getByLabel("用户名", { exact: true })).toHaveValue(username);
    await expect(page.getByLabel("邮箱", { exact: true })).toHaveValue(email);
    const code = await waitForCode(stack.mailboxDir, email);

    // A wrong code first: the refusal says how long until another code may be asked for, as the
    // button cannot count down without JavaScript.
    await page.getByLabel("密码", { exact: true }).fill("secret123");
    await page.getByLabel("确认密码", { exact: true }).fill("secret123");
    await page.getByLabel("验证码", { exact: true }).fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "注册", exact: true }).click();
    await expect(page.getByText("验证码不正确", { exact: true })).toBeVisible();
    await expect(page.locator("[data-code-wait]")).toHaveText(/^([1-5]\d|60|[1-9]) 秒后可重新获取验证码。$/);

    await page.getByLabel("密码", { exact: true }).fill("secret123");
    await page.getByLabel("确认密码", { exact: true }).fill("secret123");
    await page.getByLabel("验证码", { exact: true }).fill(code);
    await page.getByRole("button", { name: "注册", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?username=${username}&registered=1$`));
    await expect(toast(page)).toHaveText("谢谢你对本站的支持！现在可以登录了");
    // The page itself says so too, for as long as it is shown.
    await expect(page.locator('[data-form="login"] [data-alert="success"]')).toHaveText("谢谢你对本站的支持！现在可以登录了");

    await expect(page.getByLabel("用户名", { exact: true })).toHaveValue(username);
    await page.getByLabel("密码", { exact: true }).fill("secret123");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(toast(page)).toHaveText("欢迎回来~");

    // A GET of /logout changes nothing: it offers the button that posts.
    await page.goto("logout");
    await page.getByRole("main").getByRole("button", { name: "退出登录" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(toast(page)).toHaveText("成功退出登录");
    await app.User.deleteOne({ usernameLower: username.toLowerCase() });
  });

  test("the login modal is rendered by the server on a protected page, and its form works", async ({ page, createUser }) => {
    const user = await createUser();
    await page.goto("setting");
    await expect(page).toHaveURL(/\/home\?login=1/);
    const modal = page.locator('[data-auth-modal="login"]');
    await expect(modal.getByRole("heading", { name: "登录" })).toBeVisible();
    await expect(modal.getByRole("alert")).toHaveText("请先登录");
    await modal.getByLabel("用户名", { exact: true }).fill(user.username);
    await modal.getByLabel("密码", { exact: true }).fill("not-the-password");
    await modal.getByRole("button", { name: "登录", exact: true }).click();
    // A refusal shows the plain login page, still going to /setting afterwards.
    await expect(page.getByText("请检查你的用户名或密码")).toBeVisible();
    await page.getByLabel("密码", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page).toHaveURL(/\/setting$/);
    await expect(page.getByRole("heading", { name: "设置" })).toBeVisible();
  });

  test("settings: the profile and the password change through plain forms", async ({ page, context, createUser, loginAs }) => {
    const user = await createUser();
    await loginAs(context, user);
    await page.goto("setting");
    await page.getByLabel("昵称", { exact: true }).fill("小明");
    await page.getByLabel("性别", { exact: true }).selectOption("female");
    await page.getByRole("button", { name: "保存" }).click();
    await expect(toast(page)).toHaveText("更新成功");
    await expect(page.getByLabel("昵称", { exact: true })).toHaveValue("小明");
    await expect(page.getByLabel("性别", { exact: true })).toHaveValue("female");

    await page.getByLabel("当前密码", { exact: true }).fill("not-my-password");
    await page.getByLabel("新密码", { exact: true }).fill("changed-pass-1");
    await page.getByLabel("确认新密码", { exact: true }).fill("changed-pass-1");
    await page.getByRole("button", { name: "更新" }).first().click();
    await expect(page.getByText("当前密码错误！已累计失败 1/5 次")).toBeVisible();
    await page.getByLabel("当前密码", { exact: true }).fill(user.password);
    await page.getByLabel("新密码", { exact: true }).fill("changed-pass-1");
    await page.getByLabel("确认新密码", { exact: true }).fill("changed-pass-1");
    await page.getByRole("button", { name: "更新" }).first().click();
    await expect(toast(page)).toHaveText("密码修改成功，您在其他设备上的登录已失效");
    // Still signed in here.
    await expect(page.getByRole("heading", { name: "设置" })).toBeVisible();
  });

  test("the modal's × link closes it", async ({ page }) => {
    await page.goto("home?login=1&notice=pleaseLoginFirst&redirectTo=%2Fsetting");
    await page.getByRole("link", { name: "关闭" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator("[data-auth-modal]")).toHaveCount(0);
  });

  test.describe("after five failed logins", () => {
    test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.42" } });

    test("the puzzle's range input works in a plain form", async ({ page, stack, createUser }) => {
      const user = await createUser();
      await page.goto("login");
      for (let i = 1; i <= 5; i++) {
        await page.getByLabel("用户名", { exact: true }).fill(user.username);
        await page.getByLabel("密码", { exact: true }).fill(`wrong-${i}-pass`);
        await page.getByRole("button", { name: "登录", exact: true }).click();
        await expect(page.getByText("请检查你的用户名或密码")).toBeVisible();
      }
      await expect(page.locator("[data-slide-puzzle]")).toBeVisible();
      const x = await puzzleAnswer(stack, page);
      await page.getByLabel("密码", { exact: true }).fill(user.password);
      await page.getByRole("slider", { name: "拼图块的位置" }).fill(String(x));
      await page.getByRole("button", { name: "登录", exact: true }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(toast(page)).toHaveText("欢迎回来~");
    });
  });
});
