import { expect, test, uniqueName } from "./support/fixtures";

// A learner posts a discussion with a fenced C++ block: the reader sees it as a code block, line by
// line as written, highlighted as code is on the problem pages.

test("a fenced code block in a discussion keeps its lines and is highlighted", async ({ browser, createUser, loginAs, app }) => {
  const amy = await createUser({ username: uniqueName("amy") });
  await app.User.updateMany({ _id: amy.uid }, { $set: { solvedPids: Array.from({ length: 12 }, (_, i) => 9_100_000 + i) } });
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1366, height: 900 } });
  await loginAs(context, amy);
  const page = await context.newPage();
  await page.goto("discussion-edit");
  await page.locator("#d-title").fill(`My code ${uniqueName("c")}`);
  await page.locator("#d-description").fill("Why is this wrong?");
  await page.locator("#d-content").fill("Here it is:\n\n```cpp\n#include <cstdio>\nint main() {\n  return 0;\n}\n```\n");
  await page.getByRole("button", { name: "Publish" }).click();
  const block = page.locator(".markdown-body pre code");
  await expect(block).toHaveCount(1);
  await expect(block).toHaveText("#include <cstdio>\nint main() {\n  return 0;\n}");
  // Four lines on the screen, not one.
  const lineHeight = await block.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 16);
  const box = (await block.boundingBox())!;
  expect(box.height).toBeGreaterThan(lineHeight * 3.5);
  // Highlighted: the keyword has the Prism theme's colour, not the text's.
  const keyword = block.locator(".token.keyword", { hasText: /^int$/ });
  await expect(keyword).toHaveText("int");
  const colours = await keyword.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el.closest("pre")!).color]);
  expect(colours[0]).not.toBe(colours[1]);
  // A block of its own: on a background of its own, long lines scrolled inside it.
  const pre = page.locator(".markdown-body pre");
  const look = await pre.evaluate((el) => ({ bg: getComputedStyle(el).backgroundColor, card: getComputedStyle(el.closest(".markdown-body")!).backgroundColor, overflow: getComputedStyle(el).overflowX, ws: getComputedStyle(el).whiteSpace }));
  expect(look.bg).not.toBe(look.card);
  expect(look.bg).not.toBe("rgba(0, 0, 0, 0)");
  expect(look.overflow).toBe("auto");
  expect(look.ws).toBe("pre");
  await context.close();
});
