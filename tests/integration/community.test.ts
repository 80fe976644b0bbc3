import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContestAuth, ContestType } from "~/lib/contest";
import { Role } from "~/lib/constants";
import { Comment, Reply } from "~/models/comment.server";
import { Discussion, DiscussionReport } from "~/models/discussion.server";
import { UserMessage } from "~/models/message.server";
import { User } from "~/models/user.server";
import * as categoryApi from "~/routes/ojapi+/_community+/discussion-category";
import * as commentApi from "~/routes/ojapi+/_community+/comment";
import * as commentLikeApi from "~/routes/ojapi+/_community+/comment-like";
import * as commentsApi from "~/routes/ojapi+/_community+/comments";
import * as discussionApi from "~/routes/ojapi+/_community+/discussion";
import * as likeApi from "~/routes/ojapi+/_community+/discussion-like";
import * as reportApi from "~/routes/ojapi+/_community+/discussion-report";
import * as detailApi from "~/routes/ojapi+/_community+/get-discussion-detail";
import * as listApi from "~/routes/ojapi+/_community+/get-discussion-list";
import * as cleanApi from "~/routes/ojapi+/msg+/clean";
import * as msgCommentApi from "~/routes/ojapi+/msg+/comment";
import * as msgLikeApi from "~/routes/ojapi+/msg+/like";
import * as msgMineApi from "~/routes/ojapi+/msg+/mine";
import * as msgReplyApi from "~/routes/ojapi+/msg+/reply";
import * as unreadApi from "~/routes/ojapi+/msg+/unread";
import * as replyApi from "~/routes/ojapi+/_community+/reply";
import * as adminDiscussionApi from "~/routes/ojapi+/admin+/discussion";
import * as adminReportApi from "~/routes/ojapi+/admin+/discussion-report";
import * as adminNoticeApi from "~/routes/ojapi+/admin+/msg.notice";
import * as msgSysApi from "~/routes/ojapi+/msg+/sys";
import * as adminDiscussionPage from "~/routes/admin+/discussion";
import * as adminAnnouncementPage from "~/routes/admin+/announcement";
import { Announcement } from "~/models/announcement.server";
import { createAnnouncement } from "~/services/site/announcements.server";
import * as detailPage from "~/routes/_community+/discussion-detail.$discussionId";
import { pushPendingNotices } from "~/services/community/notices.server";
import { Notice } from "~/models/notice.server";
import { createUser } from "~/services/account/users.server";
import { seedCategories } from "~/services/community/discussions.server";
import { createContest, contestInputSchema } from "~/services/contest/contests.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { updateWebsiteConfig } from "~/services/site/config.server";
import { body, call, makeProblem, req } from "../fixtures/learner";
import { SITE } from "~/services/contest/scope.server";

// Discussions, comments, replies, likes, reports and messages through HOJ's calls: shapes, every
// refusal made by a direct request (translated, nothing stored), likes that cannot be inflated,
// contest Q&A visibility, and kept unread counts.

type User = Awaited<ReturnType<typeof createUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Api = { status: number; msg: string; data: any };

let root: User;
let admin: User;
let amy: User;
let bob: User;
let novice: User;
let noDiscuss: User;
let muted: User;
let categoryId = 0;

async function api(route: { loader?: unknown; action?: unknown }, path: string, o: { uid?: string; method?: string; json?: unknown; lang?: string } = {}) {
  const fn = o.method && o.method !== "GET" ? route.action : (route.loader ?? route.action);
  const res = await call(fn, await req(`/ojapi/${path}`, o));
  return { res, body: (await body<Api>(res)) };
}

const post = (uid: string, over: Record<string, unknown> = {}) =>
  api(discussionApi, "discussion", { uid, method: "POST", json: { title: "How to start?", description: "First steps", content: "Where do I **begin**?", categoryId, ...over } });

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  await seedCategories();
  await updateWebsiteConfig({ discussionDailyMax: 100 });
  root = await createUser({ username: "cm-root", password: "secret123", email: "cm-root@example.test", role: Role.SUPER_ADMIN });
  admin = await createUser({ username: "cm-admin", password: "secret123", email: "cm-admin@example.test", role: Role.ADMIN });
  amy = await createUser({ username: "cm-amy", password: "secret123", email: "cm-amy@example.test" });
  bob = await createUser({ username: "cm-bob", password: "secret123", email: "cm-bob@example.test" });
  novice = await createUser({ username: "cm-novice", password: "secret123", email: "cm-novice@example.test" });
  noDiscuss = await createUser({ username: "cm-nodiscuss", password: "secret123", email: "cm-nd@example.test", role: Role.NO_DISCUSS });
  muted = await createUser({ username: "cm-muted", password: "secret123", email: "cm-muted@example.test", role: Role.MUTED });
  // Experienced users: enough solved problems for the default limits.
  const solved = Array.from({ length: 12 }, (_, i) => i + 1);
  await User.updateMany({ _id: { $in: [amy._id, bob._id, noDiscuss._id, muted._id] } }, { $set: { solvedPids: solved } });
  await makeProblem({ _id: 900, problemId: "CM900" });
  const cats = await api(categoryApi, "discussion-category");
  categoryId = cats.body.data[0].id;
});

afterAll(async () => {
  await updateWebsiteConfig({ openPublicDiscussion: true, discussionDailyMax: 5 });
  await closeRedis();
  await disconnectDb();
});

describe("discussions", () => {
  it("refuse bad posts with translated messages and store nothing", async () => {
    const before = await Discussion.countDocuments();
    const cases: Array<[string, Record<string, unknown>, number, string]> = [
      [amy._id, { title: "  " }, 400, "The title is required"],
      [amy._id, { title: "x".repeat(256) }, 400, "The title can be at most 255 characters"],
      [amy._id, { description: "" }, 400, "The description is required"],
      [amy._id, { content: "y".repeat(65536) }, 400, "The content can be at most 65535 characters"],
      [amy._id, { categoryId: null }, 400, "Choose a category"],
      [amy._id, { categoryId: 99999 }, 400, "Choose a category"],
      [amy._id, { pid: "NOPE1" }, 400, "The problem does not exist!"],
      [novice._id, {}, 403, "You need to solve at least 10 problems before posting a discussion."],
      [noDiscuss._id, {}, 403, "Your account may not post discussions."],
      [muted._id, {}, 403, "Your account may not post discussions."],
    ];
    for (const [uid, over, status, msg] of cases) {
      const r = await post(uid, over);
      expect(r.res.status, JSON.stringify(over)).toBe(status);
      expect(r.body.msg).toBe(msg);
    }
    const anonymous = await api(discussionApi, "discussion", { method: "POST", json: { title: "t", description: "d", content: "c", categoryId } });
    expect(anonymous.res.status).toBe(401);
    const zh = await post(novice._id, {});
    expect((await api(discussionApi, "discussion", { uid: novice._id, method: "POST", lang: "zh-CN", json: {} })).body.msg).toBe("标题不能为空");
    expect(zh.res.status).toBe(403);
    expect(await Discussion.countDocuments()).toBe(before);
  });

  it("post, list and read in HOJ's shapes; a problem's discussion is prefixed with its id", async () => {
    const made = await post(amy._id, { pid: "cm900", title: "Stuck on it" });
    expect(made.res.status).toBe(200);
    const did = made.body.data.id;
    const detail = await api(detailApi, `get-discussion-detail?did=${did}`, { uid: bob._id });
    expect(detail.body.data).toMatchObject({ id: did, title: "[CM900] Stuck on it", pid: "CM900", author: "cm-amy", uid: amy._id, role: "default_role", viewNum: 1, likeNum: 0, hasLike: false, topPriority: false, status: 0, categoryId });
    expect(typeof detail.body.data.categoryName).toBe("string");
    expect((await api(detailApi, `get-discussion-detail?did=${did}`)).body.data.viewNum).toBe(2);
    // Views are counted in Redis and moved into the store by the half-minute job.
    const { flushViews } = await import("~/services/community/views.server");
    await flushViews();
    expect((await Discussion.findById(did))!.viewNum).toBe(2);
    expect((await api(detailApi, `get-discussion-detail?did=${did}`)).body.data.viewNum).toBe(3);

    const list = await api(listApi, "get-discussion-list?currentPage=1&limit=10&keyword=stuck");
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.records[0]).toMatchObject({ id: did, title: "[CM900] Stuck on it" });
    expect((await api(listApi, "get-discussion-list?pid=CM900")).body.data.total).toBe(1);
    expect((await api(listApi, "get-discussion-list?onlyMine=true", { uid: bob._id })).body.data.records.every((d: { uid: string }) => d.uid === bob._id)).toBe(true);
    expect((await api(listApi, "get-discussion-list?onlyMine=true")).res.status).toBe(401);
    expect((await api(listApi, "get-discussion-list?cid=abc")).res.status).toBe(400);
    expect((await api(detailApi, "get-discussion-detail?did=999999")).res.status).toBe(404);
    expect((await api(detailApi, "get-discussion-detail?did=x")).res.status).toBe(400);
  });

  it("only the author edits; the author or an admin deletes, and the author is told", async () => {
    const did = (await post(amy._id, { title: "Editable" })).body.data.id;
    const byBob = await api(discussionApi, "discussion", { uid: bob._id, method: "PUT", json: { id: did, title: "Hacked", description: "d", content: "c", categoryId } });
    expect(byBob.res.status).toBe(403);
    expect(byBob.body.msg).toBe("Only the author can edit this discussion.");
    const byAdmin = await api(discussionApi, "discussion", { uid: admin._id, method: "PUT", json: { id: did, title: "Admin's", description: "d", content: "c", categoryId } });
    expect(byAdmin.res.status).toBe(403);
    expect((await Discussion.findById(did))!.title).toBe("Editable");
    const byAmy = await api(discussionApi, "discussion", { uid: amy._id, method: "PUT", json: { id: did, title: "Edited", description: "d2", content: "c2", categoryId } });
    expect(byAmy.res.status).toBe(200);
    expect((await Discussion.findById(did))!.title).toBe("Edited");

    expect((await api(discussionApi, `discussion?did=${did}`, { uid: bob._id, method: "DELETE" })).res.status).toBe(403);
    expect(await Discussion.exists({ _id: did })).toBeTruthy();
    expect((await api(discussionApi, `discussion?did=${did}`, { uid: admin._id, method: "DELETE" })).res.status).toBe(200);
    expect(await Discussion.exists({ _id: did })).toBeFalsy();
    const mine = await api(msgMineApi, "msg/mine", { uid: amy._id });
    expect(mine.body.data.records[0]).toMatchObject({ action: "Delete_Discussion", title: "Edited", state: false });
  });

  it("likes cannot be inflated by repeated or raced requests", async () => {
    const did = (await post(amy._id, { title: "Like me" })).body.data.id;
    await Promise.all(Array.from({ length: 8 }, () => api(likeApi, `discussion-like?did=${did}&toLike=true`, { uid: bob._id })));
    await api(likeApi, `discussion-like?did=${did}&toLike=true`, { uid: bob._id });
    expect((await Discussion.findById(did))!.likeNum).toBe(1);
    expect((await api(detailApi, `get-discussion-detail?did=${did}`, { uid: bob._id })).body.data.hasLike).toBe(true);
    expect(await UserMessage.countDocuments({ recipientUid: amy._id, type: "like", sourceId: String(did) })).toBe(1);
    await Promise.all(Array.from({ length: 5 }, () => api(likeApi, `discussion-like?did=${did}&toLike=false`, { uid: bob._id })));
    expect((await Discussion.findById(did))!.likeNum).toBe(0);
    expect((await api(likeApi, `discussion-like?did=${did}&toLike=true`)).res.status).toBe(401);
  });

  it("a report needs a tag or a reason; HOJ's composed content is read back", async () => {
    const did = (await post(amy._id, { title: "Reported" })).body.data.id;
    const before = await DiscussionReport.countDocuments();
    const empty = await api(reportApi, "discussion-report", { uid: bob._id, json: { did, content: "  " } });
    expect(empty.res.status).toBe(400);
    expect(empty.body.msg).toBe("The report label and reason cannot be empty");
    const long = await api(reportApi, "discussion-report", { uid: bob._id, json: { did, reason: "z".repeat(201) } });
    expect(long.body.msg).toBe("The reason can be at most 200 characters");
    expect(await DiscussionReport.countDocuments()).toBe(before);
    expect((await api(reportApi, "discussion-report", { uid: bob._id, json: { did, content: "#spam #abuse buys followers", reporter: "cm-bob" } })).res.status).toBe(200);
    expect((await DiscussionReport.findOne({ did }))!.content).toBe("#spam #abuse buys followers");
  });

  it("pinning and disabling are the admin roles'; a disabled discussion disappears for others", async () => {
    const { moderateDiscussion } = await import("~/services/community/discussions.server");
    const did = (await post(amy._id, { title: "Pin me" })).body.data.id;
    await expect(moderateDiscussion(bob, did, { topPriority: true })).rejects.toMatchObject({ kind: "forbidden" });
    await moderateDiscussion(admin, did, { topPriority: true });
    expect((await api(listApi, "get-discussion-list")).body.data.records[0].id).toBe(did);
    expect((await api(commentApi, "comment", { uid: bob._id, method: "POST", json: { did, content: "Before it was hidden." } })).res.status).toBe(200);
    await moderateDiscussion(admin, did, { status: 1 });
    expect((await api(detailApi, `get-discussion-detail?did=${did}`, { uid: bob._id })).res.status).toBe(404);
    expect((await api(detailApi, `get-discussion-detail?did=${did}`, { uid: amy._id })).res.status).toBe(200);
    // Its author and the super admin read it with its comments; it takes no new ones.
    for (const u of [amy, root]) {
      expect((await api(detailApi, `get-discussion-detail?did=${did}`, { uid: u._id })).body.data).toMatchObject({ id: did, status: 1 });
      const comments = await api(commentsApi, `comments?did=${did}`, { uid: u._id });
      expect(comments.res.status).toBe(200);
      expect(comments.body.data.commentList.records.map((c: { content: string }) => c.content)).toEqual(["Before it was hidden."]);
    }
    expect((await api(commentsApi, `comments?did=${did}`, { uid: bob._id })).res.status).toBe(404);
    const pageOf = async (uid: string) => call(detailPage.loader, await req(`/discussion-detail/${did}`, { uid }), { discussionId: String(did) });
    const own = await pageOf(amy._id);
    expect(own.status).toBe(200);
    expect(((await own.json()) as { comments: { records: unknown[] }; commentRefusal: string }).commentRefusal).toBe("This discussion is hidden: it takes no new comments");
    expect((await pageOf(root._id)).status).toBe(200);
    expect((await pageOf(bob._id)).status).toBe(404);
    const late = await api(commentApi, "comment", { uid: amy._id, method: "POST", json: { did, content: "After it was hidden." } });
    expect(late.res.status).toBe(403);
    expect(late.body.msg).toBe("This discussion is hidden: it takes no new comments");
    expect(await Comment.countDocuments({ did })).toBe(1);
    expect((await api(listApi, "get-discussion-list")).body.data.records.some((d: { id: number }) => d.id === did)).toBe(false);
    expect((await api(listApi, "get-discussion-list?admin=true", { uid: admin._id })).body.data.records.some((d: { id: number }) => d.id === did)).toBe(true);
  });

  it("a daily limit holds, and the switched-off area answers every call with its message", async () => {
    await updateWebsiteConfig({ discussionDailyMax: 0 });
    const r = await post(bob._id);
    expect(r.res.status).toBe(429);
    expect(r.body.msg).toBe("You can post at most 0 discussions a day. Please come back tomorrow.");
    expect((await post(admin._id)).res.status).toBe(200);
    await updateWebsiteConfig({ discussionDailyMax: 100, openPublicDiscussion: false });
    const closed = await api(listApi, "get-discussion-list");
    expect(closed.res.status).toBe(403);
    expect(closed.body.msg).toBe("The discussion area is closed on this site!");
    expect((await post(admin._id)).body.msg).toBe("The discussion area is closed on this site!");
    await updateWebsiteConfig({ openPublicDiscussion: true });
  });

  it("categories are edited by the super admin only", async () => {
    const list = (await api(categoryApi, "discussion-category")).body.data as Array<{ id: number; name: string }>;
    expect((await api(categoryApi, "discussion-category", { uid: admin._id, method: "POST", json: [...list, { name: "Contests" }] })).res.status).toBe(403);
    const dup = await api(categoryApi, "discussion-category", { uid: root._id, method: "POST", json: [...list, { name: list[0].name }] });
    expect(dup.body.msg).toBe("Two categories have the same name");
    const saved = await api(categoryApi, "discussion-category", { uid: root._id, method: "POST", json: [...list, { name: "Contests" }] });
    expect(saved.body.data.map((c: { name: string }) => c.name)).toContain("Contests");
    const inUse = await api(categoryApi, "discussion-category", { uid: root._id, method: "POST", json: [{ name: "Only" }] });
    expect(inUse.res.status).toBe(409);
  });

  it("renders a user's Markdown safely and trusts root's", async () => {
    const { discussionDetail } = await import("~/services/community/discussions.server");
    const evil = (await post(amy._id, { content: '<script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a><span style="color:red">red</span>' })).body.data.id;
    const html = (await discussionDetail(amy, evil)).html;
    expect(html).not.toMatch(/<script|onerror|javascript:|style=/);
    const trusted = (await post(root._id, { content: '<span style="color:red">red</span><script>alert(1)</script>' })).body.data.id;
    const rootHtml = (await discussionDetail(amy, trusted)).html;
    expect(rootHtml).toContain('style="color:red"');
    expect(rootHtml).not.toContain("<script");
  });
});

describe("comments and replies", () => {
  let did = 0;
  beforeAll(async () => {
    did = (await post(amy._id, { title: "Talk" })).body.data.id;
  });

  it("refuse empty, too long, muted and anonymous comments; store nothing", async () => {
    const before = await Comment.countDocuments();
    const cases: Array<[string | undefined, string, number, string]> = [
      [bob._id, "   ", 400, "Content cannot be empty"],
      [bob._id, "c".repeat(10001), 400, "Can not exceed 10000"],
      [muted._id, "hello", 403, "Your account is muted: it may not comment or reply."],
      [novice._id, "hello", 403, "You need to solve at least 10 problems before commenting."],
      [undefined, "hello", 401, "Please login first!"],
    ];
    for (const [uid, content, status, msg] of cases) {
      const r = await api(commentApi, "comment", { uid, method: "POST", json: { did, content } });
      expect(r.res.status, content.slice(0, 10)).toBe(status);
      expect(r.body.msg).toBe(msg);
    }
    expect((await api(commentApi, "comment", { uid: bob._id, method: "POST", json: { did: 999999, content: "x" } })).res.status).toBe(404);
    expect(await Comment.countDocuments()).toBe(before);
  });

  it("comment, reply, like and delete; each author is told once and unread counts follow", async () => {
    const c = await api(commentApi, "comment", { uid: bob._id, method: "POST", json: { did, content: "Try reading the FAQ." } });
    expect(c.res.status).toBe(200);
    expect(c.body.data).toMatchObject({ content: "Try reading the FAQ.", fromUid: bob._id, fromName: "cm-bob", fromRole: "default_role", likeNum: 0, totalReplyNum: 0, replyList: [] });
    const commentId = c.body.data.id;
    for (let i = 0; i < 4; i++) {
      const r = await api(replyApi, "reply", { uid: amy._id, method: "POST", json: { did, reply: { commentId, content: `thanks ${i}`, toUid: bob._id } } });
      expect(r.res.status).toBe(200);
      expect(r.body.data).toMatchObject({ commentId, fromUid: amy._id, toUid: bob._id, toName: "cm-bob", content: `thanks ${i}` });
    }
    await Promise.all(Array.from({ length: 4 }, () => api(commentLikeApi, `comment-like?cid=${commentId}&toLike=true&sourceId=${did}&sourceType=Discussion`, { uid: amy._id })));
    const list = await api(commentsApi, `comments?did=${did}&currentPage=1&limit=10`, { uid: amy._id });
    const row = list.body.data.commentList.records[0];
    expect(row).toMatchObject({ id: commentId, likeNum: 1, totalReplyNum: 4 });
    expect(row.replyList).toHaveLength(3);
    expect(list.body.data.commentLikeMap[commentId]).toBe(true);
    expect((await api(replyApi, `reply?commentId=${commentId}`)).body.data).toHaveLength(4);
    expect((await Discussion.findById(did))!.commentNum).toBe(5);

    const unreadBob = (await api(unreadApi, "msg/unread", { uid: bob._id })).body.data;
    expect(unreadBob).toMatchObject({ reply: 4, like: 1 });
    const unreadAmy = (await api(unreadApi, "msg/unread", { uid: amy._id })).body.data;
    expect(unreadAmy.comment).toBeGreaterThanOrEqual(1);
    const replies = await api(msgReplyApi, "msg/reply?currentPage=1&limit=6", { uid: bob._id });
    expect(replies.body.data.total).toBe(4);
    expect(replies.body.data.records[0]).toMatchObject({ action: "Reply", sourceType: "Discussion", sourceId: did, senderUsername: "cm-amy", quoteContent: "Try reading the FAQ.", state: false });
    expect((await api(unreadApi, "msg/unread", { uid: bob._id })).body.data.reply).toBe(0);
    const likes = await api(msgLikeApi, "msg/like", { uid: bob._id });
    expect(likes.body.data.records[0]).toMatchObject({ action: "Like_Discuss", sourceContent: "Try reading the FAQ." });
    const discussMsgs = await api(msgCommentApi, "msg/comment", { uid: amy._id });
    expect(discussMsgs.body.data.records.some((m: { action: string; sourceContent: string }) => m.action === "Discuss" && m.sourceContent === "Try reading the FAQ.")).toBe(true);

    // Nobody but the author (or an admin) deletes; deleting takes the replies along.
    expect((await api(commentApi, "comment", { uid: amy._id, method: "DELETE", json: { id: commentId, did } })).res.status).toBe(403);
    const replyId = (await Reply.findOne({ commentId }))!._id;
    expect((await api(replyApi, "reply", { uid: bob._id, method: "DELETE", json: { did, reply: { id: replyId } } })).res.status).toBe(403);
    expect((await api(replyApi, "reply", { uid: amy._id, method: "DELETE", json: { did, reply: { id: replyId } } })).res.status).toBe(200);
    expect((await api(commentApi, "comment", { uid: admin._id, method: "DELETE", json: { id: commentId, did } })).res.status).toBe(200);
    expect(await Reply.countDocuments({ commentId })).toBe(0);
    expect((await Discussion.findById(did))!.commentNum).toBe(0);
  });

  it("clears one message or a whole tab", async () => {
    await api(msgReplyApi, "msg/reply", { uid: bob._id });
    const one = (await UserMessage.findOne({ recipientUid: bob._id, type: "like" }))!;
    expect((await api(cleanApi, `msg/clean?type=Like&id=${String(one._id)}`, { uid: amy._id, method: "DELETE" })).res.status).toBe(200);
    expect(await UserMessage.exists({ _id: one._id })).toBeTruthy();
    expect((await api(cleanApi, `msg/clean?type=Like&id=${String(one._id)}`, { uid: bob._id, method: "DELETE" })).res.status).toBe(200);
    expect(await UserMessage.exists({ _id: one._id })).toBeFalsy();
    expect((await api(cleanApi, "msg/clean?type=Nope", { uid: bob._id, method: "DELETE" })).res.status).toBe(400);
    expect((await api(cleanApi, "msg/clean?type=Reply", { uid: bob._id, method: "DELETE" })).res.status).toBe(200);
    expect(await UserMessage.countDocuments({ recipientUid: bob._id, type: "reply" })).toBe(0);
    expect((await api(unreadApi, "msg/unread", { uid: bob._id })).body.data.reply).toBe(0);
  });
});

describe("contest Q&A", () => {
  let cid = 0;
  beforeAll(async () => {
    const contest = await createContest(
      root,
      contestInputSchema.parse({ title: "QA Cup", description: "Ask away.", type: ContestType.ACM, auth: ContestAuth.PUBLIC, startTime: new Date(Date.now() - 60_000), endTime: new Date(Date.now() + 3600_000) }),
      SITE,
    );
    cid = contest._id;
  });

  it("a contestant sees only their own and the admins' comments, and cannot answer an admin's", async () => {
    const amyQ = await api(commentApi, "comment", { uid: amy._id, method: "POST", json: { cid, content: "Is input sorted?" } });
    expect(amyQ.res.status).toBe(200);
    const bobQ = await api(commentApi, "comment", { uid: bob._id, method: "POST", json: { cid, content: "Can I use Java?" } });
    const notice = await api(commentApi, "comment", { uid: root._id, method: "POST", json: { cid, content: "Problem A clarified." } });
    // A newcomer with nothing solved may ask in a contest.
    expect((await api(commentApi, "comment", { uid: novice._id, method: "POST", json: { cid, content: "Hello?" } })).res.status).toBe(200);

    const seenByAmy = (await api(commentsApi, `comments?cid=${cid}`, { uid: amy._id })).body.data.commentList.records.map((c: { content: string }) => c.content);
    expect(seenByAmy.sort()).toEqual(["Is input sorted?", "Problem A clarified."]);
    const seenByRoot = (await api(commentsApi, `comments?cid=${cid}`, { uid: root._id })).body.data.commentList.total;
    expect(seenByRoot).toBe(4);

    const answer = await api(replyApi, "reply", { uid: root._id, method: "POST", json: { cid, reply: { commentId: amyQ.body.data.id, content: "Yes." } } });
    expect(answer.res.status).toBe(200);
    const toAdmin = await api(replyApi, "reply", { uid: amy._id, method: "POST", json: { cid, reply: { commentId: notice.body.data.id, content: "Thanks" } } });
    expect(toAdmin.res.status).toBe(403);
    expect(toAdmin.body.msg).toBe("An administrator's comment cannot be replied to.");
    const intoBobs = await api(replyApi, "reply", { uid: amy._id, method: "POST", json: { cid, reply: { commentId: bobQ.body.data.id, content: "me too" } } });
    expect(intoBobs.res.status).toBe(404);
    expect((await api(replyApi, `reply?commentId=${bobQ.body.data.id}&cid=${cid}`, { uid: amy._id })).res.status).toBe(404);
    expect((await api(commentApi, "comment", { uid: amy._id, method: "DELETE", json: { id: bobQ.body.data.id, cid } })).res.status).toBe(404);
    expect((await api(commentApi, "comment", { uid: root._id, method: "DELETE", json: { id: bobQ.body.data.id, cid } })).res.status).toBe(200);

    await updateWebsiteConfig({ openContestComment: false });
    const closed = await api(commentsApi, `comments?cid=${cid}`, { uid: amy._id });
    expect(closed.res.status).toBe(403);
    expect(closed.body.msg).toBe("Contest comments are closed on this site!");
    await updateWebsiteConfig({ openContestComment: true });
  });
});

describe("administration", () => {
  it("pins, disables and deletes discussions for the admin roles only; an empty selection is refused", async () => {
    const did = (await post(amy._id, { title: "Moderated" })).body.data.id;
    const byAmy = await api(adminDiscussionApi, "admin/discussion", { uid: amy._id, method: "PUT", json: { id: did, topPriority: true } });
    expect(byAmy.res.status).toBe(403);
    expect((await Discussion.findById(did))!.topPriority).toBe(false);
    expect((await api(adminDiscussionApi, "admin/discussion", { uid: admin._id, method: "PUT", json: { id: did, topPriority: true, status: 1 } })).res.status).toBe(200);
    expect(await Discussion.findById(did)).toMatchObject({ topPriority: true, status: 1 });
    const empty = await api(adminDiscussionApi, "admin/discussion", { uid: admin._id, method: "DELETE", json: { didList: [] } });
    expect(empty.res.status).toBe(400);
    expect(empty.body.msg).toBe("Select at least one");
    expect((await api(adminDiscussionApi, "admin/discussion", { uid: bob._id, method: "DELETE", json: { didList: [did] } })).res.status).toBe(403);
    expect((await api(adminDiscussionApi, "admin/discussion", { uid: admin._id, method: "DELETE", json: { didList: [did] } })).res.status).toBe(200);
    expect(await Discussion.exists({ _id: did })).toBeFalsy();

    // The page asks before a bulk delete, then deletes.
    const other = (await post(amy._id, { title: "Bulk" })).body.data.id;
    const ask = await call(adminDiscussionPage.action, await req("/admin/discussion", { uid: admin._id, form: { intent: "delete", ids: String(other) } }));
    expect(ask.status).toBe(200);
    expect(await Discussion.exists({ _id: other })).toBeTruthy();
    const done = await call(adminDiscussionPage.action, await req("/admin/discussion", { uid: admin._id, form: { intent: "delete", ids: String(other), confirmed: "1" } }));
    expect(done.status).toBe(302);
    expect(await Discussion.exists({ _id: other })).toBeFalsy();
    expect((await call(adminDiscussionPage.action, await req("/admin/discussion", { uid: amy._id, form: { intent: "delete", ids: String(did), confirmed: "1" } }))).status).not.toBe(302);
  });

  it("asks before deleting a site announcement on a page of its own (without JavaScript), then deletes", async () => {
    const made = await createAnnouncement(root, { title: "To remove", content: "Soon gone.", status: 0 });
    const form = { intent: "delete", id: String(made._id) };
    expect((await call(adminAnnouncementPage.action, await req("/admin/announcement", { uid: admin._id, form: { ...form, confirmed: "1" } }))).status).toBe(403);
    const ask = await call(adminAnnouncementPage.action, await req("/admin/announcement", { uid: root._id, form }));
    expect(ask.status).toBe(200);
    expect(await body(ask)).toMatchObject({ confirm: made._id, error: null });
    expect(await Announcement.exists({ _id: made._id })).toBeTruthy();
    const done = await call(adminAnnouncementPage.action, await req("/admin/announcement", { uid: root._id, form: { ...form, confirmed: "1" } }));
    expect(done.status).toBe(302);
    expect(await Announcement.exists({ _id: made._id })).toBeFalsy();
  });

  it("lists reports for admins and marks them handled", async () => {
    expect((await api(adminReportApi, "admin/discussion-report", { uid: bob._id })).res.status).toBe(403);
    const list = await api(adminReportApi, "admin/discussion-report?currentPage=1&limit=10", { uid: admin._id });
    expect(list.body.data.total).toBeGreaterThan(0);
    const first = list.body.data.records[0];
    expect(first).toMatchObject({ reporter: "cm-bob", status: false });
    expect((await api(adminReportApi, "admin/discussion-report", { uid: admin._id, method: "PUT", json: { id: first.id, status: true } })).res.status).toBe(200);
    expect((await DiscussionReport.findById(first.id))!.status).toBe(true);
  });

  it("pushes a notice once to its recipients, whoever pushes and however often", async () => {
    expect((await api(adminNoticeApi, "admin/msg/notice", { uid: admin._id, method: "POST", json: { title: "Hi", content: "x", type: "All" } })).res.status).toBe(403);
    const unknown = await api(adminNoticeApi, "admin/msg/notice", { uid: root._id, method: "POST", json: { title: "Hi", content: "x", type: "Single", recipient: "nobody-here" } });
    expect(unknown.body.msg).toBe("The user does not exist!");
    const noName = await api(adminNoticeApi, "admin/msg/notice", { uid: root._id, method: "POST", json: { title: "Hi", content: "x", type: "Single" } });
    expect(noName.body.msg).toBe("Enter the username of the user who receives it");
    const before = await Notice.countDocuments();
    expect(before).toBe(0);
    const all = await api(adminNoticeApi, "admin/msg/notice", { uid: root._id, method: "POST", json: { title: "Maintenance", content: "Tonight at 22:00.", type: "All" } });
    expect(all.res.status).toBe(200);
    const toAdmins = await api(adminNoticeApi, "admin/msg/notice", { uid: root._id, method: "POST", json: { title: "Admins only", content: "Check the reports.", type: "Admin" } });
    const toAmy = await api(adminNoticeApi, "admin/msg/notice", { uid: root._id, method: "POST", json: { title: "For Amy", content: "Well done.", type: "Single", recipient: "cm-amy" } });
    expect(toAmy.body.data).toMatchObject({ type: "Single", recipientId: amy._id, state: false });
    const sysBefore = (await api(unreadApi, "msg/unread", { uid: bob._id })).body.data.sys;
    await Promise.all([pushPendingNotices(), pushPendingNotices()]);
    await pushPendingNotices();
    const users = await User.countDocuments({ status: 0 });
    expect(await UserMessage.countDocuments({ noticeId: all.body.data.id })).toBe(users);
    expect(await UserMessage.countDocuments({ noticeId: toAdmins.body.data.id, recipientUid: { $in: [amy._id, bob._id] } })).toBe(0);
    expect(await UserMessage.countDocuments({ noticeId: toAdmins.body.data.id, recipientUid: admin._id })).toBe(1);
    expect(await UserMessage.countDocuments({ noticeId: toAmy.body.data.id })).toBe(1);
    expect((await api(unreadApi, "msg/unread", { uid: bob._id })).body.data.sys).toBe(sysBefore + 1);
    const sys = await api(msgSysApi, "msg/sys", { uid: amy._id });
    expect(sys.body.data.records.map((m: { title: string }) => m.title).sort()).toEqual(["For Amy", "Maintenance"]);
    const listed = await api(adminNoticeApi, "admin/msg/notice?currentPage=1", { uid: root._id });
    expect(listed.body.data.records.every((n: { state: boolean }) => n.state)).toBe(true);
    const change = await api(adminNoticeApi, "admin/msg/notice", { uid: root._id, method: "PUT", json: { id: all.body.data.id, title: "Changed", content: "y", type: "All" } });
    expect(change.res.status).toBe(409);
  });
});

describe("Markdown uploads", () => {
  const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d1b0a80000000049454e44ae426082", "hex");

  async function upload(route: { action?: unknown }, path: string, uid: string | undefined, field: string, name: string, data: Buffer) {
    const form = new FormData();
    form.set(field, new Blob([new Uint8Array(data)]), name);
    const r = await req(`/ojapi/${path}`, { uid, method: "POST" });
    const res = await call(route.action, new Request(r.url, { method: "POST", headers: (() => { const h = new Headers(r.headers); h.delete("Content-Type"); return h; })(), body: form }));
    return { res, body: await body<Api>(res) };
  }

  it("takes pictures from the admin roles only, checked by name and bytes, and serves them safely", async () => {
    const imgApi = await import("~/routes/ojapi+/file+/upload-md-img");
    const fileApi = await import("~/routes/ojapi+/file+/upload-md-file");
    const delApi = await import("~/routes/ojapi+/file+/delete-md-img");
    const serve = await import("~/routes/_site+/markdown-file.$name");
    const { MarkdownFile } = await import("~/models/markdown-file.server");
    const before = await MarkdownFile.countDocuments();
    expect((await upload(imgApi, "file/upload-md-img", amy._id, "image", "dot.png", PNG)).res.status).toBe(403);
    expect((await upload(imgApi, "file/upload-md-img", undefined, "image", "dot.png", PNG)).res.status).toBe(401);
    const fake = await upload(imgApi, "file/upload-md-img", admin._id, "image", "dot.png", Buffer.from("<svg onload=alert(1)>"));
    expect(fake.body.msg).toBe("File type not support");
    const svg = await upload(imgApi, "file/upload-md-img", admin._id, "image", "x.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(svg.body.msg).toBe("File type not support");
    const big = await upload(imgApi, "file/upload-md-img", admin._id, "image", "big.png", Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]));
    expect(big.res.status).toBe(413);
    expect(big.body.msg).toBe("Exceed max size limit");
    expect(await MarkdownFile.countDocuments()).toBe(before);

    const ok = await upload(imgApi, "file/upload-md-img", admin._id, "image", "dot.png", PNG);
    expect(ok.res.status).toBe(200);
    expect(ok.body.data.link).toMatch(/^\/markdown-file\/[0-9a-f]{32}\.png$/);
    const served = await call(serve.loader, new Request(`http://localhost${ok.body.data.link}`), { name: ok.body.data.link.split("/").pop() });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await call(serve.loader, new Request("http://localhost/markdown-file/../../etc"), { name: "../../etc" })).status).toBe(404);

    expect((await upload(fileApi, "file/upload-md-file", amy._id, "file", "notes.pdf", Buffer.from("%PDF-1.4"))).res.status).toBe(403);
    expect((await upload(fileApi, "file/upload-md-file", admin._id, "file", "run.exe", Buffer.from("MZ"))).body.msg).toBe("File type not support");
    const pdf = await upload(fileApi, "file/upload-md-file", admin._id, "file", "notes.pdf", Buffer.from("%PDF-1.4 notes"));
    expect(pdf.res.status).toBe(200);
    const download = await call(serve.loader, new Request(`http://localhost${pdf.body.data.link}`), { name: pdf.body.data.link.split("/").pop() });
    expect(download.headers.get("Content-Disposition")).toContain("notes.pdf");

    expect((await api(delApi, `file/delete-md-img?fileId=${ok.body.data.fileId}`, { uid: amy._id })).res.status).toBe(403);
    expect((await api(delApi, `file/delete-md-img?fileId=${ok.body.data.fileId}`, { uid: admin._id })).res.status).toBe(200);
    expect((await call(serve.loader, new Request(`http://localhost${ok.body.data.link}`), { name: ok.body.data.link.split("/").pop() })).status).toBe(404);
  });
});

describe("site announcements and the carousel", () => {
  it("are written by the super admin only; visible announcements reach the home page's call", async () => {
    const adminApi = await import("~/routes/ojapi+/admin+/announcement");
    const homeApi = await import("~/routes/ojapi+/_site+/get-common-announcement");
    expect((await api(adminApi, "admin/announcement", { uid: admin._id, method: "POST", json: { title: "x", content: "y" } })).res.status).toBe(403);
    const empty = await api(adminApi, "admin/announcement", { uid: root._id, method: "POST", json: { title: " ", content: "y" } });
    expect(empty.body.msg).toBe("The title is required");
    const shown = await api(adminApi, "admin/announcement", { uid: root._id, method: "POST", json: { title: "Welcome", content: "Hello **all**", status: 0 } });
    const hidden = await api(adminApi, "admin/announcement", { uid: root._id, method: "POST", json: { title: "Draft", content: "later", status: 1 } });
    expect(shown.body.data).toMatchObject({ title: "Welcome", status: 0, username: "cm-root" });
    const home = await api(homeApi, "get-common-announcement?currentPage=1&limit=5");
    const titles = home.body.data.records.map((a: { title: string }) => a.title);
    expect(titles).toContain("Welcome");
    expect(titles).not.toContain("Draft");
    expect((await api(adminApi, "admin/announcement", { uid: root._id, method: "PUT", json: { id: hidden.body.data.id, title: "Now out", content: "later", status: 0 } })).res.status).toBe(200);
    expect((await api(homeApi, "get-common-announcement")).body.data.records.map((a: { title: string }) => a.title)).toContain("Now out");
    expect((await api(adminApi, `admin/announcement?aid=${shown.body.data.id}`, { uid: admin._id, method: "DELETE" })).res.status).toBe(403);
    expect((await api(adminApi, `admin/announcement?aid=${shown.body.data.id}`, { uid: root._id, method: "DELETE" })).res.status).toBe(200);
    expect((await api(adminApi, `admin/announcement?aid=${shown.body.data.id}`, { uid: root._id, method: "DELETE" })).res.status).toBe(404);
    expect((await api(adminApi, "admin/announcement", { uid: root._id })).body.data.total).toBe(1);
  });

  it("takes carousel pictures from the super admin and lists them for the home page", async () => {
    const uploadApi = await import("~/routes/ojapi+/file+/upload-carouse-img");
    const removeApi = await import("~/routes/ojapi+/admin+/config.home-carousel");
    const listApiC = await import("~/routes/ojapi+/_site+/home-carousel");
    const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d1b0a80000000049454e44ae426082", "hex");
    const send = async (uid: string, name: string, data: Buffer) => {
      const form = new FormData();
      form.set("image", new Blob([new Uint8Array(data)]), name);
      const r = await req("/ojapi/file/upload-carouse-img", { uid, method: "POST" });
      const h = new Headers(r.headers);
      h.delete("Content-Type");
      const res = await call(uploadApi.action, new Request(r.url, { method: "POST", headers: h, body: form }));
      return { res, body: await body<Api>(res) };
    };
    expect((await send(admin._id, "a.png", PNG)).res.status).toBe(403);
    expect((await send(root._id, "a.txt", Buffer.from("hello"))).body.msg).toBe("File type not support");
    const ok = await send(root._id, "banner.png", PNG);
    expect(ok.res.status).toBe(200);
    const listed = (await api(listApiC, "home-carousel")).body.data;
    expect(listed).toContainEqual({ id: ok.body.data.id, url: ok.body.data.url });
    expect((await api(removeApi, `admin/config/home-carousel?id=${ok.body.data.id}`, { uid: root._id, method: "DELETE" })).res.status).toBe(200);
    expect((await api(listApiC, "home-carousel")).body.data).not.toContainEqual({ id: ok.body.data.id, url: ok.body.data.url });
  });
});
