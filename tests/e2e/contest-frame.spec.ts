import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { abSolution } from "../fixtures/ab-solutions";
import { expect, test, waitForHydration, type TestUser } from "./support/fixtures";
import { replaceEditorCode, waitForJudge } from "./support/judge";
import { models, randomPid, RUNNING } from "./support/problems";
import { snapshot } from "./support/shots";

// The rest of a contest in Chromium: the admin's contest form in the admin's own time zone (a
// browser in UTC+08:00) with award rows added and removed, a problem created for the contest alone
// from its problem screen, a contestant's submission followed into the contest's own submission
// detail, the problem page's "My Submission" tab (with and without JavaScript), and Force Update
// answered at once while the rebuild runs in the background. Pages are photographed (with E2E_SHOTS set) at 1366 and
// 375 px and pass the accessibility check.

const SUPER_ADMIN = 1000;

type Loginer = (context: BrowserContext, user: TestUser) => Promise<void>;

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

async function signedIn(browser: Browser, loginAs: Loginer, user: TestUser, o: { width?: number; timezoneId?: string; js?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: o.width ?? 1366, height: 900 }, timezoneId: o.timezoneId, javaScriptEnabled: o.js ?? true });
  await loginAs(context, user);
  return context.newPage();
}

async function axe(page: Page, only?: string) {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const result = await (only ? builder.include(only) : builder).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** datetime-local text of a moment in UTC+08:00. */
function shanghai(d: Date): string {
  const x = new Date(d.getTime() + 8 * 3600_000);
  return x.toISOString().slice(0, 16);
}

test("a contest's own problem, its submission detail in the contest's frame, My Submission, the form's zone and award rows, Force Update", async ({ browser, createUser, loginAs, app }) => {
  void app;
  test.setTimeout(300_000);
  await waitForJudge();
  const m = await models();
  const { Contest } = await import("../../app/models/contest.server");
  const tag = randomPid();
  const root = await createUser({ role: SUPER_ADMIN });
  const eve = await createUser({ username: `eve${tag}`.slice(0, 12) });

  // The admin's browser is in UTC+08:00: the form says so and the times typed are read there.
  const admin = await signedIn(browser, loginAs, root, { timezoneId: "Asia/Shanghai" });
  await open(admin, "admin/contest/create");
  await expect(admin.getByTestId("time-zone")).toHaveText("Times are in UTC+08:00.");
  const start = new Date(Math.floor((Date.now() - 10 * 60_000) / 60_000) * 60_000);
  const end = new Date(start.getTime() + 3 * 3600_000);
  await admin.locator("#title").fill(`Frame Cup ${tag}`);
  await admin.locator("#description").fill("A contest with a problem of its own.");
  await admin.locator("#startTime").fill(shanghai(start));
  await admin.locator("#endTime").fill(shanghai(end));
  await admin.locator("#awardType").selectOption("2");
  // Award rows: add one, name it, remove the second (the server answers the form each time).
  await admin.getByTestId("award-add").click();
  await expect(admin.locator('input[name="awardName"]')).toHaveCount(4);
  await admin.locator('input[name="awardName"]').nth(3).fill("Honour");
  await admin.getByTestId("award-remove").nth(1).click();
  await expect(admin.locator('input[name="awardName"]')).toHaveCount(3);
  await expect(admin.locator("#startTime")).toHaveValue(shanghai(start));
  await snapshot(admin, "contest-frame", "contest-form-1366");
  await admin.getByTestId("contest-save").click();
  await admin.waitForURL(/\/admin\/contest\/\d+\/problems$/);
  const cid = Number(/contest\/(\d+)\/problems/.exec(admin.url())![1]);
  const stored = (await Contest.findById(cid).lean())!;
  expect(stored.startTime.toISOString()).toBe(start.toISOString());
  expect(stored.endTime.toISOString()).toBe(end.toISOString());
  expect(stored.awardConfig.map((a) => a.name)).toEqual(["Gold", "Bronze", "Honour"]);

  // A problem for this contest alone, from the contest's problem screen.
  await admin.getByTestId("create-contest-problem").click();
  await admin.waitForURL(/problems\/create$/);
  await waitForHydration(admin);
  await expect(admin.getByTestId("fixed-auth")).toHaveText("Contest");
  const problemId = `OWN${tag}`;
  await admin.locator("#link-displayId").fill("A");
  await admin.locator("#link-color").fill("#d03050");
  await admin.locator("#problemId").fill(problemId);
  await admin.locator("#title").fill("Contest sum");
  await admin.locator("#input").fill("Two integers.");
  await admin.locator("#output").fill("Their sum.");
  await admin.locator('textarea[name="examples.0.input"]').fill("1 2");
  await admin.locator('textarea[name="examples.0.output"]').fill("3");
  await admin.locator('textarea[name="samples.0.input"]').fill("1 2\n");
  await admin.locator('textarea[name="samples.0.output"]').fill("3\n");
  await snapshot(admin, "contest-frame", "create-problem-1366");
  await axe(admin);
  await admin.getByTestId("save-problem").click();
  await admin.waitForURL(/\/admin\/contest\/\d+\/problems$/);
  await expect(admin.locator('[data-testid="admin-contest-problem"][data-display-id="A"]')).toBeVisible();
  const problem = (await m.Problem.findOne({ problemIdUpper: problemId }).lean())!;
  expect(problem.auth).toBe(3);

  // The contestant submits; the banner's details lead into the contest's frame.
  const evePage = await signedIn(browser, loginAs, eve);
  await open(evePage, `contest/${cid}/problem/A`);
  await evePage.getByTestId("language-select").selectOption("Python3");
  await replaceEditorCode(evePage, abSolution("Python3"));
  await evePage.getByTestId("submit-code").click();
  await expect.poll(() => m.Submission.countDocuments({ cid, uid: eve.uid }), { timeout: 20_000 }).toBe(1);
  const sub = (await m.Submission.findOne({ cid, uid: eve.uid }).lean())!;
  await expect.poll(async () => RUNNING.includes((await m.Submission.findById(sub._id).lean())!.status), { timeout: 120_000, intervals: [500, 1000] }).toBe(false);
  const details = evePage.getByTestId("status-banner").getByRole("link");
  await expect(details).toHaveAttribute("href", new RegExp(`/contest/${cid}/problem/A/submission-detail/${sub._id}$`));
  await details.click();
  await evePage.waitForURL(new RegExp(`/contest/${cid}/problem/A/submission-detail/${sub._id}$`));
  await expect(evePage.getByTestId("contest-tabs")).toBeVisible();
  await expect(evePage.getByTestId("detail-banner")).toHaveAttribute("data-status", "0");
  await expect(evePage.getByTestId("detail-info").getByRole("link")).toHaveAttribute("href", new RegExp(`/contest/${cid}/problem/A$`));
  await axe(evePage);
  for (const width of [1366, 375]) {
    await evePage.setViewportSize({ width, height: 900 });
    await snapshot(evePage, "contest-frame", `detail-${width}`);
  }

  // The contest's submission list links to the same page.
  await open(evePage, `contest/${cid}/submissions`);
  await expect(evePage.getByTestId("contest-submission").first().getByRole("link").first()).toHaveAttribute("href", new RegExp(`/contest/${cid}/problem/A/submission-detail/${sub._id}$`));

  // My Submission on the problem page, with JavaScript and without.
  await open(evePage, `contest/${cid}/problem/A`);
  await evePage.getByRole("link", { name: "My Submission" }).click();
  await expect(evePage.getByTestId("my-submission")).toHaveCount(1);
  await expect(evePage.getByTestId("my-submission").first()).toHaveAttribute("data-status", "0");
  // The tab's part of the page (the code editor beside it is the problem page's, checked there).
  await axe(evePage, '[data-testid="contest-statement"]');
  await snapshot(evePage, "contest-frame", "mine-375");
  const plain = await signedIn(browser, loginAs, eve, { js: false });
  await plain.goto(`contest/${cid}/problem/A`);
  await plain.getByRole("link", { name: "My Submission" }).click();
  await expect(plain).toHaveURL(/tab=mine/);
  await expect(plain.getByTestId("my-submission")).toHaveCount(1);
  await plain.getByTestId("my-submission").getByRole("link").first().click();
  await expect(plain).toHaveURL(new RegExp(`/contest/${cid}/problem/A/submission-detail/${sub._id}$`));
  await expect(plain.getByTestId("code")).toBeVisible();

  // Force Update answers at once; the rebuild runs in the background.
  await open(admin, `contest/${cid}/rank`);
  await admin.getByTestId("force-update").click();
  await expect(admin.getByText("The scoreboard is being rebuilt; it shows the current rows until the new ones are ready")).toBeVisible();
  await expect(admin.locator(`[data-testid="board-row"][data-username="${eve.username}"]`).first()).toBeVisible();
});
