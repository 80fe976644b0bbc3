import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { Role } from "../../app/lib/constants";
import { packageZip } from "../fixtures/packages";
import { waitForJudge } from "./support/judge";
import { expect, test } from "./support/fixtures";

// Problem packages through the batch page: an ICPC package and a Polygon package are imported, the
// report shows each program of the package with its verdict beside its folder or tag, a broken
// package is refused with the test named, and a problem downloads as an ICPC package from the list.

const zh = JSON.parse(readFileSync("locales/zh-CN/admin-problem.json", "utf8")) as {
  import: { checks: Record<string, string>; errors: Record<string, string>; warnings: Record<string, string> };
};

async function importPackage(page: Page, format: "kattis" | "polygon", name: string, buffer: Buffer) {
  await page.goto("admin/problem/batch-operation");
  await page.locator("#format").selectOption(format);
  await page.locator("#onConflict").selectOption("suffix");
  await page.locator("#import-file").setInputFiles({ name, mimeType: "application/zip", buffer });
  await page.getByTestId("start-import").click();
}

/** Each program row of the report: label, folder or tag, and whether it kept its promise. */
async function checkRows(page: Page) {
  const table = page.getByTestId("package-checks");
  await expect(table).toBeVisible({ timeout: 300_000 });
  return table.locator("tbody tr").evaluateAll((rows) =>
    rows.map((r) => ({ label: r.getAttribute("data-check") ?? "", ok: r.getAttribute("data-check-ok") === "1", cells: [...r.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? "") })),
  );
}

test("an admin imports an ICPC package, sees each submission's verdict beside its folder, and downloads the problem as a package", async ({ page, context, createUser, loginAs, app }) => {
  void app;
  test.setTimeout(8 * 60_000);
  await waitForJudge();
  await loginAs(context, await createUser({ role: Role.ADMIN }));
  const steps: string[] = [];
  page.on("response", (r) => {
    if (!r.url().includes("/admin/problem/import-job/")) return;
    void r
      .json()
      .then((b: { job: { progress: { step?: { key: string } } } | null }) => b.job?.progress.step && steps.push(b.job.progress.step.key))
      .catch(() => undefined);
  });
  await importPackage(page, "kattis", "sumtwo.zip", await packageZip("kattis", "sumtwo", { "submissions/accepted/sum.py": null }));
  const rows = await checkRows(page);
  expect(rows.map((r) => [r.label, r.ok])).toEqual([
    ["submissions/accepted/sum.cpp", true],
    ["submissions/time_limit_exceeded/slow.cpp", true],
    ["submissions/wrong_answer/difference.cpp", true],
  ]);
  expect(rows[0].cells).toContain("Accepted");
  expect(rows[1].cells).toContain("Time Limit Exceeded");
  expect(rows[2].cells).toContain("Wrong Answer");
  await expect(page.getByTestId("import-report")).toContainText(zh.import.checks.title);
  // While it ran, the page said what it was doing (checking inputs, judging programs).
  expect(steps).toEqual(expect.arrayContaining(["admin-problem:import.steps.judging"]));

  // The new problem, from the report's link, downloads as an ICPC package from the problem list.
  const href = await page.getByTestId("import-report").locator("tbody tr td:nth-child(3) a").first().getAttribute("href");
  const problemId = await page.getByTestId("import-report").locator("tbody tr td:nth-child(3) a").first().textContent();
  await page.goto(`admin/problems?keyword=${encodeURIComponent(problemId ?? "")}`);
  const row = page.locator(`[data-problem-row="${problemId}"]`);
  const downloading = page.waitForEvent("download");
  await row.getByTestId("download-package").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sumtwo\d*\.zip$/);
  const zip = await readFile((await download.path())!);
  expect(zip.subarray(0, 2).toString()).toBe("PK");
  expect(href).toMatch(/\/admin\/problem\/edit\/\d+$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a Polygon package is built and imported, and the report answers the form", async ({ page, context, createUser, loginAs, app }) => {
    void app;
    test.setTimeout(8 * 60_000);
    await waitForJudge();
    await loginAs(context, await createUser({ role: Role.ADMIN }));
    await importPackage(page, "polygon", "sums.zip", await packageZip("polygon", "sums", { "solutions/ok.py": null, "problem.xml": polygonXmlWithout("solutions/ok.py") }));
    const rows = await checkRows(page);
    expect(rows.map((r) => [r.label, r.cells[1], r.ok])).toEqual([
      ["solutions/main.cpp", "main", true],
      ["solutions/diff.cpp", "wrong-answer", true],
      ["solutions/slow.cpp", "time-limit-exceeded", true],
    ]);
    await expect(page.getByTestId("import-report").locator("[data-import-result=imported]")).toHaveCount(1);
  });

  test("a Polygon package with an invalid test is refused, naming the test and what the validator said", async ({ page, context, createUser, loginAs, app }) => {
    void app;
    test.setTimeout(5 * 60_000);
    await waitForJudge();
    await loginAs(context, await createUser({ role: Role.ADMIN }));
    await importPackage(page, "polygon", "broken.zip", await packageZip("polygon", "sums", { "tests/02": "0\n" }));
    const report = page.getByTestId("import-report");
    await expect(report.locator("[data-import-result=refused]")).toHaveCount(1, { timeout: 300_000 });
    const said = zh.import.errors.inputInvalid.replace("{{test}}", "2").replace("{{name}}", "files/val.cpp").replace("{{result}}", "exit code 3").split("{{message}}")[0];
    await expect(report).toContainText(said);
    // The validator's own words: the value and the variable it read.
    await expect(report).toContainText(/\bn\b/);
  });
});

function polygonXmlWithout(source: string): string {
  const xml = readFileSync("tests/fixtures/packages/polygon/sums/problem.xml", "utf8");
  return xml.replace(new RegExp(`\\s*<solution tag="[^"]*">\\s*<source path="${source.replace(/\./g, "\\.")}"[^>]*/>\\s*</solution>`), "");
}
