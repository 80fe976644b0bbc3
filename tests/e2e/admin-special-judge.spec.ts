import type { Page } from "@playwright/test";
import { Role } from "../../app/lib/constants";
import { abSolution } from "../fixtures/ab-solutions";
import { zipBuffer } from "../fixtures/import-archives";
import { expect, test, uniqueName } from "./support/fixtures";
import { replaceEditorCode, waitForJudge } from "./support/judge";
import { RUNNING } from "./support/problems";

// An admin makes a special-judge OI problem with subtasks from an uploaded zip. The checker is
// compiled by the real judge when the problem is saved: a broken one is shown in the Compile Error
// dialog and nothing is saved; a working one is saved, and a learner's submissions are judged by
// it: Accepted with every point, Partial Accepted with the first subtask's points only.

// Plain C++ with testlib's conventions (checker input output answer; exit 0 accepted, 1 wrong):
// accepts any way of writing the expected number (leading zeros, a plus sign, spaces around).
const CHECKER = `#include <cstdio>
#include <cstdlib>

static bool readNumber(const char *path, long long *value) {
    FILE *f = std::fopen(path, "r");
    if (!f) return false;
    bool ok = std::fscanf(f, "%lld", value) == 1;
    std::fclose(f);
    return ok;
}

int main(int argc, char **argv) {
    if (argc < 4) return 3;
    long long expected = 0, found = 0;
    if (!readNumber(argv[3], &expected)) return 3;
    if (!readNumber(argv[2], &found)) {
        std::fprintf(stderr, "no number in the output");
        return 1;
    }
    if (found != expected) {
        std::fprintf(stderr, "expected %lld, found %lld", expected, found);
        return 1;
    }
    return 0;
}
`;

const BROKEN_CHECKER = CHECKER.replace("return ok;", "return ok").replace("int main(int argc, char **argv) {", "int main(int argc, char **argv) { undeclared_name();");

// Reads into int: right for the small subtask, overflows on the large one.
const INT_SOLUTION = `#include <cstdio>
int main() {
    int a, b;
    std::scanf("%d %d", &a, &b);
    std::printf("%d\\n", a + b);
    return 0;
}
`;

/** Waits for a submission's final verdict in the store and for the page's banner to show it. */
async function verdictOf(page: Page, problemId: string, pid: number, uid: string, count: number) {
  const { Submission } = await import("../../app/models/submission.server");
  let latest: { _id: number; status: number; score: number } | null = null;
  await expect
    .poll(
      async () => {
        const all = await Submission.find({ uid, pid }).sort({ _id: 1 }).select("status score").lean<Array<{ _id: number; status: number; score: number }>>();
        latest = all.length === count ? all[count - 1] : null;
        return latest !== null && !RUNNING.includes(latest.status);
      },
      { message: `submission ${count} on ${problemId} is judged`, timeout: 120_000, intervals: [500, 1000] },
    )
    .toBe(true);
  const final = latest!;
  const banner = page.getByTestId("status-banner");
  await expect(banner.locator(`a[href$="/submission-detail/${final._id}"]`)).toBeVisible();
  await expect(banner.locator("[data-status]")).toHaveAttribute("data-status", String(final.status));
  return final;
}

test("an admin creates a special-judge problem with subtasks from a zip; the checker is compiled first; a learner gets Accepted and a partial score", async ({
  page,
  context,
  browser,
  createUser,
  loginAs,
  app,
}) => {
  void app;
  test.setTimeout(6 * 60_000);
  await waitForJudge();
  const { Problem } = await import("../../app/models/problem.server");
  const admin = await createUser({ role: Role.ADMIN });
  await loginAs(context, admin);
  const displayId = uniqueName("SPJ-").toUpperCase();

  await page.goto("admin/problem/create");
  await page.locator("#problemId").fill(displayId);
  await page.locator("#title").fill("Sum, checked by a program");
  await page.locator("#description").fill("Print $a+b$; any way of writing the number is accepted.");
  await page.locator("#input").fill("Two integers.");
  await page.locator("#output").fill("Their sum.");
  await page.locator("#type").selectOption("1");
  await page.locator("#judgeCaseMode").selectOption("subtask_lowest");
  await page.locator('input[name="judgeMode"][value="spj"]').check();
  await expect(page.getByTestId("checker")).toBeVisible();
  await page.locator("#spjLanguage").selectOption("C++");
  await page.locator("#spjCode").fill(BROKEN_CHECKER);

  await page.locator('input[name="caseSource"][value="upload"]').check();
  const zip = await zipBuffer(
    Object.entries({
      "small1.in": "1 2\n",
      "small1.out": "3\n",
      "small2.in": "100 -7\n",
      "small2.out": "93\n",
      "large1.in": "3000000000 4000000000\n",
      "large1.out": "7000000000\n",
      "large2.in": "-5000000000 2\n",
      "large2.out": "-4999999998\n",
    }).map(([name, data]) => ({ name, data })),
  );
  await page.locator('input[name="testcaseZip"]').setInputFiles({ name: "sum.zip", mimeType: "application/zip", buffer: zip });
  await page.locator('button[name="intent"][value="upload"]').click();
  const table = page.getByTestId("case-table");
  await expect(table.locator("tbody tr")).toHaveCount(4);
  // The round trip keeps the judge settings typed before it.
  await expect(page.locator("#spjCode")).toHaveValue(BROKEN_CHECKER);
  await expect(page.locator('input[name="judgeMode"][value="spj"]')).toBeChecked();
  // The small cases are subtask 1 (40 points), the large ones subtask 2 (60 points).
  const inputs = await table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.textContent ?? ""));
  const plan = inputs.map((text) => (text.includes("small") ? { group: "1", score: "40" } : { group: "2", score: "60" }));
  for (const [i, p] of plan.entries()) {
    await page.locator(`input[name="cases.${i}.groupNum"]`).fill(p.group);
    await page.locator(`input[name="cases.${i}.score"]`).fill(p.score);
  }

  // A checker that does not compile: the compiler's message in the Compile Error dialog, nothing saved.
  await page.getByTestId("save-problem").click();
  const compileError = page.getByTestId("compile-error");
  await expect(compileError).toBeVisible({ timeout: 90_000 });
  await expect(compileError).toContainText("编译错误");
  await expect(compileError).toContainText("undeclared_name");
  expect(await Problem.exists({ problemIdUpper: displayId })).toBeNull();
  await compileError.getByRole("button", { name: "关闭" }).click();
  await expect(compileError).toBeHidden();
  // What was typed is all still there.
  await expect(page.locator("#title")).toHaveValue("Sum, checked by a program");
  await expect(table.locator("tbody tr")).toHaveCount(4);
  await expect(page.locator('input[name="cases.0.groupNum"]')).toHaveValue(plan[0].group);

  await page.locator("#spjCode").fill(CHECKER);
  await page.getByTestId("save-problem").click();
  await expect(page).toHaveURL(/\/admin\/problems$/, { timeout: 90_000 });
  await expect(page.locator(`[data-problem-row="${displayId}"]`)).toContainText("Sum, checked by a program");
  const doc = await Problem.findOne({ problemIdUpper: displayId }).lean();
  expect(doc).toMatchObject({ judgeMode: "spj", spjLanguage: "C++", spjCompileOk: true, type: 1, judgeCaseMode: "subtask_lowest", isUploadCase: true });
  expect(doc!.spjCode).toBe(CHECKER);
  expect(doc!.testCases.map((c) => [c.input, c.output, c.score, c.groupNum]).sort()).toEqual([
    ["large1.in", "large1.out", 60, 2],
    ["large2.in", "large2.out", 60, 2],
    ["small1.in", "small1.out", 40, 1],
    ["small2.in", "small2.out", 40, 1],
  ]);

  // A learner submits from the problem page.
  const learner = await createUser();
  const learnerContext = await browser.newContext();
  await loginAs(learnerContext, learner);
  const learnerPage = await learnerContext.newPage();
  await learnerPage.goto(`problem/${displayId}`);
  await expect(learnerPage.getByTestId("statement")).toContainText("Sum, checked by a program");
  await learnerPage.getByTestId("language-select").selectOption("C++");

  // Leading zeros and a plus sign: only the checker accepts these.
  const quirky = abSolution("C++").replace("std::cout << (x + y) << '\\n';", "std::cout << (x + y >= 0 ? \"+00\" : \"-00\") << std::llabs(x + y) << \"  \\n\";");
  expect(quirky).toContain("+00");
  await replaceEditorCode(learnerPage, quirky);
  await learnerPage.getByTestId("submit-code").click();
  const accepted = await verdictOf(learnerPage, displayId, doc!._id, learner.uid, 1);
  expect(accepted).toMatchObject({ status: 0, score: 100 });

  await replaceEditorCode(learnerPage, INT_SOLUTION);
  await learnerPage.getByTestId("submit-code").click();
  const partial = await verdictOf(learnerPage, displayId, doc!._id, learner.uid, 2);
  expect(partial).toMatchObject({ status: 8, score: 40 });

  // The detail page shows the score and each subtask's result.
  await learnerPage.goto(`submission-detail/${partial._id}`);
  await expect(learnerPage.getByTestId("detail-banner")).toHaveAttribute("data-status", "8");
  await expect(learnerPage.getByTestId("detail-banner")).toContainText("40");
  const subtasks = learnerPage.getByTestId("subtask");
  await expect(subtasks).toHaveCount(2);
  const subtask = (group: number) => subtasks.filter({ hasText: new RegExp(`子任务\\s*${group}`) });
  await expect(subtask(1).locator("[data-status]").first()).toHaveAttribute("data-status", "0");
  await expect(subtask(2).locator("[data-status]").first()).not.toHaveAttribute("data-status", "0");
  await expect(subtask(1)).toContainText("得分 40");
  await expect(subtask(2)).toContainText("得分 0");
  await learnerContext.close();

  await Problem.deleteOne({ _id: doc!._id });
});
