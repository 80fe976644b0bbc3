import { expect, test } from "./support/fixtures";

test("the home page answers in Chinese by default and in English with ?l=en", async ({ page }) => {
  await page.goto("home");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await page.goto("home?l=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
