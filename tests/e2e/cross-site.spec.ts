import { expect, test } from "./support/fixtures";

// Another site's page, as a signed-in reader's browser loads it: its form posted to this site and
// its link to /logout change nothing. The browser itself says where the request comes from.

const EVIL = "http://evil.example/";

test("a form another site posts here gets the translated refusal page and changes nothing", async ({ page, context, app, baseURL, createUser, loginAs }) => {
  const user = await createUser();
  await loginAs(context, user);
  await page.route(`${EVIL}**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html><body>
        <form method="post" action="${new URL("setting", baseURL).href}">
          <input type="hidden" name="intent" value="changeInfo"><input type="hidden" name="nickname" value="Planted">
          <button>Win a prize</button>
        </form></body></html>`,
    }),
  );
  // Not page.goto, which waits for this site's scripts.
  await page.mainFrame().goto(EVIL);
  const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith("/setting")), page.getByRole("button", { name: "Win a prize" }).click()]);
  expect(response.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("该请求来自其他网站，已被拒绝。请在本站打开页面后重试。");
  await expect(page.getByRole("link", { name: "返回首页" })).toHaveAttribute("href", new URL(baseURL!).pathname + "home");
  expect((await app.User.findById(user.uid).lean())?.nickname).not.toBe("Planted");
});

test("a link to /logout on another site leaves the reader signed in", async ({ page, context, baseURL, createUser, loginAs }) => {
  const user = await createUser();
  await loginAs(context, user);
  await page.route(`${EVIL}**`, (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><html><body><a href="${new URL("logout", baseURL).href}">Read more</a></body></html>` }),
  );
  // Not page.goto, which waits for this site's scripts.
  await page.mainFrame().goto(EVIL);
  await page.getByRole("link", { name: "Read more" }).click();
  await expect(page.getByRole("main").getByRole("button", { name: "退出登录" })).toBeVisible();
  await page.goto("setting");
  await expect(page.getByRole("heading", { name: "设置" })).toBeVisible();
});
