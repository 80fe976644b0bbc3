import type { Browser, BrowserContext, Page } from "@playwright/test";
import { abSolution, abWrongAnswer } from "../fixtures/ab-solutions";
import { expect, test, waitForHydration, type TestUser } from "./support/fixtures";
import { replaceEditorCode, waitForJudge } from "./support/judge";
import { makeAbProblem, models, randomPid, RUNNING } from "./support/problems";
import { camera } from "./support/shots";

// Trainings in Chromium: an admin makes a category and a private training with the admin screens
// and adds a bank problem; a student finds it in the list, registers with its password, submits an
// accepted solution through the training's problem page to the real judge, and sees the progress
// and the training rank change. Once with JavaScript and once without. Pages are photographed (with E2E_SHOTS set) at
// 1366 and 375 px.

const SUPER_ADMIN = 1000;
type Loginer = (context: BrowserContext, user: TestUser) => Promise<void>;

async function signedInPage(browser: Browser, loginAs: Loginer, user: TestUser, o: { js?: boolean; width?: number } = {}): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: o.width ?? 1366, height: 900 }, javaScriptEnabled: o.js ?? true });
  await loginAs(context, user);
  return context.newPage();
}

async function open(page: Page, path: string, js = true) {
  await page.goto(path);
  if (js) await waitForHydration(page);
}

const shoot = camera("training");

/** Waits for the student's latest submission in the training to get its verdict. */
async function verdictOf(m: Awaited<ReturnType<typeof models>>, uid: string, tid: number, count: number): Promise<number> {
  await expect.poll(() => m.Submission.countDocuments({ tid, uid }), { timeout: 20_000 }).toBe(count);
  const sub = (await m.Submission.findOne({ tid, uid }).sort({ _id: -1 }).lean())!;
  await expect
    .poll(async () => RUNNING.includes((await m.Submission.findById(sub._id).lean())!.status), { timeout: 120_000, intervals: [500, 1000] })
    .toBe(false);
  return (await m.Submission.findById(sub._id).lean())!.status;
}

/** The rank row of a user once the kept rank has taken the verdict (a moment after the status). */
async function rankAc(page: Page, tid: number, username: string, js: boolean): Promise<string | null> {
  await open(page, `training/${tid}/rank`, js);
  return page.locator(`[data-testid="training-rank-row"][data-username="${username}"]`).getAttribute("data-ac", { timeout: 1000 }).catch(() => null);
}

test("with JavaScript: the admin builds a private training, a student joins it, solves its problem and climbs the rank", async ({ browser, createUser, loginAs, app }) => {
  void app;
  test.setTimeout(300_000);
  await waitForJudge();
  const m = await models();
  const pid = randomPid();
  const problemId = `TRN${pid}`;
  await makeAbProblem(m, { pid, problemId, title: "Training sum" });
  const root = await createUser({ role: SUPER_ADMIN });
  const student = await createUser({ username: `stu${pid}`.slice(0, 12) });

  const admin = await signedInPage(browser, loginAs, root);
  // A category with its colour.
  await open(admin, "admin/training/category");
  const add = admin.getByTestId("add-training-category");
  await add.locator('input[name="name"]').fill(`Loops ${pid}`);
  await add.locator('input[name="color"]').fill("#19be6b");
  await add.getByRole("button").click();
  await expect(admin.locator(`[data-testid="admin-training-category"][data-name="Loops ${pid}"]`)).toBeVisible();

  // The training form refuses a private training without a password, then creates it.
  await open(admin, "admin/training/create");
  await admin.locator("#tf-title").fill(`Loop drills ${pid}`);
  await admin.locator("#tf-rank").fill("7");
  await admin.locator("#tf-category").selectOption({ label: `Loops ${pid}` });
  await admin.locator("#tf-auth").selectOption("Private");
  await admin.locator("#tf-desc").fill("Practise **loops** until they are easy.");
  await admin.getByTestId("training-form").getByRole("button", { name: "Create" }).click();
  await expect(admin.getByText("A private training needs a password")).toBeVisible();
  await admin.locator("#tf-pwd").fill("loops42");
  await admin.getByTestId("training-form").getByRole("button", { name: "Create" }).click();
  await admin.waitForURL(/\/admin\/training$/);
  // It says it was created (not "updated").
  await expect(admin.locator("[data-toast]")).toHaveText("Training created");
  const tid = Number(await admin.locator('[data-testid="admin-training-row"]').filter({ hasText: `Loop drills ${pid}` }).getAttribute("data-tid"));
  expect(tid).toBeGreaterThan(0);

  // Its problem, from the bank by display id; removing asks first.
  await open(admin, `admin/training/${tid}/problems`);
  await admin.getByTestId("add-training-problem").locator('input[name="pid"]').fill(problemId);
  await admin.getByTestId("add-training-problem").getByRole("button").click();
  await expect(admin.locator(`[data-testid="admin-training-problem"][data-problem-id="${problemId}"]`)).toBeVisible();
  await shoot(admin, "admin-training-problems");

  // The student finds it by keyword, with its tags, and needs the password to look inside.
  const page = await signedInPage(browser, loginAs, student);
  await open(page, `training?keyword=${encodeURIComponent(`Loop drills ${pid}`)}`);
  const card = page.locator(`[data-testid="training-card"][data-tid="${tid}"]`);
  await expect(card).toContainText("Private");
  await expect(card).toContainText(`Loops ${pid}`);
  await expect(card.getByTestId("training-ac")).toHaveText("Solved 0");
  // Its order value (7) is not shown as if it were an id.
  await expect(card.getByRole("link").first()).toHaveText(`Loop drills ${pid}`);
  await shoot(page, "training-list");
  await card.getByRole("link").first().click();
  await page.waitForURL(new RegExp(`/training/${tid}$`));
  await expect(page.getByTestId("training-progress")).toHaveAttribute("data-solved", "0");
  await expect(page.getByTestId("training-progress")).toHaveAttribute("data-total", "1");
  await expect(page.getByTestId("training-title")).toHaveText(`Loop drills ${pid}`);
  const pwd = page.getByTestId("training-password-form");
  await expect(pwd.locator('input[name="password"]')).toHaveAttribute("placeholder", "Enter the training password");
  await pwd.getByRole("button").click();
  await expect(page.getByTestId("training-password-error")).toHaveText("Enter the training password");
  await pwd.locator('input[name="password"]').fill("wrong");
  await pwd.getByRole("button").click();
  await expect(page.getByTestId("training-password-error")).toHaveText("The training password is wrong, please enter it again!");
  await pwd.locator('input[name="password"]').fill("loops42");
  await pwd.getByRole("button").click();
  await expect(page.getByText("Register training successfully")).toBeVisible();
  await expect(page.getByTestId("training-password-form")).toHaveCount(0);
  await shoot(page, "training-detail");

  // A wrong answer first: tried, nothing solved; then the accepted one.
  await open(page, `training/${tid}/problems`);
  await page.locator(`[data-testid="training-problem"][data-problem-id="${problemId}"] a`).first().click();
  await page.waitForURL(new RegExp(`/training/${tid}/problem/${problemId}$`));
  await waitForHydration(page);
  await page.getByTestId("language-select").selectOption("Python3");
  await replaceEditorCode(page, abWrongAnswer("Python3"));
  await page.getByTestId("submit-code").click();
  expect(await verdictOf(m, student.uid, tid, 1)).toBe(-1);
  await expect.poll(() => rankAc(page, tid, student.username, true), { timeout: 30_000 }).toBe("0");

  await open(page, `training/${tid}/problem/${problemId}`);
  await page.getByTestId("language-select").selectOption("Python3");
  await replaceEditorCode(page, abSolution("Python3"));
  await page.getByTestId("submit-code").click();
  expect(await verdictOf(m, student.uid, tid, 2)).toBe(0);
  await expect.poll(() => rankAc(page, tid, student.username, true), { timeout: 30_000 }).toBe("1");
  await shoot(page, "training-rank");

  await open(page, `training/${tid}`);
  await expect(page.getByTestId("training-progress")).toHaveAttribute("data-solved", "1");
  await expect(page.getByTestId("training-progress")).toContainText("1 / 1 (100.00%)");
  await open(page, `training/${tid}/problems`);
  await expect(page.locator(`[data-testid="training-problem"][data-problem-id="${problemId}"]`)).toHaveAttribute("data-status", "0");
  await open(page, `training/${tid}/submissions`);
  await expect(page.getByTestId("training-submission")).toHaveCount(2);

  // Focus mode keeps the strip of the training's problems.
  await open(page, `training/${tid}/problem/${problemId}?focus=1`);
  await expect(page.getByTestId("focus-strip")).toContainText(problemId);
  await shoot(page, "training-focus");

  // The training's admin sees the real names column.
  await open(admin, `training/${tid}/rank`);
  await expect(admin.getByTestId("training-rank-realname").first()).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a student registers in a private training, submits with the plain form, and sees progress and rank", async ({ browser, createUser, loginAs, app }) => {
    void app;
    test.setTimeout(300_000);
    await waitForJudge();
    const m = await models();
    const pid = randomPid();
    const problemId = `TNJ${pid}`;
    await makeAbProblem(m, { pid, problemId, title: "No-script training sum" });
    const root = await createUser({ role: SUPER_ADMIN });
    const student = await createUser({ username: `nj${pid}`.slice(0, 12) });

    // The admin screens without scripts: category, training, problem.
    const admin = await signedInPage(browser, loginAs, root, { js: false });
    await open(admin, "admin/training/category", false);
    await admin.getByTestId("add-training-category").locator('input[name="name"]').fill(`Plain ${pid}`);
    await admin.getByTestId("add-training-category").getByRole("button").click();
    await expect(admin.locator(`[data-testid="admin-training-category"][data-name="Plain ${pid}"]`)).toBeVisible();
    await open(admin, "admin/training/create", false);
    await admin.locator("#tf-title").fill(`Plain drills ${pid}`);
    await admin.locator("#tf-category").selectOption({ label: `Plain ${pid}` });
    await admin.locator("#tf-auth").selectOption("Private");
    await admin.locator("#tf-pwd").fill("plain42");
    await admin.locator("#tf-desc").fill("No scripts needed.");
    await admin.getByTestId("training-form").getByRole("button", { name: "Create" }).click();
    await admin.waitForURL(/\/admin\/training$/);
    const tid = Number(await admin.locator('[data-testid="admin-training-row"]').filter({ hasText: `Plain drills ${pid}` }).getAttribute("data-tid"));
    await open(admin, `admin/training/${tid}/problems`, false);
    await admin.getByTestId("add-training-problem").locator('input[name="pid"]').fill(String(pid));
    await admin.getByTestId("add-training-problem").getByRole("button").click();
    await expect(admin.locator(`[data-testid="admin-training-problem"][data-problem-id="${problemId}"]`)).toBeVisible();

    const page = await signedInPage(browser, loginAs, student, { js: false });
    await open(page, `training/${tid}/problems`, false);
    await expect(page.locator("body")).toContainText("This training is private: please register with its password first!");
    await open(page, `training/${tid}`, false);
    await page.getByTestId("training-password-form").locator('input[name="password"]').fill("plain42");
    await page.getByTestId("training-password-form").getByRole("button").click();
    await expect(page.getByText("Register training successfully")).toBeVisible();

    await open(page, `training/${tid}/problem/${problemId}`, false);
    await page.getByTestId("language-select").selectOption("Python3");
    await page.getByTestId("code-textarea").fill(abSolution("Python3"));
    await page.getByTestId("submit-code").click();
    await page.waitForURL(new RegExp(`/training/${tid}/submissions\\?onlyMine=true$`));
    expect(await verdictOf(m, student.uid, tid, 1)).toBe(0);
    await expect.poll(() => rankAc(page, tid, student.username, false), { timeout: 30_000 }).toBe("1");
    await open(page, `training/${tid}`, false);
    await expect(page.getByTestId("training-progress")).toHaveAttribute("data-solved", "1");
  });
});
