import { expect, test, uniqueName } from "./support/fixtures";

// The problem list's classification popover shows every tag's whole name: a long name wraps inside
// its cell instead of being cut ("beginn…"), and the popover stays on a 375 px screen.

for (const width of [1366, 375]) {
  test(`at ${width} px the tag popover shows whole tag names inside the screen`, async ({ browser, app }) => {
    void app;
    const { createClassification, createTag } = await import("../../app/services/problem/tags.server");
    const suffix = uniqueName("t").slice(-6);
    const cls = await createClassification({ name: `Level ${suffix}`, oj: "ME", rank: 0 });
    const names = [`beginner ${suffix}`, `dynamic programming ${suffix}`, `beginnerfriendly${suffix}`, `graphs ${suffix}`];
    for (const name of names) await createTag({ name, oj: "ME", color: "#2d8cf0", tcid: cls._id });

    const context = await browser.newContext({ locale: "en-US", viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto("problem");
    const details = page.locator("details", { has: page.locator("summary", { hasText: `Level ${suffix}` }) });
    await details.locator("summary").click();
    for (const name of names) {
      const link = details.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      // Nothing of the name is clipped: its text fits its box, no ellipsis.
      const fit = await link.evaluate((el) => ({ clipped: el.scrollWidth > el.clientWidth + 1, ellipsis: getComputedStyle(el).textOverflow === "ellipsis" }));
      expect(fit, name).toEqual({ clipped: false, ellipsis: false });
      // The words of a name that has spaces stay whole ("beginner", not "beginne" and "r").
      const linesPerWord = await link.evaluate((el) => {
        const text = el.firstChild!;
        const s = text.textContent ?? "";
        const out: number[] = [];
        for (const m of s.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, m.index);
          range.setEnd(text, m.index + m[0].length);
          out.push(range.getClientRects().length);
        }
        return out;
      });
      if (name.includes(" ")) expect(linesPerWord, name).toEqual(linesPerWord.map(() => 1));
      const box = (await link.boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(width);
    }
    // Six a row on a wide screen, as the specification has it.
    if (width > 1000) {
      const cols = await details.locator("div.grid").evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
      expect(cols).toBe(6);
    }
    await context.close();
  });
}
