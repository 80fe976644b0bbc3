import AxeBuilder from "@axe-core/playwright";
import ExcelJS from "exceljs";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { Role } from "../../app/lib/constants";
import { expect, test, uniqueName, waitForHydration, type TestUser } from "./support/fixtures";
import { waitForJudge } from "./support/judge";
import { makeAbProblem, models, randomPid, retryOnTakenId, RUNNING } from "./support/problems";
import { camera } from "./support/shots";

// The teacher's flow after the class has submitted: five contestants' A + B programs judged by the
// real judge, two of them the same program with every name changed and the layout redone. The
// contest's admin starts a similarity check from the contest's Similarity tab, watches it finish,
// finds the copying pair ranked first, opens it side by side with the shared parts marked, then
// downloads the board as a workbook and reads it back. The pages pass the accessibility check;
// with E2E_SHOTS they are photographed at 1366 and 375 px in both languages.

const ORIGINAL = `#include <bits/stdc++.h>
using namespace std;

struct Reader {
    long long next() {
        long long value = 0;
        int sign = 1;
        int ch = getchar();
        while (ch != '-' && (ch < '0' || ch > '9')) ch = getchar();
        if (ch == '-') { sign = -1; ch = getchar(); }
        while (ch >= '0' && ch <= '9') {
            value = value * 10 + (ch - '0');
            ch = getchar();
        }
        return value * sign;
    }
};

long long addAll(const vector<long long> &items) {
    long long total = 0;
    for (size_t i = 0; i < items.size(); ++i) total += items[i];
    return total;
}

int main() {
    Reader in;
    vector<long long> items;
    for (int k = 0; k < 2; ++k) items.push_back(in.next());
    printf("%lld\\n", addAll(items));
    return 0;
}
`;

const COPY = `#include <bits/stdc++.h>
using namespace std;
struct Scanner
{
  long long read()
  {
    long long num = 0;
    int neg = 1;
    int c = getchar();
    while (c != '-' && (c < '0' || c > '9'))
      c = getchar();
    if (c == '-')
    {
      neg = -1;
      c = getchar();
    }
    while (c >= '0' && c <= '9')
    {
      num = num * 10 + (c - '0');
      c = getchar();
    }
    return num * neg;
  }
};
long long sumOf(const vector<long long> &xs)
{
  long long acc = 0;
  for (size_t j = 0; j < xs.size(); ++j)
    acc += xs[j];
  return acc;
}
int main()
{
  Scanner sc;
  vector<long long> xs;
  for (int t = 0; t < 2; ++t)
    xs.push_back(sc.read());
  printf("%lld\\n", sumOf(xs));
  return 0;
}
`;

const OTHERS = [
  `#include <iostream>
using namespace std;

int solve(int a, int b) {
    return a + b;
}

int main() {
    int a, b;
    cin >> a >> b;
    cout << solve(a, b) << endl;
    return 0;
}
`,
  `#include <cstdio>
#include <algorithm>
using namespace std;

int main() {
    long long x, y;
    if (scanf("%lld %lld", &x, &y) != 2) return 1;
    long long answer = x;
    long long step = y > 0 ? 1 : -1;
    long long left = y > 0 ? y : -y;
    while (left > 0) {
        long long chunk = min(left, 1000000LL);
        answer += step * chunk;
        left -= chunk;
    }
    printf("%lld\\n", answer);
    return 0;
}
`,
  `#include <bits/stdc++.h>
using namespace std;

class Pair {
public:
    long long firstValue, secondValue;
    Pair(long long p, long long q) : firstValue(p), secondValue(q) {}
    long long combined() const { return firstValue + secondValue; }
};

istream &operator>>(istream &is, Pair &p) {
    return is >> p.firstValue >> p.secondValue;
}

int main() {
    ios::sync_with_stdio(false);
    Pair p(0, 0);
    cin >> p;
    cout << p.combined() << '\\n';
    return 0;
}
`,
];

test.use({ locale: "en-US" });

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a teacher finds the copied pair first, compares it side by side and takes the board away", async ({ page, browser, app, createUser, loginAs }) => {
  test.setTimeout(300_000);
  void app;
  await waitForJudge();
  const m = await models();
  const teacher = await createUser({ role: Role.PROBLEM_ADMIN });
  const students: TestUser[] = [];
  for (let i = 0; i < 5; i++) students.push(await createUser({ username: uniqueName(`st${i}`) }));
  const pid = randomPid();
  await makeAbProblem(m, { pid, problemId: `SIM${pid}`, title: "Copying A + B", languages: ["C++"] });
  const { createContest, contestInputSchema } = await import("../../app/services/contest/contests.server");
  const { addContestProblem } = await import("../../app/services/contest/problems.server");
  const { administerContest, SITE } = await import("../../app/services/contest/scope.server");
  const { createSubmission } = await import("../../app/services/submission/submissions.server");
  const { findUserById } = await import("../../app/services/account/users.server");
  const userById = async (uid: string) => (await findUserById(uid)) as never;
  const owner = (await userById(teacher.uid))!;
  const contest = await retryOnTakenId(() =>
    createContest(owner, contestInputSchema.parse({ title: `Copy check ${pid}`, description: "A + B for the class.", type: 0, auth: 0, startTime: new Date(Date.now() - 3600_000), endTime: new Date(Date.now() + 3600_000) }), SITE),
  );
  const cid = contest._id;
  await retryOnTakenId(async () => addContestProblem(await administerContest(cid, owner, null), { cid, pid, displayId: "A", displayTitle: "", color: "" }, "public"));

  // The class submits through the real submit path; the judge decides.
  const programs = [ORIGINAL, ...OTHERS, COPY];
  const ids: number[] = [];
  for (let i = 0; i < students.length; i++) {
    const s = (await userById(students[i].uid))!;
    ids.push((await createSubmission(s, { pid, language: "C++", code: programs[i], cid, tid: 0, gid: null }))._id);
  }
  await expect
    .poll(async () => (await m.Submission.find({ _id: { $in: ids } }).lean()).filter((s) => !RUNNING.includes(s.status)).map((s) => s.status), { timeout: 180_000, intervals: [1000] })
    .toEqual([0, 0, 0, 0, 0]);
  const copier = students[4].username;
  const original = students[0].username;

  // The teacher opens the contest's Similarity tab and starts a check.
  await loginAs(page.context(), teacher);
  await page.goto(`contest/${cid}`);
  await page.getByTestId("contest-tabs").getByRole("link", { name: "Similarity" }).click();
  await page.waitForURL(/\/similarity$/);
  await page.getByTestId("similarity-submit").click();
  await page.waitForURL(/\/similarity\?check=\d+$/);
  await expect(page.getByText("The check has started")).toBeVisible();
  // The page follows the check by itself until it is done.
  await expect(page.getByTestId("check-status").first()).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  const first = page.getByTestId("similarity-pair").first();
  await expect(first).toBeVisible();
  expect(new Set([await first.getAttribute("data-left"), await first.getAttribute("data-right")])).toEqual(new Set([original, copier]));
  const [top, ...rest] = (await page.getByTestId("similarity-pair").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-similarity")))).map(Number);
  expect(top).toBeGreaterThan(0.8);
  for (const other of rest) expect(other).toBeLessThan(top);
  await axe(page);
  const shoot = camera("similarity");
  await shoot(page, "report-en");

  // Side by side: both programs, the shared parts marked and numbered in both.
  await first.getByTestId("similarity-open-pair").click();
  await page.waitForURL(/\/similarity\/pair\/\d+$/);
  await expect(page.getByTestId("pair-heading")).toContainText(copier);
  await expect(page.getByTestId("pair-side-a").locator("mark[data-fragment]").first()).toBeVisible();
  await expect(page.getByTestId("pair-side-b").locator("mark[data-fragment]").first()).toBeVisible();
  await expect(page.getByTestId("pair-side-b")).toContainText("Scanner");
  expect(await page.getByTestId("pair-side-a").locator("tr[data-fragments]:not([data-fragments=''])").count()).toBeGreaterThan(15);
  await axe(page);
  await shoot(page, "pair-en");
  const pairUrl = page.url();

  // The board to take away: the workbook holds every contestant's accepted problem.
  await page.goto(`contest/${cid}/rank`);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-xlsx").click()]);
  expect(download.suggestedFilename()).toBe(`contest_${cid}_board.xlsx`);
  const book = new ExcelJS.Workbook();
  const file = readFileSync((await download.path())!);
  await book.xlsx.load(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
  const sheet = book.worksheets[0];
  expect(sheet.getRow(1).getCell(1).value).toBe("Rank");
  const names: string[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) if (sheet.getRow(r).getCell(2).value) names.push(String(sheet.getRow(r).getCell(2).value));
  expect(new Set(names)).toEqual(new Set(students.map((s) => s.username)));
  await shoot(page, "board-en");

  // A contestant finds no Similarity tab and no page.
  const learner = await browser.newContext({ locale: "en-US" });
  await loginAs(learner, students[4]);
  const lp = await learner.newPage();
  await lp.goto(`contest/${cid}`);
  await waitForHydration(lp);
  await expect(lp.getByTestId("contest-tabs").getByRole("link", { name: "Similarity" })).toHaveCount(0);
  expect((await lp.goto(`contest/${cid}/similarity`))?.status()).toBe(404);
  await learner.close();

  // The same pages in Chinese, audited and photographed.
  const zh = await browser.newContext({ locale: "zh-CN" });
  await loginAs(zh, teacher);
  const zp = await zh.newPage();
  await zp.goto(`contest/${cid}/similarity?l=zh-CN`);
  await waitForHydration(zp);
  await expect(zp.getByRole("heading", { name: "代码相似度" })).toBeVisible();
  await axe(zp);
  await shoot(zp, "report-zh");
  await zp.goto(pairUrl.replace(/^.*?\/contest\//, "contest/"));
  await waitForHydration(zp);
  await expect(zp.getByText("共同片段", { exact: true })).toBeVisible();
  await axe(zp);
  await shoot(zp, "pair-zh");
  await zp.goto(`contest/${cid}/rank`);
  await waitForHydration(zp);
  await expect(zp.getByTestId("download-xlsx")).toContainText("Excel");
  await shoot(zp, "board-zh");
  await zh.close();
});

test("a group's admin checks the group's problems without JavaScript, following the check with the Refresh link", async ({ browser, app, createUser, loginAs }) => {
  test.setTimeout(180_000);
  void app;
  const m = await models();
  const owner = await createUser({ role: Role.PROBLEM_ADMIN });
  const members: TestUser[] = [await createUser(), await createUser(), await createUser()];
  const { findUserById } = await import("../../app/services/account/users.server");
  const { createGroup, groupInputSchema } = await import("../../app/services/group/groups.server");
  const { applyToGroup, changeMemberAuth } = await import("../../app/services/group/members.server");
  const { createTraining, trainingInputSchema } = await import("../../app/services/training/trainings.server");
  const { addTrainingProblem } = await import("../../app/services/training/problems.server");
  const { TrainingCategory } = await import("../../app/models/training-category.server");
  const ownerDoc = (await findUserById(owner.uid)) as never;
  const short = `sg${randomPid()}`;
  const group = await createGroup(ownerDoc, groupInputSchema.parse({ name: `Class ${short}`, shortName: short, brief: "Our class", description: "The class's own problems.", auth: 1 }));
  for (const u of members) {
    await applyToGroup((await findUserById(u.uid)) as never, group._id, { code: "", reason: "" });
    await changeMemberAuth(ownerDoc, group._id, u.uid, 3);
  }
  const pid = randomPid();
  await makeAbProblem(m, { pid, problemId: `${short.toUpperCase()}-1`, title: "Group A + B", languages: ["C++"] });
  await m.Problem.updateOne({ _id: pid }, { $set: { gid: group._id, auth: 1 } });
  // What the class handed in (stored as judged): the second member's is the first's, renamed.
  const handed = [ORIGINAL, COPY, OTHERS[2]];
  for (let i = 0; i < members.length; i++) {
    await m.Submission.create({ _id: 9_700_000 + randomPid(), pid, displayPid: `${short.toUpperCase()}-1`, uid: members[i].uid, username: members[i].username, gid: group._id, cid: 0, tid: 0, status: 0, language: "C++", code: handed[i], length: handed[i].length });
  }
  const categoryId = randomPid();
  await TrainingCategory.create({ _id: categoryId, name: `Cat ${categoryId}`, color: "#2d8cf0", gid: null });
  const training = await createTraining(ownerDoc, trainingInputSchema.parse({ title: "Class loops", description: "Loops.", rank: 1, auth: "Public", privatePwd: "", categoryId }), { gid: group._id, groupAdmin: true });
  const { administerTraining } = await import("../../app/services/training/scope.server");
  await addTrainingProblem(await administerTraining(training._id, ownerDoc, { gid: group._id, groupAdmin: true }), { tid: training._id, pid }, "group");

  const shoot = camera("similarity");
  for (const [lang, locale] of [["en", "en-US"], ["zh", "zh-CN"]] as const) {
    const context = await browser.newContext({ locale, javaScriptEnabled: false });
    await loginAs(context, owner);
    const page = await context.newPage();
    await page.goto(`group/${group._id}`);
    await page.getByTestId("group-tabs").getByRole("link", { name: lang === "en" ? "Similarity" : "相似度" }).click();
    await page.waitForURL(/\/similarity$/);
    await page.getByTestId("similarity-submit").click();
    await page.waitForURL(/\/similarity\?check=\d+$/);
    // Without JavaScript the page is followed by its Refresh link until the check is done.
    await expect
      .poll(
        async () => {
          const refresh = page.getByTestId("similarity-refresh");
          if (await refresh.count()) await refresh.click();
          return page.getByTestId("check-status").first().getAttribute("data-status");
        },
        { timeout: 60_000, intervals: [500, 1000] },
      )
      .toBe("done");
    const first = page.getByTestId("similarity-pair").first();
    expect(new Set([await first.getAttribute("data-left"), await first.getAttribute("data-right")])).toEqual(new Set([members[0].username, members[1].username]));
    await shoot(page, `group-report-${lang}`);
    await first.getByTestId("similarity-open-pair").click();
    await expect(page.getByTestId("pair-side-b").locator("mark[data-fragment]").first()).toBeVisible();
    await shoot(page, `group-pair-${lang}`);
    await page.goto(`group/${group._id}/rank`);
    await expect(page.getByTestId("download-csv")).toHaveAttribute("href", new RegExp(`/group/${group._id}/rank/export\\?type=0&format=csv$`));
    await shoot(page, `group-rank-${lang}`);
    await page.goto(`group/${group._id}/training/${training._id}/rank`);
    await expect(page.getByTestId("download-xlsx")).toHaveAttribute("href", new RegExp(`/group/${group._id}/training/${training._id}/rank/export\\?format=xlsx$`));
    await shoot(page, `group-training-rank-${lang}`);
    await context.close();
  }
  // A member sees no Similarity tab in the group.
  const mc = await browser.newContext({ locale: "en-US" });
  await loginAs(mc, members[0]);
  const mp = await mc.newPage();
  await mp.goto(`group/${group._id}`);
  await expect(mp.getByTestId("group-tabs").getByRole("link", { name: "Similarity" })).toHaveCount(0);
  expect((await mp.goto(`group/${group._id}/similarity`))?.status()).toBe(404);
  await mc.close();
});
