import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { Role } from "../../app/lib/constants";
import { expect, test, uniqueName, type TestUser } from "./support/fixtures";
import { makeAbProblem, models, randomPid, retryOnTakenId } from "./support/problems";

// Every page of the site through axe-core, in both languages, at a desktop (1366 px) and a phone
// (375 px) width, signed out, signed in (a member of this worker's group too) and as an
// administrator. Any serious or critical violation of WCAG 2.1 A/AA fails the test, so a new page
// or colour has to stay accessible. A new page is added to PAGES.

type Who = "visitor" | "learner" | "member" | "admin" | "root";

interface PageCase {
  path: string;
  who: Who;
  /** What to wait for before the audit (the page's own widgets in place). */
  ready?: (page: Page) => Promise<void>;
}

// This worker's problem and submission (tests share one store).
const PROBLEM_ID = `A11Y${randomPid()}`;
let submitId = 0;
// This worker's running public contest with the problem as "A" and a submission to it.
let contestId = 0;
let contestSubmitId = 0;
// This worker's training (a public one holding the problem).
let trainingId = 0;
// This worker's group (a super admin is its root) with a discussion and an announcement.
let groupId = 0;
let groupDiscussionId = 0;
// The group's training (a private one holding the public problem; a super admin enters it).
let groupTrainingId = 0;
// This worker's contest of the group.
let groupContestId = 0;
const GROUP_PROBLEM_ID = `A11YG${randomPid()}`;

const PAGES: PageCase[] = [
  { path: "group/GROUP", who: "root" },
  { path: "group/GROUP/member", who: "root" },
  { path: "group/GROUP/discussion", who: "root" },
  { path: "group/GROUP/discussion/GPROB", who: "root" },
  { path: "group/GROUP/discussion-detail/GDISC", who: "root" },
  { path: "group/GROUP/discussion-edit", who: "root" },
  { path: "group/GROUP/announcement", who: "root" },
  { path: "group/GROUP/rank", who: "root" },
  { path: "group/GROUP/similarity", who: "root" },
  { path: "group/GROUP/setting", who: "root" },
  { path: "home", who: "visitor" },
  { path: "home?login=1", who: "visitor", ready: (p) => expect(p.locator("[data-auth-modal]")).toBeVisible() },
  { path: "home?register=1", who: "visitor", ready: (p) => expect(p.locator("[data-auth-modal]")).toBeVisible() },
  { path: "problem", who: "visitor" },
  { path: "problem/PROBLEM", who: "visitor" },
  { path: "status", who: "visitor" },
  { path: "contest", who: "visitor" },
  { path: "group", who: "visitor" },
  { path: "group", who: "learner" },
  { path: "introduction", who: "visitor" },
  { path: "developer", who: "visitor" },
  { path: "acm-rank", who: "visitor" },
  { path: "oi-rank", who: "visitor" },
  { path: "login", who: "visitor" },
  { path: "register", who: "visitor" },
  { path: "reset-password", who: "visitor" },
  { path: "no-such-page", who: "visitor" },
  { path: "admin/login", who: "visitor" },
  { path: "problem/PROBLEM", who: "learner", ready: editorReached },
  { path: "problem/PROBLEM?tab=mine", who: "learner" },
  { path: "problem/PROBLEM/self-test", who: "learner" },
  { path: "problem/PROBLEM?ai=1", who: "learner", ready: (p) => expect(p.getByTestId("ai-panel")).toBeVisible() },
  { path: "problem/PROBLEM/ai", who: "learner" },
  { path: "status?onlyMine=true", who: "learner" },
  { path: "SUBMISSION", who: "learner" },
  { path: "setting", who: "learner" },
  { path: "discussion", who: "visitor" },
  { path: "discussion/PROBLEM", who: "learner" },
  { path: "discussion-edit", who: "learner" },
  { path: "message/discuss", who: "learner" },
  { path: "message/sys", who: "learner" },
  { path: "discussion-categories", who: "root" },
  { path: "home", who: "learner" },
  { path: "user-home", who: "learner" },
  { path: "logout", who: "learner" },
  { path: "admin/dashboard", who: "admin" },
  { path: "admin/problems", who: "admin" },
  { path: "admin/problem/create", who: "admin" },
  { path: "admin/problem/tag", who: "admin" },
  { path: "admin/problem/batch-operation", who: "admin" },
  { path: "admin/contest", who: "admin" },
  { path: "admin/contest/create", who: "admin" },
  { path: "contest/CONTEST/problem/A?tab=mine", who: "learner", ready: editorReached },
  { path: "contest/CONTEST/problem/A/submission-detail/CSUB", who: "learner" },
  { path: "contest/CONTEST/rank", who: "root" },
  { path: "contest/CONTEST/similarity", who: "root" },
  { path: "admin/contest/CONTEST/problems/create", who: "root" },
  { path: "admin/switch", who: "root" },
  { path: "admin/discussion", who: "admin" },
  { path: "admin/discussion-report", who: "admin" },
  { path: "admin/notice", who: "root" },
  { path: "admin/remote-account", who: "root" },
  { path: "admin/announcement", who: "root" },
  { path: "admin/home-carousel", who: "root" },
  { path: "admin/group", who: "root" },
  { path: "admin/conf", who: "root" },
  { path: "admin/ai", who: "root" },
  { path: "training", who: "visitor" },
  { path: "training", who: "learner" },
  { path: "training/TRAINING", who: "learner" },
  { path: "training/TRAINING/problems", who: "learner" },
  { path: "training/TRAINING/submissions", who: "learner" },
  { path: "training/TRAINING/rank", who: "learner" },
  { path: "training/TRAINING/similarity", who: "root" },
  { path: "training/TRAINING/problem/PROBLEM", who: "learner", ready: editorReached },
  { path: "admin/training", who: "admin" },
  { path: "admin/training/create", who: "admin" },
  { path: "admin/training/category", who: "admin" },
  { path: "admin/training/TRAINING/edit", who: "root" },
  { path: "admin/training/TRAINING/problems", who: "root" },
  { path: "admin/user", who: "root" },
  { path: "admin/user/import", who: "root" },
  { path: "admin/user/generate", who: "root" },
  { path: "group/GROUP/problem", who: "root" },
  { path: "group/GROUP/problem/create", who: "root" },
  { path: "group/GROUP/problem/GPROB", who: "root", ready: editorReached },
  { path: "group/GROUP/problem/GPROB?focus=1", who: "root", ready: editorReached },
  { path: "group/GROUP/training/GTID", who: "member", ready: (p) => expect(p.getByTestId("training-password-form")).toBeVisible() },
  { path: "group/GROUP/training/GTID/problems", who: "member", ready: (p) => expect(p.getByTestId("entry-refusal")).toBeVisible() },
  { path: "group/GROUP/training/GTID", who: "root" },
  { path: "group/GROUP/training/GTID/problems", who: "root" },
  { path: "group/GROUP/training/GTID/submissions", who: "root" },
  { path: "group/GROUP/training/GTID/rank", who: "root" },
  { path: "group/GROUP/training/GTID/similarity", who: "root" },
  // Inside the group's and the training's frames the code area starts below a phone's first screen.
  { path: "group/GROUP/training/GTID/problem/PROBLEM", who: "root", ready: editorReached },
  { path: "group/GROUP/training/GTID/problem/PROBLEM?focus=1", who: "root", ready: (p) => expect(p.getByTestId("focus-strip")).toBeVisible() },
  { path: "group/GROUP/status", who: "root" },
  { path: "group/GROUP/contest/GCID/create-problem", who: "root" },
  { path: "admin/group-problem/apply", who: "admin" },
];

/** The code editor in place once the reader has reached it (phones load it there). */
async function editorReached(page: Page) {
  await page.getByTestId("code-textarea").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("code-editor")).toBeVisible();
}

async function joinGroup(user: TestUser) {
  const { applyToGroup } = await import("../../app/services/group/members.server");
  await applyToGroup({ _id: user.uid, username: user.username, role: user.role } as never, groupId, { code: "", reason: "" });
}

const VIEWPORTS = [
  { name: "1366", width: 1366, height: 900 },
  { name: "375", width: 375, height: 812 },
] as const;
const LANGUAGES = ["zh-CN", "en"] as const;

/** The stored language choice, as the site's language cookie holds it (a Remix cookie: base64 JSON). */
async function chooseLanguage(context: BrowserContext, baseURL: string, lng: string) {
  const url = new URL(baseURL);
  const value = encodeURIComponent(Buffer.from(JSON.stringify(lng)).toString("base64"));
  await context.addCookies([{ name: "oj_lng", value, domain: url.hostname, path: process.env.E2E_BASE_PATH ?? "/", sameSite: "Lax" }]);
}

test.beforeAll(async ({ app }) => {
  void app;
  const m = await models();
  // Once per worker: beforeAll may run again in the same worker for another group of tests.
  if (submitId) return;
  const pid = randomPid();
  await makeAbProblem(m, { pid, problemId: PROBLEM_ID, title: "Accessible A + B", difficulty: 1, examples: [{ input: "1 2", output: "3" }] });
  // A finished submission, for the detail page.
  const doc = await m.Submission.create({
    _id: 9_000_000 + randomPid(),
    pid,
    displayPid: PROBLEM_ID,
    uid: "a11y-author",
    username: uniqueName("a11y"),
    title: "Accessible A + B",
    status: 0,
    language: "C++",
    code: "int main() { return 0; }\n",
    length: 25,
    time: 3,
    memory: 1024,
    share: true,
  });
  submitId = doc._id;
  // A running public contest with the problem as "A" and someone's accepted submission to it.
  const { createContest, contestInputSchema } = await import("../../app/services/contest/contests.server");
  const { addContestProblem } = await import("../../app/services/contest/problems.server");
  const { administerContest, SITE } = await import("../../app/services/contest/scope.server");
  const owner = { _id: `a11y-root-${pid}`, username: `a11yroot${pid}`.slice(0, 20), role: Role.SUPER_ADMIN } as never;
  const contest = await retryOnTakenId(() => createContest(
    owner,
    contestInputSchema.parse({ title: `Accessible contest ${pid}`, description: "For the audit.", type: 0, auth: 0, startTime: new Date(Date.now() - 3600_000), endTime: new Date(Date.now() + 24 * 3600_000) }),
    SITE,
  ));
  contestId = contest._id;
  await retryOnTakenId(async () => addContestProblem(await administerContest(contestId, owner, null), { cid: contestId, pid, displayId: "A", displayTitle: "", color: "#d03050" }, "public"));
  const inContest = await m.Submission.create({
    _id: 9_500_000 + randomPid(),
    pid,
    displayPid: PROBLEM_ID,
    displayId: "A",
    cid: contestId,
    uid: "a11y-contestant",
    username: uniqueName("a11yc"),
    title: "Accessible A + B",
    status: 0,
    language: "C++",
    code: "int main() { return 0; }\n",
    length: 25,
    time: 3,
    memory: 1024,
  });
  contestSubmitId = inContest._id;
  const [{ Training }, { TrainingCategory }, { TrainingProblem }] = await Promise.all([
    import("../../app/models/training.server"),
    import("../../app/models/training-category.server"),
    import("../../app/models/training-problem.server"),
  ]);
  trainingId = 9_000_000 + randomPid();
  await TrainingCategory.create({ _id: trainingId, name: `Basics ${trainingId}`, color: "#2d8cf0", gid: null });
  await Training.create({ _id: trainingId, title: "Accessible training", description: "Loops **and** sums.", auth: "Public", rank: 1, categoryId: trainingId, uid: "a11y-author", author: "a11y-author", problemCount: 1 });
  await TrainingProblem.create({ _id: trainingId, tid: trainingId, pid, displayId: PROBLEM_ID, rank: 1 });
  const [{ createGroup }, { createDiscussion }, { createGroupAnnouncement }, { DiscussionCategory }] = await Promise.all([
    import("../../app/services/group/groups.server"),
    import("../../app/services/community/discussions.server"),
    import("../../app/services/group/announcements.server"),
    import("../../app/models/discussion.server"),
  ]);
  const group = await retryOnTakenId(() => createGroup(owner, { name: `Accessible group ${pid}`.slice(0, 25), shortName: `ax${pid}`.slice(0, 10), brief: "For the audit.", description: "A group **for** the audit.", auth: 1, code: "", visible: true }));
  groupId = group._id;
  const category = await DiscussionCategory.findOne().lean<{ _id: number }>();
  const discussion = await retryOnTakenId(() => createDiscussion(owner, { title: "Accessible group talk", description: "For the audit.", content: "Loops **and** sums.", categoryId: category!._id, pid: "" }, { kind: "group", gid: groupId, groupAdmin: true }));
  groupDiscussionId = discussion._id;
  await retryOnTakenId(() => createGroupAnnouncement(owner, groupId, { title: "Accessible notice", content: "Read **this**.", status: 0 }));
  const groupPid = randomPid();
  await makeAbProblem(m, { pid: groupPid, problemId: GROUP_PROBLEM_ID, title: "Accessible group A + B", examples: [{ input: "1 2", output: "3" }] });
  await m.Problem.updateOne({ _id: groupPid }, { $set: { gid: groupId, applyPublicProgress: 1 } });
  const [{ createTraining, trainingInputSchema }, { addTrainingProblem }, { administerTraining }] = await Promise.all([
    import("../../app/services/training/trainings.server"),
    import("../../app/services/training/problems.server"),
    import("../../app/services/training/scope.server"),
  ]);
  const inGroup = { gid: groupId, groupAdmin: true };
  const groupTraining = await retryOnTakenId(() => createTraining(
    owner,
    trainingInputSchema.parse({ title: "Accessible group training", description: "Sums **in** class.", rank: 1, auth: "Private", privatePwd: "a11y", categoryId: trainingId }),
    inGroup,
  ));
  groupTrainingId = groupTraining._id;
  await retryOnTakenId(async () => addTrainingProblem(await administerTraining(groupTrainingId, owner, inGroup), { tid: groupTrainingId, pid }, "public"));
  groupContestId = (await retryOnTakenId(() => createContest(owner, contestInputSchema.parse({ title: `Accessible group contest ${pid}`, description: "For the audit.", type: 1, auth: 0, startTime: new Date(Date.now() - 3600_000), endTime: new Date(Date.now() + 24 * 3600_000) }), inGroup)))._id;
  await retryOnTakenId(() => createDiscussion(owner, { title: "Accessible problem talk", description: "For the audit.", content: "Why **3**?", categoryId: category!._id, pid: GROUP_PROBLEM_ID }, { kind: "group", gid: groupId, groupAdmin: true }));
  await m.Submission.create({ _id: 9_700_000 + randomPid(), pid: groupPid, displayPid: GROUP_PROBLEM_ID, gid: groupId, uid: "a11y-author", username: uniqueName("a11yg"), title: "Accessible group A + B", status: 0, language: "C++", code: "int main() { return 0; }\n", length: 25, time: 3, memory: 1024 });
});

// One test per page: each language is loaded once and audited at both widths (the window resized
// in between), the second language starting at the width the first ended on, so each width is also
// the one a page was first drawn at. One sign-in serves all four audits.
for (const c of PAGES) {
  test(`${c.who}: /${c.path}`, async ({ page, context, baseURL, createUser, loginAs }) => {
    if (c.who !== "visitor") {
      const role = c.who === "admin" ? Role.ADMIN : c.who === "root" ? Role.SUPER_ADMIN : Role.DEFAULT_USER;
      const user: TestUser = await createUser({ role });
      // A member of this worker's group (a public one: joining is immediate).
      if (c.who === "member") await joinGroup(user);
      await loginAs(context, user);
    }
    // Test titles stay the same in every worker; the ids are this worker's.
    const path = c.path === "SUBMISSION" ? `submission-detail/${submitId}` : c.path.replace("PROBLEM", PROBLEM_ID).replace("TRAINING", String(trainingId)).replace("CONTEST", String(contestId)).replace("CSUB", String(contestSubmitId)).replace("GROUP", String(groupId)).replace("GDISC", String(groupDiscussionId)).replace("GPROB", GROUP_PROBLEM_ID).replace("GTID", String(groupTrainingId)).replace("GCID", String(groupContestId));
    const reports: Record<string, string[]> = {};
    let widths: readonly (typeof VIEWPORTS)[number][] = VIEWPORTS;
    for (const lng of LANGUAGES) {
      await chooseLanguage(context, baseURL!, lng);
      await page.setViewportSize({ width: widths[0].width, height: widths[0].height });
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", lng);
      for (const [i, vp] of widths.entries()) {
        if (i > 0) await page.setViewportSize({ width: vp.width, height: vp.height });
        if (c.ready) await c.ready(page);
        await page.waitForLoadState("networkidle");
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        reports[`${lng} at ${vp.name} px`] = bad.map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `  ${n.target.join(" ")} ${n.failureSummary?.split("\n")[1] ?? ""}`).join("\n")}`);
      }
      widths = [...widths].reverse();
    }
    expect(Object.fromEntries(Object.entries(reports).filter(([, r]) => r.length > 0)), `axe on /${path}`).toEqual({});
  });
}
