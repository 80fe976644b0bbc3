import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { Role } from "../../app/lib/constants";
import { fixtureArchive, IMPORT_FIXTURES, zipBuffer, type FixtureFormat } from "../fixtures/import-archives";
import { expect, test, uniqueName } from "./support/fixtures";

// The batch operation page: one archive of each import format goes through the page, which shows
// the progress of a long import and a report line per problem (imported, or refused and why);
// selected problems are exported as a HOJ archive that imports back as the same problems.

const zh = JSON.parse(readFileSync("locales/zh-CN/admin-problem.json", "utf8")) as { errors: Record<string, string> };
const reasonText = (key: string, params: Record<string, string> = {}) => zh.errors[key].replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? "");

interface Expected {
  label: string;
  status: "imported" | "refused";
  problemId?: RegExp;
  reason?: string;
}

const EXPECTED: Record<FixtureFormat, { total: number; rows: Expected[] }> = {
  hoj: {
    total: 3,
    rows: [
      { label: "problem_1001.json", status: "imported", problemId: /^HOJ-1001(-\d+)?$/ },
      { label: "problem_1002.json", status: "imported", problemId: /^HOJ-1002(-\d+)?$/ },
      { label: "problem_1003.json", status: "refused", reason: reasonText("unknownLanguages", { names: "Whitespace" }) },
    ],
  },
  hydro: {
    total: 4,
    rows: [
      { label: "1/", status: "imported", problemId: /^P1000(-\d+)?$/ },
      { label: "2/", status: "imported", problemId: /^(P?\d+)(-\d+)?$/ },
      { label: "3/", status: "imported", problemId: /^P1002(-\d+)?$/ },
      { label: "4/", status: "refused", reason: reasonText("hydroTypeUnsupported", { type: "objective" }) },
    ],
  },
  qduoj: {
    total: 3,
    rows: [
      { label: "1/", status: "imported", problemId: /^QD-1(-\d+)?$/ },
      { label: "2/", status: "imported", problemId: /^QD-2(-\d+)?$/ },
      { label: "3/", status: "refused", reason: reasonText("caseFileMissing", { name: "1.out" }) },
    ],
  },
  fps: {
    total: 3,
    rows: [
      { label: "", status: "imported", problemId: /^(P?\d+)(-\d+)?$/ },
      { label: "", status: "imported", problemId: /^(P?\d+)(-\d+)?$/ },
      { label: "", status: "refused", reason: reasonText("uploadRequired") },
    ],
  },
};

async function startImport(page: Page, format: FixtureFormat, file: { name: string; buffer: Buffer; mimeType: string }, onConflict: "refuse" | "suffix" = "suffix") {
  await page.locator("#format").selectOption(format);
  await page.locator("#onConflict").selectOption(onConflict);
  await page.locator("#import-file").setInputFiles(file);
  await page.getByTestId("start-import").click();
}

/** The report's rows: label, status, display id and the details text. */
async function reportRows(page: Page) {
  const report = page.getByTestId("import-report");
  await expect(report).toBeVisible({ timeout: 120_000 });
  return report.locator("tbody tr").evaluateAll((rows) =>
    rows.map((r) => {
      const cells = [...r.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? "");
      const link = r.querySelector("td:nth-child(3) a");
      return { label: cells[0], status: r.getAttribute("data-import-result") ?? "", problemId: cells[2], editHref: link?.getAttribute("href") ?? "", details: cells[4] };
    }),
  );
}

const pidOf = (href: string) => Number(/\/admin\/problem\/edit\/(\d+)$/.exec(href)?.[1]);

test("one archive of each format is imported through the page, with a report line per problem", async ({ page, context, createUser, loginAs, app }) => {
  void app;
  test.setTimeout(4 * 60_000);
  const { Problem } = await import("../../app/models/problem.server");
  await loginAs(context, await createUser({ role: Role.ADMIN }));
  await page.goto("admin/problem/batch-operation");

  for (const format of ["hoj", "hydro", "qduoj", "fps"] as const) {
    const file = await fixtureArchive(format);
    await startImport(page, format, file);
    const expected = EXPECTED[format];
    const report = page.getByTestId("import-report");
    await expect(report.locator("tbody tr")).toHaveCount(expected.total, { timeout: 120_000 });
    const imported = expected.rows.filter((r) => r.status === "imported").length;
    await expect(report).toContainText(`${file.name}：共 ${expected.total} 道题目，成功 ${imported} 道，失败 ${expected.total - imported} 道。`);
    const rows = await reportRows(page);
    expect(rows.map((r) => r.status), format).toEqual(expected.rows.map((r) => r.status));
    for (const [i, want] of expected.rows.entries()) {
      const got = rows[i];
      if (want.label) expect(got.label, format).toBe(want.label);
      if (want.status === "imported") {
        expect(got.problemId, `${format} ${i}`).toMatch(want.problemId!);
        // The report links to the new problem, which is stored under the id it shows.
        const stored = await Problem.findById(pidOf(got.editHref)).lean();
        expect(stored?.problemId, `${format} ${i}`).toBe(got.problemId);
      } else {
        expect(got.problemId).toBe("");
        expect(got.details, `${format} ${i}`).toContain(want.reason!);
      }
    }
  }
});

test("a file of the wrong type or a broken archive is refused as a whole with the reason", async ({ page, context, createUser, loginAs }) => {
  await loginAs(context, await createUser({ role: Role.ADMIN }));
  await page.goto("admin/problem/batch-operation");
  // Without a file.
  await page.getByTestId("start-import").click();
  await expect(page.getByText(zh.errors.chooseFile)).toBeVisible();
  // An XML file for a zip format.
  await startImport(page, "hoj", await fixtureArchive("fps"));
  await expect(page.getByText(zh.errors.fileTypeNotSupport)).toBeVisible({ timeout: 60_000 });
  // A .zip that is not a zip.
  await startImport(page, "qduoj", { name: "broken.zip", mimeType: "application/zip", buffer: Buffer.from("not a zip at all") });
  await expect(page.getByText(zh.errors.invalidZip)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("import-report")).toHaveCount(0);
});

test("a long import shows its progress, then its report", async ({ page, context, createUser, loginAs, app }) => {
  void app;
  test.setTimeout(5 * 60_000);
  const { Problem } = await import("../../app/models/problem.server");
  await loginAs(context, await createUser({ role: Role.ADMIN }));
  // Many problems in one HOJ archive, made from the fixture's first problem.
  const template = JSON.parse(await readFile(path.join(IMPORT_FIXTURES, "hoj", "problem_1001.json"), "utf8")) as { problem: Record<string, unknown> };
  const prefix = uniqueName("BULK").toUpperCase();
  const count = 60;
  const entries: Array<{ name: string; data: string }> = [];
  for (let k = 1; k <= count; k++) {
    entries.push({ name: `problem_${k}.json`, data: JSON.stringify({ ...template, problem: { ...template.problem, problemId: `${prefix}-${k}`, title: `Bulk ${k}` } }) });
    entries.push({ name: `problem_${k}/1.in`, data: `${k} ${k}\n` }, { name: `problem_${k}/1.out`, data: `${2 * k}\n` });
    entries.push({ name: `problem_${k}/2.in`, data: `${k} 0\n` }, { name: `problem_${k}/2.out`, data: `${k}\n` });
  }
  await page.goto("admin/problem/batch-operation");
  const polls: Array<{ status: string; done: number; total: number }> = [];
  page.on("response", (r) => {
    if (!r.url().includes("/admin/problem/import-job/")) return;
    void r
      .json()
      .then((b: { job: { status: string; progress: { done: number; total: number } } | null }) => b.job && polls.push({ status: b.job.status, ...b.job.progress }))
      .catch(() => undefined);
  });
  await startImport(page, "hoj", { name: "bulk.zip", mimeType: "application/zip", buffer: await zipBuffer(entries) });

  // While it runs, the page says how far it got.
  const progress = page.getByTestId("import-progress");
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(new RegExp(`已处理 \\d+/${count}`), { timeout: 60_000 });
  await expect(page.getByTestId("import-report")).toContainText(`bulk.zip：共 ${count} 道题目，成功 ${count} 道，失败 0 道。`, { timeout: 240_000 });
  await expect(progress).toHaveCount(0);
  // The page polled while the job ran, and saw it move forward to the end.
  const running = polls.filter((p) => p.status === "running");
  expect(running.length).toBeGreaterThan(0);
  // First the archive is read (nothing counted yet), then problems are counted as they are done.
  expect(running.every((p) => (p.total === 0 && p.done === 0) || (p.total === count && p.done < count))).toBe(true);
  expect(running.some((p) => p.total === count)).toBe(true);
  expect(polls[polls.length - 1]).toMatchObject({ status: "done", done: count, total: count });
  expect(await Problem.countDocuments({ problemIdUpper: new RegExp(`^${prefix}-`) })).toBe(count);
  await Problem.deleteMany({ problemIdUpper: new RegExp(`^${prefix}-`) });
});

test("selected problems export as a HOJ archive that imports back as the same problems", async ({ page, context, createUser, loginAs, app }) => {
  void app;
  test.setTimeout(4 * 60_000);
  const { Problem } = await import("../../app/models/problem.server");
  await loginAs(context, await createUser({ role: Role.ADMIN }));
  await page.goto("admin/problem/batch-operation");
  // Two problems to export: the QDUOJ fixture's, imported under fresh display ids.
  await startImport(page, "qduoj", await fixtureArchive("qduoj"), "suffix");
  const rows = (await reportRows(page)).filter((r) => r.status === "imported");
  expect(rows).toHaveLength(2);
  const originals = rows.map((r) => ({ pid: pidOf(r.editHref), problemId: r.problemId }));

  // Found with the list's search; each row has its own checkbox.
  await page.getByRole("search").getByRole("textbox").fill("QD-");
  await page.getByRole("search").getByRole("button").click();
  await expect(page).toHaveURL(/keyword=QD-/);
  for (const o of originals) await page.getByRole("checkbox", { name: `选择 ${o.problemId}`, exact: true }).check();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "导出所选" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^problem_export_\d+\.zip$/);
  const archive = await readFile((await download.path())!);

  // Back as they are: refused while the display ids are taken, then imported with a suffix.
  await page.goto("admin/problem/batch-operation");
  await startImport(page, "hoj", { name: "export.zip", mimeType: "application/zip", buffer: archive }, "refuse");
  const refused = await reportRows(page);
  expect(refused.map((r) => r.status)).toEqual(["refused", "refused"]);
  for (const r of refused) expect(r.details).toContain(reasonText("displayIdTaken"));

  await page.goto("admin/problem/batch-operation");
  await startImport(page, "hoj", { name: "export.zip", mimeType: "application/zip", buffer: archive }, "suffix");
  const copies = await reportRows(page);
  expect(copies.map((r) => r.status)).toEqual(["imported", "imported"]);
  const { readTestDataFile } = await import("../../app/services/problem/testdata.server");
  for (const [i, o] of originals.entries()) {
    expect(copies[i].problemId).toMatch(new RegExp(`^${o.problemId}-\\d+$`));
    expect(copies[i].details).toContain(o.problemId);
    const [a, b] = await Promise.all([Problem.findById(o.pid).lean(), Problem.findById(pidOf(copies[i].editHref)).lean()]);
    const same = (p: NonNullable<typeof a>) => ({
      title: p.title,
      description: p.description,
      input: p.input,
      output: p.output,
      hint: p.hint,
      source: p.source,
      type: p.type,
      difficulty: p.difficulty,
      timeLimit: p.timeLimit,
      memoryLimit: p.memoryLimit,
      examples: p.examples,
      tags: p.tags,
      languages: p.languages,
      codeTemplates: p.codeTemplates,
      judgeMode: p.judgeMode,
      spjLanguage: p.spjLanguage,
      spjCode: p.spjCode,
      judgeCaseMode: p.judgeCaseMode,
      testCases: p.testCases,
      testCaseHash: p.testCaseHash,
    });
    expect(same(b!)).toEqual(same(a!));
    for (const c of a!.testCases) {
      expect((await readTestDataFile(b!.testCaseHash, c.input))?.toString()).toBe((await readTestDataFile(a!.testCaseHash, c.input))?.toString());
    }
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the import form answers with the report once the import is done", async ({ page, context, createUser, loginAs }) => {
    await loginAs(context, await createUser({ role: Role.ADMIN }));
    await page.goto("admin/problem/batch-operation");
    await startImport(page, "fps", await fixtureArchive("fps"));
    const rows = await reportRows(page);
    expect(rows.map((r) => r.status)).toEqual(EXPECTED.fps.rows.map((r) => r.status));
    expect(rows[2].details).toContain(reasonText("uploadRequired"));
    await expect(page.getByTestId("import-progress")).toHaveCount(0);
  });
});
