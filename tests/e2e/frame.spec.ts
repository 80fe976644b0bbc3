import type { Page } from "@playwright/test";
import { expect, test, uniqueName } from "./support/fixtures";

// The site frame: languages, header menus and drawer, footer, 404, login-first redirects and the
// admin shell with the website configuration. Every scenario runs with JavaScript and without.

// Scenarios change the site name; one worker runs this file's tests one after another.
test.describe.configure({ mode: "default" });

async function sendMessages(uid: string, type: "discuss" | "reply" | "like" | "sys" | "mine", n: number) {
  const { sendUserMessage } = await import("../../app/services/community/messages.server");
  for (let i = 0; i < n; i++) await sendUserMessage({ recipientUid: uid, type, content: `message ${i}` });
}

async function clearMessages(uid: string) {
  const { deleteMessages } = await import("../../app/services/community/messages.server");
  for (const type of ["discuss", "reply", "like", "sys", "mine"] as const) await deleteMessages(uid, type);
}

/** A public problem of its own (removed by the caller). */
async function makeProblem(): Promise<{ problemId: string; remove: () => Promise<unknown> }> {
  const { Problem } = await import("../../app/models/problem.server");
  const pid = 700_000 + Math.floor(Math.random() * 200_000);
  const problemId = uniqueName("FR").toUpperCase();
  await Problem.create({
    _id: pid,
    problemId,
    problemIdUpper: problemId,
    title: `Frame ${problemId}`,
    description: "Print the sum.",
    input: "Two integers.",
    output: "Their sum.",
    examples: [{ input: "1 2", output: "3" }],
    languages: ["C", "C++"],
    testCaseHash: "0".repeat(32),
    testCases: [{ input: "1.in", output: "1.out", score: 0, groupNum: 0 }],
  });
  return { problemId, remove: () => Problem.deleteOne({ _id: pid }) };
}

/** The whole address of a site path (after the base path), so a doubled base path fails. */
function siteUrl(path: string | RegExp): RegExp {
  const base = (test.info().project.use.baseURL ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${base}${typeof path === "string" ? path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : path.source}$`);
}

/** With JavaScript, waits until the page is interactive (the drawer's <details> becomes a button). */
async function ready(page: Page, js: boolean) {
  if (js) await page.waitForFunction(() => !document.querySelector('[data-drawer="details"]'));
}

/** Opens a header dropdown: a Headless UI button with JavaScript, a <details> summary without. */
async function openMenu(page: Page, name: string, js: boolean) {
  const menu = page.locator(`[data-menu="${name}"]`);
  if (js) {
    const button = menu.locator("button").first();
    await expect(button).toBeVisible();
    await button.click();
  } else {
    await menu.locator("summary").click();
  }
  return menu;
}

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("home is Chinese by default and English with ?l=en", async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      const res = await page.goto("home");
      expect(res?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("欢迎来到");
      const nav = page.getByRole("navigation", { name: "主导航" });
      await expect(nav.getByRole("link", { name: "题库" })).toHaveAttribute("href", /\/problem$/);
      await expect(page.locator('a[data-auth="login"]').first()).toHaveText("登录");

      await page.goto("home?l=en");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome to");
      await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Problems" })).toBeVisible();
      await ready(page, js);
      expect(errors.filter((e) => /react|hydrat/i.test(e))).toEqual([]);
    });

    test("the footer switches the language and the choice is remembered", async ({ page, context }) => {
      await page.goto("introduction");
      const footer = page.locator("[data-site-footer]");
      await expect(footer.getByRole("link", { name: "帮助" })).toBeVisible();
      await ready(page, js);
      await footer.getByRole("button", { name: "English" }).click();
      await expect(page).toHaveURL(siteUrl("introduction"));
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Help");
      const stored = (await context.cookies()).find((c) => c.name === "oj_lng")?.value ?? "";
      expect(JSON.parse(Buffer.from(decodeURIComponent(stored), "base64").toString("utf8"))).toBe("en");

      // Remembered on the next visit, even over the browser's Chinese and over ?l=.
      await page.goto("home");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome to");
      await page.goto("home?l=zh-CN");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome to");

      await ready(page, js);
      await page.locator("[data-site-footer]").getByRole("button", { name: "简体中文" }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("欢迎来到");
    });

    test("an unknown path shows the 404 page with Go Home and Back", async ({ page }) => {
      await page.goto("introduction");
      await ready(page, js);
      // Arrive from a link of the site, as a visitor would.
      await page.evaluate(() => {
        const a = document.createElement("a");
        a.href = "no/such/page";
        a.textContent = "broken link";
        document.querySelector("main")?.append(a);
      });
      const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith("/no/such/page")), page.getByRole("link", { name: "broken link" }).click()]);
      expect(res.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "抱歉，页面找不到了" })).toBeVisible();
      await ready(page, js);
      await page.getByRole("link", { name: "返回上一页" }).click();
      await expect(page).toHaveURL(siteUrl("introduction"));

      await page.goto("another/missing/page");
      await page.getByRole("link", { name: "返回首页" }).click();
      await expect(page).toHaveURL(siteUrl("home"));
      await expect(page.getByRole("heading", { level: 1 })).toContainText("欢迎来到");
    });

    test("a page that finds nothing (an unknown problem) shows the same 404 page with Go Home and Back", async ({ page }) => {
      await page.goto("introduction");
      await ready(page, js);
      await page.evaluate(() => {
        const a = document.createElement("a");
        a.href = "problem/NO-SUCH-PROBLEM-404";
        a.textContent = "missing problem";
        document.querySelector("main")?.append(a);
      });
      const [res] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith("/problem/NO-SUCH-PROBLEM-404")),
        page.getByRole("link", { name: "missing problem" }).click(),
      ]);
      expect(res.status()).toBe(404);
      await expect(page.locator("[data-not-found]")).toBeVisible();
      await expect(page.getByRole("heading", { name: "抱歉，页面找不到了" })).toBeVisible();
      await expect(page.locator("[data-error-page]")).toHaveCount(0);
      await expect(page.locator("[data-site-header]")).toBeVisible();
      await ready(page, js);
      await page.getByRole("link", { name: "返回上一页" }).click();
      await expect(page).toHaveURL(siteUrl("introduction"));

      const direct = await page.goto("problem/NO-SUCH-PROBLEM-404");
      expect(direct?.status()).toBe(404);
      await page.locator("[data-not-found]").getByRole("link", { name: "返回首页" }).click();
      await expect(page).toHaveURL(siteUrl("home"));
      await expect(page.getByRole("heading", { level: 1 })).toContainText("欢迎来到");
    });

    test("a visitor opening /logout lands on home with the login opened and a notice", async ({ page }) => {
      await page.goto("logout");
      await expect(page).toHaveURL(siteUrl("home?login=1&notice=pleaseLoginFirst"));
      await expect(page.getByRole("dialog").getByText("请先登录")).toBeVisible();
    });

    test("a visitor opening /setting lands on home with the login opened and a notice", async ({ page }) => {
      await page.goto("setting");
      await expect(page).toHaveURL(siteUrl(/home\?login=1&notice=pleaseLoginFirst&redirectTo=%2F([\w-]+%2F)?setting/));
      // The login modal is open and says so (the layout adds no second toast for it).
      await expect(page.getByRole("dialog").getByText("请先登录")).toBeVisible();
      await expect(page.locator("[data-toast]").filter({ hasText: "请先登录" })).toHaveCount(0);
    });

    test("quick start opens a problem ID or warns", async ({ page }) => {
      await page.goto("home");
      await ready(page, js);
      await page.getByRole("button", { name: "前往" }).click();
      await expect(page.getByRole("alert")).toHaveText("请输入题目 ID");
      await page.getByLabel("题目 ID").fill("NO-SUCH-PROBLEM-42");
      await page.getByRole("button", { name: "前往" }).click();
      await expect(page.getByRole("alert")).toHaveText("题目不存在");
    });

    test("at 375px the menu is a drawer with the extra pages", async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto("home");
      await expect(page.getByRole("navigation", { name: "主导航" })).toBeHidden();
      await ready(page, js);
      const opener = js ? page.getByRole("button", { name: "打开导航菜单" }) : page.locator('summary[aria-label="打开导航菜单"]');
      await opener.click();
      const panel = page.locator('[data-drawer="panel"]');
      await expect(panel).toBeVisible();
      for (const name of ["首页", "题库", "OI 排名", "帮助", "开发者", "登录", "注册"]) {
        await expect(panel.getByRole("link", { name, exact: true })).toBeVisible();
      }
      await panel.getByRole("link", { name: "帮助", exact: true }).click();
      await expect(page).toHaveURL(siteUrl("introduction"));
      await expect(page.locator('[data-drawer="panel"]')).toBeHidden();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("帮助");
    });

    test("at 800px the menu is still the drawer; from 992px the full header", async ({ page }) => {
      await page.setViewportSize({ width: 800, height: 800 });
      await page.goto("home");
      const nav = page.getByRole("navigation", { name: "主导航" });
      await expect(nav).toBeHidden();
      await ready(page, js);
      const opener = js ? page.getByRole("button", { name: "打开导航菜单" }) : page.locator('summary[aria-label="打开导航菜单"]');
      await expect(opener).toBeVisible();

      await page.setViewportSize({ width: 1000, height: 800 });
      await expect(nav).toBeVisible();
      await expect(nav.getByRole("link", { name: "题库" })).toBeVisible();
      await expect(opener).toBeHidden();
    });

    test("the footer is hidden on a problem page", async ({ page, app }) => {
      void app; // connects this worker to the site's store
      const problem = await makeProblem();
      try {
        await page.goto("problem");
        await expect(page.locator("[data-site-footer]")).toBeVisible();
        const res = await page.goto(`problem/${problem.problemId}`);
        expect(res?.status()).toBe(200);
        await expect(page.getByText(`Frame ${problem.problemId}`).first()).toBeVisible();
        await expect(page.locator("[data-site-header]")).toBeVisible();
        await expect(page.locator("[data-site-footer]")).toHaveCount(0);
      } finally {
        await problem.remove();
      }
    });

    test("a signed-in user has the user menu and unread badges capped at 99+", async ({ page, context, createUser, loginAs }) => {
      const user = await createUser();
      await sendMessages(user.uid, "sys", 100);
      await sendMessages(user.uid, "discuss", 2);
      try {
        await loginAs(context, user);
        await page.goto("home");
        const header = page.locator("[data-site-header]");
        await expect(header.locator('a[data-auth="login"]')).toHaveCount(0);
        const messages = await openMenu(page, "message", js);
        await expect(messages.getByText("99+").first()).toBeVisible();
        await expect(messages.getByRole(js ? "menuitem" : "link", { name: /评论我的\s*2/ })).toHaveAttribute("href", /\/message\/discuss$/);
        await expect(messages.getByRole(js ? "menuitem" : "link", { name: /系统通知\s*99\+/ })).toBeVisible();

        // A menu entry navigates (and the menu is gone on the next page).
        await messages.getByRole(js ? "menuitem" : "link", { name: /评论我的/ }).click();
        await expect(page).toHaveURL(siteUrl("message/discuss"));
        // The message centre has tabs of its own; the header's menu is what must be closed.
        await expect(page.locator("[data-site-header]").getByRole(js ? "menuitem" : "link", { name: /系统通知/ })).toBeHidden();

        await page.goto("home");
        const menu = await openMenu(page, "user", js);
        const role = js ? "menuitem" : "link";
        await expect(menu.getByRole(role, { name: "我的主页" })).toHaveAttribute("href", /\/user-home$/);
        await expect(menu.getByRole(role, { name: "我的提交" })).toHaveAttribute("href", /\/status\?onlyMine=true$/);
        await expect(menu.getByRole(role, { name: "我的设置" })).toHaveAttribute("href", /\/setting$/);
        await expect(menu.getByRole(role, { name: "后台管理" })).toHaveCount(0);
        const logout = menu.getByRole(js ? "menuitem" : "button", { name: "退出登录" });
        if (js) {
          // The logout form is sent (the page of /logout belongs to the accounts work).
          await page.evaluate(() => {
            const w = window as { logoutSubmits?: number };
            w.logoutSubmits = 0;
            document.getElementById("logout-form")?.addEventListener("submit", () => (w.logoutSubmits = (w.logoutSubmits ?? 0) + 1), true);
          });
          await logout.click();
          expect(await page.evaluate(() => (window as { logoutSubmits?: number }).logoutSubmits)).toBe(1);
        } else {
          const [post] = await Promise.all([page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/logout")), logout.click()]);
          expect(post.url()).toMatch(siteUrl("logout"));
        }
      } finally {
        await clearMessages(user.uid);
      }
    });

    test("a non-admin is refused the admin area; a visitor goes to the admin login", async ({ page, context, createUser, loginAs }) => {
      const res = await page.goto("admin/conf");
      await expect(page).toHaveURL(siteUrl(/admin\/login\?redirectTo=%2F([\w-]+%2F)?admin%2Fconf&notice=pleaseLoginAdmin/));
      expect(res?.status()).toBeLessThan(500);
      await expect(page.locator("[data-toast]").filter({ hasText: "请使用管理员账号登录！" })).toBeVisible();
      // Like every admin path, only the content: no site header or footer.
      await expect(page.getByRole("heading", { name: "管理员登录" })).toBeVisible();
      await expect(page.locator("[data-site-header]")).toHaveCount(0);
      await expect(page.locator("[data-site-footer]")).toHaveCount(0);

      await loginAs(context, await createUser());
      const refused = await page.goto("admin");
      expect(refused?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "您没有权限进行此操作！" })).toBeVisible();
      await expect(page.locator("[data-site-header]")).toHaveCount(0);
      await expect(page.locator("[data-admin-shell]")).toHaveCount(0);
    });

    test("an admin edits the site name in /admin/conf and sees it in the footer", async ({ page, context, createUser, loginAs }) => {
      const admin = await createUser({ role: 1000 });
      await loginAs(context, admin);
      await page.goto("admin");
      await expect(page).toHaveURL(siteUrl("admin/dashboard"));
      const shell = page.locator("[data-admin-shell]");
      await expect(shell).toBeVisible();
      await expect(page.locator("[data-site-header]")).toHaveCount(0);
      await expect(page.locator("[data-site-footer]")).toHaveCount(0);
      await expect(shell.locator('[data-stat="users"] [data-stat-value]')).toHaveText(/^\d+$/);

      await ready(page, js);
      await shell.getByRole("link", { name: "网站配置" }).click();
      await expect(page).toHaveURL(siteUrl("admin/conf"));
      const field = page.getByLabel("网站名称");
      const original = await field.inputValue();
      const originalRecord = { name: await page.getByLabel("备案名称").inputValue(), url: await page.getByLabel("备案链接").inputValue() };
      const name = `Judge ${uniqueName("n")}`;
      const record = `Record ${uniqueName("r")}`;
      try {
        // Bad input: a translated error, and nothing saved.
        await field.fill("");
        await page.getByRole("button", { name: "保存" }).click();
        await expect(page.locator('[data-field-error="projectName"]')).toHaveText("请填写网站名称");

        await page.getByLabel("网站名称").fill(name);
        await page.getByLabel("备案名称").fill(record);
        await page.getByLabel("备案链接").fill("https://beian.example.org/record");
        await page.getByRole("button", { name: "保存" }).click();
        await expect(page.locator("[data-toast]").filter({ hasText: "修改成功" })).toBeVisible();
        await expect(page.getByLabel("网站名称")).toHaveValue(name);

        await page.goto("home");
        const footer = page.locator("[data-site-footer]");
        await expect(footer.locator('[data-footer="site"]')).toHaveText(name);
        await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
        // The record name links to the record address; the knowledge base and support links are there.
        await expect(footer.locator('[data-footer="record"]').getByRole("link", { name: record })).toHaveAttribute("href", "https://beian.example.org/record");
        await expect(footer.getByRole("link", { name: "知识库" })).toHaveAttribute("href", "https://oi-wiki.org/");
        await expect(footer.getByRole("link", { name: "帮助" })).toHaveAttribute("href", /\/introduction$/);
      } finally {
        await page.goto("admin/conf");
        await page.getByLabel("网站名称").fill(original);
        await page.getByLabel("备案名称").fill(originalRecord.name);
        await page.getByLabel("备案链接").fill(originalRecord.url);
        await page.getByRole("button", { name: "保存" }).click();
        await expect(page.locator("[data-toast]").filter({ hasText: "修改成功" })).toBeVisible();
      }
    });
  });
}

test("the header menus and the drawer work from the keyboard", async ({ page, context, createUser, loginAs }) => {
  await loginAs(context, await createUser());
  await page.goto("home");
  await ready(page, true);
  const menu = page.locator('[data-menu="user"]');
  const button = menu.locator("button").first();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toHaveAttribute("aria-haspopup", "menu");

  // Enter opens it on the first entry; arrows, End and Home move; Escape closes it back on the button.
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  const items = menu.getByRole("menuitem");
  await expect(items.first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press("End");
  await expect(items.last()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(items.first()).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(items.last()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu.getByRole("menu")).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute("aria-expanded", "false");

  // A click outside closes it; ArrowUp opens it on the last entry.
  await button.click();
  await expect(menu.getByRole("menu")).toBeVisible();
  await page.locator("main").click({ position: { x: 5, y: 5 } });
  await expect(menu.getByRole("menu")).toHaveCount(0);
  await button.focus();
  await page.keyboard.press("ArrowUp");
  await expect(items.last()).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("menu")).toHaveCount(0);

  // The drawer is a modal dialog: focus inside, Tab stays inside, Escape closes it on its button.
  await page.setViewportSize({ width: 375, height: 800 });
  const opener = page.getByRole("button", { name: "打开导航菜单" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: await page.locator("[data-site-header] a").first().innerText() });
  await expect(dialog).toBeVisible();
  await expect(opener).toHaveAttribute("aria-expanded", "true");
  await expect(dialog).toBeFocused();
  for (let i = 0; i < 40; i++) await page.keyboard.press("Tab");
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Shift+Tab");
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  await expect(opener).toHaveAttribute("aria-expanded", "false");
});

test("a page carries its own translations; the next page's and a message's are fetched when needed", async ({ page, context, createUser, loginAs }) => {
  const fetched: string[] = [];
  page.on("request", (r) => {
    const m = /\/locales\/([\w-]+)\/([\w-]+)\.json/.exec(r.url());
    if (m) fetched.push(`${m[1]}/${m[2]}`);
  });
  await loginAs(context, await createUser());
  await page.goto("home");
  await ready(page, true);
  await page.waitForLoadState("networkidle");
  expect(fetched).toEqual([]);
  const embedded = JSON.parse((await page.locator("#i18n-resources").textContent()) ?? "{}") as { lng: string; resources: Record<string, unknown> };
  expect(embedded.lng).toBe("zh-CN");
  expect(Object.keys(embedded.resources).sort()).toEqual(["common", "home"]);

  // A client-side navigation to a page of other namespaces.
  await page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "题库" }).click();
  await expect(page.getByRole("columnheader", { name: "通过率" })).toBeVisible();
  expect(fetched.sort()).toEqual(["zh-CN/judge", "zh-CN/problem"]);

  // Logging out from the user menu: the message's namespace ("auth") is fetched, never shown as a key.
  await openMenu(page, "user", true);
  await page.locator('[data-menu="user"]').getByRole("menuitem", { name: "退出登录" }).click();
  await expect(page.locator("[data-toast]")).toHaveText("成功退出登录");
  expect(fetched).toContain("zh-CN/auth");
});

test("an error page is translated and shows the request id, never a stack", async ({ request }) => {
  // The home page takes no form posts: Remix answers 405 through the root error page.
  const res = await request.post("home", { form: { x: "1" }, headers: { "Accept-Language": "en" } });
  expect(res.status()).toBe(405);
  const id = res.headers()["x-request-id"];
  expect(id).toMatch(/^[\w.-]+$/);
  const html = await res.text();
  expect(html).toContain("The request is invalid!");
  expect(html).toContain(`data-request-id="">${id}</code>`);
  expect(html).not.toMatch(/\bat [\w.<>]+ \(/);
});
