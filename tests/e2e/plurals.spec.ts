import { expect, test } from "./support/fixtures";
import { camera } from "./support/shots";

// English counts read in the singular for one ("1 member", not "1 members"); Chinese has one form.

const shoot = camera("plurals");

test("one member reads \"1 member\" in English; Chinese keeps its one form", async ({ browser, createUser, loginAs, app }) => {
  void app;
  const [{ User }, groups] = await Promise.all([import("../../app/models/user.server"), import("../../app/services/group/groups.server")]);
  const teacher = await createUser({ role: 1001 });
  const owner = (await User.findById(teacher.uid).lean())!;
  const tag = `${Date.now() % 100000}`;
  const group = await groups.createGroup(owner as never, { name: `Solo class ${tag}`, shortName: `so${tag}`, brief: "A brief text", description: "Just me", auth: 1, code: "", visible: true });
  for (const [locale, text] of [
    ["en-US", /· 1 member ·/],
    ["zh-CN", /· 1 名成员 ·/],
  ] as const) {
    const context = await browser.newContext({ locale, viewport: { width: 1366, height: 900 } });
    await loginAs(context, teacher);
    const page = await context.newPage();
    await page.goto(`group/${group._id}`);
    await expect(page.locator("main")).toContainText(text);
    await shoot(page, `group-${locale}`);
    await context.close();
  }
});
