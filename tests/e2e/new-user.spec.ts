import { abSolution } from "../fixtures/ab-solutions";
import { expect, test, uniqueName } from "./support/fixtures";
import { waitForJudge } from "./support/judge";
import { makeAbProblem, models, randomPid } from "./support/problems";

// What a new user met on a first walk through the site: English labels, a language picked by ?l=
// that the next click dropped, no self-test without JavaScript, pages without the site's name in
// their title.

test("English labels: difficulty reads Easy / Medium / Hard, the OJ filter's own option reads This site", async ({ page, app }) => {
  void app;
  const m = await models();
  const tag = uniqueName("lbl");
  for (const difficulty of [0, 1, 2]) {
    const pid = randomPid();
    await makeAbProblem(m, { pid, problemId: `${tag}-${difficulty}`, title: `${tag} level ${difficulty}`, difficulty });
  }
  await page.goto(`problem?keyword=${tag}&l=en`);
  const rows = page.getByRole("row").filter({ hasText: tag });
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: `${tag} level 0` }).locator("[data-difficulty]")).toHaveText("Easy");
  await expect(rows.filter({ hasText: `${tag} level 1` }).locator("[data-difficulty]")).toHaveText("Medium");
  await expect(rows.filter({ hasText: `${tag} level 2` }).locator("[data-difficulty]")).toHaveText("Hard");
  await expect(page.locator('select[name="oj"] option[value="ME"]')).toHaveText("This site");
});

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("a language picked with ?l= stays for the next pages, until the visitor picks another", async ({ page }) => {
      await page.goto("problem?l=en");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      // The header's link home: no ?l= any more.
      await page.getByRole("banner").getByRole("link", { name: "Home", exact: true }).first().click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await page.goto("problem");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      // A stored choice comes before ?l= (spec: stored choice, then l, then the browser).
      await page.goto("problem?l=zh-CN");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
    });
  });
}

test.describe("page titles", () => {
  test("every page ends with the site's name", async ({ page, createUser, loginAs, context }) => {
    await page.goto("home");
    const home = await page.title();
    const site = home.slice(home.lastIndexOf(" - ") + 3);
    expect(site.length).toBeGreaterThan(0);
    for (const path of ["login", "register", "reset-password", "admin/login"]) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(new RegExp(`^.+ - ${site.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    }
    await loginAs(context, await createUser());
    await page.goto("setting");
    await expect(page).toHaveTitle(new RegExp(` - ${site.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  });
});

test.describe("the online self-test without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the problem page's Online Test posts the code to a page that runs it and shows the result", async ({ page, app, createUser, loginAs, context }) => {
    void app;
    test.setTimeout(3 * 60_000);
    await waitForJudge();
    const m = await models();
    const pid = randomPid();
    const problemId = uniqueName("ST");
    await makeAbProblem(m, { pid, problemId, title: "Self-test without scripts", examples: [{ input: "5 6", output: "11" }] });
    await loginAs(context, await createUser());
    await page.goto(`problem/${problemId}`);
    await page.getByTestId("language-select").selectOption("C++");
    await page.getByTestId("code-textarea").fill(abSolution("C++"));
    await page.getByTestId("open-self-test-page").click();

    await expect(page).toHaveURL(new RegExp(`/problem/${problemId}/self-test$`));
    const form = page.getByTestId("self-test-form");
    // The code and language came along; the input starts with the first sample.
    await expect(form.getByRole("textbox", { name: "代码" })).toHaveValue(abSolution("C++"));
    await expect(form.getByRole("combobox", { name: "语言" })).toHaveValue("C++");
    await expect(form.getByRole("textbox", { name: /^输入/ })).toHaveValue("5 6");
    await expect(page.getByTestId("self-test-result")).toHaveCount(0);

    await form.getByRole("textbox", { name: /^输入/ }).fill("40 2");
    await form.getByRole("textbox", { name: "期望输出（可选）" }).fill("42");
    await form.getByRole("button", { name: "运行" }).click();
    const result = page.getByTestId("self-test-result");
    await expect(result.locator("[data-status]")).toHaveAttribute("data-status", "0", { timeout: 90_000 });
    await expect(page.getByTestId("self-test-output")).toContainText("42");
    // The form is there again, with what was sent, to run once more.
    await expect(form.getByRole("textbox", { name: /^输入/ })).toHaveValue("40 2");

    // Bad input is refused with a translated message and nothing runs.
    await form.getByRole("textbox", { name: "代码" }).fill("   ");
    await form.getByRole("button", { name: "运行" }).click();
    await expect(page.getByTestId("self-test-errors")).toHaveText("代码不能为空！");
    await expect(page.getByTestId("self-test-result")).toHaveCount(0);
  });

  test("a visitor is sent to log in", async ({ page }) => {
    await page.goto("problem/NOPE/self-test");
    await expect(page).toHaveURL(/login=1/);
  });
});
