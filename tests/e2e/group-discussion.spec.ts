import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test, type TestUser } from "./support/fixtures";
import { makeAbProblem, models, randomPid } from "./support/problems";

// A discussion in a group, in Chromium: a teacher's group with two students; one student posts a
// discussion from the group's discussion tab, the other reads it and comments, the teacher pins it,
// and the group's announcement written on the announcements tab shows on the group's home. An
// outsider is refused the tab, the discussion and a direct POST of a comment. And a member opens the
// discussions of a group problem from its page and starts one about it. Once with JavaScript and
// once without.

type Loginer = (context: BrowserContext, user: TestUser) => Promise<void>;

async function signedInPage(browser: Browser, loginAs: Loginer, user: TestUser, js: boolean): Promise<Page> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1366, height: 900 }, javaScriptEnabled: js });
  await loginAs(context, user);
  return context.newPage();
}

/** A protected group of `teacher` with the students accepted, made through the group services. */
async function classGroup(teacher: TestUser, students: TestUser[], tag: string): Promise<number> {
  const [{ User }, groups, members] = await Promise.all([
    import("../../app/models/user.server"),
    import("../../app/services/group/groups.server"),
    import("../../app/services/group/members.server"),
  ]);
  // Enough solved problems to create a group and to post under the site's default limits.
  const solved = Array.from({ length: 25 }, (_, i) => 91_000 + i);
  await User.updateMany({ _id: { $in: [teacher.uid, ...students.map((s) => s.uid)] } }, { $set: { solvedPids: solved } });
  const asUser = async (u: TestUser) => (await User.findById(u.uid).lean())! as never;
  const owner = await asUser(teacher);
  const group = await groups.createGroup(owner, { name: `Talk ${tag} class`, shortName: `tk${tag}`, brief: "Our weekly class", description: "Discussions of our class.", auth: 2, code: "ABC123", visible: true });
  for (const s of students) {
    await members.applyToGroup(await asUser(s), group._id, { code: "", reason: "I am in this class" });
    await members.changeMemberAuth(owner, group._id, s.uid, 3);
  }
  return group._id;
}

for (const js of [true, false]) {
  test(`${js ? "with" : "without"} JavaScript: two members discuss in their group; an outsider is refused`, async ({ browser, createUser, loginAs, app }) => {
    void app;
    test.setTimeout(120_000);
    const tag = `${js ? "j" : "n"}${Date.now() % 100000}`;
    const teacher = await createUser();
    const [amy, bob] = [await createUser(), await createUser()];
    const outsider = await createUser();
    const gid = await classGroup(teacher, [amy, bob], tag);

    // The teacher announces something on the announcements tab; members see it on the home.
    const tp = await signedInPage(browser, loginAs, teacher, js);
    await tp.goto(`group/${gid}`);
    await tp.getByTestId("group-tabs").getByRole("link", { name: "Announcements" }).click();
    const aform = tp.getByTestId("group-announcement-form");
    await aform.getByLabel("Title").fill(`Homework ${tag}`);
    await aform.getByLabel("Content").fill("Read chapter **two**.");
    await aform.getByRole("button", { name: "Save" }).click();
    await expect(tp.locator(`[data-testid="group-announcement"][data-title="Homework ${tag}"]`)).toBeVisible();

    // Amy posts from the discussion tab.
    const ap = await signedInPage(browser, loginAs, amy, js);
    await ap.goto(`group/${gid}`);
    await expect(ap.getByTestId("group-home-announcements")).toContainText(`Homework ${tag}`);
    await ap.getByTestId("group-tabs").getByRole("link", { name: "Discussions" }).click();
    await expect(ap).toHaveURL(new RegExp(`/group/${gid}/discussion$`));
    await ap.getByTestId("post-discussion").click();
    const form = ap.getByTestId("discussion-form");
    await form.locator('[name="title"]').fill(`Loops ${tag}`);
    await form.locator('[name="description"]').fill("When does a loop end?");
    await form.locator('[name="content"]').fill("My `while` loop never **ends**.");
    await form.getByRole("button", { name: "Publish" }).click();
    await expect(ap).toHaveURL(new RegExp(`/group/${gid}/discussion-detail/\\d+$`));
    await expect(ap.getByTestId("discussion")).toContainText(`Loops ${tag}`);
    const detailPath = new URL(ap.url()).pathname.replace(/^.*?\/group\//, "group/");

    // Bob finds it in the list and comments.
    const bp = await signedInPage(browser, loginAs, bob, js);
    await bp.goto(`group/${gid}/discussion`);
    await bp.getByRole("link", { name: `Loops ${tag}` }).click();
    await expect(bp.getByTestId("discussion")).toContainText("never ends");
    await bp.locator('textarea[name="content"]').first().fill("Check the condition: it must become false.");
    await bp.getByRole("button", { name: "Comment", exact: true }).first().click();
    await expect(bp.getByText("Check the condition: it must become false.")).toBeVisible();

    // Amy sees the comment; Bob may not pin; the teacher pins it.
    await ap.reload();
    await expect(ap.getByText("Check the condition: it must become false.")).toBeVisible();
    await expect(bp.getByRole("button", { name: "Pin to top" })).toHaveCount(0);
    await tp.goto(detailPath);
    await tp.getByRole("button", { name: "Pin to top" }).click();
    await expect(tp.getByRole("button", { name: "Unpin" })).toBeVisible();

    // The outsider: the tab is closed, the discussion refused, a direct comment refused.
    const op = await signedInPage(browser, loginAs, outsider, js);
    await op.goto(`group/${gid}`);
    await expect(op.getByTestId("group-tab-disabled-discussion")).toBeVisible();
    expect((await op.goto(`group/${gid}/discussion`))?.status()).toBe(403);
    expect((await op.goto(detailPath))?.status()).toBe(403);
    const direct = await op.request.post(detailPath, { form: { intent: "comment", content: "Let me in" } });
    expect(direct.status()).toBe(403);
    await bp.reload();
    await expect(bp.getByText("Let me in")).toHaveCount(0);
  });
}

for (const js of [true, false]) {
  test(`${js ? "with" : "without"} JavaScript: a member talks about a group problem from its page`, async ({ browser, createUser, loginAs, app }) => {
    void app;
    test.setTimeout(120_000);
    const tag = `${js ? "j" : "n"}${Date.now() % 100000}`;
    const teacher = await createUser();
    const amy = await createUser();
    const gid = await classGroup(teacher, [amy], `p${tag}`);
    const m = await models();
    const problemId = `TKP${tag}A`.toUpperCase();
    await makeAbProblem(m, { pid: randomPid(), problemId, title: `Sums ${tag}` });
    await m.Problem.updateOne({ problemIdUpper: problemId }, { $set: { gid } });

    const ap = await signedInPage(browser, loginAs, amy, js);
    await ap.goto(`group/${gid}/problem/${problemId}`);
    await ap.getByTestId("discussion-link").click();
    await expect(ap).toHaveURL(new RegExp(`/group/${gid}/discussion/${problemId}$`));
    await expect(ap.getByRole("heading", { name: `Discussions of ${problemId}` })).toBeVisible();
    await expect(ap.getByTestId("discussion-empty")).toBeVisible();
    await ap.getByTestId("post-discussion").click();
    const form = ap.getByTestId("discussion-form");
    await expect(form).toContainText(problemId);
    await form.locator('[name="title"]').fill(`Overflow ${tag}`);
    await form.locator('[name="description"]').fill("Large sums");
    await form.locator('[name="content"]').fill("Do the sums fit in an `int`?");
    await form.getByRole("button", { name: "Publish" }).click();
    await expect(ap).toHaveURL(new RegExp(`/group/${gid}/discussion-detail/\\d+$`));
    await expect(ap.getByTestId("discussion")).toContainText(`[${problemId}] Overflow ${tag}`);

    // Back to the problem's discussions through the problem's id, and on to the problem.
    await ap.getByTestId("discussion").getByRole("link", { name: problemId, exact: true }).click();
    await expect(ap).toHaveURL(new RegExp(`/group/${gid}/discussion/${problemId}$`));
    await expect(ap.getByTestId("discussion-card")).toHaveCount(1);
    await ap.getByRole("link", { name: "Back to the problem" }).click();
    await expect(ap).toHaveURL(new RegExp(`/group/${gid}/problem/${problemId}$`));
  });
}
