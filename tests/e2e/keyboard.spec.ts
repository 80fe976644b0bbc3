import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// The keyboard path through the frame: a skip link first, and a login modal that keeps focus inside
// it while open and gives it back to the control that opened it.

const activeInside = (page: Page, selector: string) => page.evaluate((sel) => !!document.activeElement?.closest(sel), selector);

for (const path of ["home", "problem", "status"]) {
  test(`the first Tab stop of /${path} is a link past the header to the main content`, async ({ page }) => {
    await page.goto(path);
    await page.keyboard.press("Tab");
    const skip = page.locator("[data-skip-link]");
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await expect(skip).toHaveText("跳到主要内容");
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
    // The next stop is in the page's own content, not the header's menu.
    await page.keyboard.press("Tab");
    expect(await activeInside(page, "main#main")).toBe(true);
  });
}

test("the login modal keeps focus inside, makes the page behind inert, and Esc gives focus back to its opener", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("home");
  const opener = page.getByRole("banner").locator('[data-auth="login"]').first();
  await opener.focus();
  await page.keyboard.press("Enter");
  const modal = page.locator('[data-auth-modal="login"]');
  await expect(modal).toBeVisible();
  await expect.poll(() => activeInside(page, '[data-auth-modal="login"]')).toBe(true);

  // Tab and Shift+Tab go round the modal's controls and never leave it.
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press("Tab");
    expect(await activeInside(page, '[data-auth-modal="login"]'), `Tab ${i + 1}`).toBe(true);
  }
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await activeInside(page, '[data-auth-modal="login"]'), `Shift+Tab ${i + 1}`).toBe(true);
  }
  // The page behind cannot be reached: it is inert.
  expect(await page.locator("header").first().evaluate((el) => !!el.closest("[inert]"))).toBe(true);

  await page.keyboard.press("Escape");
  await expect(modal).toHaveCount(0);
  await expect(opener).toBeFocused();
  expect(await page.locator("header").first().evaluate((el) => !!el.closest("[inert]"))).toBe(false);
});

test("a click outside the login modal does not close it (spec)", async ({ page }) => {
  await page.goto("home");
  await page.getByRole("banner").locator('[data-auth="login"]').first().click();
  const modal = page.locator('[data-auth-modal="login"]');
  await expect(modal).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(modal).toBeVisible();
});
