import type { Browser, BrowserContext, Page } from "@playwright/test";
import { abSolution } from "../fixtures/ab-solutions";
import { expect, test, type TestUser } from "./support/fixtures";
import { replaceEditorCode, waitForJudge } from "./support/judge";
import { models, RUNNING, type Models } from "./support/problems";

// A class in a group, the whole story in Chromium through the pages: a teacher creates a protected
// group on /group; two students apply with a reason and the teacher accepts them on the members
// tab; the teacher writes a problem with the group's problem editor, a training holding it and an
// OI contest holding it (running now); one student solves it on the group's problem page and the
// other in the contest, both judged by the real judge, and both see the group's rank and the
// contest's board move; a student posts a discussion, the other comments, the teacher reads it; an
// outsider (signed in, not a member) is refused every member page, the group's contest and training
// pages, and direct POSTs change nothing. Once with JavaScript and once without.

type Loginer = (context: BrowserContext, user: TestUser) => Promise<void>;

async function signedInPage(browser: Browser, loginAs: Loginer, user: TestUser, js: boolean): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1366, height: 900 }, javaScriptEnabled: js });
  await loginAs(context, user);
  return context.newPage();
}

/** datetime-local text for a moment (the browser and the server share this machine's zone). */
function local(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Types the A + B solution into the problem page's editor (or its plain textarea) and submits it. */
async function submitAb(page: Page, js: boolean) {
  await page.getByTestId("language-select").selectOption("Python3");
  if (js) await replaceEditorCode(page, abSolution("Python3"));
  else await page.getByTestId("code-textarea").fill(abSolution("Python3"));
  await page.getByTestId("submit-code").click();
}

/** The one submission of `uid` matching `filter`, once the real judge has given its verdict. */
async function judged(m: Models, filter: Record<string, unknown>) {
  await expect.poll(() => m.Submission.countDocuments(filter), { timeout: 20_000 }).toBe(1);
  const sub = (await m.Submission.findOne(filter).lean())!;
  await expect.poll(async () => RUNNING.includes((await m.Submission.findById(sub._id).lean())!.status), { timeout: 120_000, intervals: [500, 1000] }).toBe(false);
  return (await m.Submission.findById(sub._id).lean())!;
}

/** The refusal page of a direct navigation: its status and the translated reason. */
async function refused(page: Page, path: string, status: number, text: string | RegExp) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(status);
  await expect(page.locator(`[data-error-page="${status}"]`), path).toContainText(text);
}

const NOT_MEMBER = "Only the group's members may see this";

for (const js of [true, false]) {
  test(`${js ? "with" : "without"} JavaScript: a teacher runs a class in a protected group; an outsider is refused everywhere`, async ({ browser, createUser, loginAs, app }) => {
    void app;
    test.setTimeout(360_000);
    await waitForJudge();
    const m = await models();
    const { User } = await import("../../app/models/user.server");
    const tag = `${js ? "j" : "n"}${Date.now() % 100000}`;
    const shortName = `cl${tag}`;
    const teacher = await createUser();
    const [amy, bob] = [await createUser(), await createUser()];
    const outsider = await createUser();
    // The site's limits: enough solved problems to create a group and to post discussions.
    const solved = Array.from({ length: 25 }, (_, i) => 92_000 + i);
    await User.updateMany({ _id: { $in: [teacher.uid, amy.uid, bob.uid] } }, { $set: { solvedPids: solved } });

    // 1. The teacher creates a protected group on /group.
    const tp = await signedInPage(browser, loginAs, teacher, js);
    await tp.goto("group");
    const form = tp.getByTestId("group-create-form");
    await form.locator('[name="name"]').fill(`Class ${tag} algorithms`);
    await form.locator('[name="shortName"]').fill(shortName);
    await form.locator('[name="brief"]').fill("Our weekly class");
    await form.locator('[name="description"]').fill("Problems, trainings and contests of our class.");
    await form.locator('[name="auth"]').selectOption("2");
    await form.locator('[name="code"]').fill("ABC123");
    await form.getByRole("button", { name: "Create" }).click();
    await expect(tp.getByTestId("group-title")).toHaveText(`Class ${tag} algorithms`);
    const gid = Number(new URL(tp.url()).pathname.split("/").pop());
    expect(gid).toBeGreaterThan(0);

    // 2. Both students apply with a reason; the teacher accepts both on the members tab.
    const [ap, bp] = [await signedInPage(browser, loginAs, amy, js), await signedInPage(browser, loginAs, bob, js)];
    for (const sp of [ap, bp]) {
      await sp.goto("group");
      await sp.getByRole("link", { name: `Class ${tag} algorithms` }).click();
      await sp.getByTestId("group-apply-form").locator('[name="reason"]').fill("I am in this class");
      await sp.getByRole("button", { name: "Apply" }).click();
      await expect(sp.getByTestId("group-applying")).toBeVisible();
    }
    await tp.goto(`group/${gid}`);
    await tp.getByTestId("group-tabs").getByRole("link", { name: "Members" }).click();
    await expect(tp.getByTestId("group-application")).toHaveCount(2);
    for (const s of [amy, bob]) {
      await tp.locator(`[data-testid="group-application"][data-username="${s.username}"]`).getByRole("button", { name: "Accept" }).click();
      await expect(tp.locator(`[data-testid="group-member"][data-username="${s.username}"]`)).toHaveAttribute("data-auth", "3");
    }

    // 3. The teacher writes the problem with its test data, a training and an OI contest holding it.
    await tp.goto(`group/${gid}/problem`);
    await tp.getByTestId("group-problem-create").click();
    await tp.locator("#problemId").fill("ab");
    await tp.locator("#title").fill(`A plus B ${tag}`);
    await tp.locator("#description").fill("Print the sum of two integers.");
    await tp.locator("#input").fill("Two integers.");
    await tp.locator("#output").fill("Their sum.");
    await tp.locator('textarea[name="examples.0.input"]').fill("1 2");
    await tp.locator('textarea[name="examples.0.output"]').fill("3");
    await tp.locator('textarea[name="samples.0.input"]').fill("20 22\n");
    await tp.locator('textarea[name="samples.0.output"]').fill("42\n");
    await tp.getByTestId("save-problem").click();
    await expect(tp).toHaveURL(new RegExp(`/group/${gid}/problem$`));
    const displayId = `${shortName.toUpperCase()}ab`;
    await expect(tp.locator(`[data-testid="group-problem-row"][data-problem-id="${displayId}"]`)).toContainText(`A plus B ${tag}`);

    await tp.goto(`group/${gid}/training`);
    await tp.getByTestId("group-training-create").click();
    const tf = tp.getByTestId("training-form");
    await tf.locator('[name="title"]').fill(`Sums ${tag}`);
    await tf.locator('[name="description"]').fill("The week's sums.");
    await tf.locator('[name="newCategoryName"]').fill(`Week ${tag}`);
    await tf.getByRole("button", { name: "Create" }).click();
    await tp.waitForURL(new RegExp(`/group/${gid}/training$`));
    const trow = tp.getByTestId("group-training-row").filter({ hasText: `Sums ${tag}` });
    const tid = Number(await trow.getAttribute("data-tid"));
    await trow.getByRole("link", { name: "Problems" }).click();
    const tadd = tp.getByTestId("add-group-training-problem");
    await tadd.locator('[name="from"]').selectOption("group");
    await tadd.locator('[name="pid"]').fill(displayId);
    await tadd.getByRole("button", { name: "Add" }).click();
    await expect(tp.locator(`[data-testid="group-training-problem"][data-problem-id="${displayId}"]`)).toBeVisible();

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
    await cadd.locator('[name="from"]').selectOption("group");
    await cadd.locator('[name="pid"]').fill(displayId);
    await cadd.locator('[name="displayId"]').fill("A");
    await cadd.getByRole("button", { name: "Add" }).click();
    await expect(tp.locator('[data-testid="group-contest-problem"][data-display-id="A"]')).toBeVisible();

    // The members find the training and the contest in the group's tabs.
    await ap.goto(`group/${gid}`);
    await ap.getByTestId("group-tabs").getByRole("link", { name: "Trainings" }).click();
    await ap.getByRole("link", { name: `Sums ${tag}` }).click();
    // The training opens in the group's frame, the trainings tab current; its tabs stay there.
    await ap.waitForURL(new RegExp(`/group/${gid}/training/${tid}$`));
    await expect(ap.getByTestId("group-tabs").getByRole("link", { name: "Trainings" })).toHaveAttribute("aria-current", "page");
    await expect(ap.getByTestId("training-title")).toContainText(`Sums ${tag}`);
    await ap.getByTestId("training-tabs").getByRole("link", { name: "Problem List" }).click();
    await ap.waitForURL(new RegExp(`/group/${gid}/training/${tid}/problems$`));
    await ap.locator(`[data-testid="training-problem"][data-problem-id="${displayId}"]`).getByRole("link", { name: `A plus B ${tag}` }).click();
    await ap.waitForURL(new RegExp(`/group/${gid}/training/${tid}/problem/${displayId}$`));
    await expect(ap.getByTestId("group-title")).toHaveText(`Class ${tag} algorithms`);
    // The site's address of the training sends there too.
    await ap.goto(`training/${tid}/problems`);
    await ap.waitForURL(new RegExp(`/group/${gid}/training/${tid}/problems$`));
    await bp.goto(`group/${gid}/contest`);
    await bp.getByTestId("group-contest-row").filter({ hasText: `OI cup ${tag}` }).getByRole("link", { name: `OI cup ${tag}` }).click();
    await bp.waitForURL(new RegExp(`/contest/${cid}$`));
    // The contest names its group, with the way back.
    await expect(bp.getByTestId("back-to-group")).toContainText(`Class ${tag} algorithms`);
    await bp.getByTestId("back-to-group").click();
    await bp.waitForURL(new RegExp(`/group/${gid}/contest$`));

    // Before anyone solves: the group's rank lists all three members with nothing solved.
    await ap.goto(`group/${gid}/rank`);
    await expect(ap.locator(`[data-rank-row="${amy.username}"] td`).nth(3)).toHaveText("0");

    // 4. Amy solves on the group's problem page, Bob in the contest; the real judge answers.
    await ap.goto(`group/${gid}/problem`);
    await ap.locator(`[data-testid="group-problem-row"][data-problem-id="${displayId}"]`).getByRole("link", { name: `A plus B ${tag}` }).click();
    await submitAb(ap, js);
    await bp.goto(`contest/${cid}/problem/A`);
    await submitAb(bp, js);
    if (!js) await bp.waitForURL(new RegExp(`/contest/${cid}/submissions\\?onlyMine=true$`));
    const amySub = await judged(m, { gid, uid: amy.uid });
    const bobSub = await judged(m, { cid, uid: bob.uid });
    expect([amySub.status, bobSub.status]).toEqual([0, 0]);

    // Both see the group's rank: Amy's accepted count moved (ACM view), and Bob's too (the group's
    // contest is the group's work); then the contest's OI board: Bob has the full 100.
    for (const sp of [ap, bp]) {
      await expect(async () => {
        await sp.goto(`group/${gid}`);
        await sp.getByTestId("group-tabs").getByRole("link", { name: "Rank" }).click();
        await expect(sp.locator(`[data-rank-row="${amy.username}"] td`).nth(3)).toHaveText("1", { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(sp.locator(`[data-rank-row="${bob.username}"] td`).nth(3)).toHaveText("1");
      await expect(sp.locator(`[data-rank-row="${teacher.username}"] td`).nth(3)).toHaveText("0");
    }
    await expect(async () => {
      await bp.goto(`contest/${cid}/rank`);
      await expect(bp.locator(`[data-testid="board-row"][data-username="${bob.username}"]`)).toContainText("100", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(bp.locator(`[data-testid="board-row"][data-username="${bob.username}"]`)).toHaveAttribute("data-rank", "1");

    // 5. A discussion: Amy posts, Bob comments, the teacher reads both.
    await ap.goto(`group/${gid}`);
    await ap.getByTestId("group-tabs").getByRole("link", { name: "Discussions" }).click();
    await ap.getByTestId("post-discussion").click();
    const dform = ap.getByTestId("discussion-form");
    await dform.locator('[name="title"]').fill(`Big sums ${tag}`);
    await dform.locator('[name="description"]').fill("Do the sums overflow?");
    await dform.locator('[name="content"]').fill("What if $a+b$ is larger than 32 bits?");
    await dform.getByRole("button", { name: "Publish" }).click();
    await expect(ap).toHaveURL(new RegExp(`/group/${gid}/discussion-detail/\\d+$`));
    const detailPath = new URL(ap.url()).pathname.replace(/^.*?\/group\//, "group/");
    await bp.goto(`group/${gid}/discussion`);
    await bp.getByRole("link", { name: `Big sums ${tag}` }).click();
    await bp.locator('textarea[name="content"]').first().fill("Python's integers never overflow.");
    await bp.getByRole("button", { name: "Comment", exact: true }).first().click();
    await expect(bp.getByText("Python's integers never overflow.")).toBeVisible();
    await tp.goto(`group/${gid}/discussion`);
    await tp.getByRole("link", { name: `Big sums ${tag}` }).click();
    await expect(tp.getByTestId("discussion")).toContainText(`Big sums ${tag}`);
    await expect(tp.getByText("Python's integers never overflow.")).toBeVisible();

    // 6. The outsider: every member tab is disabled on the group's home ...
    const op = await signedInPage(browser, loginAs, outsider, js);
    await op.goto(`group/${gid}`);
    for (const tab of ["problem", "training", "contest", "status", "discussion", "member", "rank"]) {
      await expect(op.getByTestId(`group-tab-disabled-${tab}`)).toBeVisible();
    }
    // ... and a direct navigation is refused with the translated reason.
    for (const path of [
      `group/${gid}/problem`,
      `group/${gid}/problem/${displayId}`,
      `group/${gid}/training`,
      `group/${gid}/contest`,
      `group/${gid}/status`,
      `group/${gid}/submission-detail/${amySub._id}`,
      `group/${gid}/discussion`,
      detailPath,
      `group/${gid}/member`,
      `group/${gid}/rank`,
      `training/${tid}`,
      `training/${tid}/problems`,
      `training/${tid}/problem/${displayId}`,
      `group/${gid}/training/${tid}`,
      `group/${gid}/training/${tid}/problems`,
      `group/${gid}/training/${tid}/rank`,
      `group/${gid}/training/${tid}/problem/${displayId}`,
      `contest/${cid}`,
      `contest/${cid}/problems`,
      `contest/${cid}/problem/A`,
      `contest/${cid}/rank`,
    ]) {
      await refused(op, path, 403, NOT_MEMBER);
    }

    // Direct POSTs change nothing: a comment on the discussion, a submission on the group's problem
    // page, in the contest and in the training.
    const comment = await op.request.post(detailPath, { form: { intent: "comment", content: "Let me in" } });
    expect(comment.status()).toBe(403);
    const code = abSolution("Python3");
    for (const path of [`group/${gid}/problem/${displayId}`, `contest/${cid}/problem/A`, `training/${tid}/problem/${displayId}`, `group/${gid}/training/${tid}/problem/${displayId}`]) {
      const res = await op.request.post(path, { form: { intent: "submit", language: "Python3", code }, maxRedirects: 0 });
      expect([403, 404], path).toContain(res.status());
    }
    expect(await m.Submission.countDocuments({ uid: outsider.uid })).toBe(0);
    await bp.goto(detailPath);
    await expect(bp.getByText("Python's integers never overflow.")).toBeVisible();
    await expect(bp.getByText("Let me in")).toHaveCount(0);
  });
}
