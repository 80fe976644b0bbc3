import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test, type TestUser } from "./support/fixtures";
import { randomPid } from "./support/problems";
import { camera } from "./support/shots";

const shoot = camera("group-content");

// A group's trainings and contests in Chromium: the group's owner adds a training (with a new
// category of the group) and an OI contest through the group's tabs and gives each a problem; a
// member sees both in the tabs and opens them (the training in the group's frame, the contest on
// its pages); an outsider is refused the contest. Once with JavaScript and once without.

type Loginer = (context: BrowserContext, user: TestUser) => Promise<void>;

async function signedInPage(browser: Browser, loginAs: Loginer, user: TestUser, js: boolean): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1366, height: 900 }, javaScriptEnabled: js });
  await loginAs(context, user);
  return context.newPage();
}

/** No serious or critical axe-core violation on the page (with JavaScript: its interactive state). */
async function accessible(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** datetime-local text for a moment (the browser and the server share this machine's zone). */
function local(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

async function classWith(teacher: TestUser, student: TestUser, tag: string): Promise<{ gid: number; pid: number; problemId: string }> {
  const [{ createGroup }, { applyToGroup, changeMemberAuth }, { Problem }, { User }] = await Promise.all([
    import("../../app/services/group/groups.server"),
    import("../../app/services/group/members.server"),
    import("../../app/models/problem.server"),
    import("../../app/models/user.server"),
  ]);
  // The site's limit on creating groups (solved problems) is met.
  await User.updateOne({ _id: teacher.uid }, { $set: { solvedPids: Array.from({ length: 25 }, (_, i) => 90_000 + i) } });
  const owner = await User.findById(teacher.uid).lean();
  const group = await createGroup({ ...owner!, _id: teacher.uid } as never, { name: `Class ${tag} group`, shortName: `gc${tag}`, brief: "Our weekly class", description: "Trainings and contests of our class.", auth: 2, code: "ABC123", visible: true });
  const learner = await User.findById(student.uid).lean();
  await applyToGroup({ ...learner!, _id: student.uid } as never, group._id, { code: "", reason: "I am in this class" });
  await changeMemberAuth({ ...owner!, _id: teacher.uid } as never, group._id, student.uid, 3);
  const pid = randomPid();
  const problemId = `GCP${pid}`;
  await Problem.create({
    _id: pid,
    problemId,
    problemIdUpper: problemId,
    title: `Sum ${tag}`,
    description: "Compute $a+b$.",
    input: "Two integers.",
    output: "Their sum.",
    examples: [{ input: "1 2", output: "3" }],
    languages: ["C", "Python3"],
    testCaseHash: "0".repeat(32),
    testCases: [{ input: "1.in", output: "1.out", score: 100, groupNum: 0 }],
  });
  return { gid: group._id, pid, problemId };
}

for (const js of [true, false]) {
  test(`${js ? "with" : "without"} JavaScript: a group admin adds a training and an OI contest; a member sees them`, async ({ browser, createUser, loginAs, app }) => {
    void app;
    test.setTimeout(120_000);
    const tag = `${js ? "j" : "n"}${Date.now() % 100000}`;
    const teacher = await createUser();
    const student = await createUser();
    const outsider = await createUser();
    const { gid, pid, problemId } = await classWith(teacher, student, tag);

    const tp = await signedInPage(browser, loginAs, teacher, js);
    // The training, with a new category of the group; a form without a title first stores nothing.
    await tp.goto(`group/${gid}/training`);
    await tp.getByTestId("group-training-create").click();
    await tp.waitForURL(/\/training\/create$/);
    const tf = tp.getByTestId("training-form");
    await tf.locator('[name="description"]').fill("Loops and sums.");
    await tf.locator('[name="newCategoryName"]').fill(`Basics ${tag}`);
    await tf.getByRole("button", { name: "Create" }).click();
    await expect(tp.getByTestId("training-form").getByRole("alert").first()).toBeVisible();
    await tp.getByTestId("training-form").locator('[name="title"]').fill(`Loops ${tag}`);
    await tp.getByTestId("training-form").locator('[name="description"]').fill("Loops and sums.");
    await tp.getByTestId("training-form").locator('[name="newCategoryName"]').fill(`Basics ${tag}`);
    await tp.getByTestId("training-form").getByRole("button", { name: "Create" }).click();
    await tp.waitForURL(new RegExp(`/group/${gid}/training$`));
    const row = tp.getByTestId("group-training-row").filter({ hasText: `Loops ${tag}` });
    await expect(row).toBeVisible();
    await row.getByRole("link", { name: "Problems" }).click();
    const add = tp.getByTestId("add-group-training-problem");
    await add.locator('[name="pid"]').fill(problemId);
    await add.getByRole("button", { name: "Add" }).click();
    await expect(tp.locator(`[data-testid="group-training-problem"][data-problem-id="${problemId}"]`)).toBeVisible();
    if (js) await accessible(tp);

    // The OI contest through the contest form, then its problem A.
    await tp.goto(`group/${gid}/contest`);
    await tp.getByTestId("group-contest-create").click();
    await tp.waitForURL(/\/contest\/create$/);
    const now = Date.now();
    await tp.locator("#title").fill(`OI cup ${tag}`);
    await tp.locator("#description").fill("Sums for points.");
    await tp.locator("#startTime").fill(local(new Date(now - 10 * 60_000)));
    await tp.locator("#endTime").fill(local(new Date(now + 3 * 3600_000)));
    await tp.locator("#type").selectOption("1");
    await tp.locator("#auth").selectOption("0");
    await tp.getByTestId("contest-save").click();
    await tp.waitForURL(/\/contest\/\d+\/manage-problems$/);
    const cid = Number(/contest\/(\d+)\/manage-problems/.exec(tp.url())![1]);
    const cadd = tp.getByTestId("add-group-contest-problem");
    await cadd.locator('[name="pid"]').fill(String(pid));
    await cadd.locator('[name="displayId"]').fill("A");
    await cadd.getByRole("button", { name: "Add" }).click();
    await expect(tp.locator('[data-testid="group-contest-problem"][data-display-id="A"]')).toBeVisible();
    if (js) {
      await accessible(tp);
      for (const path of [`group/${gid}/training`, `group/${gid}/contest`, `group/${gid}/training/create`, `group/${gid}/contest/create`, `group/${gid}/contest/${cid}/announcements`]) {
        await tp.goto(path);
        await accessible(tp);
      }
    }

    // A member sees both in the group's tabs and opens them.
    const sp = await signedInPage(browser, loginAs, student, js);
    await sp.goto(`group/${gid}`);
    await sp.getByTestId("group-tabs").getByRole("link", { name: "Trainings" }).click();
    await sp.waitForURL(new RegExp(`/group/${gid}/training$`));
    await expect(sp.getByTestId("group-training-create")).toHaveCount(0);
    await sp.getByRole("link", { name: `Loops ${tag}` }).click();
    await sp.waitForURL(new RegExp(`/group/${gid}/training/\\d+$`));
    await expect(sp.getByText(`Loops ${tag}`).first()).toBeVisible();
    await shoot(sp, `training-${js ? "js" : "plain"}`);
    const tid = /\/training\/(\d+)$/.exec(sp.url())![1];
    await sp.goto(`group/${gid}/training/${tid}/problems`);
    await expect(sp.getByTestId("training-problems")).toBeVisible();
    await shoot(sp, `training-problems-${js ? "js" : "plain"}`);
    await sp.goto(`group/${gid}/contest`);
    const crow = sp.getByTestId("group-contest-row").filter({ hasText: `OI cup ${tag}` });
    await expect(crow).toContainText("OI");
    await crow.getByRole("link", { name: `OI cup ${tag}` }).click();
    await sp.waitForURL(new RegExp(`/contest/${cid}$`));
    await expect(sp.getByText(`OI cup ${tag}`).first()).toBeVisible();
    await shoot(sp, `contest-${js ? "js" : "plain"}`);

    // An outsider is refused the contest and the group's tab.
    const op = await signedInPage(browser, loginAs, outsider, js);
    expect((await op.goto(`contest/${cid}`))?.status()).toBe(403);
    expect((await op.goto(`group/${gid}/contest`))?.status()).toBe(403);
  });
}
