import type { Page, Response } from "@playwright/test";
import { languageInfo } from "../../app/lib/languages";
import { abSolution } from "../fixtures/ab-solutions";
import { expect, test, uniqueName, waitForHydration } from "./support/fixtures";
import { replaceEditorCode, waitForJudge } from "./support/judge";
import { makeAbProblem, models, randomPid, RUNNING, type AbProblem } from "./support/problems";

// What the problem page does around the statement and the editor: the annex and statistics, the
// focus view, the split, the editor's remembered settings and code, reset, the last accepted code,
// the self-test drawer, the copy buttons, and that the editor's code is loaded on this page only.

async function problem(o: Partial<AbProblem> = {}): Promise<{ pid: number; problemId: string; url: string }> {
  const m = await models();
  const pid = randomPid();
  const problemId = uniqueName("PG").toUpperCase();
  await makeAbProblem(m, { pid, problemId, title: "Page behaviour", ...o });
  return { pid, problemId, url: `problem/${problemId}` };
}

const editorCode = (page: Page) => page.getByTestId("code-textarea");
const toast = (page: Page, kind: "success" | "error") => page.locator(`[data-toast="${kind}"]`);

/** Waits until the editor's code and language for a problem are in the browser's storage. */
async function storedEditor(page: Page, pid: number) {
  return page.evaluate((id) => JSON.parse(localStorage.getItem(`oj:code:${id}`) ?? "null") as { language: string; code: string } | null, pid);
}

test("the annex tab is there only when the problem has files for users, and shows them", async ({ page, app }) => {
  void app;
  const plain = await problem();
  await page.goto(plain.url);
  const tabs = page.getByRole("navigation", { name: "题目栏目" });
  await expect(tabs.getByRole("link", { name: "题目描述" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "附加文件" })).toHaveCount(0);
  // Asking for it by address shows the statement instead of an empty annex.
  await page.goto(`${plain.url}?tab=annex`);
  await expect(page.getByTestId("statement")).toBeVisible();
  await expect(page.getByTestId("annex")).toHaveCount(0);

  const withFiles = await problem({
    userExtraFile: [
      { name: "helper.h", content: "int helper(int x);\n" },
      { name: "notes.txt", content: "read me first" },
    ],
  });
  await page.goto(withFiles.url);
  await page.getByRole("navigation", { name: "题目栏目" }).getByRole("link", { name: "附加文件" }).click();
  await expect(page).toHaveURL(/[?&]tab=annex/);
  const annex = page.getByTestId("annex");
  await expect(annex).toContainText("helper.h");
  await expect(annex).toContainText("int helper(int x);");
  await expect(annex).toContainText("notes.txt");
  await expect(annex).toContainText("read me first");
  await expect(page.getByTestId("statement")).toHaveCount(0);
});

test("the statistics dialog shows the verdict distribution", async ({ page, app }) => {
  void app;
  const p = await problem({ counts: { total: 20, ac: 8, wa: 6, tle: 3, ce: 2, re: 1 } });
  await page.goto(p.url);
  await page.getByTestId("statistics-link").click();
  const dialog = page.getByTestId("statistics");
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("role", "dialog");
  await expect(dialog).toContainText("共 20 次提交，8 次通过，通过率 40%");
  const row = (status: number) => dialog.locator("li").filter({ has: page.locator(`[data-status="${status}"]`) });
  await expect(row(0)).toContainText("8 (40%)");
  await expect(row(-1)).toContainText("6 (30%)");
  await expect(row(1)).toContainText("3 (15%)");
  await expect(row(-2)).toContainText("2 (10%)");
  await expect(row(3)).toContainText("1 (5%)");
  await expect(row(2)).toContainText("0 (0%)");
  // The bars are as long as the shares.
  await expect(row(0).locator("span.bg-brand")).toHaveAttribute("style", /width: 40%/);
  await dialog.getByRole("link", { name: "关闭" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/tab=statistics/);
});

test("the focus view covers the site header; the problem page never shows the footer", async ({ page, app }) => {
  void app;
  const p = await problem();
  await page.goto(p.url);
  const header = page.locator("[data-site-header]");
  await expect(header).toBeVisible();
  await expect(page.locator("[data-site-footer]")).toHaveCount(0);
  const box = (await header.boundingBox())!;
  const hit = () => page.evaluate(([x, y]) => {
    const el = document.elementFromPoint(x, y);
    return el?.closest("[data-site-header]") ? "header" : el?.closest('[data-testid="problem-page"]') ? "problem" : "other";
  }, [box.x + box.width / 2, box.y + box.height / 2]);
  expect(await hit()).toBe("header");

  await page.getByTestId("focus-toggle").click();
  await expect(page).toHaveURL(/[?&]focus=1/);
  await expect(page.getByTestId("focus-toggle")).toHaveText("退出全屏");
  await expect.poll(hit).toBe("problem");
  await expect(page.getByTestId("statement")).toBeVisible();
  await expect(page.locator(".cm-content")).toBeVisible();
  await expect(page.locator("[data-site-footer]")).toHaveCount(0);
  // Tabs keep the focus view.
  await page.getByTestId("statistics-link").click();
  await expect(page).toHaveURL(/focus=1/);
  await page.getByTestId("statistics").getByRole("link", { name: "关闭" }).click();

  await page.getByTestId("focus-toggle").click();
  await expect(page).not.toHaveURL(/focus=1/);
  await expect.poll(hit).toBe("header");
});

test("the split between statement and editor moves with the keys and the mouse and is remembered", async ({ page, app }) => {
  void app;
  const p = await problem();
  await page.goto(p.url);
  await page.evaluate(() => localStorage.removeItem("oj:problem:split"));
  await page.reload();
  const handle = page.getByRole("separator", { name: "拖动以调整题面与编辑器的宽度" });
  await expect(handle).toHaveAttribute("aria-valuenow", "50");
  const statementWidth = async () => (await page.getByTestId("statement").locator("xpath=../..").boundingBox())!.width;
  const before = await statementWidth();

  await handle.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(handle).toHaveAttribute("aria-valuenow", "56");
  expect(await statementWidth()).toBeGreaterThan(before);
  await page.reload();
  await expect(handle).toHaveAttribute("aria-valuenow", "56");
  await handle.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(handle).toHaveAttribute("aria-valuenow", "54");
  await page.reload();
  await expect(handle).toHaveAttribute("aria-valuenow", "54");

  // Dragged to about a third of the row.
  const row = (await handle.locator("xpath=..").boundingBox())!;
  const grip = (await handle.boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + 20);
  await page.mouse.down();
  await page.mouse.move(row.x + row.width * 0.35, grip.y + 20, { steps: 8 });
  await page.mouse.up();
  await expect(handle).toHaveAttribute("aria-valuenow", /^(34|35|36)$/);
  const dragged = await handle.getAttribute("aria-valuenow");
  await page.reload();
  await expect(handle).toHaveAttribute("aria-valuenow", dragged!);
});

test("editor theme, font size and tab size are kept across reloads and problems", async ({ page, app }) => {
  void app;
  const first = await problem();
  const second = await problem();
  await page.goto(first.url);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  const theme = page.getByRole("combobox", { name: "主题" });
  const fontSize = page.getByRole("combobox", { name: "字体大小" });
  const tabSize = page.getByRole("combobox", { name: "缩进长度" });
  const editor = page.locator(".cm-editor");
  await expect(editor).toBeVisible();
  await expect(fontSize).toHaveValue("16");
  await expect(tabSize).toHaveValue("4");
  await expect(editor).toHaveCSS("font-size", "16px");

  await theme.selectOption("dracula");
  await fontSize.selectOption("20");
  await tabSize.selectOption("8");
  // The editor follows at once: dracula's background, 20 px text, tabs eight columns wide.
  await expect(editor).toHaveCSS("background-color", "rgb(40, 42, 54)");
  await expect(editor).toHaveCSS("font-size", "20px");
  await expect(page.locator(".cm-content")).toHaveCSS("tab-size", "8");

  for (const url of [first.url, second.url]) {
    await page.goto(url);
    await expect(theme).toHaveValue("dracula");
    await expect(fontSize).toHaveValue("20");
    await expect(tabSize).toHaveValue("8");
    await expect(editor).toHaveCSS("background-color", "rgb(40, 42, 54)");
    await expect(editor).toHaveCSS("font-size", "20px");
    await expect(page.locator(".cm-content")).toHaveCSS("tab-size", "8");
  }
});

test("each problem remembers its own code and language", async ({ page, app, createUser, loginAs, context }) => {
  void app;
  await loginAs(context, await createUser());
  const first = await problem();
  const second = await problem();
  const mine = "# my attempt\nprint(sum(map(int, input().split())))\n";

  await page.goto(first.url);
  await page.getByTestId("language-select").selectOption("Python3");
  await replaceEditorCode(page, mine);
  await expect.poll(() => storedEditor(page, first.pid)).toEqual({ language: "Python3", code: mine });

  // Another problem starts from the default language's template.
  await page.goto(second.url);
  await expect(page.getByTestId("language-select")).toHaveValue("C++");
  await expect(editorCode(page)).toHaveValue(languageInfo("C++")!.template);

  await page.goto(first.url);
  await expect(page.getByTestId("language-select")).toHaveValue("Python3");
  await expect(editorCode(page)).toHaveValue(mine);
  await expect(page.locator(".cm-content")).toContainText("# my attempt");
});

test("Reset asks first and then puts back the language's template", async ({ page, app }) => {
  void app;
  const p = await problem();
  await page.goto(p.url);
  await expect(page.locator(".cm-content")).toBeVisible();
  await page.getByTestId("language-select").selectOption("C");
  await expect(editorCode(page)).toHaveValue(languageInfo("C")!.template);
  await replaceEditorCode(page, "int main() { return 1; }\n");

  const asked: string[] = [];
  page.once("dialog", (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await page.getByRole("button", { name: "重置", exact: true }).click();
  await expect.poll(() => asked).toEqual(["确定要重置代码吗？"]);
  await expect(editorCode(page)).toHaveValue("int main() { return 1; }\n");

  page.once("dialog", (d) => {
    asked.push(d.message());
    void d.accept();
  });
  await page.getByRole("button", { name: "重置", exact: true }).click();
  await expect(editorCode(page)).toHaveValue(languageInfo("C")!.template);
  await expect(page.locator(".cm-content")).toContainText("int main");
  expect(asked).toHaveLength(2);
});

test("the last accepted code is refused before an Accepted, then replaces the editor's code after confirming", async ({ page, app, createUser, loginAs, context }) => {
  void app;
  test.setTimeout(4 * 60_000);
  await waitForJudge();
  const m = await models();
  const user = await createUser();
  await loginAs(context, user);
  const p = await problem();
  await page.goto(p.url);
  const lastAc = page.getByRole("button", { name: "最近通过的代码" });
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void (dialogs.length === 1 ? d.dismiss() : d.accept());
  });

  await lastAc.click();
  await expect(toast(page, "error")).toHaveText("您还未通过该题目，无法获取最近一次通过的代码");
  expect(dialogs).toEqual([]);

  // An Accepted in Python3 through the editor.
  await page.getByTestId("language-select").selectOption("Python3");
  await replaceEditorCode(page, abSolution("Python3"));
  await page.getByTestId("submit-code").click();
  await expect(page.getByTestId("status-banner").locator("[data-status]")).toHaveAttribute("data-status", "0", { timeout: 120_000 });
  const accepted = await m.Submission.findOne({ uid: user.uid, pid: p.pid }).lean();
  expect(accepted?.status).toBe(0);

  await page.getByTestId("language-select").selectOption("C++");
  await replaceEditorCode(page, "// scratch\n");
  // Dismissed: nothing changes.
  await lastAc.click();
  await expect.poll(() => dialogs.length).toBe(1);
  expect(dialogs[0]).toBe("用你最近一次通过的代码替换编辑器中的代码吗？");
  await expect(editorCode(page)).toHaveValue("// scratch\n");
  // Confirmed: the accepted code and its language come back.
  await lastAc.click();
  await expect(editorCode(page)).toHaveValue(abSolution("Python3"));
  await expect(page.getByTestId("language-select")).toHaveValue("Python3");
  expect(dialogs).toHaveLength(2);

  // After a reload the page knows the problem is solved from the server.
  await page.reload();
  await replaceEditorCode(page, "// again\n");
  await lastAc.click();
  await expect(editorCode(page)).toHaveValue(abSolution("Python3"));
  expect(dialogs).toHaveLength(3);
});

test("the self-test drawer runs the code on custom input and flags a wrong expected output", async ({ page, app, createUser, loginAs, context }) => {
  void app;
  test.setTimeout(3 * 60_000);
  await waitForJudge();
  await loginAs(context, await createUser());
  const p = await problem({ examples: [{ input: "5 6", output: "11" }] });
  await page.goto(p.url);
  await page.getByTestId("language-select").selectOption("C++");
  await replaceEditorCode(page, abSolution("C++"));
  await page.getByTestId("open-self-test").click();
  const drawer = page.getByTestId("self-test");
  await expect(drawer).toBeVisible();
  const input = drawer.getByRole("textbox", { name: /输入/ }).first();
  const expected = drawer.getByRole("textbox", { name: "期望输出（可选）" });
  // It starts with the first example.
  await expect(input).toHaveValue("5 6");
  await expect(expected).toHaveValue("11");

  await input.fill("40 2");
  await expected.fill("42");
  await drawer.getByRole("button", { name: "运行" }).click();
  const result = drawer.getByTestId("self-test-result");
  await expect(result.locator("[data-status]")).toHaveAttribute("data-status", "0", { timeout: 90_000 });
  await expect(result).toContainText("42");

  await input.fill("1000000000000 1");
  await expected.fill("7");
  await drawer.getByRole("button", { name: "运行" }).click();
  await expect(result.locator("[data-status]")).toHaveAttribute("data-status", "-1", { timeout: 90_000 });
  await expect(result).toContainText("1000000000001");

  // Without an expected output the program's output is shown as is.
  await expected.fill("");
  await input.fill("3 4");
  await drawer.getByRole("button", { name: "运行" }).click();
  await expect(result.locator("[data-status]")).toHaveAttribute("data-status", "0", { timeout: 90_000 });
  await expect(result).toContainText("7");
  expect(RUNNING).not.toContain(Number(await result.locator("[data-status]").getAttribute("data-status")));

  await drawer.getByRole("button", { name: "关闭" }).click();
  await expect(drawer).toHaveCount(0);
});

test("the copy buttons put a sample on the clipboard", async ({ page, app, context }) => {
  void app;
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const p = await problem({
    examples: [
      { input: "1 2", output: "3" },
      { input: "100 -7\n", output: "93\n" },
    ],
  });
  await page.goto(p.url);
  const examples = page.getByTestId("example");
  await expect(examples).toHaveCount(2);
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  await examples.nth(1).getByRole("button", { name: "复制" }).first().click();
  await expect(toast(page, "success")).toHaveText("复制成功");
  await expect.poll(clipboard).toBe("100 -7\n");
  await examples.nth(1).getByRole("button", { name: "复制" }).nth(1).click();
  await expect.poll(clipboard).toBe("93\n");
  await examples.nth(0).getByRole("button", { name: "复制" }).first().click();
  await expect.poll(clipboard).toBe("1 2");
});

test("the code editor's scripts are fetched on the problem page only", async ({ page, app }) => {
  void app;
  const p = await problem();
  /** Every script a page fetches, with whether it holds CodeMirror's code. */
  const scriptsOf = async (url: string) => {
    const seen: Array<Promise<{ url: string; codemirror: boolean }>> = [];
    const onResponse = (r: Response) => {
      if (r.request().resourceType() !== "script") return;
      seen.push(r.text().then((body) => ({ url: r.url(), codemirror: /code-editor-[A-Z0-9]+\.js$/.test(r.url()) || body.includes("cm-editor") })));
    };
    page.on("response", onResponse);
    await page.goto(url);
    await page.waitForLoadState("networkidle");
    page.off("response", onResponse);
    return Promise.all(seen);
  };

  const onProblem = await scriptsOf(p.url);
  await expect(page.locator(".cm-content")).toBeVisible();
  expect(onProblem.some((s) => /\/code-editor-[A-Z0-9]+\.js$/.test(s.url))).toBe(true);
  expect(onProblem.filter((s) => s.codemirror).length).toBeGreaterThan(1);

  for (const url of ["problem", "status"]) {
    const scripts = await scriptsOf(url);
    expect(scripts.length, url).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.codemirror).map((s) => s.url), url).toEqual([]);
  }
});

test("a language picked before the page is interactive stays picked and is the one submitted", async ({ browser, createUser, loginAs, app }) => {
  void app;
  const m = await models();
  const user = await createUser();
  const p = await problem();
  // A page of its own (the fixture's page waits for the scripts on every visit).
  const context = await browser.newContext({ locale: "zh-CN" });
  await loginAs(context, user);
  const page = await context.newPage();
  // The page's scripts are held until the reader has picked a language (a slow phone).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(p.url, { waitUntil: "commit" });
  await page.getByTestId("language-select").selectOption("Python3");
  release();
  await waitForHydration(page);
  await expect(page.locator(".cm-content")).toBeVisible();
  await expect(page.getByTestId("language-select")).toHaveValue("Python3");
  await replaceEditorCode(page, abSolution("Python3"));
  await page.getByTestId("submit-code").click();
  await expect.poll(async () => (await m.Submission.findOne({ uid: user.uid, pid: p.pid }).lean())?.language ?? null).toBe("Python3");
  await context.close();
});
