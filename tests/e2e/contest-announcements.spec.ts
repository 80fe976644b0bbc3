import { expect, test } from "./support/fixtures";
import { camera } from "./support/shots";

// A contest's announcements read in the browser: the frame's "1 new" badge goes once the
// announcements were shown, without pressing "Mark as read"; the page keeps the "New" mark on what
// was new while it is shown, and shows none the next time. Without JavaScript the button does it.

const shoot = camera("contest-announcements");

for (const js of [true, false]) {
  test(`${js ? "with" : "without"} JavaScript: viewing the announcements marks them read`, async ({ browser, createUser, loginAs, app }) => {
    void app;
    const [{ User }, contests, scope, announcements] = await Promise.all([
      import("../../app/models/user.server"),
      import("../../app/services/contest/contests.server"),
      import("../../app/services/contest/scope.server"),
      import("../../app/services/contest/announcements.server"),
    ]);
    const admin = await createUser({ role: 1001 });
    const learner = await createUser();
    const owner = (await User.findById(admin.uid).lean())!;
    const tag = `${Date.now() % 100000}`;
    const cid = (
      await contests.createContest(
        owner as never,
        contests.contestInputSchema.parse({ title: `Notice cup ${tag}`, description: "Solve them.", type: 0, auth: 0, startTime: new Date(Date.now() - 60_000), endTime: new Date(Date.now() + 3600_000) }),
        scope.SITE,
      )
    )._id;
    await announcements.createAnnouncement(await scope.administerContest(cid, owner as never, scope.SITE), { cid, title: `Clarification ${tag}`, content: "Problem A's input ends with a newline.", visible: true });

    for (const locale of js ? ["en-US", "zh-CN"] : ["en-US"]) {
      const context = await browser.newContext({ locale, viewport: { width: 1366, height: 900 }, javaScriptEnabled: js });
      await loginAs(context, learner);
      const page = await context.newPage();
      const en = locale === "en-US";
      if (js) {
        await page.goto(`contest/${cid}`);
        if (en) {
          await expect(page.getByTestId("unread-announcements")).toHaveText("1 new");
          await shoot(page, "frame-badge");
        }
      }
      await page.goto(`contest/${cid}/announcements`);
      const article = page.getByTestId("announcement").filter({ hasText: `Clarification ${tag}` });
      if (js) {
        if (en) {
          // Shown: the badge goes, the page keeps the mark, no button to press.
          await expect(article).toContainText("New");
          await expect(page.getByTestId("unread-announcements")).toHaveCount(0);
          await expect(page.getByRole("button", { name: "Mark as read" })).toHaveCount(0);
          await shoot(page, "announcements-seen");
          // The page tells the server in the background; the next visit shows no mark once it has.
          await expect(async () => {
            await page.reload();
            await expect(article).toBeVisible();
            await expect(article).not.toContainText("New", { timeout: 1_000 });
          }).toPass({ timeout: 15_000 });
        } else {
          await shoot(page, "zh-announcements");
        }
      } else {
        await expect(article).toContainText("New");
        await page.getByRole("button", { name: "Mark as read" }).click();
        await expect(page).toHaveURL(new RegExp(`/contest/${cid}/announcements$`));
        await expect(article).not.toContainText("New");
      }
      await context.close();
    }
  });
}
