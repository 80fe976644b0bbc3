import type { Browser, BrowserContext, Page } from "@playwright/test";
import { abSolution } from "../fixtures/ab-solutions";
import { expect, test, type TestUser } from "./support/fixtures";
import { replaceEditorCode, waitForJudge } from "./support/judge";
import { makeAbProblem, models, randomPid, RUNNING } from "./support/problems";
import { camera } from "./support/shots";

// What a learner does inside a group belongs to the group: Amy solves the group's problem inside
// the group's training, Bob in the group's contest, both judged by the real judge. Amy's banner
// opens her submission in the group's frame; the group's Submissions tab lists it; the training's
// progress reads 1 / 1; the group's rank shows both with one problem solved and one submission.

type Loginer = (context: BrowserContext, user: TestUser) => Promise<void>;

async function signedInPage(browser: Browser, loginAs: Loginer, user: TestUser, locale = "en-US"): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 1366, height: 900 } });
  await loginAs(context, user);
  return context.newPage();
}

async function submitAb(page: Page) {
  await page.getByTestId("language-select").selectOption("Python3");
  await replaceEditorCode(page, abSolution("Python3"));
  await page.getByTestId("submit-code").click();
}

const shoot = camera("group-scope");

test("a group's training and contest count in the group: its rank, its Submissions tab, the training's progress", async ({ browser, createUser, loginAs, app }) => {
  void app;
  test.setTimeout(240_000);
  await waitForJudge();
  const m = await models();
  const [{ User }, groups, members, trainings, trainingProblems, trainingScope, contests, contestProblems, contestScope, { TrainingCategory }] = await Promise.all([
    import("../../app/models/user.server"),
    import("../../app/services/group/groups.server"),
    import("../../app/services/group/members.server"),
    import("../../app/services/training/trainings.server"),
    import("../../app/services/training/problems.server"),
    import("../../app/services/training/scope.server"),
    import("../../app/services/contest/contests.server"),
    import("../../app/services/contest/problems.server"),
    import("../../app/services/contest/scope.server"),
    import("../../app/models/training-category.server"),
  ]);
  const tag = `${Date.now() % 100000}`;
  const teacher = await createUser({ role: 1001 });
  const [amy, bob] = [await createUser(), await createUser()];
  const owner = (await User.findById(teacher.uid).lean())!;
  const group = await groups.createGroup(owner as never, { name: `Scope class ${tag}`, shortName: `sc${tag}`, brief: "A brief text", description: "Our class", auth: 2, code: "ABC123", visible: true });
  const gid = group._id;
  for (const s of [amy, bob]) {
    await members.applyToGroup((await User.findById(s.uid).lean()) as never, gid, { code: "", reason: "I am in this class" });
    await members.changeMemberAuth(owner as never, gid, s.uid, 3);
  }
  const pid = randomPid();
  const displayId = `SC${tag}-AB`;
  await makeAbProblem(m, { pid, problemId: displayId, title: `Sums ${tag}` });
  await m.Problem.updateOne({ _id: pid }, { $set: { gid, auth: 1 } });
  const scope = { gid, groupAdmin: true };
  const categoryId = 800_000 + Number(tag);
  await TrainingCategory.create({ _id: categoryId, name: `Week ${tag}`, color: "#2d8cf0", gid });
  const tid = (
    await trainings.createTraining(
      owner as never,
      trainings.trainingInputSchema.parse({ title: `Week of sums ${tag}`, description: "The week's sums.", rank: 1, auth: "Public", privatePwd: "", categoryId, status: true }),
      scope,
    )
  )._id;
  await trainingProblems.addTrainingProblem(await trainingScope.administerTraining(tid, owner as never, scope), { tid, pid }, "group");
  const cid = (
    await contests.createContest(
      owner as never,
      contests.contestInputSchema.parse({ title: `Cup ${tag}`, description: "Solve them.", type: 0, auth: 0, startTime: new Date(Date.now() - 60_000), endTime: new Date(Date.now() + 3 * 3600_000) }),
      scope,
    )
  )._id;
  await contestProblems.addContestProblem(await contestScope.administerContest(cid, owner as never, scope), { cid, pid, displayId: "A", displayTitle: "", color: "" }, "group");

  // Amy solves it inside the training; the banner's Details stays in the group's frame.
  const ap = await signedInPage(browser, loginAs, amy);
  await ap.goto(`group/${gid}/training/${tid}/problem/${displayId}`);
  await submitAb(ap);
  const banner = ap.getByTestId("status-banner");
  await expect(banner).toContainText("Accepted", { timeout: 120_000 });
  await shoot(ap, "training-problem-banner");
  const amySub = (await m.Submission.findOne({ uid: amy.uid, pid }).lean())!;
  await expect(banner.getByRole("link", { name: "Details" })).toHaveAttribute("href", `/group/${gid}/submission-detail/${amySub._id}`);
  await banner.getByRole("link", { name: "Details" }).click();
  await ap.waitForURL(new RegExp(`/group/${gid}/submission-detail/${amySub._id}$`));
  await expect(ap.getByTestId("group-title")).toHaveText(`Scope class ${tag}`);

  // Bob solves it in the group's contest.
  const bp = await signedInPage(browser, loginAs, bob);
  await bp.goto(`contest/${cid}/problem/A`);
  await submitAb(bp);
  await expect
    .poll(async () => {
      const s = await m.Submission.findOne({ uid: bob.uid, cid }).lean();
      return s && !RUNNING.includes(s.status) ? s.status : null;
    }, { timeout: 120_000, intervals: [500, 1000] })
    .toBe(0);

  // The group's Submissions tab lists Amy's training submission.
  await ap.goto(`group/${gid}/status`);
  await expect(ap.getByTestId("group-submission")).toHaveCount(1);
  await expect(ap.getByTestId("group-submission").first()).toHaveAttribute("data-status", "0");
  await shoot(ap, "group-status");

  // The training's progress counts the group's problem.
  await ap.goto(`group/${gid}/training/${tid}`);
  await expect(ap.getByTestId("training-progress")).toHaveAttribute("data-solved", "1");
  await expect(ap.getByTestId("training-progress")).toContainText("1 / 1");
  await shoot(ap, "training-overview");

  // The group's rank: one problem solved and one submission each, read at once.
  await ap.goto(`group/${gid}/rank`);
  for (const s of [amy, bob]) {
    await expect(ap.locator(`[data-rank-row="${s.username}"] td`).nth(3)).toHaveText("1");
    await expect(ap.locator(`[data-rank-row="${s.username}"] td`).nth(4)).toHaveText("1");
  }
  await expect(ap.locator(`[data-rank-row="${teacher.username}"] td`).nth(3)).toHaveText("0");
  await shoot(ap, "group-rank");
  const zh = await signedInPage(browser, loginAs, amy, "zh-CN");
  for (const path of [`group/${gid}/rank`, `group/${gid}/status`, `group/${gid}/training/${tid}`]) {
    await zh.goto(path);
    await shoot(zh, `zh-${path.split("/").slice(2).join("-")}`);
  }
});
