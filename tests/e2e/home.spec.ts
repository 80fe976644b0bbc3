import { abSolution } from "../fixtures/ab-solutions";
import { apiToken, expect, test } from "./support/fixtures";
import { waitForJudge } from "./support/judge";
import { makeAbProblem, models, randomPid } from "./support/problems";
import { camera } from "./support/shots";

// The home page, the ranks and the user home in Chromium, with JavaScript and without: a learner's
// accepted submission (judged by the real judge) reaches the 7-day ranking, the personal card and
// its heat map, the ACM rank and the user home's solved list; the week's chart is an SVG with its
// table; the carousel shows the default banner and turns every 5 s once it has pictures. Pages are
// photographed (with E2E_SHOTS set) at 1366 and 375 px.

const FINAL = [0, -1, -2, -3, 1, 2, 3, 4, 8, 10];

const shoot = camera("home");

test.describe("with JavaScript", () => {
  test("an accepted submission shows on the home page, the rank and the user home", async ({ page, context, request, createUser, loginAs, app }) => {
    void app;
    test.setTimeout(240_000);
    const languages = await waitForJudge();
    const language = languages.includes("C++") ? "C++" : languages[0];
    const m = await models();
    const pid = randomPid();
    const problemId = `HOME${pid}`;
    await makeAbProblem(m, { pid, problemId, title: "Home A + B", languages: [language] });
    const user = await createUser();
    const token = await apiToken(request, user);

    const res = await request.post("ojapi/submit-problem-judge", {
      headers: { Authorization: token },
      data: { pid: problemId, language, code: abSolution(language), cid: 0, tid: 0, isRemote: false },
    });
    expect(res.status()).toBe(200);
    const submitId = ((await res.json()) as { data: { submitId: number } }).data.submitId;
    let status = 5;
    await expect
      .poll(
        async () => {
          const r = await request.get(`ojapi/get-submission-detail?submitId=${submitId}`, { headers: { Authorization: token } });
          status = ((await r.json()) as { data: { submission: { status: number } } }).data.submission.status;
          return FINAL.includes(status);
        },
        { timeout: 120_000, intervals: [500, 1000] },
      )
      .toBe(true);
    expect(status).toBe(0);

    await loginAs(context, user);
    // The 7-day ranking is kept for a few seconds: it shows the verdict within a moment.
    await expect
      .poll(
        async () => {
          await page.goto("home");
          return page.locator(`[data-seven-day-row="${user.username}"]`).count();
        },
        { timeout: 40_000, intervals: [1000, 2000, 5000] },
      )
      .toBe(1);
    await expect(page.locator("[data-me-solved]")).toHaveText("1");
    await expect(page.locator("[data-me-total]")).toHaveText("1");
    const today = page.locator('[data-heatmap="home-heatmap"] rect').last();
    await expect(today).toHaveAttribute("data-count", "1");
    await expect(today).toHaveAttribute("data-bucket", "0");
    await expect(page.locator("[data-week-chart]")).toBeVisible();
    await expect(page.locator("[data-recent-problems]")).toContainText(problemId);
    // The default banner or the pictures the carousel test adds meanwhile (tests run side by side).
    await expect(page.locator("[data-carousel]")).toBeVisible();
    await shoot(page, "home-signed-in");

    // Challenge opens the problem.
    await page.locator("[data-recent-problems] tr", { hasText: problemId }).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/problem/${problemId}$`));

    await page.goto(`acm-rank?searchUser=${user.username}`);
    const row = page.locator(`[data-rank-row="${user.username}"]`);
    await expect(row).toBeVisible();
    // Rank, user, signature, solved, submissions, AC rate.
    await expect(row.locator("td").nth(3)).toHaveText("1");
    await expect(row.locator("td").nth(4)).toHaveText("1");
    await expect(row.locator("td").nth(5)).toHaveText("100%");
    await shoot(page, "acm-rank");

    // The user menu's link: the signed-in user's own home.
    await page.goto("user-home");
    await expect(page.locator("[data-username]")).toHaveText(user.username);
    await expect(page.locator(`[data-solved="${problemId}"]`)).toBeVisible();
    await expect(page.locator('[data-stat="user.solved"]')).toHaveText("1");
    await expect(page.locator("[data-tier]")).toHaveAttribute("data-tier", "0");
    await expect(page.locator('[data-heatmap="year-heatmap"] rect').last()).toHaveAttribute("data-count", "1");
    await shoot(page, "user-home");
    await page.locator(`[data-solved="${problemId}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/problem/${problemId}$`));
  });

  test("the carousel shows the default banner, and turns every 5 s once it has pictures", async ({ page, app }) => {
    void app;
    const { Carousel } = await import("../../app/models/carousel.server");
    // Only this test adds pictures: before it does, the home page shows the default banner.
    await page.goto("home");
    await expect(page.locator('[data-carousel="default"]')).toBeVisible();
    const svg = (color: string) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="${color}"/></svg>`)}`;
    const ids = [900_001 + randomPid(), 900_002 + randomPid()];
    await Carousel.create({ _id: ids[0], url: svg("#f00") });
    await Carousel.create({ _id: ids[1], url: svg("#00f") });
    try {
      await page.goto("home");
      const images = page.locator("[data-carousel] img");
      await expect(images).toHaveCount(await images.count());
      const first = await images.evaluateAll((els) => els.findIndex((e) => e.getAttribute("data-active") === "1"));
      await expect
        .poll(() => images.evaluateAll((els) => els.findIndex((e) => e.getAttribute("data-active") === "1")), { timeout: 8000 })
        .not.toBe(first);
      const box = await page.locator("[data-carousel]").boundingBox();
      expect(Math.round(box!.height)).toBe(300);
      await page.setViewportSize({ width: 375, height: 800 });
      const phone = await page.locator("[data-carousel]").boundingBox();
      expect(Math.round(phone!.height)).toBe(200);
    } finally {
      await Carousel.deleteMany({ _id: { $in: ids } });
    }
  });
});

/** A PNG of width x height (the app's own encoder), and the size a PNG says it has. */
async function pngOf(width: number, height: number): Promise<Buffer> {
  const { encodePng } = await import("../../app/services/platform/png.server");
  return encodePng(width, height, new Uint8Array(width * height * 4).fill(180));
}
function pngSize(b: Buffer): [number, number] {
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

test.describe("avatar with JavaScript", () => {
  test("a chosen picture is cropped to 200x200 before it is sent; a wrong type is refused at once", async ({ page, context, createUser, loginAs, request, app }) => {
    void app;
    const user = await createUser();
    await loginAs(context, user);
    await page.goto("setting");
    await page.locator("#avatar-image").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await page.locator('[data-form="avatar"] button[type="submit"]').click();
    await expect(page.locator("[data-avatar-error]")).toBeVisible();

    await page.locator("#avatar-image").setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: await pngOf(300, 150) });
    await page.locator('[data-form="avatar"] button[type="submit"]').click();
    const img = page.locator('[data-form="avatar"] img');
    await expect(img).toHaveAttribute("src", /\/avatar\/[0-9a-f]{32}\.png$/);
    const res = await request.get((await img.getAttribute("src"))!.replace(/^\//, ""));
    expect(res.headers()["content-type"]).toBe("image/png");
    expect(pngSize(Buffer.from(await res.body()))).toEqual([200, 200]);
    await shoot(page, "setting");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("home, ranks, user home and help pages work from the server alone", async ({ page, context, createUser, loginAs }) => {
    const user = await createUser();
    await page.goto("home");
    await expect(page.locator("[data-week-chart]")).toBeVisible();
    // The chart's figures as a table.
    await page.locator("summary", { hasText: /table|表格/ }).click();
    await expect(page.locator("[data-week-table] tbody tr")).toHaveCount(7);
    // Quick start: an unknown problem is refused on the page.
    await page.locator("#quick-start-pid").fill("NO-SUCH-PROBLEM-X");
    await page.locator("#quick-start-pid").press("Enter");
    await expect(page.locator("#quick-start-error")).toBeVisible();
    await shoot(page, "home-visitor");

    // The rank search is a GET form.
    await page.goto("acm-rank");
    await page.locator("#rank-search").fill(user.username);
    await page.locator("#rank-search").press("Enter");
    await expect(page).toHaveURL(new RegExp(`searchUser=${user.username}`));
    await expect(page.locator(`[data-rank-row="${user.username}"]`)).toBeVisible();
    await page.goto("oi-rank");
    await expect(page.locator("h1")).toBeVisible();
    await shoot(page, "oi-rank");

    await page.goto(`user-home?username=${user.username}`);
    await expect(page.locator("[data-username]")).toHaveText(user.username);
    await expect(page.locator('[data-heatmap="year-heatmap"] rect').first()).toBeAttached();
    const missing = await page.goto("user-home?username=nobody-at-all-here");
    expect(missing?.status()).toBe(404);

    // A visitor's own home needs a login.
    await page.goto("user-home");
    await expect(page).toHaveURL(/login=1/);

    await loginAs(context, user);
    await page.goto("home");
    await expect(page.locator('[data-heatmap="home-heatmap"] rect').first()).toBeAttached();
    await page.goto("developer");
    await expect(page.locator("h1")).toBeVisible();
    await shoot(page, "developer");
    await page.goto("introduction");
    await expect(page.locator("[data-status]")).toHaveCount(17);

    // The avatar form sends the file as it is; the server keeps it.
    await page.goto("setting");
    await page.locator("#avatar-image").setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: await pngOf(300, 150) });
    await page.locator('[data-form="avatar"] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/setting/);
    await expect(page.locator('[data-form="avatar"] img')).toHaveAttribute("src", /\/avatar\/[0-9a-f]{32}\.png$/);
  });
});
