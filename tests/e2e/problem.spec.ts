import { LANGUAGES } from "../../app/lib/languages";
import { abSolution, abWrongAnswer } from "../fixtures/ab-solutions";
import { expect, test, uniqueName, waitForHydration } from "./support/fixtures";
import { offeredLanguages, replaceEditorCode, waitForJudge } from "./support/judge";
import { makeAbProblem, models, randomPid, RUNNING } from "./support/problems";

// A learner's way through the problem bank: filtering the list, submitting from the editor (and
// without JavaScript), the status list and sharing code. Data is made through the app's models.

test("a learner filters the list: every change rewrites the address and goes back to page 1", async ({ page, app }) => {
  void app;
  const m = await models();
  const tag = uniqueName("tg");
  const classId = randomPid();
  await m.TagClassification.create({ _id: classId, name: `C${tag}`, rank: 0, oj: "ME" });
  const tagId = randomPid();
  await m.Tag.create({ _id: tagId, name: tag, nameLower: tag.toLowerCase(), tcid: classId, oj: "ME", color: "#ff9900" });
  const prefix = uniqueName("Zq");
  const pid = randomPid();
  for (let i = 0; i < 32; i++) {
    await makeAbProblem(m, { pid: pid + i, problemId: `${prefix}-${i}`.toUpperCase(), title: `${prefix} task ${i}`, difficulty: i % 2, tags: i < 3 ? [tagId] : [] });
  }

  await page.goto(`problem?keyword=${prefix}&currentPage=2`);
  await expect(page.getByTestId("problem-table").locator("tbody tr")).toHaveCount(2);
  // Changing the difficulty applies at once and starts again at page 1.
  await page.locator('select[name="difficulty"]').selectOption("1");
  await expect(page).toHaveURL(new RegExp(`keyword=${prefix}&difficulty=1$`));
  await expect(page.getByTestId("problem-table").locator("tbody tr")).toHaveCount(16);
  // Keyword in another case still finds them.
  const keyword = page.locator('#problem-filters input[name="keyword"]');
  await keyword.fill(`${prefix.toUpperCase()} TASK 1`);
  await keyword.press("Enter");
  await expect(page).toHaveURL(/difficulty=1/);
  await expect(page.getByTestId("problem-table").locator("tbody tr").first()).toContainText(`${prefix} task 1`);
  // A tag from its classification popover.
  await page.goto(`problem?keyword=${prefix}`);
  await page.getByText(`C${tag}`).click();
  await page.getByRole("link", { name: tag, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`tagId=${tagId}`));
  await expect(page.getByTestId("problem-table").locator("tbody tr")).toHaveCount(3);
  await expect(page.getByTestId("selected-tags")).toContainText(tag);
  // The filtered list is a link that works when opened anew.
  const url = page.url();
  await page.goto(url);
  await expect(page.getByTestId("problem-table").locator("tbody tr")).toHaveCount(3);
  await page.getByTestId("reset-filters").click();
  await expect(page).toHaveURL(/\/problem$/);
});

test("a learner submits in every language the editor offers and sees each live verdict; a wrong answer too", async ({ page, app, createUser, loginAs, context }) => {
  void app;
  // Twenty compiles in a row (Java, C# and Rust are slow), on a machine other tests share.
  test.setTimeout(12 * 60_000);
  const m = await models();
  const judged = await waitForJudge();
  const user = await createUser();
  await loginAs(context, user);
  const pid = randomPid();
  const problemId = uniqueName("AB").toUpperCase();
  await makeAbProblem(m, { pid, problemId, title: "A + B", languages: LANGUAGES.map((l) => l.name) });

  // Once the site has noticed the judge, the editor offers exactly what the judge runs.
  const expected = LANGUAGES.map((l) => l.name).filter((n) => judged.includes(n));
  await expect
    .poll(
      async () => {
        await page.goto(`problem/${problemId.toLowerCase()}`);
        return offeredLanguages(page);
      },
      { timeout: 30_000, intervals: [1000, 2000] },
    )
    .toEqual(expected);
  for (const name of ["C", "C++", "Java", "Python3"]) expect(expected).toContain(name);
  await expect(page.getByTestId("statement").locator(".katex").first()).toBeVisible();
  // The editor replaces the textarea once loaded.
  await expect(page.locator(".cm-content")).toBeVisible();
  await expect(page.getByTestId("code-textarea")).toHaveClass(/sr-only/);

  const banner = page.getByTestId("status-banner");
  const submit = async (language: string, code: string): Promise<number> => {
    await page.getByTestId("language-select").selectOption(language);
    await replaceEditorCode(page, code);
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.endsWith(`/problem/${problemId.toLowerCase()}`));
    await page.getByTestId("submit-code").click();
    const body = (await (await answered).json()) as { ok: boolean; submitId?: number; errors?: Record<string, string> };
    expect(body, language).toMatchObject({ ok: true });
    const submitId = body.submitId!;
    // The banner follows this submission (its link names it) and shows the verdict the judge gave.
    await expect(banner.locator(`a[href$="/submission-detail/${submitId}"]`)).toBeVisible();
    let final = 5;
    await expect
      .poll(
        async () => {
          final = (await m.Submission.findById(submitId).select("status").lean())?.status ?? 5;
          return RUNNING.includes(final);
        },
        { message: `${language} is judged`, timeout: 120_000, intervals: [500, 1000] },
      )
      .toBe(false);
    await expect(banner.locator("[data-status]"), language).toHaveAttribute("data-status", String(final));
    return final;
  };

  const verdicts: Array<[string, number]> = [];
  for (const language of expected) verdicts.push([language, await submit(language, abSolution(language))]);
  expect(verdicts).toEqual(expected.map((l) => [l, 0]));

  expect(await submit("C++", abWrongAnswer("C++"))).toBe(-1);

  const stored = await m.Submission.find({ uid: user.uid, pid }).sort({ _id: 1 }).lean();
  expect(stored.map((s) => [s.language, s.status])).toEqual([...expected.map((l) => [l, 0]), ["C++", -1]]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain form submits in C, C++, Java and Python3 and the refresh link leads to Accepted", async ({ page, app, createUser, loginAs, context }) => {
    void app;
    test.setTimeout(5 * 60_000);
    const m = await models();
    const judged = await waitForJudge();
    const user = await createUser();
    await loginAs(context, user);
    const pid = randomPid();
    const problemId = uniqueName("NJ").toUpperCase();
    await makeAbProblem(m, { pid, problemId, title: "No script", languages: LANGUAGES.map((l) => l.name) });

    for (const language of ["C", "C++", "Java", "Python3"]) {
      expect(judged).toContain(language);
      await page.goto(`problem/${problemId}`);
      const textarea = page.getByTestId("code-textarea");
      await expect(textarea).toBeVisible();
      await page.getByTestId("language-select").selectOption(language);
      await textarea.fill(abSolution(language));
      await page.getByTestId("submit-code").click();
      await expect(page).toHaveURL(/\/submission-detail\/\d+$/);
      const id = Number(new URL(page.url()).pathname.split("/").pop());
      const sub = await m.Submission.findById(id).lean();
      expect(sub).toMatchObject({ uid: user.uid, pid, language });

      // Without scripts nothing updates by itself: follow the refresh link until the verdict is final.
      const banner = page.getByTestId("detail-banner");
      const deadline = Date.now() + 120_000;
      let status = Number(await banner.getAttribute("data-status"));
      while (RUNNING.includes(status)) {
        expect(Date.now(), `${language} is still judging`).toBeLessThan(deadline);
        await page.waitForTimeout(1000);
        const reloaded = page.waitForEvent("framenavigated");
        await page.getByTestId("detail-refresh").click();
        await reloaded;
        await page.waitForLoadState("domcontentloaded");
        await expect(page).toHaveURL(new RegExp(`/submission-detail/${id}$`));
        status = Number(await banner.getAttribute("data-status"));
      }
      expect([language, status]).toEqual([language, 0]);
      await expect(page.getByTestId("detail-refresh")).toHaveCount(0);
      await expect(page.getByTestId("code")).toContainText(abSolution(language).split("\n")[0]);
    }
  });

  test("a refused submission keeps the code in the form", async ({ page, app, createUser, loginAs, context }) => {
    void app;
    const m = await models();
    const user = await createUser();
    await loginAs(context, user);
    const problemId = uniqueName("RF").toUpperCase();
    await makeAbProblem(m, { pid: randomPid(), problemId, title: "Refused" });
    await page.goto(`problem/${problemId}`);
    await page.getByTestId("code-textarea").fill("   ");
    await page.getByTestId("submit-code").click();
    await expect(page.getByTestId("submit-errors")).toBeVisible();
    await expect(page.getByTestId("code-textarea")).toHaveValue("   ");
  });
});

test("the status list: Mine needs login, then filters by status and problem", async ({ page, app, createUser, loginAs, context }) => {
  void app;
  const m = await models();
  await page.goto("status");
  await waitForHydration(page);
  await page.getByTestId("only-mine").click();
  await expect(page.getByTestId("status-notice")).toBeVisible();
  // A visitor has no submissions of their own, and sees nobody else's instead.
  await expect(page).toHaveURL(/onlyMine=true/);
  await expect(page.getByTestId("submission-table").locator("tbody tr[data-submit-id]")).toHaveCount(0);

  const user = await createUser();
  await loginAs(context, user);
  const pid = randomPid();
  const problemId = uniqueName("ST").toUpperCase();
  await makeAbProblem(m, { pid, problemId, title: "Statuses" });
  const first = randomPid() * 10;
  for (let i = 0; i < 4; i++) {
    await m.Submission.create({ _id: first + i, pid, displayPid: problemId, uid: user.uid, username: user.username, status: i === 0 ? -1 : 0, language: "C++", code: "int main(){}", length: 12 });
  }
  await m.pagesChanged("submissions");
  await page.goto("status");
  await page.getByTestId("author-filter").fill("someone-else");
  await page.getByTestId("only-mine").check();
  await expect(page).toHaveURL(/onlyMine=true/);
  await expect(page).not.toHaveURL(/username=/);
  await expect(page.getByTestId("author-filter")).toBeDisabled();
  await expect(page.getByTestId("submission-table").locator("tbody tr")).toHaveCount(4);
  await page.getByTestId("status-filter").selectOption("-1");
  await expect(page).toHaveURL(/onlyMine=true&status=-1/);
  await expect(page.getByTestId("submission-table").locator("tbody tr")).toHaveCount(1);
  await page.getByTestId("status-filter").selectOption("");
  // Let that navigation land before typing, or the new page replaces the typed text.
  await expect(page).not.toHaveURL(/status=-1/);
  await expect(page.getByTestId("submission-table").locator("tbody tr")).toHaveCount(4);
  await page.locator('input[name="problemID"]').fill(problemId.toLowerCase());
  await page.locator('input[name="problemID"]').press("Enter");
  await expect(page).toHaveURL(new RegExp(`problemID=${problemId.toLowerCase()}`));
  await expect(page.getByTestId("submission-table").locator("tbody tr")).toHaveCount(4);
});

test("the owner shares and unshares a submission; another learner sees the code only while shared", async ({ page, app, createUser, loginAs, context, browser }) => {
  void app;
  const m = await models();
  const owner = await createUser();
  const other = await createUser();
  const pid = randomPid();
  const problemId = uniqueName("SH").toUpperCase();
  await makeAbProblem(m, { pid, problemId, title: "Share" });
  const id = randomPid() * 10 + 7;
  await m.Submission.create({ _id: id, pid, displayPid: problemId, uid: owner.uid, username: owner.username, status: 0, language: "C++", code: "int secret_sauce(){}", length: 20 });
  await m.pagesChanged("submissions");

  await loginAs(context, owner);
  await page.goto(`submission-detail/${id}`);
  await expect(page.getByTestId("code")).toContainText("secret_sauce");
  await page.getByTestId("share-toggle").click();
  await expect(page.getByTestId("share-toggle")).toHaveText(/^(Unshare|取消分享)$/);

  const otherContext = await browser.newContext();
  await loginAs(otherContext, other);
  const otherPage = await otherContext.newPage();
  await otherPage.goto(`submission-detail/${id}`);
  await expect(otherPage.getByTestId("code")).toContainText("secret_sauce");
  await expect(otherPage.getByTestId("share-toggle")).toHaveCount(0);

  await page.getByTestId("share-toggle").click();
  await expect(page.getByTestId("share-toggle")).toHaveText(/^(Share|分享)$/);
  await otherPage.reload();
  await expect(otherPage.getByTestId("code-hidden")).toBeVisible();
  await otherContext.close();
});
