import type { Page, Request, Route } from "@playwright/test";
import { abSolution } from "../fixtures/ab-solutions";
import { expect, test, uniqueName, waitForHydration } from "./support/fixtures";
import { makeAbProblem, models, randomPid } from "./support/problems";

// When the problem page's code editor loads: on a desktop its modules are named in preload links of
// the page and it takes the textarea's place after hydration; on a phone nothing of it is fetched
// until the reader reaches the code area. Either way what was typed in the textarea before the
// editor arrived stays, typing goes on in the editor, and the code is submitted as written.

const EDITOR_CHUNK = /\/build\/_shared\/code-editor-[^/]+\.js$/;

async function longProblem(): Promise<{ pid: number; url: string }> {
  const m = await models();
  const pid = randomPid();
  const problemId = uniqueName("ED").toUpperCase();
  await makeAbProblem(m, { pid, problemId, title: "Editor loading" });
  // A statement longer than a phone's screen: the code area starts out of sight.
  const paragraphs = Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of a long statement, read before writing any code.`);
  await m.Problem.updateOne({ _id: pid }, { $set: { description: paragraphs.join("\n\n") } });
  return { pid, url: `problem/${problemId}` };
}

/** Submits the form and returns the stored submission's code. */
async function submitAndReadCode(page: Page): Promise<string> {
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && /\/problem\/[^/?]+$/.test(new URL(r.url()).pathname));
  await page.getByTestId("submit-code").click();
  const body = (await (await answered).json()) as { ok: boolean; submitId?: number };
  expect(body).toMatchObject({ ok: true });
  const m = await models();
  const stored = await m.Submission.findById(body.submitId).select("code").lean();
  return stored!.code;
}

test("desktop: the editor's modules are preloaded with the page; typing before and after it loads is submitted", async ({ page, app, createUser, loginAs, context }) => {
  void app;
  const user = await createUser();
  await loginAs(context, user);
  const p = await longProblem();

  // The editor's module is held back until the test lets it through, to type into the textarea first.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(EDITOR_CHUNK, async (route: Route) => {
    await held;
    await route.continue();
  });
  await page.goto(p.url);
  const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => [(l as HTMLLinkElement).href, l.getAttribute("media")]));
  const editorPreload = preloads.find(([href]) => EDITOR_CHUNK.test(new URL(href!).pathname));
  expect(editorPreload, JSON.stringify(preloads)).toBeTruthy();
  // The default language's mode and the default theme come in the same round.
  expect(preloads.filter(([, media]) => media === editorPreload![1]).length).toBeGreaterThan(3);

  const textarea = page.getByTestId("code-textarea");
  const first = "#include <cstdio>\nint main() {\n";
  await textarea.fill(first);
  await expect(page.locator(".cm-content")).toHaveCount(0);
  release();
  await expect(page.locator(".cm-content")).toBeVisible();
  await expect(textarea).toHaveClass(/sr-only/);
  await expect(page.locator(".cm-content")).toContainText("int main() {");

  const rest = abSolution("C++");
  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.insertText(`// typed in the editor\n${rest}`);
  const expected = `${first}// typed in the editor\n${rest}`;
  await expect(textarea).toHaveValue(expected);
  expect(await submitAndReadCode(page)).toBe(expected);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

  test("the editor is fetched only once the reader reaches the code area; what was typed before it arrived goes on in it and is submitted", async ({ page, app, createUser, loginAs, context }) => {
    void app;
    const user = await createUser();
    await loginAs(context, user);
    const p = await longProblem();
    const editorRequests: string[] = [];
    page.on("request", (r: Request) => {
      if (EDITOR_CHUNK.test(new URL(r.url()).pathname)) editorRequests.push(r.url());
    });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(EDITOR_CHUNK, async (route: Route) => {
      await held;
      await route.continue();
    });

    await page.goto(p.url);
    await waitForHydration(page);
    // Nothing of the editor while the reader is in the statement.
    await page.waitForTimeout(1000);
    expect(editorRequests).toEqual([]);

    const textarea = page.getByTestId("code-textarea");
    await textarea.scrollIntoViewIfNeeded();
    await expect.poll(() => editorRequests.length).toBeGreaterThan(0);
    // The plain code area works while the editor is on its way.
    await textarea.tap();
    await textarea.fill("");
    await page.keyboard.insertText("int main() {");
    await expect(page.locator(".cm-content")).toHaveCount(0);
    release();
    await expect(page.locator(".cm-content")).toBeVisible();
    await expect(textarea).toHaveClass(/sr-only/);
    await expect(page.locator(".cm-content")).toContainText("int main() {");

    // Typing goes on in the editor (it took the focus, with the cursor where it was).
    await page.keyboard.insertText(" return 0; }");
    await expect(textarea).toHaveValue("int main() { return 0; }");
    expect(await submitAndReadCode(page)).toBe("int main() { return 0; }");
  });

  test("reaching the code area by scrolling loads the editor too", async ({ page, app }) => {
    void app;
    const p = await longProblem();
    await page.goto(p.url);
    await waitForHydration(page);
    await page.waitForTimeout(500);
    await expect(page.locator(".cm-content")).toHaveCount(0);
    await page.getByTestId("code-textarea").scrollIntoViewIfNeeded();
    await expect(page.locator(".cm-content")).toBeVisible();
  });
});
