import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test, waitForHydration, type TestUser } from "./support/fixtures";
import { replaceEditorCode, waitForJudge } from "./support/judge";
import { makeAbProblem, models, randomPid, RUNNING } from "./support/problems";

// The IOI rule end to end in Chromium: an admin creates an IOI contest with the contest form, sealed
// from its start; a contestant's partly right answer shows them their own score and the result of
// each test case at once (the problem keeps cases closed elsewhere), while another contestant sees
// only that something was submitted and the sealed board; the admin sees the live board and the
// scroll board reveals the score. The submissions page works without JavaScript too.

const SUPER_ADMIN = 1000;
const PARTIAL_ACCEPTED = 8;
const UNKNOWN = -5;

type Loginer = (context: BrowserContext, user: TestUser) => Promise<void>;

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

async function signedInPage(browser: Browser, loginAs: Loginer, user: TestUser, javaScript = true): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1366, height: 900 }, javaScriptEnabled: javaScript });
  await loginAs(context, user);
  return context.newPage();
}

function local(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Right when a < 10 (the first case), wrong otherwise (the second): half the points. */
const HALF_RIGHT = "a, b = map(int, input().split())\nprint(a + b if a < 10 else 0)\n";

test("IOI contest: own scores and case results during the seal, the sealed board for others, the live and scroll boards for the admin", async ({ browser, createUser, loginAs, app }) => {
  void app;
  test.setTimeout(360_000);
  await waitForJudge();
  const m = await models();
  const pid = randomPid();
  await makeAbProblem(m, { pid, problemId: `CI${pid}`, title: "Scored sum" });
  // An OI problem (two cases of 50 points) that keeps its case results closed outside IOI.
  await m.Problem.updateOne({ _id: pid }, { $set: { type: 1, openCaseResult: false } });
  const root = await createUser({ role: SUPER_ADMIN });
  const eve = await createUser({ username: `eve${pid}`.slice(0, 12) });
  const fay = await createUser({ username: `fay${pid}`.slice(0, 12) });

  // The admin creates it with the form: the rule is offered with what it means.
  const admin = await signedInPage(browser, loginAs, root);
  await open(admin, "admin/contest/create");
  const now = Date.now();
  await admin.locator("#title").fill(`IOI Day ${pid}`);
  await admin.locator("#description").fill("Subtasks and partial scores.");
  await admin.locator("#startTime").fill(local(new Date(now - 10 * 60_000)));
  await admin.locator("#endTime").fill(local(new Date(now + 3 * 3600_000)));
  await admin.locator("#type").selectOption({ label: "IOI" });
  await expect(admin.getByText("Each contestant sees their own scores and the result of every test case")).toBeVisible();
  await admin.locator("#auth").selectOption("0");
  const seal = admin.locator('input[name="sealRank"]');
  if (!(await seal.isChecked())) await seal.click();
  await admin.locator("#sealRankTimeChoice").selectOption("2");
  await admin.getByTestId("contest-save").click();
  await admin.waitForURL(/\/admin\/contest\/\d+\/problems$/);
  const cid = Number(/contest\/(\d+)\/problems/.exec(admin.url())![1]);
  expect((await (await import("../../app/models/contest.server")).Contest.findById(cid).lean())?.type).toBe(2);
  const form = admin.getByTestId("add-contest-problem");
  await form.locator('input[name="pid"]').fill(String(pid));
  await form.locator('input[name="displayId"]').fill("A");
  await form.getByRole("button").click();
  await expect(admin.locator('[data-testid="admin-contest-problem"][data-display-id="A"]')).toBeVisible();

  // eve submits half a solution through the contest's problem page.
  const evePage = await signedInPage(browser, loginAs, eve);
  await open(evePage, `contest/${cid}`);
  await expect(evePage.getByText("IOI").first()).toBeVisible();
  await open(evePage, `contest/${cid}/problem/A`);
  await evePage.getByTestId("language-select").selectOption("Python3");
  await replaceEditorCode(evePage, HALF_RIGHT);
  await evePage.getByTestId("submit-code").click();
  await expect.poll(() => m.Submission.countDocuments({ cid, uid: eve.uid }), { timeout: 20_000 }).toBe(1);
  const sub = (await m.Submission.findOne({ cid, uid: eve.uid }).lean())!;
  await expect.poll(async () => RUNNING.includes((await m.Submission.findById(sub._id).lean())!.status), { timeout: 120_000, intervals: [500, 1000] }).toBe(false);
  expect((await m.Submission.findById(sub._id).lean())).toMatchObject({ status: PARTIAL_ACCEPTED, score: 50 });

  // While sealed, eve sees her own score, on the list and the problem list, and each case's result.
  await open(evePage, `contest/${cid}/submissions`);
  const eveRow = evePage.getByTestId("contest-submission").first();
  await expect(eveRow).toHaveAttribute("data-status", String(PARTIAL_ACCEPTED));
  await expect(eveRow).toContainText("50");
  await open(evePage, `contest/${cid}/problem/A/submission-detail/${sub._id}`);
  await expect(evePage.getByTestId("detail-banner")).toHaveAttribute("data-status", String(PARTIAL_ACCEPTED));
  await expect(evePage.getByTestId("case-results").locator("li")).toHaveCount(2);

  // fay sees that eve submitted, not how it went, and the sealed board.
  const fayPage = await signedInPage(browser, loginAs, fay);
  await open(fayPage, `contest/${cid}/submissions`);
  await expect(fayPage.getByTestId("contest-submission").first()).toHaveAttribute("data-status", String(UNKNOWN));
  await open(fayPage, `contest/${cid}/rank`);
  await expect(fayPage.getByTestId("board-sealed")).toBeVisible();
  await expect(fayPage.getByTestId("scoreboard")).toHaveAttribute("data-rule", "oi");
  // The sealed board counts nothing after the seal: eve's score there is 0 and her cell is empty.
  const eveOnFays = fayPage.locator(`[data-testid="board-row"][data-username="${eve.username}"] td`);
  await expect(eveOnFays.nth(2)).toHaveText("0");
  await expect(eveOnFays.nth(4)).toHaveText("");

  // Without JavaScript fay's filter by eve's true verdict finds nothing; eve's own finds it.
  const fayPlain = await signedInPage(browser, loginAs, fay, false);
  await fayPlain.goto(`contest/${cid}/submissions?username=${eve.username}&status=${PARTIAL_ACCEPTED}`);
  await expect(fayPlain.getByTestId("contest-submission")).toHaveCount(0);
  const evePlain = await signedInPage(browser, loginAs, eve, false);
  await evePlain.goto(`contest/${cid}/submissions?username=${eve.username}&status=${PARTIAL_ACCEPTED}`);
  await expect(evePlain.getByTestId("contest-submission")).toHaveCount(1);

  // The admin sees the live board with eve's 50, and the scroll board reveals it.
  await expect
    .poll(
      async () => {
        await open(admin, `contest/${cid}/rank`);
        return admin.locator(`[data-testid="board-row"][data-username="${eve.username}"]`).count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect(admin.getByTestId("board-sealed")).toHaveCount(0);
  await expect(admin.locator(`[data-testid="board-row"][data-username="${eve.username}"] td`).nth(2)).toHaveText("50");
  await admin.goto(`scrollBoard?cid=${cid}`);
  await waitForHydration(admin);
  const board = admin.getByTestId("scroll-board");
  await expect(board).toHaveAttribute("data-steps", "1");
  await admin.keyboard.press("End");
  await expect(board).toHaveAttribute("data-step", "1");
  await expect(admin.locator(`[data-testid="scroll-row"][data-uid="${eve.uid}"]`)).toContainText("50");
});
