import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { abSolution, abWrongAnswer } from "../fixtures/ab-solutions";
import { expect, test, waitForHydration, type TestUser } from "./support/fixtures";
import { replaceEditorCode, waitForJudge } from "./support/judge";
import { makeAbProblem, models, randomPid, RUNNING } from "./support/problems";
import { shotsWanted, snapshot } from "./support/shots";

// Two contests run in Chromium as they are meant to be: an admin creates them with the contest
// form and adds their problems, contestants register with the password and submit through the
// contest's problem page to the real judge, and the boards match what was worked out by hand:
// ACM (solved, penalty = AC time + 20 min per rejected try, sealed for contestants while the
// admin sees it live, unsealed by the admin, revealed by the scroll board) and OI (Recent versus
// Highest score). The pages pass the accessibility check and are photographed (with E2E_SHOTS set) at 1366 and 375 px
// in both languages.

const SUPER_ADMIN = 1000;
const PENALTY = 20 * 60;

type Loginer = (context: BrowserContext, user: TestUser) => Promise<void>;

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

async function signedInPage(browser: Browser, loginAs: Loginer, user: TestUser, locale = "en-US", width = 1366): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width, height: 900 } });
  await loginAs(context, user);
  return context.newPage();
}

/** datetime-local text for a moment (the browser and the server share this machine's zone). */
function local(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Fills and sends the admin's contest form; returns the new contest's id. */
async function createContest(admin: Page, o: { title: string; type: "0" | "1"; auth: "0" | "1" | "2"; pwd?: string; sealChoice?: string; seal: boolean; openRank?: boolean; oiScore?: string }): Promise<number> {
  await open(admin, "admin/contest/create");
  const now = Date.now();
  await admin.locator("#title").fill(o.title);
  await admin.locator("#description").fill(`The ${o.title}: solve the sums.`);
  await admin.locator("#startTime").fill(local(new Date(now - 10 * 60_000)));
  await admin.locator("#endTime").fill(local(new Date(now + 3 * 3600_000)));
  await admin.locator("#type").selectOption(o.type);
  await admin.locator("#auth").selectOption(o.auth);
  await admin.locator("#pwd").fill(o.pwd ?? "");
  if (o.oiScore) await admin.locator("#oiRankScoreType").selectOption(o.oiScore);
  const seal = admin.locator('input[name="sealRank"]');
  if ((await seal.isChecked()) !== o.seal) await seal.click();
  if (o.sealChoice) await admin.locator("#sealRankTimeChoice").selectOption(o.sealChoice);
  if (o.openRank) await admin.locator('input[name="openRank"]').check();
  await admin.getByTestId("contest-save").click();
  await admin.waitForURL(/\/admin\/contest\/\d+\/problems$/);
  return Number(/contest\/(\d+)\/problems/.exec(admin.url())![1]);
}

async function addProblem(admin: Page, pid: number, displayId: string, color: string) {
  const form = admin.getByTestId("add-contest-problem");
  await form.locator('input[name="pid"]').fill(String(pid));
  await form.locator('input[name="displayId"]').fill(displayId);
  await form.locator('input[name="color"]').fill(color);
  await form.getByRole("button").click();
  await expect(admin.locator(`[data-testid="admin-contest-problem"][data-display-id="${displayId}"]`)).toBeVisible();
}

async function register(page: Page, cid: number, password: string) {
  await open(page, `contest/${cid}`);
  await page.getByTestId("register-form").locator('input[name="password"]').fill("wrong");
  await page.getByTestId("register-form").getByRole("button").click();
  await expect(page.getByRole("alert").filter({ hasText: "Wrong password!" })).toBeVisible();
  await page.getByTestId("register-form").locator('input[name="password"]').fill(password);
  await page.getByTestId("register-form").getByRole("button").click();
  await expect(page.getByText("Register contest successfully")).toBeVisible();
  await expect(page.getByTestId("register-form")).toHaveCount(0);
}

/** Submits through the contest's problem page and waits for the verdict in the store. */
async function submit(page: Page, m: Awaited<ReturnType<typeof models>>, cid: number, user: TestUser, displayId: string, code: string): Promise<{ status: number; submitTime: Date }> {
  const before = await m.Submission.countDocuments({ cid, uid: user.uid });
  await open(page, `contest/${cid}/problem/${displayId}`);
  await page.getByTestId("language-select").selectOption("Python3");
  await replaceEditorCode(page, code);
  await page.getByTestId("submit-code").click();
  await expect.poll(() => m.Submission.countDocuments({ cid, uid: user.uid }), { timeout: 20_000 }).toBe(before + 1);
  const sub = (await m.Submission.findOne({ cid, uid: user.uid }).sort({ _id: -1 }).lean())!;
  await expect
    .poll(async () => RUNNING.includes((await m.Submission.findById(sub._id).lean())!.status), { timeout: 120_000, intervals: [500, 1000] })
    .toBe(false);
  const done = (await m.Submission.findById(sub._id).lean())!;
  return { status: done.status, submitTime: done.submitTime };
}

/**
 * Opens a board once it shows every given user: the kept board takes a verdict just after the
 * submission's status is stored, so the first look may come a moment early.
 */
async function openBoard(page: Page, path: string, usernames: string[]) {
  await expect
    .poll(
      async () => {
        await open(page, path);
        return page.locator('[data-testid="board-row"]').evaluateAll((rows, names) => names.every((n) => rows.some((r) => r.getAttribute("data-username") === n)), usernames);
      },
      { timeout: 30_000, intervals: [500, 1000] },
    )
    .toBe(true);
}

const row = (page: Page, username: string) => page.locator(`[data-testid="board-row"][data-username="${username}"]`).first();

/** Serious or critical axe findings on a contest page, its frame included. */
async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("ACM contest: password registration, judged submissions, the sealed and live boards, the scroll board, unsealing", async ({ browser, createUser, loginAs, app }) => {
  void app;
  test.setTimeout(420_000);
  await waitForJudge();
  const m = await models();
  const pidA = randomPid();
  const pidB = randomPid();
  await makeAbProblem(m, { pid: pidA, problemId: `CA${pidA}`, title: "Sum of two" });
  await makeAbProblem(m, { pid: pidB, problemId: `CB${pidB}`, title: "Sum again" });
  const root = await createUser({ role: SUPER_ADMIN });
  const amy = await createUser({ username: `amy${pidA}`.slice(0, 12) });
  const bob = await createUser({ username: `bob${pidA}`.slice(0, 12) });

  const admin = await signedInPage(browser, loginAs, root);
  const cid = await createContest(admin, { title: `ICPC Warmup ${pidA}`, type: "0", auth: "1", pwd: "sesame", seal: true, sealChoice: "2" });
  await addProblem(admin, pidA, "A", "#d03050");
  await addProblem(admin, pidB, "B", "#2080f0");

  const amyPage = await signedInPage(browser, loginAs, amy);
  const bobPage = await signedInPage(browser, loginAs, bob);
  // Before registering, a private contest's problems stay closed.
  await open(bobPage, `contest/${cid}/problems`);
  await expect(bobPage.getByTestId("entry-refusal")).toHaveText("Please enter the contest password first!");
  await register(amyPage, cid, "sesame");
  await register(bobPage, cid, "sesame");

  const amyWrongA = await submit(amyPage, m, cid, amy, "A", abWrongAnswer("Python3"));
  expect(amyWrongA.status).toBe(-1);
  const amyA = await submit(amyPage, m, cid, amy, "A", abSolution("Python3"));
  const bobA = await submit(bobPage, m, cid, bob, "A", abSolution("Python3"));
  const amyB = await submit(amyPage, m, cid, amy, "B", abSolution("Python3"));
  for (const s of [amyA, bobA, amyB]) expect(s.status).toBe(0);

  // Worked by hand from the moments stored: amy solved A after one rejected try, and B.
  const contest = (await (await import("../../app/models/contest.server")).Contest.findById(cid).lean())!;
  const at = (d: Date) => Math.floor((d.getTime() - contest.startTime.getTime()) / 1000);
  const amyPenalty = at(amyA.submitTime) + PENALTY + at(amyB.submitTime);
  const bobPenalty = at(bobA.submitTime);
  const hms = (s: number) => `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;

  // The admin sees the live board: amy first with 2 solved, bob second; first blood on A is amy's.
  await openBoard(admin, `contest/${cid}/rank`, [amy.username, bob.username]);
  await expect(admin.getByTestId("board-sealed")).toHaveCount(0);
  await expect(row(admin, amy.username)).toHaveAttribute("data-rank", "1");
  await expect(row(admin, bob.username)).toHaveAttribute("data-rank", "2");
  const amyCells = row(admin, amy.username).locator("td");
  await expect(amyCells.nth(2)).toHaveText("2");
  await expect(amyCells.nth(3)).toHaveText(hms(amyPenalty));
  await expect(amyCells.nth(4)).toHaveAttribute("data-cell", "first-ac");
  await expect(amyCells.nth(4)).toContainText("(-1)");
  await expect(amyCells.nth(5)).toHaveAttribute("data-cell", "first-ac");
  const bobCells = row(admin, bob.username).locator("td");
  await expect(bobCells.nth(2)).toHaveText("1");
  await expect(bobCells.nth(3)).toHaveText(hms(bobPenalty));
  await expect(bobCells.nth(4)).toHaveAttribute("data-cell", "ac");

  // Sealed from the start: contestants see every result after the seal as a pending try.
  await open(bobPage, `contest/${cid}/rank`);
  await expect(bobPage.getByTestId("board-sealed")).toBeVisible();
  await expect(row(bobPage, amy.username).locator("td").nth(2)).toHaveText("0");
  await expect(row(bobPage, amy.username).locator("td").nth(4)).toHaveAttribute("data-cell", "try");
  await open(bobPage, `contest/${cid}/problems`);
  await expect(bobPage.locator('[data-testid="contest-problem-row"][data-display-id="A"] td').nth(3)).toHaveText("?");

  // The scroll board (the contest has not ended: the configuration asks first) reveals the three
  // hidden results one by one, and ends with amy's gold.
  await open(admin, `contest/${cid}/scroll-board`);
  const config = admin.getByTestId("scroll-config");
  await config.locator('input[name="medals"]').nth(0).fill("1");
  await config.locator('input[name="medals"]').nth(1).fill("1");
  await config.locator('input[name="medals"]').nth(2).fill("0");
  await config.getByRole("button").click();
  await expect(admin).toHaveURL(/\/contest\/\d+\/scroll-board$/);
  await config.locator('input[name="confirmNotEnded"]').check();
  await config.getByRole("button").click();
  await admin.waitForURL(/scrollBoard\?cid=\d+/);
  await waitForHydration(admin);
  const board = admin.getByTestId("scroll-board");
  await expect(board).toHaveAttribute("data-steps", "3");
  await expect(admin.locator('[data-testid="scroll-row"] [data-cell="hidden"]')).toHaveCount(3);
  await admin.keyboard.press("ArrowRight");
  await expect(board).toHaveAttribute("data-step", "1");
  await expect(admin.locator('[data-testid="scroll-row"] [data-cell="hidden"]')).toHaveCount(2);
  await admin.keyboard.press("End");
  await expect(board).toHaveAttribute("data-step", "3");
  await expect(admin.locator('[data-testid="scroll-row"]').first()).toHaveAttribute("data-uid", amy.uid);
  await expect(admin.locator(`[data-testid="scroll-row"][data-uid="${amy.uid}"] [data-medal]`)).toHaveAttribute("data-medal", "gold");
  await expect(admin.locator(`[data-testid="scroll-row"][data-uid="${bob.uid}"] [data-medal]`)).toHaveAttribute("data-medal", "silver");

  // The admin turns sealing off: contestants see the live board.
  await open(admin, `admin/contest/${cid}/edit`);
  await admin.locator('input[name="sealRank"]').uncheck();
  await admin.getByTestId("contest-save").click();
  await admin.waitForURL(/\/admin\/contest$/);
  await open(bobPage, `contest/${cid}/rank`);
  await expect(bobPage.getByTestId("board-sealed")).toHaveCount(0);
  await expect(row(bobPage, amy.username)).toHaveAttribute("data-rank", "1");
  await expect(row(bobPage, amy.username).locator("td").nth(3)).toHaveText(hms(amyPenalty));
});

test("OI contest: Recent and Highest scores, the outside scoreboard; pages pass the accessibility check and are photographed", async ({ browser, createUser, loginAs, app }) => {
  void app;
  test.setTimeout(420_000);
  await waitForJudge();
  const m = await models();
  const pid = randomPid();
  await makeAbProblem(m, { pid, problemId: `CO${pid}`, title: "Scored sum" });
  // An OI problem: each of its two cases is worth 50 points.
  await m.Problem.updateOne({ _id: pid }, { $set: { type: 1 } });
  const root = await createUser({ role: SUPER_ADMIN });
  const cat = await createUser({ username: `cat${pid}`.slice(0, 12) });
  const dan = await createUser({ username: `dan${pid}`.slice(0, 12) });

  const admin = await signedInPage(browser, loginAs, root);
  const cid = await createContest(admin, { title: `OI Cup ${pid}`, type: "1", auth: "2", pwd: "open", seal: false, openRank: true, oiScore: "Recent" });
  await addProblem(admin, pid, "P1", "#18a058");

  const catPage = await signedInPage(browser, loginAs, cat);
  const danPage = await signedInPage(browser, loginAs, dan);
  // Protected: anyone may look, submitting needs the password.
  await open(danPage, `contest/${cid}/problems`);
  await expect(danPage.getByTestId("contest-problems")).toBeVisible();
  await register(catPage, cid, "open");
  await register(danPage, cid, "open");
  expect((await submit(catPage, m, cid, cat, "P1", abSolution("Python3"))).status).toBe(0);
  expect((await submit(catPage, m, cid, cat, "P1", abWrongAnswer("Python3"))).status).toBe(-1);
  expect((await submit(danPage, m, cid, dan, "P1", abWrongAnswer("Python3"))).status).toBe(-1);

  // Recent: cat's last submission scored 0, so both have 0.
  await openBoard(danPage, `contest/oi-scoreboard/${cid}`, [cat.username, dan.username]);
  await expect(row(danPage, cat.username).locator("td").nth(2)).toHaveText("0");
  await expect(row(danPage, cat.username).locator("td").nth(4)).toHaveAttribute("data-cell", "zero");
  await expect(row(danPage, dan.username).locator("td").nth(2)).toHaveText("0");

  // Highest: cat keeps the 100 of the first submission and leads.
  await open(admin, `admin/contest/${cid}/edit`);
  await admin.locator("#oiRankScoreType").selectOption("Highest");
  await admin.getByTestId("contest-save").click();
  await admin.waitForURL(/\/admin\/contest$/);
  await open(danPage, `contest/${cid}/rank`);
  await expect(row(danPage, cat.username)).toHaveAttribute("data-rank", "1");
  await expect(row(danPage, cat.username).locator("td").nth(2)).toHaveText("100");
  await expect(row(danPage, cat.username).locator("td").nth(4)).toHaveAttribute("data-cell", "full");
  await expect(row(danPage, dan.username)).toHaveAttribute("data-rank", "2");
  await expect(row(danPage, dan.username).locator("td").nth(4)).toHaveAttribute("data-cell", "zero");

  // The accessibility check in both languages (the photographs, when wanted, at two widths).
  for (const locale of ["zh-CN", "en-US"]) {
    for (const width of shotsWanted ? [1366, 375] : [1366]) {
      const viewer = await signedInPage(browser, loginAs, cat, locale, width);
      const boss = await signedInPage(browser, loginAs, root, locale, width);
      const shots: Array<[Page, string, string]> = [
        [viewer, "contest", "list"],
        [viewer, `contest/${cid}`, "contest"],
        [viewer, `contest/${cid}/rank`, "rank"],
        [boss, `admin/contest/${cid}/edit`, "admin-edit"],
      ];
      for (const [page, path, name] of shots) {
        await open(page, path);
        await snapshot(page, "contest", `${name}-${locale}-${width}`);
        if (width === 1366) await axe(page);
      }
      await viewer.context().close();
      await boss.context().close();
    }
  }
});
