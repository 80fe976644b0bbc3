import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS, Role } from "~/lib/constants";
import { Announcement } from "~/models/announcement.server";
import { Comment } from "~/models/comment.server";
import { Discussion } from "~/models/discussion.server";
import { Group } from "~/models/group.server";
import { GroupMember } from "~/models/group-member.server";
import * as frame from "~/routes/group+/$groupId";
import * as home from "~/routes/group+/$groupId._index";
import * as discussionPage from "~/routes/group+/$groupId.discussion._index";
import * as discussionDetail from "~/routes/group+/$groupId.discussion-detail.$discussionId";
import * as discussionNew from "~/routes/group+/$groupId.discussion-edit._index";
import * as problemDiscussions from "~/routes/group+/$groupId.discussion.$problemId";
import * as siteDetail from "~/routes/_community+/discussion-detail.$discussionId";
import * as siteProblemDiscussions from "~/routes/_community+/discussion.$problemId";
import * as announcementPage from "~/routes/group+/$groupId.announcement";
import * as rankPage from "~/routes/group+/$groupId.rank";
import * as avatarPage from "~/routes/group+/$groupId_.avatar";
import * as settingsPage from "~/routes/group+/$groupId.setting";
import * as discussionList from "~/routes/ojapi+/group+/get-discussion-list";
import * as adminDiscussionList from "~/routes/ojapi+/group+/get-admin-discussion-list";
import * as discussionCall from "~/routes/ojapi+/group+/discussion";
import * as discussionDetailCall from "~/routes/ojapi+/_community+/get-discussion-detail";
import * as commentsCall from "~/routes/ojapi+/_community+/comments";
import * as announcementList from "~/routes/ojapi+/group+/get-announcement-list";
import * as adminAnnouncementList from "~/routes/ojapi+/group+/get-admin-announcement-list";
import * as announcementCall from "~/routes/ojapi+/group+/announcement";
import * as rankCall from "~/routes/ojapi+/_group+/get-group-rank-list";
import { updateGroupRankRow } from "~/services/group/rank.server";
import * as groupAvatarCall from "~/routes/ojapi+/file+/upload-group-avatar";
import * as memberCall from "~/routes/ojapi+/group+/member._index";
import * as mdImage from "~/routes/ojapi+/file+/upload-md-img";
import { createUser } from "~/services/account/users.server";
import { seedCategories } from "~/services/community/discussions.server";
import { DiscussionCategory } from "~/models/discussion.server";
import { createGroup } from "~/services/group/groups.server";
import { applyToGroup, changeMemberAuth } from "~/services/group/members.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { encodePng } from "~/services/platform/png.server";
import { closeRedis } from "~/services/platform/redis.server";
import { updateWebsiteConfig } from "~/services/site/config.server";
import { bodyRuleOf } from "../../server/body-limit";
import { body, call, cookieFor, makeProblem, makeSubmission, req } from "../fixtures/learner";

// A group's discussions, announcements, rank, avatar and handing over, through its pages and HOJ's
// calls: members read and write, the group's admins moderate and announce, its root sets the avatar;
// every refusal is a direct request answered with a translated message that changes nothing.

type User = Awaited<ReturnType<typeof createUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Api = { status: number; msg: string; data: any };

let owner: User;
let admin: User;
let amy: User;
let bob: User;
let outsider: User;
let otherOwner: User;
let root: User;
let gid = 0;
let otherGid = 0;
let categoryId = 0;

async function api(route: { loader?: unknown; action?: unknown }, path: string, o: { uid?: string; method?: string; json?: unknown } = {}) {
  const fn = o.method && o.method !== "GET" ? route.action : (route.loader ?? route.action);
  const res = await call(fn, await req(`/ojapi/${path}`, o));
  return { res, body: res.headers.get("Content-Type")?.includes("json") ? await body<Api>(res) : null };
}

const page = async (handler: unknown, path: string, uid: string | undefined, params: Record<string, string>, form?: Record<string, string>) =>
  call(handler, await req(path, { uid, ...(form ? { method: "POST", form } : {}) }), params);

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  await seedCategories();
  categoryId = (await DiscussionCategory.findOne().lean<{ _id: number }>())!._id;
  await updateWebsiteConfig({ openGroupDiscussion: true, discussionAcMin: 0, commentAcMin: 0, discussionDailyMax: 100 });
  owner = await createUser({ username: "ga-owner", password: "secret123", email: "ga-owner@example.test", role: Role.ADMIN });
  admin = await createUser({ username: "ga-admin", password: "secret123", email: "ga-admin@example.test" });
  amy = await createUser({ username: "ga-amy", password: "secret123", email: "ga-amy@example.test" });
  bob = await createUser({ username: "ga-bob", password: "secret123", email: "ga-bob@example.test" });
  outsider = await createUser({ username: "ga-out", password: "secret123", email: "ga-out@example.test" });
  otherOwner = await createUser({ username: "ga-other", password: "secret123", email: "ga-other@example.test", role: Role.ADMIN });
  root = await createUser({ username: "ga-root", password: "secret123", email: "ga-root@example.test", role: Role.SUPER_ADMIN });
  const base = { brief: "A brief text", description: "A longer description", visible: true };
  gid = (await createGroup(owner, { ...base, name: "Activity group", shortName: "actv1", auth: 2, code: "QWE123" }))._id;
  otherGid = (await createGroup(otherOwner, { ...base, name: "Another group", shortName: "actv2", auth: 1, code: "" }))._id;
  for (const u of [admin, amy, bob]) {
    await applyToGroup(u, gid, { code: "", reason: "Let me in please" });
    await changeMemberAuth(owner, gid, u._id, 3);
  }
  await changeMemberAuth(owner, gid, admin._id, 4);
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("group discussions", () => {
  let did = 0;

  it("the tab shows while group discussion is on, for members", async () => {
    const res = await page(frame.loader, `/group/${gid}`, amy._id, { groupId: String(gid) });
    expect(((await res.json()) as { groupDiscussion: boolean }).groupDiscussion).toBe(true);
    expect((await page(discussionPage.loader, `/group/${gid}/discussion`, amy._id, { groupId: String(gid) })).status).toBe(200);
  });

  it("a member posts through the page; another comments; the list shows it", async () => {
    const res = await page(discussionNew.action, `/group/${gid}/discussion-edit`, amy._id, { groupId: String(gid) }, { title: "Loops in week 2", description: "A question", content: "How do **loops** end?", categoryId: String(categoryId) });
    expect(res.status).toBe(302);
    const d = await Discussion.findOne({ gid, title: "Loops in week 2" }).lean();
    expect(d).toMatchObject({ uid: amy._id, gid });
    did = d!._id;
    expect(res.headers.get("Location")).toBe(`/group/${gid}/discussion-detail/${did}`);
    const comment = await page(discussionDetail.action, `/group/${gid}/discussion-detail/${did}`, bob._id, { groupId: String(gid), discussionId: String(did) }, { intent: "comment", content: "They end when the condition is false." });
    expect(comment.status).toBe(302);
    expect(await Comment.countDocuments({ did })).toBe(1);
    const detail = await page(discussionDetail.loader, `/group/${gid}/discussion-detail/${did}`, bob._id, { groupId: String(gid), discussionId: String(did) });
    expect(detail.status).toBe(200);
    const data = (await detail.json()) as { discussion: { title: string }; comments: { records: Array<{ content: string }> } };
    expect(data.discussion.title).toBe("Loops in week 2");
    expect(data.comments.records[0].content).toBe("They end when the condition is false.");
    const list = await api(discussionList, `group/get-discussion-list?gid=${gid}`, { uid: bob._id });
    expect(list.body?.data.records.map((r: { id: number }) => r.id)).toEqual([did]);
  });

  it("an outsider neither reads nor posts nor comments, by page or call", async () => {
    expect((await page(discussionPage.loader, `/group/${gid}/discussion`, outsider._id, { groupId: String(gid) })).status).toBe(403);
    expect((await page(discussionPage.loader, `/group/${gid}/discussion`, undefined, { groupId: String(gid) })).status).toBe(302);
    expect((await page(discussionDetail.loader, `/group/${gid}/discussion-detail/${did}`, outsider._id, { groupId: String(gid), discussionId: String(did) })).status).toBe(403);
    const post = await page(discussionNew.action, `/group/${gid}/discussion-edit`, outsider._id, { groupId: String(gid) }, { title: "Spam", description: "Spam", content: "Spam", categoryId: String(categoryId) });
    expect(post.status).toBe(403);
    const comment = await page(discussionDetail.action, `/group/${gid}/discussion-detail/${did}`, outsider._id, { groupId: String(gid), discussionId: String(did) }, { intent: "comment", content: "Let me in" });
    expect(comment.status).toBe(403);
    const read = await api(discussionList, `group/get-discussion-list?gid=${gid}`, { uid: outsider._id });
    expect(read.res.status).toBe(403);
    expect(read.body?.msg).toBe("Only the group's members may see this: join the group first!");
    const apiPost = await api(discussionCall, "group/discussion", { uid: outsider._id, method: "POST", json: { gid, title: "Spam", description: "Spam", content: "Spam", categoryId } });
    expect(apiPost.res.status).toBe(403);
    const del = await api(discussionCall, `group/discussion?did=${did}`, { uid: outsider._id, method: "DELETE" });
    expect(del.res.status).toBe(403);
    expect(await Discussion.countDocuments({ gid })).toBe(1);
    expect(await Comment.countDocuments({ did })).toBe(1);
    // Nor through the site's discussion pages.
    expect((await page(siteDetail.loader, `/discussion-detail/${did}`, outsider._id, { discussionId: String(did) })).status).toBe(404);
  });

  it("a member may not pin or delete another's discussion; the group's admin may", async () => {
    const params = { groupId: String(gid), discussionId: String(did) };
    const pin = await page(discussionDetail.action, `/group/${gid}/discussion-detail/${did}`, bob._id, params, { intent: "pin" });
    expect(pin.status).toBe(403);
    const apiPin = await api(discussionCall, "group/discussion", { uid: bob._id, method: "PUT", json: { id: did, topPriority: true } });
    expect(apiPin.res.status).toBe(403);
    expect((await api(adminDiscussionList, `group/get-admin-discussion-list?gid=${gid}`, { uid: bob._id })).res.status).toBe(403);
    expect((await Discussion.findById(did).lean())?.topPriority).toBe(false);
    expect((await page(discussionDetail.action, `/group/${gid}/discussion-detail/${did}`, admin._id, params, { intent: "pin" })).status).toBe(302);
    expect((await Discussion.findById(did).lean())?.topPriority).toBe(true);
    expect((await api(adminDiscussionList, `group/get-admin-discussion-list?gid=${gid}`, { uid: admin._id })).body?.data.total).toBe(1);
  });

  it("a hidden discussion shows to its author, the group's admins and the super admin, by page and call; other members and outsiders find nothing", async () => {
    await page(discussionNew.action, `/group/${gid}/discussion-edit`, amy._id, { groupId: String(gid) }, { title: "Hidden later", description: "A question", content: "Is this allowed?", categoryId: String(categoryId) });
    const hid = (await Discussion.findOne({ gid, title: "Hidden later" }).lean())!._id;
    const params = { groupId: String(gid), discussionId: String(hid) };
    const path = `/group/${gid}/discussion-detail/${hid}`;
    expect((await page(discussionDetail.action, path, bob._id, params, { intent: "comment", content: "Before it was hidden." })).status).toBe(302);
    expect((await api(discussionCall, "group/discussion", { uid: admin._id, method: "PUT", json: { id: hid, status: 1 } })).res.status).toBe(200);
    expect((await Discussion.findById(hid).lean())?.status).toBe(1);

    type Detail = { discussion: { title: string; status: number }; comments: { records: Array<{ content: string }> }; commentRefusal: string | null };
    for (const u of [amy, root, admin]) {
      const res = await page(discussionDetail.loader, path, u._id, params);
      expect(res.status, u.username).toBe(200);
      const data = (await res.json()) as Detail;
      expect(data.discussion, u.username).toMatchObject({ title: "Hidden later", status: 1 });
      expect(data.comments.records.map((c) => c.content)).toEqual(["Before it was hidden."]);
      expect(data.commentRefusal).toBe("This discussion is hidden: it takes no new comments");
      const call = await api(discussionDetailCall, `get-discussion-detail?did=${hid}`, { uid: u._id });
      expect(call.res.status, u.username).toBe(200);
      expect(call.body?.data).toMatchObject({ id: hid, title: "Hidden later", status: 1, gid });
      const comments = await api(commentsCall, `comments?did=${hid}`, { uid: u._id });
      expect(comments.res.status, u.username).toBe(200);
      expect(comments.body?.data.commentList.records.map((c: { content: string }) => c.content)).toEqual(["Before it was hidden."]);
    }

    // Another member, an outsider and a visitor: not found (the outsider's page is the group's refusal).
    expect((await page(discussionDetail.loader, path, bob._id, params)).status).toBe(404);
    expect((await page(discussionDetail.loader, path, outsider._id, params)).status).toBe(403);
    for (const uid of [bob._id, outsider._id, undefined]) {
      const call = await api(discussionDetailCall, `get-discussion-detail?did=${hid}`, { uid });
      expect(call.res.status, uid).toBe(404);
      expect(call.body?.msg).toBe("The discussion does not exist!");
      expect((await api(commentsCall, `comments?did=${hid}`, { uid })).res.status, uid).toBe(404);
    }

    // It takes no comments meanwhile, not even its author's.
    const late = await page(discussionDetail.action, path, amy._id, params, { intent: "comment", content: "After it was hidden." });
    expect(late.status).toBe(403);
    expect(await Comment.countDocuments({ did: hid })).toBe(1);

    // A group discussion shown normally: the same call answers its members, and tells outsiders to join.
    expect((await api(discussionDetailCall, `get-discussion-detail?did=${did}`, { uid: bob._id })).body?.data).toMatchObject({ id: did, gid });
    const outside = await api(discussionDetailCall, `get-discussion-detail?did=${did}`, { uid: outsider._id });
    expect(outside.res.status).toBe(403);
    expect(outside.body?.msg).toBe("Only the group's members may see this: join the group first!");
    await Discussion.deleteOne({ _id: hid });
    await Comment.deleteMany({ did: hid });
  });

  it("HOJ's calls post, edit (the author) and delete (the group's admin)", async () => {
    const created = await api(discussionCall, "group/discussion", { uid: bob._id, method: "POST", json: { gid, title: "Arrays", description: "Indexing", content: "Zero or one?", categoryId } });
    expect(created.res.status).toBe(200);
    const id = created.body?.data.id as number;
    expect((await api(discussionCall, "group/discussion", { uid: amy._id, method: "PUT", json: { id, title: "Taken", description: "x", content: "x", categoryId } })).res.status).toBe(403);
    expect((await api(discussionCall, "group/discussion", { uid: bob._id, method: "PUT", json: { id, title: "Arrays, again", description: "Indexing", content: "Zero.", categoryId } })).res.status).toBe(200);
    expect((await Discussion.findById(id).lean())?.title).toBe("Arrays, again");
    expect((await api(discussionCall, `group/discussion?did=${id}`, { uid: admin._id, method: "DELETE" })).res.status).toBe(200);
    expect(await Discussion.findById(id).lean()).toBeNull();
    expect((await api(discussionCall, "group/discussion?did=abc", { uid: admin._id, method: "DELETE" })).res.status).toBe(400);
  });

  it("closed when the site's switch is off", async () => {
    await updateWebsiteConfig({ openGroupDiscussion: false });
    try {
      const res = await page(discussionPage.loader, `/group/${gid}/discussion`, amy._id, { groupId: String(gid) });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/group/${gid}?notice=noGroupDiscussion`);
      const read = await api(discussionList, `group/get-discussion-list?gid=${gid}`, { uid: amy._id });
      expect(read.res.status).toBe(403);
      expect(((await (await page(frame.loader, `/group/${gid}`, amy._id, { groupId: String(gid) })).json()) as { groupDiscussion: boolean }).groupDiscussion).toBe(false);
    } finally {
      await updateWebsiteConfig({ openGroupDiscussion: true });
    }
  });

  it("the Markdown image upload answers with the viewer's role in the group", async () => {
    const send = async (uid: string, g: number) => {
      const form = new FormData();
      form.set("image", new Blob([new Uint8Array(encodePng(2, 2, new Uint8Array(16).fill(9)))]), "a.png");
      form.set("gid", String(g));
      return call(mdImage.action, new Request("http://localhost/ojapi/file/upload-md-img", { method: "POST", headers: { Cookie: await cookieFor(uid), "Accept-Language": "en" }, body: form }));
    };
    expect((await send(admin._id, gid)).status).toBe(200);
    expect((await send(amy._id, gid)).status).toBe(403);
    expect((await send(admin._id, otherGid)).status).toBe(403);
  });
});

describe("a group problem's discussions (/group/{gid}/discussion/{problemId})", () => {
  const listOf = async (uid: string | undefined, problemId: string, g = gid) => page(problemDiscussions.loader, `/group/${g}/discussion/${problemId}`, uid, { groupId: String(g), problemId });
  type ListData = { problemId: string; pageTitle: string; paths: { list: string; problem: string }; list: { records: Array<{ id: number; pid: string | null }> } };

  beforeAll(async () => {
    await makeProblem({ problemId: "ACTV11", gid, auth: 1 });
    await makeProblem({ problemId: "ACTV12", gid, auth: 2 });
    await makeProblem({ problemId: "ACTV21", gid: otherGid, auth: 1 });
    await makeProblem({ problemId: "GA1001" });
  });

  it("a member posts from the problem's list; the discussion is tied to the problem in the group", async () => {
    const empty = await listOf(amy._id, "actv11");
    expect(empty.status).toBe(200);
    const data = (await empty.json()) as ListData;
    expect(data).toMatchObject({ problemId: "ACTV11", pageTitle: "Discussions of ACTV11", paths: { list: `/group/${gid}/discussion`, problem: `/group/${gid}/problem` } });
    expect(data.list.records).toEqual([]);
    const form = await page(discussionNew.loader, `/group/${gid}/discussion-edit?pid=ACTV11`, amy._id, { groupId: String(gid) });
    expect(((await form.json()) as { initial: { pid: string } }).initial.pid).toBe("ACTV11");
    const posted = await page(discussionNew.action, `/group/${gid}/discussion-edit`, amy._id, { groupId: String(gid) }, { title: "Overflow?", description: "Large sums", content: "Does it overflow?", categoryId: String(categoryId), pid: "ACTV11" });
    expect(posted.status).toBe(302);
    const d = await Discussion.findOne({ gid, pid: "ACTV11" }).lean();
    expect(d).toMatchObject({ uid: amy._id, title: "[ACTV11] Overflow?" });
    const byCall = await api(discussionCall, "group/discussion", { uid: bob._id, method: "POST", json: { gid, title: "Edge cases", description: "Zero", content: "What about 0 0?", categoryId, pid: "actv11" } });
    expect(byCall.res.status, byCall.body?.msg).toBe(200);
    const list = (await (await listOf(bob._id, "ACTV11")).json()) as ListData;
    expect(list.list.records.map((r) => r.id).sort()).toEqual([d!._id, byCall.body?.data.id].sort());
    expect(list.list.records.every((r) => r.pid === "ACTV11")).toBe(true);
    // The group's whole list has them too; the site has no list of the group's problem.
    const all = (await (await page(discussionPage.loader, `/group/${gid}/discussion`, bob._id, { groupId: String(gid) })).json()) as ListData;
    expect(all.list.records.map((r) => r.id)).toContain(d!._id);
    expect((await page(siteProblemDiscussions.loader, "/discussion/ACTV11", bob._id, { problemId: "ACTV11" })).status).toBe(404);
  });

  it("an unknown id, another group's problem, a bank problem and (for a member) a private one are not found; nothing is posted about them", async () => {
    for (const problemId of ["NOPE1", "ACTV21", "GA1001", "ACTV12", "x".repeat(101)]) expect((await listOf(amy._id, problemId)).status, problemId).toBe(404);
    expect((await listOf(admin._id, "ACTV12")).status).toBe(200);
    const before = await Discussion.countDocuments({});
    for (const pid of ["ACTV21", "GA1001", "ACTV12"]) {
      const viaPage = await page(discussionNew.action, `/group/${gid}/discussion-edit`, amy._id, { groupId: String(gid) }, { title: "Elsewhere", description: "x", content: "x", categoryId: String(categoryId), pid });
      expect(viaPage.status, pid).toBe(400);
      expect(((await viaPage.json()) as { error: string }).error).toBe("The problem does not exist!");
      const viaCall = await api(discussionCall, "group/discussion", { uid: amy._id, method: "POST", json: { gid, title: "Elsewhere", description: "x", content: "x", categoryId, pid } });
      expect(viaCall.res.status, pid).toBe(400);
    }
    expect(await Discussion.countDocuments({})).toBe(before);
  });

  it("refused as the group's list is: outsiders, visitors, and everyone while group discussion is off", async () => {
    expect((await listOf(outsider._id, "ACTV11")).status).toBe(403);
    const visitor = await listOf(undefined, "ACTV11");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toContain("login=1");
    expect((await listOf(otherOwner._id, "ACTV11")).status).toBe(403);
    await updateWebsiteConfig({ openGroupDiscussion: false });
    try {
      const closed = await listOf(amy._id, "ACTV11");
      expect(closed.status).toBe(302);
      expect(closed.headers.get("Location")).toBe(`/group/${gid}?notice=noGroupDiscussion`);
    } finally {
      await updateWebsiteConfig({ openGroupDiscussion: true });
    }
  });
});

describe("group announcements", () => {
  let ownerAid = 0;
  let adminAid = 0;

  it("a member acting as admin is refused by page and call; nothing is written", async () => {
    const res = await api(announcementCall, "group/announcement", { uid: amy._id, method: "POST", json: { gid, title: "Hi", content: "From a member", status: 0 } });
    expect(res.res.status).toBe(403);
    expect(res.body?.msg).toBe("Only the group's administrators may do this!");
    const form = await page(announcementPage.action, `/group/${gid}/announcement`, amy._id, { groupId: String(gid) }, { intent: "save", title: "Hi", content: "From a member", visible: "on" });
    expect(form.status).toBe(403);
    expect(((await form.json()) as { error: string }).error).toBe("Only the group's administrators may do this!");
    expect((await page(announcementPage.loader, `/group/${gid}/announcement`, amy._id, { groupId: String(gid) })).status).toBe(403);
    expect((await api(adminAnnouncementList, `group/get-admin-announcement-list?gid=${gid}`, { uid: amy._id })).res.status).toBe(403);
    expect(await Announcement.countDocuments({ gid })).toBe(0);
  });

  it("the group's admins write through the page and the call; bad input is refused with its message", async () => {
    const bad = await page(announcementPage.action, `/group/${gid}/announcement`, admin._id, { groupId: String(gid) }, { intent: "save", title: "", content: "x" });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { errors: Record<string, string> }).errors)).toContain("title");
    const made = await page(announcementPage.action, `/group/${gid}/announcement`, admin._id, { groupId: String(gid) }, { intent: "save", title: "Homework", content: "Read chapter **2**", visible: "on" });
    expect(made.status).toBe(302);
    adminAid = (await Announcement.findOne({ gid, title: "Homework" }).lean())!._id;
    const byCall = await api(announcementCall, "group/announcement", { uid: owner._id, method: "POST", json: { gid, title: "Exam day", content: "Friday", status: 1 } });
    expect(byCall.res.status).toBe(200);
    ownerAid = byCall.body?.data.id;
    expect(byCall.body?.data).toMatchObject({ gid, title: "Exam day", status: 1, username: "ga-owner" });
  });

  it("members read the visible ones; outsiders none", async () => {
    const read = await api(announcementList, `group/get-announcement-list?gid=${gid}`, { uid: amy._id });
    expect(read.body?.data.records.map((a: { title: string }) => a.title)).toEqual(["Homework"]);
    expect(read.body?.data.total).toBe(1);
    const shown = (await (await page(home.loader, `/group/${gid}`, amy._id, { groupId: String(gid) })).json()) as { announcements: Array<{ title: string }> };
    expect(shown.announcements.map((a) => a.title)).toEqual(["Homework"]);
    expect((await api(announcementList, `group/get-announcement-list?gid=${gid}`, { uid: outsider._id })).res.status).toBe(403);
    const admins = await api(adminAnnouncementList, `group/get-admin-announcement-list?gid=${gid}`, { uid: admin._id });
    expect(admins.body?.data.records.map((a: { title: string; editable: boolean }) => [a.title, a.editable])).toEqual([
      ["Exam day", false],
      ["Homework", true],
    ]);
  });

  it("an admin changes only their own; the root changes any; toggling and deleting", async () => {
    const foreign = await api(announcementCall, "group/announcement", { uid: admin._id, method: "PUT", json: { id: ownerAid, gid, title: "Changed", content: "x", status: 0 } });
    expect(foreign.res.status).toBe(403);
    expect(foreign.body?.msg).toBe("Only the group's root or the administrator who wrote it may change it!");
    expect((await Announcement.findById(ownerAid).lean())?.title).toBe("Exam day");
    expect((await page(announcementPage.action, `/group/${gid}/announcement`, owner._id, { groupId: String(gid) }, { intent: "show", id: String(ownerAid) })).status).toBe(302);
    expect((await Announcement.findById(ownerAid).lean())?.status).toBe(0);
    expect((await api(announcementCall, "group/announcement", { uid: owner._id, method: "PUT", json: { id: adminAid, gid, title: "Homework (updated)", content: "Chapter 3", status: 0 } })).res.status).toBe(200);
    const ask = await page(announcementPage.action, `/group/${gid}/announcement`, admin._id, { groupId: String(gid) }, { intent: "delete", id: String(adminAid) });
    expect(((await ask.json()) as { confirm: number }).confirm).toBe(adminAid);
    expect(await Announcement.findById(adminAid).lean()).not.toBeNull();
    expect((await page(announcementPage.action, `/group/${gid}/announcement`, admin._id, { groupId: String(gid) }, { intent: "delete", id: String(adminAid), confirmed: "1" })).status).toBe(302);
    expect(await Announcement.findById(adminAid).lean()).toBeNull();
  });

  it("a group's admin editing another group's announcement by id is refused", async () => {
    const theirs = await api(announcementCall, "group/announcement", { uid: otherOwner._id, method: "POST", json: { gid: otherGid, title: "Other news", content: "Elsewhere", status: 0 } });
    const id = theirs.body?.data.id as number;
    const put = await api(announcementCall, "group/announcement", { uid: owner._id, method: "PUT", json: { id, gid, title: "Hijacked", content: "x", status: 0 } });
    expect(put.res.status).toBe(404);
    const put2 = await api(announcementCall, "group/announcement", { uid: admin._id, method: "PUT", json: { id, title: "Hijacked", content: "x", status: 0 } });
    expect(put2.res.status).toBe(403);
    expect((await api(announcementCall, `group/announcement?aid=${id}`, { uid: admin._id, method: "DELETE" })).res.status).toBe(403);
    const viaPage = await page(announcementPage.action, `/group/${gid}/announcement`, owner._id, { groupId: String(gid) }, { intent: "delete", id: String(id), confirmed: "1" });
    expect(viaPage.status).toBe(404);
    expect((await Announcement.findById(id).lean())?.title).toBe("Other news");
    expect((await api(announcementCall, "group/announcement?aid=x", { uid: owner._id, method: "DELETE" })).res.status).toBe(400);
  });
});

describe("group rank", () => {
  it("ranks the group's members only over the group's submissions, ACM and OI", async () => {
    const p1 = await makeProblem({ _id: 7101, problemId: "ACTV1-1", gid });
    const p2 = await makeProblem({ _id: 7102, problemId: "ACTV1-2", gid });
    const publicP = await makeProblem({ _id: 7103, problemId: "GA7103" });
    const sub = (u: User, p: typeof p1, status: number, oiRankScore: number, g: number | null = gid) => makeSubmission(u, p, { gid: g, status, countedStatus: status, oiRankScore });
    await sub(amy, p1, 0, 100);
    await sub(amy, p2, 0, 100);
    await sub(bob, p1, -1, 40);
    await sub(bob, p1, 0, 100);
    await sub(bob, p2, -1, 70);
    await sub(outsider, p1, 0, 100);
    await sub(bob, publicP, 0, 100, null);
    // Written directly: each author's kept row moved as the applier moves it after a verdict.
    for (const u of [amy, bob, outsider]) await updateGroupRankRow(gid, u._id);
    const acm = await api(rankCall, `get-group-rank-list?gid=${gid}&type=0&currentPage=1&limit=30`, { uid: amy._id });
    expect(acm.res.status).toBe(200);
    const rows = acm.body?.data.records as Array<{ username: string; ac: number; total: number; score: number; rank: number }>;
    expect(rows.slice(0, 2).map((r) => [r.username, r.ac, r.total])).toEqual([
      ["ga-amy", 2, 2],
      ["ga-bob", 1, 3],
    ]);
    expect(rows.map((r) => r.username)).not.toContain("ga-out");
    expect(rows.map((r) => r.username).sort()).toEqual(["ga-admin", "ga-amy", "ga-bob", "ga-owner"]);
    const oi = await api(rankCall, `get-group-rank-list?gid=${gid}&type=1&searchUser=bob`, { uid: bob._id });
    expect(oi.body?.data.records.map((r: { username: string; score: number; rank: number }) => [r.username, r.score, r.rank])).toEqual([["ga-bob", 170, 2]]);
    const viaPage = await page(rankPage.loader, `/group/${gid}/rank?type=1`, bob._id, { groupId: String(gid) });
    expect(viaPage.status).toBe(200);
  });

  it("is refused outside the group", async () => {
    const res = await api(rankCall, `get-group-rank-list?gid=${gid}&type=0`, { uid: outsider._id });
    expect(res.res.status).toBe(403);
    expect((await page(rankPage.loader, `/group/${gid}/rank`, outsider._id, { groupId: String(gid) })).status).toBe(403);
    expect((await api(rankCall, "get-group-rank-list?gid=x", { uid: amy._id })).res.status).toBe(400);
  });
});

describe("group avatar", () => {
  const png = (side = 4) => encodePng(side, side, new Uint8Array(side * side * 4).fill(120));
  const send = async (handler: unknown, path: string, uid: string, file: { data: Buffer; name: string } | null, g: number | null, params: Record<string, string> = {}) => {
    const form = new FormData();
    if (file) form.set("image", new Blob([new Uint8Array(file.data)]), file.name);
    if (g !== null) form.set("gid", String(g));
    return call(handler, new Request(`http://localhost${path}`, { method: "POST", headers: { Cookie: await cookieFor(uid), "Accept-Language": "en" }, body: form }), params);
  };
  const avatarOf = async (g: number) => (await Group.findById(g).lean())?.avatar ?? "";

  it("the root uploads through the call and the settings page", async () => {
    const res = await send(groupAvatarCall.action, "/ojapi/file/upload-group-avatar", owner._id, { data: png(), name: "class.png" }, gid);
    expect(res.status).toBe(200);
    const b = await body<Api>(res);
    expect(b.data.avatar).toMatch(/^\/avatar\/[0-9a-f]{32}\.png$/);
    expect(await avatarOf(gid)).toBe(b.data.avatar);
    const viaPage = await send(avatarPage.action, `/group/${gid}/avatar`, owner._id, { data: png(6), name: "class.gif.png" }, null, { groupId: String(gid) });
    expect(viaPage.status).toBe(302);
    expect(viaPage.headers.get("Location")).toBe(`/group/${gid}/setting#avatar`);
    expect(await avatarOf(gid)).not.toBe(b.data.avatar);
    const settings = (await (await page(settingsPage.loader, `/group/${gid}/setting`, owner._id, { groupId: String(gid) })).json()) as { avatar: string };
    expect(settings.avatar).toBe(await avatarOf(gid));
    expect(bodyRuleOf("/ojapi/file/upload-group-avatar").counted).toBe(true);
    expect(bodyRuleOf(`/group/${gid}/avatar`).counted).toBe(true);
  });

  it("refuses a wrong type, a picture over 2 MB, an admin who is not root and another group's root", async () => {
    const before = await avatarOf(gid);
    const fake = await send(groupAvatarCall.action, "/ojapi/file/upload-group-avatar", owner._id, { data: Buffer.from("not a picture"), name: "x.png" }, gid);
    expect(fake.status).toBe(400);
    expect((await body<Api>(fake)).msg).toBe("File type not support");
    const svg = await send(groupAvatarCall.action, "/ojapi/file/upload-group-avatar", owner._id, { data: png(), name: "x.svg" }, gid);
    expect(svg.status).toBe(400);
    const big = await send(groupAvatarCall.action, "/ojapi/file/upload-group-avatar", owner._id, { data: Buffer.concat([png(), Buffer.alloc(LIMITS.avatarMaxBytes)]), name: "big.png" }, gid);
    expect(big.status).toBe(413);
    expect((await body<Api>(big)).msg).toBe("Exceed max size limit");
    const notRoot = await send(groupAvatarCall.action, "/ojapi/file/upload-group-avatar", admin._id, { data: png(), name: "a.png" }, gid);
    expect(notRoot.status).toBe(403);
    expect((await body<Api>(notRoot)).msg).toBe("Only the group's root may change its settings!");
    const other = await send(groupAvatarCall.action, "/ojapi/file/upload-group-avatar", otherOwner._id, { data: png(), name: "a.png" }, gid);
    expect(other.status).toBe(403);
    expect((await send(avatarPage.action, `/group/${gid}/avatar`, amy._id, { data: png(), name: "a.png" }, null, { groupId: String(gid) })).status).toBe(403);
    expect((await send(groupAvatarCall.action, "/ojapi/file/upload-group-avatar", owner._id, { data: png(), name: "a.png" }, null)).status).toBe(400);
    expect(await avatarOf(gid)).toBe(before);
  });
});

describe("handing over through PUT /ojapi/group/member", () => {
  it("an admin may not make anyone root; the owner hands the group to a member with auth 5", async () => {
    const refused = await api(memberCall, "group/member", { uid: admin._id, method: "PUT", json: { gid, uid: bob._id, auth: 5 } });
    expect(refused.res.status).toBe(403);
    expect((await Group.findById(gid).lean())?.uid).toBe(owner._id);
    const done = await api(memberCall, "group/member", { uid: owner._id, method: "PUT", json: { gid, uid: admin._id, auth: 5 } });
    expect(done.res.status).toBe(200);
    const g = await Group.findById(gid).lean();
    expect(g).toMatchObject({ uid: admin._id, owner: "ga-admin" });
    expect(await GroupMember.findOne({ gid, uid: admin._id }).lean()).toMatchObject({ auth: 5 });
    expect(await GroupMember.findOne({ gid, uid: owner._id }).lean()).toMatchObject({ auth: 4 });
  });
});
