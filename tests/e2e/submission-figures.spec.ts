import { expect, test } from "./support/fixtures";
import { makeAbProblem, models, randomPid } from "./support/problems";
import { camera } from "./support/shots";

// The status list shows a submission's figures only once it is judged: a Pending one reads "-"
// for time and memory (not "0 ms" / "0 KB"), and a Wrong Answer that earned nothing has no stray
// "0" after its tag; one with points short of Accepted shows them. Stored as the site stores a new
// submission (the Pending one is never queued, so it stays Pending while the page is read).

const shoot = camera("submission-figures");

test("pending submissions show no run figures; a wrong answer no stray score", async ({ browser, createUser, app }) => {
  void app;
  const m = await models();
  const { nextSeq } = await import("../../app/models/counter.server");
  const user = await createUser();
  const pid = randomPid();
  const problemId = `SF${pid}`;
  await makeAbProblem(m, { pid, problemId, title: `Figures ${pid}` });
  const base = { pid, displayPid: problemId, uid: user.uid, username: user.username, title: `Figures ${pid}`, language: "Python3", code: "print(1)", length: 8, submitTime: new Date() };
  const pending = await m.Submission.create({ _id: await nextSeq("submission"), ...base, status: 5, time: 0, memory: 0 });
  const wrong = await m.Submission.create({ _id: await nextSeq("submission"), ...base, status: -1, score: 0, time: 15, memory: 3072 });
  const partial = await m.Submission.create({ _id: await nextSeq("submission"), ...base, status: 8, score: 50, time: 16, memory: 3072 });
  await m.pagesChanged("submissions");

  for (const locale of ["en-US", "zh-CN"]) {
    const context = await browser.newContext({ locale, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`status?username=${user.username}`);
    const row = (id: number) => page.locator("tr").filter({ has: page.getByRole("link", { name: String(id), exact: true }) });
    await expect(row(pending._id).getByTestId("row-time")).toHaveText("-");
    await expect(row(pending._id).getByTestId("row-memory")).toHaveText("-");
    await expect(row(wrong._id).getByTestId("row-score")).toHaveCount(0);
    await expect(row(wrong._id).getByTestId("row-time")).toHaveText("15 ms");
    await expect(row(partial._id).getByTestId("row-score")).toHaveText("50");
    await shoot(page, `status-${locale}`);
    await context.close();
  }
});
