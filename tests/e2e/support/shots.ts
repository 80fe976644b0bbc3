import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";

// Photographs of the pages a story passes through, for people to look at (test-results/<name>-shots):
// taken only when E2E_SHOTS is set (`E2E_SHOTS=1 npx playwright test …`), so the test run itself
// spends no time on them.

export const shotsWanted = !!process.env.E2E_SHOTS;

function folder(name: string): string {
  const dir = `test-results/${name}-shots`;
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * A story's camera: `shoot(page, name)` photographs the page at 1366 and 375 px (the whole page, or
 * at the phone width only the screen when `phoneFullPage` is false) and puts the window back.
 */
export function camera(story: string, options: { phoneFullPage?: boolean } = {}) {
  return async (page: Page, name: string): Promise<void> => {
    if (!shotsWanted) return;
    const dir = folder(story);
    const before = page.viewportSize() ?? { width: 1366, height: 900 };
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: width === 1366 || options.phoneFullPage !== false });
    }
    await page.setViewportSize(before);
  };
}

/** One photograph of the page as it is now. */
export async function snapshot(page: Page, story: string, name: string): Promise<void> {
  if (!shotsWanted) return;
  await page.screenshot({ path: `${folder(story)}/${name}.png`, fullPage: true });
}
