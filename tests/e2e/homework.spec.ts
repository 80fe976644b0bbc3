import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test, type TestUser } from "./support/fixtures";
import { randomPid } from "./support/problems";
import { camera } from "./support/shots";

const shoot = camera("homework");

// A teacher's homework in a group, in Chromium: the teacher creates the group's training with a
// due time three days ago and a late rule (10% less per started day) through the training form;
// two members' solves are judged, Amy's both before the due time, Bob's second a day and an hour
// after it. The training's rank marks Bob's late solve in words with what it earns, the counts of
// on-time and late solves stand beside each row, the group's rank shows them too, and Bob's
// training page says the homework is overdue and how many of his solves were late. Once with
// JavaScript and once without.

type Loginer = (context: BrowserContext, user: TestUser) => Promise<void>;

async function signedInPage(browser: Browser, loginAs: Loginer, user: TestUser, js: boolean, locale = "en-US"): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 1366, height: 900 }, javaScriptEnabled: js });
  await loginAs(context, user);
  return context.newPage();
}

/** datetime-local text for a moment (the browser and the server share this machine's zone). */
function local(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

const HOUR = 3_600_000;

/** No serious or critical axe-core violation on the page. */
async function accessible(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

for (const js of [true, false]) {
  test(`${js ? "with" : "without"} JavaScript: a teacher's homework marks the late solve on the ranks and the learner's page`, async ({ browser, createUser, loginAs, app }) => {
    void app;
    test.setTimeout(120_000);
    const tag = `${js ? "j" : "n"}${Date.now() % 100000}`;
    const [{ createGroup }, { applyToGroup, changeMemberAuth }, { Problem }, { User }, { Submission }, { nextSeq }, { Training }, { addTrainingProblem }, { administerTraining }, { trainingVerdictApplied }] =
      await Promise.all([
        import("../../app/services/group/groups.server"),
        import("../../app/services/group/members.server"),
        import("../../app/models/problem.server"),
        import("../../app/models/user.server"),
        import("../../app/models/submission.server"),
        import("../../app/models/counter.server"),
        import("../../app/models/training.server"),
        import("../../app/services/training/problems.server"),
        import("../../app/services/training/scope.server"),
        import("../../app/services/training/rank.server"),
      ]);
    const teacher = await createUser();
    const amy = await createUser();
    const bob = await createUser();
    await User.updateOne({ _id: teacher.uid }, { $set: { solvedPids: Array.from({ length: 25 }, (_, i) => 91_000 + i) } });
    const owner = { ...(await User.findById(teacher.uid).lean())!, _id: teacher.uid } as never;
    const group = await createGroup(owner, { name: `Homework ${tag}`, shortName: `hw${tag}`, brief: "Our class", description: "Weekly homework.", auth: 2, code: "ABC123", visible: true });
    const gid = group._id;
    for (const s of [amy, bob]) {
      await applyToGroup({ ...(await User.findById(s.uid).lean())!, _id: s.uid } as never, gid, { code: "", reason: "I am in this class" });
      await changeMemberAuth(owner, gid, s.uid, 3);
    }
    const problems = [];
    for (const n of [1, 2]) {
      const pid = randomPid();
      const problemId = `HWP${pid}`;
      await Problem.create({
        _id: pid,
        problemId,
        problemIdUpper: problemId,
        title: `Loop ${n} ${tag}`,
        description: "Compute $a+b$.",
        input: "Two integers.",
        output: "Their sum.",
        examples: [{ input: "1 2", output: "3" }],
        languages: ["C", "Python3"],
        testCaseHash: "0".repeat(32),
        testCases: [{ input: "1.in", output: "1.out", score: 100, groupNum: 0 }],
      });
      problems.push({ pid, problemId });
    }

    // 1. The teacher creates the homework through the group's training form: due three days ago.
    const due = new Date(Date.now() - 3 * 24 * HOUR);
    due.setSeconds(0, 0);
    const tp = await signedInPage(browser, loginAs, teacher, js);
    await tp.goto(`group/${gid}/training/create`);
    const tf = tp.getByTestId("training-form");
    await tf.locator('[name="title"]').fill(`Week ${tag}`);
    await tf.locator('[name="description"]').fill("Loops, due last week.");
    await tf.locator('[name="newCategoryName"]').fill(`Homework ${tag}`);
    await tf.locator('[name="dueAt"]').fill(local(due));
    // A hard end before the due time is refused, in words, and nothing is stored.
    await tf.locator('[name="hardEndAt"]').fill(local(new Date(due.getTime() - HOUR)));
    await tf.locator('[name="lateRule"]').selectOption("penalty");
    if (js) await accessible(tp);
    await shoot(tp, "form");
    await tf.getByRole("button", { name: "Create" }).click();
    await expect(tp.getByTestId("training-form")).toContainText("The hard end must be after the due time");
    expect(await Training.countDocuments({ gid })).toBe(0);
    await tp.getByTestId("training-form").locator('[name="hardEndAt"]').fill("");
    await tp.getByTestId("training-form").locator('[name="newCategoryName"]').fill(`Homework ${tag}`);
    await tp.getByTestId("training-form").getByRole("button", { name: "Create" }).click();
    await tp.waitForURL(new RegExp(`/group/${gid}/training$`));
    const training = (await Training.findOne({ gid }).lean())!;
    expect(training).toMatchObject({ title: `Week ${tag}`, lateRule: "penalty", latePenaltyPercent: 10, latePeriodHours: 24, lateFloorPercent: 0, hardEndAt: null });
    expect(training.dueAt?.getTime()).toBe(due.getTime());
    const tid = training._id;
    const ts = await administerTraining(tid, { ...(await User.findById(teacher.uid).lean())!, _id: teacher.uid } as never, { gid });
    for (const p of problems) await addTrainingProblem(ts, { tid, pid: p.pid }, "public");

    // 2. The members' judged solves: Amy both on time; Bob the first on time, the second 25 hours late.
    const solve = async (u: TestUser, p: { pid: number; problemId: string }, at: Date) => {
      await Submission.create({
        _id: await nextSeq("submission"),
        pid: p.pid,
        displayPid: p.problemId,
        uid: u.uid,
        username: u.username,
        title: p.problemId,
        status: 0,
        countedStatus: 0,
        score: 100,
        language: "C",
        code: "int main(){return 0;}",
        length: 21,
        time: 5,
        memory: 1024,
        submitTime: at,
        tid,
        gid,
      });
      await trainingVerdictApplied(tid, u.uid);
    };
    await solve(amy, problems[0], new Date(due.getTime() - 2 * HOUR));
    await solve(amy, problems[1], new Date(due.getTime() - HOUR));
    await solve(bob, problems[0], new Date(due.getTime() - 3 * HOUR));
    await solve(bob, problems[1], new Date(due.getTime() + 25 * HOUR));

    // 3. The training's rank: counts beside each row, Bob's late solve marked in words.
    await tp.goto(`group/${gid}/training/${tid}/rank`);
    const amyRow = tp.locator(`[data-testid="training-rank-row"][data-username="${amy.username}"]`);
    const bobRow = tp.locator(`[data-testid="training-rank-row"][data-username="${bob.username}"]`);
    await expect(amyRow.getByTestId("training-rank-on-time")).toHaveText("2");
    await expect(amyRow.getByTestId("training-rank-late")).toHaveText("0");
    await expect(amyRow.getByTestId("late-badge")).toHaveCount(0);
    await expect(bobRow.getByTestId("training-rank-on-time")).toHaveText("1");
    await expect(bobRow.getByTestId("training-rank-late")).toHaveText("1");
    await expect(bobRow.getByTestId("training-rank-score")).toHaveText("1.8");
    await expect(bobRow.getByTestId("late-badge")).toHaveText("Late (80%)");
    await expect(tp.getByTestId("training-rank").locator("thead")).toContainText("On time");
    if (js) await accessible(tp);
    await shoot(tp, "training-rank");

    // 4. The group's rank has the homework columns.
    await tp.goto(`group/${gid}/rank`);
    await expect(tp.locator(`[data-rank-row="${bob.username}"]`).getByTestId("rank-homework-late")).toHaveText("1");
    await expect(tp.locator(`[data-rank-row="${amy.username}"]`).getByTestId("rank-homework-on-time")).toHaveText("2");
    await shoot(tp, "group-rank");

    // 5. Bob's training page: overdue, and his own solves on time and late.
    const bp = await signedInPage(browser, loginAs, bob, js);
    await bp.goto(`group/${gid}/training/${tid}`);
    const box = bp.getByTestId("homework-due");
    await expect(box).toHaveAttribute("data-overdue", "true");
    await expect(box.getByTestId("homework-left")).toHaveText("overdue");
    await expect(box).toContainText("A solve after the due time counts 10% less per started day, at least 0%.");
    await expect(box.getByTestId("homework-mine")).toHaveText("Your solves: 1 on time, 1 late");
    if (js) await accessible(bp);
    await shoot(bp, "learner-overview");
    // The same page in Chinese.
    const zp = await signedInPage(browser, loginAs, bob, js, "zh-CN");
    await zp.goto(`group/${gid}/training/${tid}`);
    await expect(zp.getByTestId("homework-left")).toHaveText("已截止");
    await expect(zp.getByTestId("homework-mine")).toHaveText("你的通过：按时 1 题，逾期 1 题");
    await shoot(zp, "learner-overview-zh");
    await zp.goto(`group/${gid}/training/${tid}/rank`);
    await expect(zp.locator(`[data-testid="training-rank-row"][data-username="${bob.username}"]`).getByTestId("late-badge")).toHaveText("逾期（80%）");
    await shoot(zp, "training-rank-zh");

    // 6. The teacher moves the due time a few days ahead: Bob's page then says how long is left.
    await tp.goto(`group/${gid}/training/${tid}/edit`);
    const later = new Date(Date.now() + 2 * 24 * HOUR + 3 * HOUR + 30 * 60_000);
    await tp.getByTestId("training-form").locator('[name="dueAt"]').fill(local(later));
    await shoot(tp, "form-edit");
    await tp.getByTestId("training-form").getByRole("button", { name: /Save|Update/ }).click();
    await expect.poll(async () => (await Training.findById(tid).lean())?.dueAt?.getTime()).toBe(new Date(local(later)).getTime());
    await bp.goto(`group/${gid}/training/${tid}`);
    await expect(bp.getByTestId("homework-left")).toHaveText(/^due in 2 d 3 h$/);
    await expect(bp.getByTestId("homework-mine")).toHaveText("Your solves: 2 on time, 0 late");
    await shoot(bp, "learner-due-soon");
  });
}
