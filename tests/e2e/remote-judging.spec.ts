import { expect, test } from "./support/fixtures";
import { replaceEditorCode, waitForJudge } from "./support/judge";
import { camera } from "./support/shots";

// Remote judging in Chromium against the local stand-ins of the remote judges (serve.ts starts them
// and points the site's remote workers at them): a super admin adds an HDU account and an admin
// adds HDU-1000 by its id, both without JavaScript, with their refusals; a learner submits to it
// from the problem page and sees the remote verdict.

const SUPER_ADMIN = 1000;
const ADMIN = 1001;
test.use({ locale: "en-US" });

const shoot = camera("remote", { phoneFullPage: false });

test.describe.serial("remote judging", () => {
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a super admin adds a remote judge account; the same one twice is refused", async ({ page, context, createUser, loginAs }) => {
      await loginAs(context, await createUser({ role: SUPER_ADMIN }));
      await page.goto("admin/remote-account?l=en-US");
      const form = page.getByTestId("add-remote-account");
      await form.getByLabel("Remote judge").selectOption("HDU");
      await form.getByLabel("Username").fill("alice");
      await form.getByLabel("Password").fill("alice-pw");
      await form.getByRole("button", { name: "Add" }).click();
      await expect(page.locator('[data-testid="remote-account"][data-oj="HDU"][data-username="alice"]')).toBeVisible();
      await expect(page.getByTestId("remote-accounts")).not.toContainText("alice-pw");
      await form.getByLabel("Remote judge").selectOption("HDU");
      await form.getByLabel("Username").fill("alice");
      await form.getByLabel("Password").fill("alice-pw");
      await form.getByRole("button", { name: "Add" }).click();
      await expect(page.getByText("This account is already added")).toBeVisible();
      await form.getByLabel("Username").fill("");
      await form.getByRole("button", { name: "Add" }).click();
      await expect(page.getByText("Enter the username")).toBeVisible();
      await shoot(page, "accounts");
    });

    test("an admin adds HDU-1000 by its id; a malformed id is refused", async ({ page, context, createUser, loginAs }) => {
      test.setTimeout(120_000);
      await loginAs(context, await createUser({ role: ADMIN }));
      await page.goto("admin/problems?l=en-US");
      const form = page.getByTestId("import-remote");
      await form.getByLabel("Add a remote problem").fill("XX-1");
      await form.getByRole("button", { name: "Fetch and add" }).click();
      await expect(page.getByTestId("import-remote").getByRole("alert")).toContainText("Not a remote problem id");
      await page.getByTestId("import-remote").getByLabel("Add a remote problem").fill("hdu-1000");
      await page.getByTestId("import-remote").getByRole("button", { name: "Fetch and add" }).click();
      await expect(page.getByText("Remote problem HDU-1000 added")).toBeVisible({ timeout: 60_000 });
      await page.goto("admin/problems?keyword=HDU-1000");
      await expect(page.locator('[data-problem-row="HDU-1000"]')).toContainText("A + B Problem");
      await shoot(page, "import");
    });
  });

  test("a learner submits to the remote problem and sees the remote verdict", async ({ page, context, createUser, loginAs, app }) => {
    void app;
    test.setTimeout(180_000);
    await waitForJudge();
    await loginAs(context, await createUser());
    await page.goto("problem/HDU-1000?l=en-US");
    await expect(page.getByRole("heading", { name: /A \+ B Problem/ })).toBeVisible();
    await page.getByTestId("language-select").selectOption("G++");
    await replaceEditorCode(page, "#include <cstdio>\nint main() { int a, b; while (scanf(\"%d %d\", &a, &b) == 2) printf(\"%d\\n\", a + b); }\n");
    await page.getByTestId("submit-code").click();
    await expect(page.getByTestId("status-banner").locator("[data-status]")).toHaveAttribute("data-status", "0", { timeout: 120_000 });
    await shoot(page, "problem");
  });
});
