import { expect, test } from "./support/fixtures";
import { camera } from "./support/shots";

// The discussion category the site seeds on first start ("General") is shown in the reader's
// language on the discussion list, until an admin gives it a name of their own.

const shoot = camera("discussion-category");

test("the seeded discussion category reads in the page's language", async ({ browser, app }) => {
  void app;
  for (const [locale, label] of [
    ["zh-CN", "综合讨论"],
    ["en-US", "General"],
  ] as const) {
    const context = await browser.newContext({ locale, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto("discussion");
    const categories = page.getByRole("navigation").filter({ has: page.locator("#category-title") });
    await expect(categories.getByRole("link", { name: label, exact: true })).toBeVisible();
    if (locale === "zh-CN") await expect(categories.getByRole("link", { name: "General", exact: true })).toHaveCount(0);
    await shoot(page, `discussion-${locale}`);
    await context.close();
  }
});
