import { expect, type Page } from "@playwright/test";

// The browser tests' stack starts a real judge beside the web server. A test that needs verdicts
// waits for it to announce itself (its heartbeat in Redis) and fails when it does not: a missing
// judge is a broken stack, never a reason to skip.

const FINAL_WAIT_MS = 120_000;

/**
 * Waits until a live judge has registered and returns the languages the judges announce. Call it
 * from a test that uses the `app` fixture (which points the app's modules at the running site).
 */
export async function waitForJudge(timeoutMs = FINAL_WAIT_MS): Promise<string[]> {
  const { liveJudges } = await import("../../../app/services/judging/queue.server");
  let languages: string[] = [];
  await expect
    .poll(
      async () => {
        const judges = await liveJudges();
        languages = [...new Set(judges.flatMap((j) => j.languages))];
        return judges.length;
      },
      { message: "a judge registers with the site", timeout: timeoutMs, intervals: [250, 500, 1000] },
    )
    .toBeGreaterThan(0);
  return languages;
}

/** The language names the problem page's editor offers, in their order. */
export async function offeredLanguages(page: Page): Promise<string[]> {
  return page.getByTestId("language-select").locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

/** Replaces everything in the CodeMirror editor with `code` and checks the form holds it exactly. */
export async function replaceEditorCode(page: Page, code: string): Promise<void> {
  const content = page.locator(".cm-content");
  await content.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  // One input event: the editor neither auto-indents nor closes brackets for it.
  await page.keyboard.insertText(code);
  await expect(page.getByTestId("code-textarea")).toHaveValue(code);
}
