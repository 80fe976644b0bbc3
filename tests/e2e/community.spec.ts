import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test, uniqueName, type TestUser } from "./support/fixtures";
import { camera } from "./support/shots";

// Two users hold a discussion in Chromium: one posts, the other reads it, likes it and comments;
// the author sees the message and its unread badge, answers; the other is told of the reply,
// reports the discussion and deletes a comment after a confirmation. Once with JavaScript and once
// without. Pages are photographed (with E2E_SHOTS set) at 1366 and 375 px, in English and in Chinese.

type Loginer = (context: BrowserContext, user: TestUser) => Promise<void>;

async function pageFor(browser: Browser, loginAs: Loginer, user: TestUser, js: boolean, locale = "en-US"): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 1366, height: 900 }, javaScriptEnabled: js });
  await loginAs(context, user);
  const page = await context.newPage();
  page.on("dialog", (d) => void d.accept());
  return page;
}

const shoot = camera("community");

/** Users with enough solved problems for the site's default community limits. */
async function experienced(app: { User: { updateMany: (f: object, u: object) => Promise<unknown> } }, users: TestUser[]) {
  await app.User.updateMany({ _id: { $in: users.map((u) => u.uid) } }, { $set: { solvedPids: Array.from({ length: 12 }, (_, i) => 9_000_000 + i) } });
}

for (const js of [true, false]) {
  test(`${js ? "with" : "without"} JavaScript: a discussion with comments, replies, likes, a report and messages`, async ({ browser, createUser, loginAs, app }) => {
    test.setTimeout(120_000);
    const amy = await createUser({ username: uniqueName("amy") });
    const bob = await createUser({ username: uniqueName("bob") });
    await experienced(app, [amy, bob]);
    const title = `Where to start ${uniqueName("t")}`;

    // Amy posts; a bad form first keeps her draft and says what is wrong.
    const a = await pageFor(browser, loginAs, amy, js);
    await a.goto("discussion");
    await a.getByTestId("post-discussion").click();
    await expect(a).toHaveURL(/discussion-edit/);
    await a.locator("#d-title").fill(title);
    await a.locator("#d-content").fill("Which problem **first**?");
    await a.getByRole("button", { name: "Publish" }).click();
    await expect(a.locator("#description-error")).toHaveText("The description is required");
    await expect(a.locator("#d-title")).toHaveValue(title);
    await a.locator("#d-description").fill("A newcomer asks");
    await a.getByRole("button", { name: "Publish" }).click();
    await expect(a.getByTestId("discussion").getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(a.locator(".markdown-body strong")).toHaveText("first");
    const did = Number(new URL(a.url()).pathname.split("/").pop());
    if (js) await shoot(a, "discussion-detail");

    // Bob finds it in the list, likes it (once, however often he clicks) and comments.
    const b = await pageFor(browser, loginAs, bob, js);
    await b.goto(`discussion?keyword=${encodeURIComponent(title)}`);
    await expect(b.getByTestId("discussion-card")).toHaveCount(1);
    if (js) await shoot(b, "discussion-list");
    await b.getByRole("link", { name: title }).click();
    await b.getByTestId("discussion-like").click();
    await expect(b.getByTestId("discussion-like")).toHaveText("Liked");
    await expect(b.getByTestId("like-count")).toHaveText("1 like");
    await b.locator("#comment-content").fill("   ");
    await b.getByTestId("comment-form").getByRole("button", { name: "Comment" }).click();
    await expect(b.locator("#comment-content-error")).toHaveText("Content cannot be empty");
    await b.locator("#comment-content").fill("Start with A + B.");
    await b.getByTestId("comment-form").getByRole("button", { name: "Comment" }).click();
    await expect(b.getByTestId("comment")).toHaveCount(1);
    await expect(b.getByTestId("comment").first()).toContainText("Start with A + B.");

    // Amy is told: the badge on the message menu, the message in the comments tab, then read.
    await a.goto("message/discuss");
    await expect(a.getByTestId("message").first()).toContainText("Start with A + B.");
    await expect(a.getByTestId("message").first()).toContainText(bob.username);
    if (js) await shoot(a, "message-centre");
    else await a.getByRole("button", { name: "Mark as read" }).click();
    const { UserMessage } = await import("../../app/models/message.server");
    await expect.poll(() => UserMessage.countDocuments({ recipientUid: amy.uid, type: "discuss", state: "unread" })).toBe(0);
    await a.goto("message/like");
    await expect(a.getByTestId("message").first()).toContainText("liked your discussion");

    // Amy answers the comment; Bob is told of the reply.
    await a.goto(`discussion-detail/${did}`);
    if (js) {
      await a.getByTestId("comment").first().getByText("Reply", { exact: true }).click();
    } else {
      await a.getByTestId("comment").first().locator("summary").click();
    }
    await a.getByTestId("reply-form").locator("textarea").fill("Thanks, Bob!");
    await a.getByTestId("reply-form").getByRole("button", { name: "Send the reply" }).click();
    await expect(a.getByTestId("reply")).toHaveCount(1);
    await b.goto("message/reply");
    await expect(b.getByTestId("message").first()).toContainText("Thanks, Bob!");
    await expect(b.getByTestId("message").first()).toContainText("Start with A + B.");

    // Bob reports the discussion: nothing chosen is refused, a tag is enough.
    await b.goto(`discussion-detail/${did}`);
    await b.getByText("Report", { exact: true }).click();
    await b.getByRole("button", { name: "Send the report" }).click();
    await expect(b.locator("#report-error")).toHaveText("The report label and reason cannot be empty");
    await b.getByLabel("Spam ads").check();
    await b.getByRole("button", { name: "Send the report" }).click();
    await expect(b.getByRole("button", { name: "Send the report" })).toBeHidden();

    // Bob deletes his comment after confirming (the browser's dialog, or the server's question).
    await b.getByTestId("comment").first().getByRole("button", { name: "Delete" }).click();
    if (!js) await b.getByTestId("confirm-delete").getByRole("button", { name: "Delete" }).click();
    await expect(b.getByTestId("comment")).toHaveCount(0);

    // Amy cannot be edited by Bob: the edit link is hers alone, and a direct request is refused.
    await expect(b.getByRole("link", { name: "Edit" })).toHaveCount(0);
    const edit = await b.request.post(`discussion-edit/${did}`, { form: { title: "x", description: "y", content: "z", categoryId: "1" }, headers: { Origin: new URL(b.url()).origin } });
    expect(edit.status()).toBe(403);
    await b.context().close();
    await a.context().close();
  });
}

test("the message centre and the discussion pages in Chinese", async ({ browser, createUser, loginAs, app }) => {
  const amy = await createUser();
  await experienced(app, [amy]);
  const a = await pageFor(browser, loginAs, amy, true, "zh-CN");
  await a.goto("discussion");
  await expect(a.getByRole("heading", { level: 1 })).toHaveText("讨论区");
  await shoot(a, "discussion-list-zh");
  await a.goto("message");
  await expect(a).toHaveURL(/message\/discuss/);
  await expect(a.getByRole("heading", { level: 1 })).toHaveText("我的讨论收到的评论");
  await shoot(a, "message-zh");
  await a.context().close();
});
