import { randomInt } from "node:crypto";
import type { Page, Request } from "@playwright/test";
import { expect, test, uniqueName, type TestUser } from "./support/fixtures";

// Live status in the browser: the status list follows its rows still being judged with one
// check-submissions-status call for all of them (every 2 s, at most 30 times), the problem page's
// banner and the detail page follow one submission through the server's event stream. Verdicts
// reach the site the way a judge sends them: a final message on the results stream, which the
// running site's result applier writes. Without JavaScript the Refresh link stays.

async function models() {
  const [problem, submission, testdata, redis, protocol, pages] = await Promise.all([
    import("../../app/models/problem.server"),
    import("../../app/models/submission.server"),
    import("../../app/services/problem/testdata.server"),
    import("../../app/services/platform/redis.server"),
    import("../../app/lib/judge-protocol"),
    import("../../app/services/platform/page-cache.server"),
  ]);
  return { Problem: problem.Problem, Submission: submission.Submission, testdata, redis, protocol, pagesChanged: pages.pagesChanged };
}

type M = Awaited<ReturnType<typeof models>>;

const base = () => 100_000 + randomInt(800_000);

async function makeProblem(m: M, languages = ["C++"]) {
  const pid = base();
  const problemId = uniqueName("LV").toUpperCase();
  const hash = await m.testdata.storeTestData([
    { name: "1.in", data: Buffer.from("1 2\n") },
    { name: "1.out", data: Buffer.from("3\n") },
  ]);
  await m.Problem.create({
    _id: pid,
    problemId,
    problemIdUpper: problemId,
    title: "Live",
    description: "Print the sum.",
    languages,
    testCaseHash: hash,
    testCases: [{ input: "1.in", output: "1.out", score: 0, groupNum: 0 }],
  });
  return { pid, problemId };
}

/** A submission as the submit path stores it before a judge has answered: Pending, attempt 1. */
async function pendingSubmission(m: M, user: TestUser, problem: { pid: number; problemId: string }, status = 5) {
  const id = base() * 10 + randomInt(10);
  const now = new Date();
  await m.Submission.create({
    _id: id,
    pid: problem.pid,
    displayPid: problem.problemId,
    uid: user.uid,
    username: user.username,
    title: "Live",
    status,
    language: "C++",
    code: "int main(){}",
    length: 12,
    submitTime: now,
    attempt: 1,
    gmtModified: now,
  });
  // As the submit path does: lists kept or rendered before it are not current any more.
  await m.pagesChanged("submissions");
  return id;
}

/** What a judge sends at the end: the site's result applier writes it and announces the change. */
async function judgeSays(m: M, submissionId: number, o: { status: number; time: number; memory: number; judger: string }) {
  const msg = { type: "final", submissionId, attempt: 1, score: 0, errorMessage: "", cases: [], ...o };
  await m.redis.redis().xadd(m.redis.rkey(m.protocol.JudgeStreams.results), "*", m.protocol.STREAM_FIELD, m.protocol.encodeMessage(msg));
}

function checksOf(page: Page): Array<{ submitIds: number[] }> {
  const seen: Array<{ submitIds: number[] }> = [];
  page.on("request", (r: Request) => {
    if (r.url().includes("/ojapi/check-submissions-status")) seen.push(r.postDataJSON() as { submitIds: number[] });
  });
  return seen;
}

const row = (page: Page, id: number) => page.locator(`tr[data-submit-id="${id}"]`);

test("the status list follows its rows being judged in place, with one call for all of them, and stops when they are done", async ({ page, app, createUser }) => {
  void app;
  const m = await models();
  const user = await createUser();
  const problem = await makeProblem(m);
  const first = await pendingSubmission(m, user, problem);
  const second = await pendingSubmission(m, user, problem, 7);
  const done = await pendingSubmission(m, user, problem, 0);
  const checks = checksOf(page);

  await page.goto(`status?username=${user.username}`);
  await expect(row(page, first)).toHaveAttribute("data-status", "5");
  await expect(row(page, second)).toHaveAttribute("data-status", "7");
  await expect.poll(() => checks.length, { timeout: 15_000 }).toBeGreaterThan(0);
  // One call names every running row, and only those.
  expect([...checks[0].submitIds].sort()).toEqual([first, second].sort());

  await judgeSays(m, first, { status: 0, time: 33, memory: 2048, judger: "judge-live" });
  await expect(row(page, first)).toHaveAttribute("data-status", "0", { timeout: 20_000 });
  await expect(row(page, first).getByTestId("row-time")).toHaveText("33 ms");
  await expect(row(page, first).getByTestId("row-memory")).toHaveText("2 MB");
  await expect(row(page, first).getByTestId("row-judger")).toHaveText("judge-live");
  await expect(row(page, second)).toHaveAttribute("data-status", "7");
  // The page was not loaded again: the rows changed in place.
  expect(page.url()).toContain(`status?username=${user.username}`);

  // Later calls ask only for what is still running.
  const afterFirst = checks.length;
  await expect.poll(() => checks.length, { timeout: 15_000 }).toBeGreaterThan(afterFirst);
  expect(checks[checks.length - 1].submitIds).toEqual([second]);

  await judgeSays(m, second, { status: -1, time: 5, memory: 1024, judger: "judge-live" });
  await expect(row(page, second)).toHaveAttribute("data-status", "-1", { timeout: 20_000 });
  const finished = checks.length;
  await page.waitForTimeout(5000);
  expect(checks.length).toBe(finished);
  expect(checks.flatMap((c) => c.submitIds)).not.toContain(done);
});

test("a row that stays pending is asked for at most 30 times, 2 s apart", async ({ page, app, createUser }) => {
  void app;
  const m = await models();
  const user = await createUser();
  const problem = await makeProblem(m);
  const stuck = await pendingSubmission(m, user, problem);
  const checks = checksOf(page);
  let answered = 0;
  page.on("requestfinished", (r) => {
    if (r.url().includes("/ojapi/check-submissions-status")) answered++;
  });
  await page.clock.install();
  await page.goto(`status?username=${user.username}`);
  // From here the page's clock moves only when the test moves it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 300);
  await expect(row(page, stuck)).toHaveAttribute("data-status", "5");
  await page.clock.runFor(2000);
  await expect.poll(() => checks.length).toBe(1);
  for (let i = 2; i <= 30; i++) {
    await expect.poll(() => answered).toBe(i - 1);
    await page.clock.runFor(1990);
    await page.waitForTimeout(50);
    expect(checks.length, `nothing is asked before 2 s (call ${i})`).toBe(i - 1);
    // The next call comes once the 2 s after the answer are up.
    await expect
      .poll(async () => {
        await page.clock.runFor(10);
        return checks.length;
      })
      .toBe(i);
  }
  await expect.poll(() => answered).toBe(30);
  await page.waitForTimeout(150);
  await page.clock.runFor(20_000);
  await page.waitForTimeout(1000);
  expect(checks.length).toBe(30);
  expect(checks.every((c) => c.submitIds.length === 1 && c.submitIds[0] === stuck)).toBe(true);
});

test("the problem page's banner follows a submission through the event stream to its verdict", async ({ page, app, createUser, loginAs, context }) => {
  void app;
  const m = await models();
  const user = await createUser();
  await loginAs(context, user);
  const problem = await makeProblem(m);
  const calls: string[] = [];
  page.on("request", (r) => {
    if (/\/(ojapi\/get-submission-detail|ojapi\/check-submissions-status|submission-events\/)/.test(r.url())) calls.push(new URL(r.url()).pathname);
  });
  await page.goto(`problem/${problem.problemId}`);
  await expect(page.locator(".cm-content")).toBeVisible();
  await page.getByTestId("submit-code").click();
  const banner = page.getByTestId("status-banner");
  await expect(banner).toBeVisible();
  await expect.poll(async () => (await m.Submission.findOne({ uid: user.uid, pid: problem.pid }).lean())?._id ?? null).not.toBeNull();
  const sub = (await m.Submission.findOne({ uid: user.uid, pid: problem.pid }).lean())!;
  // The stack's own judge may answer first; whichever verdict is stored is the one to show.
  await judgeSays(m, sub._id, { status: -1, time: 7, memory: 1024, judger: "judge-live" });
  const statusNow = async () => (await m.Submission.findById(sub._id).lean())!.status;
  await expect.poll(async () => [5, 6, 7].includes(await statusNow()), { timeout: 60_000 }).toBe(false);
  const final = await statusNow();
  await expect(banner.locator("[data-status]")).toHaveAttribute("data-status", String(final), { timeout: 20_000 });
  expect(calls.some((p) => p.includes(`/submission-events/${sub._id}`))).toBe(true);
  expect(calls.filter((p) => p.includes("get-submission-detail"))).toEqual([]);
});

test("the detail page shows the verdict when it arrives, then stops following", async ({ page, app, createUser, loginAs, context }) => {
  void app;
  const m = await models();
  const user = await createUser();
  await loginAs(context, user);
  const problem = await makeProblem(m);
  const id = await pendingSubmission(m, user, problem);
  const loads: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.pathname.includes(`/submission-detail/${id}`) || u.pathname.includes("/submission-events/") || u.pathname.includes("check-submissions-status")) loads.push(u.pathname + u.search);
  });
  await page.goto(`submission-detail/${id}`);
  await expect(page.getByTestId("detail-banner")).toHaveAttribute("data-status", "5");
  await expect.poll(() => loads.filter((l) => l.includes("/submission-events/")).length).toBe(1);
  await judgeSays(m, id, { status: 0, time: 21, memory: 3072, judger: "judge-live" });
  await expect(page.getByTestId("detail-banner")).toHaveAttribute("data-status", "0", { timeout: 20_000 });
  await expect(page.getByTestId("detail-info")).toContainText("21 ms");
  await expect(page.getByTestId("detail-info")).toContainText("judge-live");
  await expect(page.getByTestId("detail-refresh")).toHaveCount(0);
  const settled = loads.length;
  await page.waitForTimeout(5000);
  expect(loads.length).toBe(settled);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the status list keeps its Refresh link, which shows the verdict once it is in", async ({ page, app, createUser }) => {
    void app;
    const m = await models();
    const user = await createUser();
    const problem = await makeProblem(m);
    const id = await pendingSubmission(m, user, problem);
    await page.goto(`status?username=${user.username}`);
    await expect(row(page, id)).toHaveAttribute("data-status", "5");
    await judgeSays(m, id, { status: 0, time: 12, memory: 1024, judger: "judge-live" });
    await expect.poll(async () => (await m.Submission.findById(id).lean())?.status, { timeout: 20_000 }).toBe(0);
    await page.getByTestId("refresh").click();
    await expect(row(page, id)).toHaveAttribute("data-status", "0");
    await expect(row(page, id).getByTestId("row-time")).toHaveText("12 ms");
  });
});
