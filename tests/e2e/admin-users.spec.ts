import { readFileSync } from "node:fs";
import { expect, test } from "./support/fixtures";
import { camera } from "./support/shots";

// User administration in Chromium (super admin): importing 200 users from a UTF-8 CSV file with a
// report of every row, generating 50 numbered accounts and downloading their list, and (without
// JavaScript) editing a role, refusing an empty selection and deleting after the confirmation.

const SUPER_ADMIN = 1000;
test.use({ locale: "en-US" });

const shoot = camera("admin-user", { phoneFullPage: false });

test("imports 200 users from a CSV and generates 50 more with a downloadable list", async ({ page, context, createUser, loginAs, app }) => {
  test.setTimeout(300_000);
  const root = await createUser({ role: SUPER_ADMIN });
  await loginAs(context, root);
  const tag = Date.now().toString(36).slice(-5);
  const lines = ["username,password,email,realname,gender,nickname,school"];
  for (let i = 1; i <= 200; i++) lines.push(`im${tag}${i},pass${i}x,im${tag}${i}@example.test,学生${i},${i % 2 ? "male" : "1"},nick${i},第${i % 7}中学`);
  lines.push(`im${tag}1,again1,,,,,`);

  await page.goto("admin/user/import");
  await page.locator('input[name="file"]').setInputFiles({ name: "users.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\r\n"), "utf8") });
  await page.getByTestId("import-users-form").getByRole("button", { name: "Import" }).click();
  const summary = page.getByTestId("import-summary");
  await expect(summary).toHaveAttribute("data-ok", "200", { timeout: 120_000 });
  await expect(summary).toHaveAttribute("data-failed", "1");
  await expect(page.locator('[data-testid="import-row"][data-ok="0"]')).toContainText("This username appears earlier in the file");
  await shoot(page, "import-report");
  const imported = await app.User.find({ usernameLower: { $regex: `^im${tag}` } }).lean();
  expect(imported).toHaveLength(200);
  expect(imported.find((u) => u.username === `im${tag}2`)).toMatchObject({ realname: "学生2", gender: "female", school: "第2中学" });

  // The list finds them by keyword.
  await page.goto(`admin/user?keyword=im${tag}1`);
  await expect(page.locator('[data-testid="admin-user-row"]').first()).toContainText(`im${tag}1`);

  await page.goto("admin/user/generate");
  await page.locator("#gu-prefix").fill(`g${tag}`);
  await page.locator("#gu-suffix").fill("x");
  await page.locator("#gu-len").fill("25");
  await page.locator("#gu-from").fill("1");
  await page.locator("#gu-to").fill("50");
  await page.getByTestId("generate-users-form").getByRole("button").click();
  await expect(page.getByTestId("generate-summary")).toHaveAttribute("data-created", "50", { timeout: 120_000 });
  await expect(page.locator('[data-testid="generated-row"][data-ok="1"]')).toHaveCount(50);
  const download = page.waitForEvent("download");
  await page.getByTestId("generated-download").click();
  const file = readFileSync(await (await download).path(), "utf8").replace(/^\uFEFF/, "").trim().split(/\r\n/);
  expect(file[0]).toBe("username,password");
  expect(file).toHaveLength(51);
  expect(file[1]).toMatch(new RegExp(`^g${tag}1x,[A-Za-z0-9]{25}$`));
  await shoot(page, "generate-report");
  expect(await app.User.countDocuments({ usernameLower: { $regex: `^g${tag}\\d+x$` } })).toBe(50);

  // The generation's limits: a password of 5 characters is refused and makes nobody (the browser
  // stops it first; without that check the server refuses it).
  await page.goto("admin/user/generate");
  expect(await page.locator("#gu-len").evaluate((el: HTMLInputElement) => { el.value = "5"; return el.checkValidity(); })).toBe(false);
  await page.locator("#gu-len").evaluate((el) => el.removeAttribute("min"));
  await page.locator("#gu-prefix").fill(`h${tag}`);
  await page.locator("#gu-len").fill("5");
  await page.locator("#gu-from").fill("1");
  await page.locator("#gu-to").fill("2");
  await page.getByTestId("generate-users-form").getByRole("button").click();
  await expect(page.getByText("The password length must be from 6 to 25")).toBeVisible();
  expect(await app.User.countDocuments({ usernameLower: { $regex: `^h${tag}` } })).toBe(0);

  await app.User.deleteMany({ usernameLower: { $regex: `^(im|g)${tag}` } });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("edits a role, refuses an empty selection, and deletes after the confirmation", async ({ page, context, createUser, loginAs, app }) => {
    const root = await createUser({ role: SUPER_ADMIN });
    const target = await createUser();
    await loginAs(context, root);

    await page.goto(`admin/user/${target.uid}`);
    await page.locator("#eu-role").selectOption("1003");
    await page.getByTestId("edit-user-form").getByRole("button").click();
    await page.waitForURL(/\/admin\/user$/);
    expect((await app.User.findById(target.uid).lean())?.role).toBe(1003);

    await page.goto(`admin/user?keyword=${target.username}`);
    await page.getByTestId("delete-selected").click();
    await expect(page.getByText("Please select at least one user!")).toBeVisible();
    await page.goto(`admin/user?keyword=${target.username}`);
    await page.locator(`[data-testid="admin-user-row"][data-username="${target.username}"] input[type="checkbox"]`).check();
    await page.getByTestId("delete-selected").click();
    const confirm = page.getByTestId("confirm-delete-users");
    await expect(confirm).toContainText(target.username);
    expect(await app.User.exists({ _id: target.uid })).toBeTruthy();
    await confirm.getByRole("button").click();
    await page.waitForURL(/\/admin\/user$/);
    expect(await app.User.exists({ _id: target.uid })).toBeFalsy();
  });
});
