import type { Readable } from "node:stream";
import { Role } from "../../app/lib/constants";
import { zipStream } from "../../app/services/platform/zip.server";
import { apiToken, expect, test, uniqueName } from "./support/fixtures";

// An admin creates a problem with an uploaded test data zip and subtasks, finds it in the list and
// edits it; a user who is no admin is refused; and the same form works with JavaScript off.

async function zipBuffer(files: Record<string, string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of zipStream(Object.entries(files).map(([name, data]) => ({ name, data }))) as Readable) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const made: string[] = [];

test.afterAll(async () => {
  if (made.length === 0) return;
  const { Problem } = await import("../../app/models/problem.server");
  await Problem.deleteMany({ problemIdUpper: { $in: made.map((m) => m.toUpperCase()) } });
});

test("an admin creates a problem from a zip with subtasks, sees it in the list and edits it", async ({ page, context, createUser, loginAs, app }) => {
  void app;
  const admin = await createUser({ role: Role.ADMIN });
  await loginAs(context, admin);
  const displayId = uniqueName("E2E-").toUpperCase();
  made.push(displayId);

  await page.goto("admin/problem/create");
  await page.locator("#problemId").fill(displayId);
  await page.locator("#title").fill("Sum with subtasks");
  await page.locator("#input").fill("Two integers.");
  await page.locator("#output").fill("Their sum.");
  await page.locator("#type").selectOption("1");
  await page.locator("#judgeCaseMode").selectOption("subtask_lowest");
  await page.locator('input[name="caseSource"][value="upload"]').check();
  await expect(page.getByTestId("manual-cases")).toBeHidden();

  const zip = await zipBuffer({ "data/1.in": "1 2\n", "data/1.out": "3\n", "data/2.in": "2 2\n", "data/2.out": "4\n", "data/3.in": "5 5\n", "data/3.ans": "10\n", "data/notes.txt": "x" });
  await page.locator('input[name="testcaseZip"]').setInputFiles({ name: "cases.zip", mimeType: "application/zip", buffer: zip });
  await page.locator('button[name="intent"][value="upload"]').click();

  const table = page.getByTestId("case-table");
  await expect(table.locator("tbody tr")).toHaveCount(3);
  await expect(table).toContainText("3.ans");
  await expect(page.locator('input[name="cases.2.score"]')).toHaveValue("34");
  await expect(page.locator("#title")).toHaveValue("Sum with subtasks");
  await page.locator('input[name="cases.0.groupNum"]').fill("1");
  await page.locator('input[name="cases.1.groupNum"]').fill("2");
  await page.locator('input[name="cases.2.groupNum"]').fill("2");
  await page.getByTestId("save-problem").click();

  await expect(page).toHaveURL(/\/admin\/problems$/);
  const row = page.locator(`[data-problem-row="${displayId}"]`);
  await expect(row).toContainText("Sum with subtasks");
  await expect(row).toContainText(admin.username);

  // The visibility select saves on change (wait for the save before leaving the page).
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("admin/problems"));
  await row.locator('select[name="auth"]').selectOption("2");
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(page.locator(`[data-problem-row="${displayId}"] select[name="auth"]`)).toHaveValue("2");

  await row.getByRole("link", { name: "编辑" }).click();
  await expect(page.locator("#title")).toHaveValue("Sum with subtasks");
  await expect(page.locator('input[name="cases.1.groupNum"]')).toHaveValue("2");
  await page.locator("#title").fill("Sum with subtasks (v2)");
  await page.getByTestId("save-problem").click();
  await expect(page).toHaveURL(/\/admin\/problems$/);
  await expect(page.locator(`[data-problem-row="${displayId}"]`)).toContainText("Sum with subtasks (v2)");

  const { Problem } = await import("../../app/models/problem.server");
  const doc = await Problem.findOne({ problemIdUpper: displayId }).lean();
  expect(doc?.testCases.map((c) => [c.input, c.output, c.score, c.groupNum])).toEqual([
    ["1.in", "1.out", 33, 1],
    ["2.in", "2.out", 33, 2],
    ["3.in", "3.ans", 34, 2],
  ]);
  expect(doc?.auth).toBe(2);
  expect(doc?.judgeCaseMode).toBe("subtask_lowest");

  // The test data downloads as a zip.
  const download = page.waitForEvent("download");
  await page.locator(`[data-problem-row="${displayId}"]`).getByRole("link", { name: "下载测试数据" }).click();
  expect((await download).suggestedFilename()).toMatch(/^problem_\d+_testcase\.zip$/);

  // Deleting asks first; cancelling keeps the problem, confirming removes it.
  const deleteButton = page.locator(`[data-problem-row="${displayId}"]`).getByRole("button", { name: "删除" });
  await deleteButton.click();
  await page.getByRole("dialog").getByRole("button", { name: "取消" }).click();
  await expect(page.locator(`[data-problem-row="${displayId}"]`)).toBeVisible();
  await deleteButton.click();
  await page.locator("[data-confirm-ok]").click();
  await expect(page.locator(`[data-problem-row="${displayId}"]`)).toHaveCount(0);
  expect(await Problem.exists({ problemIdUpper: displayId })).toBeNull();
});

test("a user without an admin role is refused", async ({ page, context, createUser, loginAs }) => {
  const user = await createUser();
  await loginAs(context, user);
  for (const path of ["admin/problems", "admin/problem/create", "admin/problem/tag", "admin/problem/batch-operation"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(403);
  }
  const api = await page.request.get("ojapi/admin/problem/get-problem-list", { headers: { Authorization: await apiToken(page.request, user) } });
  expect(api.status()).toBe(403);
  expect((await api.json()).status).toBe(403);
});

test("HOJ's admin calls reach the same services through the server", async ({ page, context, createUser, loginAs }) => {
  const admin = await createUser({ role: Role.PROBLEM_ADMIN });
  await loginAs(context, admin);
  const displayId = uniqueName("API-").toUpperCase();
  made.push(displayId);
  const headers = { Authorization: await apiToken(page.request, admin) };
  const created = await page.request.post("ojapi/admin/problem", {
    headers,
    data: {
      problem: { problemId: displayId, title: "Through the API", input: "i", output: "o", examples: "<input>1</input><output>1</output>" },
      samples: [{ input: "1\n", output: "1\n" }],
      isUploadTestCase: false,
      judgeMode: "default",
      languages: [{ name: "C" }],
      tags: [{ name: uniqueName("tag") }],
    },
  });
  const body = await created.json();
  expect(body).toMatchObject({ status: 200, data: { problemId: displayId, author: admin.username } });
  const got = await (await page.request.get(`ojapi/admin/problem?pid=${body.data.id}`, { headers })).json();
  expect(got.data).toMatchObject({ title: "Through the API", samples: [{ input: "1.in", output: "1.out" }] });
  const tag = await (await page.request.post("ojapi/admin/tag", { headers, data: { name: got.data.tags[0].name } })).json();
  expect(tag.status).toBe(400);
  const removed = await (await page.request.delete(`ojapi/admin/problem?pid=${body.data.id}`, { headers })).json();
  expect(removed.status).toBe(200);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the create form keeps everything on an error and saves typed cases", async ({ page, context, createUser, loginAs }) => {
    const admin = await createUser({ role: Role.PROBLEM_ADMIN });
    await loginAs(context, admin);
    const displayId = uniqueName("NOJS-").toUpperCase();
    made.push(displayId);

    await page.goto("admin/problem/create");
    await page.locator("#problemId").fill(displayId);
    await page.locator("#description").fill("Print the input back.");
    await page.locator("#input").fill("A line.");
    await page.locator("#output").fill("The same line.");
    await page.locator('textarea[name="examples.0.input"]').fill("hi");
    await page.locator('textarea[name="examples.0.output"]').fill("hi");
    await page.locator('textarea[name="samples.0.input"]').fill("hello\n");
    await page.locator('textarea[name="samples.0.output"]').fill("hello\n");
    await page.locator("#newTags").fill("strings, io");
    await page.getByTestId("save-problem").click();

    // No title: refused with the field's message, everything else still there.
    await expect(page.locator("[data-field-error]").first()).toBeVisible();
    await expect(page.getByText("题目标题不能为空。").first()).toBeVisible();
    await expect(page.locator("#problemId")).toHaveValue(displayId);
    await expect(page.locator("#description")).toHaveValue("Print the input back.");
    await expect(page.locator('textarea[name="samples.0.input"]')).toHaveValue("hello\n");
    await expect(page.locator("#newTags")).toHaveValue("strings, io");

    // A second typed case is added by a round trip, then the problem is saved.
    await page.locator('button[name="intent"][value="add-sample"]').click();
    await page.locator('textarea[name="samples.1.input"]').fill("bye\n");
    await page.locator('textarea[name="samples.1.output"]').fill("bye\n");
    await expect(page.locator('textarea[name="samples.0.input"]')).toHaveValue("hello\n");
    await page.locator("#title").fill("Echo without scripts");
    await page.getByTestId("save-problem").click();

    await expect(page).toHaveURL(/\/admin\/problems$/);
    await expect(page.locator(`[data-problem-row="${displayId}"]`)).toContainText("Echo without scripts");
    await expect(page.getByText("添加成功")).toBeVisible();

    const { Problem } = await import("../../app/models/problem.server");
    const doc = await Problem.findOne({ problemIdUpper: displayId }).lean();
    expect(doc?.isUploadCase).toBe(false);
    expect(doc?.testCases.map((c) => c.input)).toEqual(["1.in", "2.in"]);
    // The browser sent the text areas with CRLF; the stored test data has LF.
    const { readTestDataFile } = await import("../../app/services/problem/testdata.server");
    expect((await readTestDataFile(doc!.testCaseHash, "2.out"))?.toString()).toBe("bye\n");
    expect(doc?.tags).toHaveLength(2);
  });
});
