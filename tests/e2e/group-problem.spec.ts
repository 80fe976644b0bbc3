import type { Browser, BrowserContext, Page } from "@playwright/test";
import { abSolution } from "../fixtures/ab-solutions";
import { expect, test, type TestUser } from "./support/fixtures";
import { replaceEditorCode, waitForJudge } from "./support/judge";
import { models, RUNNING } from "./support/problems";

// A group's problem in Chromium: a teacher writes an A + B problem with the group's problem editor,
// a member opens it from the group's problem tab, submits an accepted solution to the real judge
// and sees it in the group's records; an outsider is refused the tab. Once with JavaScript and
// once without.

type Loginer = (context: BrowserContext, user: TestUser) => Promise<void>;

async function signedInPage(browser: Browser, loginAs: Loginer, user: TestUser, js: boolean): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1366, height: 900 }, javaScriptEnabled: js });
  await loginAs(context, user);
  return context.newPage();
}

/** A protected group of the teacher with the student accepted as a member (through the services). */
async function groupWithMember(teacher: TestUser, student: TestUser, shortName: string): Promise<number> {
  const { createGroup } = await import("../../app/services/group/groups.server");
  const { applyToGroup, changeMemberAuth } = await import("../../app/services/group/members.server");
  const asUser = (u: TestUser) => ({ _id: u.uid, username: u.username, role: u.role }) as Parameters<typeof createGroup>[0];
  const group = await createGroup(asUser(teacher), { name: `Class ${shortName} group`, shortName, brief: "Our weekly class", description: "Problems of our class.", auth: 2, code: "ABC123", visible: true });
  await applyToGroup(asUser(student), group._id, { code: "", reason: "I am in this class" });
  await changeMemberAuth(asUser(teacher), group._id, student.uid, 3);
  return group._id;
}

for (const js of [true, false]) {
  test(`${js ? "with" : "without"} JavaScript: a teacher adds a group problem and a member solves it`, async ({ browser, createUser, loginAs, app }) => {
    void app;
    test.setTimeout(240_000);
    await waitForJudge();
    const m = await models();
    const tag = `${js ? "j" : "n"}${Date.now() % 100000}`;
    const shortName = `gp${tag}`;
    const teacher = await createUser();
    // The site's limit on who may create a group: enough problems solved.
    const { User } = await import("../../app/models/user.server");
    await User.updateOne({ _id: teacher.uid }, { $set: { solvedPids: Array.from({ length: 25 }, (_, i) => 90_000 + i) } });
    const student = await createUser();
    const outsider = await createUser();
    const gid = await groupWithMember(teacher, student, shortName);
    const displayId = `${shortName.toUpperCase()}ab`;

    const tp = await signedInPage(browser, loginAs, teacher, js);
    await tp.goto(`group/${gid}/problem`);
    await tp.getByTestId("group-problem-create").click();
    await expect(tp.getByText(`${shortName.toUpperCase()}…`)).toBeVisible();
    await tp.locator("#problemId").fill("ab");
    await tp.locator("#description").fill("Print the sum of two integers.");
    await tp.locator("#input").fill("Two integers.");
    await tp.locator("#output").fill("Their sum.");
    await tp.locator('textarea[name="examples.0.input"]').fill("1 2");
    await tp.locator('textarea[name="examples.0.output"]').fill("3");
    await tp.locator('textarea[name="samples.0.input"]').fill("1 2\n");
    await tp.locator('textarea[name="samples.0.output"]').fill("3\n");
    // No title: the form says why and keeps what was typed.
    await tp.getByTestId("save-problem").click();
    await expect(tp.locator("[data-field-error]").first()).toBeVisible();
    await expect(tp.locator("#description")).toHaveValue("Print the sum of two integers.");
    await tp.locator("#title").fill("A plus B in class");
    await tp.getByTestId("save-problem").click();
    await expect(tp).toHaveURL(new RegExp(`/group/${gid}/problem$`));
    await expect(tp.locator(`[data-testid="group-problem-row"][data-problem-id="${displayId}"]`)).toContainText("A plus B in class");

    const sp = await signedInPage(browser, loginAs, student, js);
    await sp.goto(`group/${gid}`);
    await sp.getByTestId("group-tabs").getByRole("link", { name: "Problems" }).click();
    await sp.locator(`[data-testid="group-problem-row"][data-problem-id="${displayId}"]`).getByRole("link", { name: "A plus B in class" }).click();
    await expect(sp.getByTestId("group-problem-statement")).toContainText("Print the sum of two integers.");
    await sp.getByTestId("language-select").selectOption("Python3");
    if (js) await replaceEditorCode(sp, abSolution("Python3"));
    else await sp.getByTestId("code-textarea").fill(abSolution("Python3"));
    await sp.getByTestId("submit-code").click();
    if (!js) await sp.waitForURL(new RegExp(`/group/${gid}/status\\?onlyMine=true$`));

    await expect.poll(() => m.Submission.countDocuments({ gid, uid: student.uid }), { timeout: 20_000 }).toBe(1);
    const sub = (await m.Submission.findOne({ gid, uid: student.uid }).lean())!;
    await expect.poll(async () => RUNNING.includes((await m.Submission.findById(sub._id).lean())!.status), { timeout: 120_000, intervals: [500, 1000] }).toBe(false);
    expect((await m.Submission.findById(sub._id).lean())!.status).toBe(0);

    await sp.goto(`group/${gid}/status?onlyMine=true`);
    await expect(sp.locator(`[data-testid="group-submission"]`)).toHaveAttribute("data-status", "0");
    await sp.goto(`group/${gid}/problem`);
    await expect(sp.locator(`[data-testid="group-problem-row"][data-problem-id="${displayId}"]`)).toContainText("Accepted");

    // The teacher reads the member's code from the group's records.
    await tp.goto(`group/${gid}/status`);
    await tp.locator('[data-testid="group-submission"]').getByRole("link", { name: String(sub._id), exact: true }).click();
    await expect(tp.locator("body")).toContainText(abSolution("Python3").split("\n")[0]);

    const op = await signedInPage(browser, loginAs, outsider, js);
    const refused = await op.goto(`group/${gid}/problem`);
    expect(refused?.status()).toBe(403);
    const direct = await op.goto(`group/${gid}/problem/${displayId}`);
    expect(direct?.status()).toBe(403);
  });
}
