import { expect, test, uniqueName } from "./support/fixtures";
import { retryOnTakenId } from "./support/problems";

// A group's contest card says what the site's contest list and the contest's overview say: the
// duration in hours and minutes, and the status in the list's colours (green while running).

test("a group's contest card shows the duration as hours and minutes and the running status in green", async ({ browser, createUser, loginAs }) => {
  const teacher = await createUser({ username: uniqueName("tch") });
  const [{ User }, groups, contests] = await Promise.all([
    import("../../app/models/user.server"),
    import("../../app/services/group/groups.server"),
    import("../../app/services/contest/contests.server"),
  ]);
  await User.updateMany({ _id: teacher.uid }, { $set: { solvedPids: Array.from({ length: 25 }, (_, i) => 93_000 + i) } });
  const owner = (await User.findById(teacher.uid).lean())! as never;
  const tag = uniqueName("g").slice(-6);
  const group = await groups.createGroup(owner, { name: `Cards ${tag} class`, shortName: `cd${tag}`, brief: "Contests", description: "Contests of our class.", auth: 1, code: "", visible: true });
  const start = Date.now() - 60 * 60_000;
  const title = `Weekly round ${tag}`;
  const input = contests.contestInputSchema.parse({ title, description: "Two hours and five minutes.", type: 0, auth: 0, startTime: new Date(start), endTime: new Date(start + 125 * 60_000) });
  await retryOnTakenId(() => contests.createContest(owner, input, { gid: group._id, groupAdmin: true }));

  const context = await browser.newContext({ locale: "en-US", viewport: { width: 375, height: 800 } });
  await loginAs(context, teacher);
  const page = await context.newPage();
  await page.goto(`group/${group._id}/contest`);
  const card = page.getByTestId("group-contest-row").filter({ hasText: title });
  await expect(card).toContainText("2 h 5 min");
  await expect(card).not.toContainText("125 min");
  const status = card.getByTestId("contest-status");
  await expect(status).toHaveText("Running");
  // Green text (text-green-800) on a green border, as on /contest.
  await expect(status).toHaveCSS("color", "rgb(22, 101, 52)");
  await expect(status).toHaveCSS("border-top-color", "rgb(21, 128, 61)");

  // The contest's overview says the same duration.
  await card.getByRole("link", { name: title }).click();
  await expect(page.getByText("2 h 5 min").first()).toBeVisible();
  await context.close();
});
