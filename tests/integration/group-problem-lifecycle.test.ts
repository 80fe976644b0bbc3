import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProblemAuth, Role } from "~/lib/constants";
import { ApplyProgress } from "~/lib/group-problem";
import { BoardRow } from "~/models/contest-board.server";
import { ContestProblem } from "~/models/contest-problem.server";
import { Problem } from "~/models/problem.server";
import { Submission } from "~/models/submission.server";
import { Training } from "~/models/training.server";
import { TrainingCategory } from "~/models/training-category.server";
import { TrainingProblem } from "~/models/training-problem.server";
import { TrainingRank } from "~/models/training-rank.server";
import * as groupProblem from "~/routes/ojapi+/group+/problem";
import * as problemsTab from "~/routes/group+/$groupId.problem._index";
import * as trainingCall from "~/routes/ojapi+/group+/training";
import * as trainingFromGroup from "~/routes/ojapi+/group+/add-training-problem-from-group";
import * as contestCall from "~/routes/ojapi+/group+/contest";
import * as contestFromGroup from "~/routes/ojapi+/group+/add-contest-problem-from-group";
import * as adminProblem from "~/routes/ojapi+/admin+/problem._index";
import * as contestProblemCall from "~/routes/ojapi+/group+/contest-problem";
import * as createContestProblemPage from "~/routes/group+/$groupId.contest.$contestId.create-problem";
import * as problemList from "~/routes/ojapi+/group+/get-problem-list";
import * as reviewPage from "~/routes/admin+/group-problem.apply";
import * as changeProgress from "~/routes/ojapi+/admin+/group-problem.change-progress";
import * as messagePage from "~/routes/_community+/message.$type";
import * as msgMine from "~/routes/ojapi+/msg+/mine";
import * as msgSys from "~/routes/ojapi+/msg+/sys";
import { UserMessage } from "~/models/message.server";
import { sendSystemMessages, sendUserMessage, unreadCounts } from "~/services/community/messages.server";
import { createUser } from "~/services/account/users.server";
import { contestInputSchema, createContest } from "~/services/contest/contests.server";
import { addContestProblem } from "~/services/contest/problems.server";
import { rebuildBoard } from "~/services/contest/board.server";
import { createGroup, deleteGroup } from "~/services/group/groups.server";
import { applyGroupProblemPublic } from "~/services/group/problems.server";
import { applyToGroup, changeMemberAuth } from "~/services/group/members.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { updateWebsiteConfig } from "~/services/site/config.server";
import { addTrainingProblem } from "~/services/training/problems.server";
import { trainingVerdictApplied } from "~/services/training/rank.server";
import { createTraining } from "~/services/training/trainings.server";
import { api, contestBody, problemDto } from "../fixtures/hoj-bodies";
import { call, cookieFor, makeProblem, makeSubmission, req } from "../fixtures/learner";
import { problemForm } from "../fixtures/problem-form";
import { administerContest, SITE } from "~/services/contest/scope.server";
import { administerTraining, SITE as TRAINING_SITE } from "~/services/training/scope.server";

// What becomes of a group problem once it is written: deleting it takes it out of the contests and
// trainings that list it (their boards, problem counts and ranks follow, submissions stay), also
// when its group is disbanded; the site's decision on its application for the bank is told to the
// group's owner and its author, in each reader's language; a group contest's own problem is made
// through HOJ's group contest-problem call.

type User = Awaited<ReturnType<typeof createUser>>;

let owner: User;
let author: User;
let member: User;
let siteAdmin: User;
let gid = 0;
const CATEGORY = 9801;

async function groupProblemOf(g: number, problemId: string, uid: string) {
  const made = await api(groupProblem, "group/problem", { uid, method: "POST", json: problemDto({ problemId, gid: g, type: 1 }) });
  expect(made.res.status, made.body?.msg).toBe(200);
  return made.body?.data as { id: number; problemId: string; title: string };
}

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  await updateWebsiteConfig({ groupAcMin: 0, groupDailyMax: 10, groupTotalMax: 10 });
  const mk = (name: string, role?: number) => createUser({ username: `gpl-${name}`, password: "secret123", email: `gpl-${name}@example.test`, ...(role ? { role } : {}) });
  owner = await mk("owner");
  author = await mk("author");
  member = await mk("member");
  siteAdmin = await mk("siteadmin", Role.ADMIN);
  gid = (await createGroup(owner, { brief: "A brief text", description: "A longer description", visible: true, name: "Lifecycle class", shortName: "life1", auth: 1, code: "" }))._id;
  for (const u of [author, member]) await applyToGroup(u, gid, { code: "", reason: "Let me in please" });
  await changeMemberAuth(owner, gid, author._id, 4);
  await TrainingCategory.create({ _id: CATEGORY, name: "Basics", color: "#2d8cf0", gid: null });
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("deleting a group problem", () => {
  let first: { id: number; problemId: string; title: string };
  let second: { id: number; problemId: string; title: string };
  let tid = 0;
  let cid = 0;

  beforeAll(async () => {
    first = await groupProblemOf(gid, "1", author._id);
    second = await groupProblemOf(gid, "2", author._id);
    const training = await api(trainingCall, "group/training", { uid: author._id, method: "POST", json: { training: { title: "Sums", description: "Two sums", auth: "Public", gid, rank: 1 }, trainingCategory: { id: CATEGORY } } });
    expect(training.res.status, training.body?.msg).toBe(200);
    tid = training.body?.data.training.id;
    const contest = await api(contestCall, "group/contest", { uid: author._id, method: "POST", json: { ...contestBody(), gid } });
    expect(contest.res.status, contest.body?.msg).toBe(200);
    cid = contest.body?.data.id;
    for (const [p, displayId] of [
      [first, "A"],
      [second, "B"],
    ] as const) {
      expect((await api(trainingFromGroup, "group/add-training-problem-from-group", { uid: author._id, method: "POST", json: { tid, problemId: p.problemId } })).res.status).toBe(200);
      expect((await api(contestFromGroup, "group/add-contest-problem-from-group", { uid: author._id, method: "POST", json: { cid, problemId: p.problemId, displayId } })).res.status).toBe(200);
      await makeSubmission(member, { _id: p.id, problemId: p.problemId, title: p.title }, { tid, gid, status: 0, countedStatus: 0, score: 100, time: 5 });
      await makeSubmission(member, { _id: p.id, problemId: p.problemId, title: p.title }, { cid, status: 0, score: 100, time: 5, submitTime: new Date() });
    }
    await trainingVerdictApplied(tid, member._id);
    await rebuildBoard(cid);
  });

  it("starts with both problems in the training's rank and the contest's board", async () => {
    expect(await Training.findById(tid).lean()).toMatchObject({ problemCount: 2 });
    expect(await TrainingRank.findById(`${tid}:${member._id}`).lean()).toMatchObject({ ac: 2 });
    expect(await BoardRow.findOne({ cid, uid: member._id, view: "live" }).lean()).toMatchObject({ totalScore: 200 });
  });

  it("a member who is not an admin may not delete it, by page or call; nothing changes", async () => {
    const viaCall = await api(groupProblem, `group/problem?pid=${first.id}`, { uid: member._id, method: "DELETE" });
    expect(viaCall.res.status).toBe(403);
    const viaPage = await call(problemsTab.action, await req(`/group/${gid}/problem`, { uid: member._id, form: { intent: "delete", pid: String(first.id), confirmed: "1" } }), { groupId: String(gid) });
    expect(viaPage.status).toBe(403);
    expect(await Problem.exists({ _id: first.id })).toBeTruthy();
    expect(await TrainingProblem.countDocuments({ tid })).toBe(2);
    expect(await ContestProblem.countDocuments({ cid })).toBe(2);
  });

  it("its author deletes it: it leaves the training and the contest, the rank and board follow, the submissions stay", async () => {
    const subs = await Submission.countDocuments({ pid: first.id });
    const viaPage = await call(problemsTab.action, await req(`/group/${gid}/problem`, { uid: author._id, form: { intent: "delete", pid: String(first.id), confirmed: "1" } }), { groupId: String(gid) });
    expect(viaPage.status).toBe(302);
    expect(await Problem.exists({ _id: first.id })).toBeFalsy();
    expect(await TrainingProblem.find({ tid }).lean()).toMatchObject([{ pid: second.id }]);
    expect(await Training.findById(tid).lean()).toMatchObject({ problemCount: 1 });
    const rank = await TrainingRank.findById(`${tid}:${member._id}`).lean();
    expect(rank).toMatchObject({ ac: 1 });
    expect(Object.keys(rank!.submissionInfo)).toEqual([second.problemId]);
    expect(await ContestProblem.find({ cid }).lean()).toMatchObject([{ pid: second.id, displayId: "B" }]);
    const row = await BoardRow.findOne({ cid, uid: member._id, view: "live" }).lean();
    expect(row).toMatchObject({ totalScore: 100 });
    expect(Object.keys(row!.cells)).toEqual([String(second.id)]);
    expect(await Submission.countDocuments({ pid: first.id })).toBe(subs);
  });

  it("the site admin's delete call takes it out too", async () => {
    const gone = await api(adminProblem, `admin/problem?pid=${second.id}`, { uid: siteAdmin._id, method: "DELETE" });
    expect(gone.res.status, gone.body?.msg).toBe(200);
    expect(await TrainingProblem.countDocuments({ tid })).toBe(0);
    expect(await Training.findById(tid).lean()).toMatchObject({ problemCount: 0 });
    expect(await TrainingRank.exists({ tid })).toBeFalsy();
    expect(await ContestProblem.countDocuments({ cid })).toBe(0);
  });
});

describe("disbanding a group", () => {
  it("takes its problems the bank took in out of the site's trainings and contests", async () => {
    const gone = (await createGroup(owner, { brief: "A brief text", description: "A longer description", visible: true, name: "Short-lived class", shortName: "life2", auth: 1, code: "" }))._id;
    const accepted = await groupProblemOf(gone, "1", owner._id);
    await Problem.updateOne({ _id: accepted.id }, { $set: { applyPublicProgress: ApplyProgress.PUBLIC, auth: ProblemAuth.PUBLIC } });
    const training = await createTraining(siteAdmin, { title: "Site sums", description: "From a group", auth: "Public", privatePwd: "", rank: 1, categoryId: CATEGORY, status: true }, TRAINING_SITE);
    await addTrainingProblem(await administerTraining(training._id, siteAdmin, null), { tid: training._id, pid: accepted.id }, "public");
    const contest = await createContest(siteAdmin, contestInputSchema.parse(contestBody({ title: "Site cup" })), SITE);
    await addContestProblem(await administerContest(contest._id, siteAdmin, null), { cid: contest._id, pid: accepted.id, displayId: "A", displayTitle: "", color: "" }, "public");
    expect(await Training.findById(training._id).lean()).toMatchObject({ problemCount: 1 });
    await deleteGroup(owner, gone);
    expect(await Problem.exists({ _id: accepted.id })).toBeFalsy();
    expect(await TrainingProblem.countDocuments({ tid: training._id })).toBe(0);
    expect(await Training.findById(training._id).lean()).toMatchObject({ problemCount: 0 });
    expect(await ContestProblem.countDocuments({ cid: contest._id })).toBe(0);
  });
});

describe("the site's decision on a group problem's application", () => {
  type Shown = { records: Array<{ title: string; content: string; url: string; state: boolean }>; total: number };
  let accepted: { id: number; problemId: string; title: string };
  let refused: { id: number; problemId: string; title: string };
  let byOwner: { id: number; problemId: string; title: string };

  const mineOf = async (uid: string) => UserMessage.find({ recipientUid: uid, type: "mine" }).sort({ _id: 1 }).lean();
  const review = async (uid: string, pid: number, progress: number) => call(reviewPage.action, await req("/admin/group-problem/apply", { uid, form: { pid: String(pid), progress: String(progress) } }));

  beforeAll(async () => {
    accepted = await groupProblemOf(gid, "3", author._id);
    refused = await groupProblemOf(gid, "4", author._id);
    byOwner = await groupProblemOf(gid, "5", owner._id);
    for (const p of [accepted, refused]) await applyGroupProblemPublic(author, gid, p.id, true);
    await applyGroupProblemPublic(owner, gid, byOwner.id, true);
  });

  it("refuses a reviewer without an admin role, by page and call; nobody is told", async () => {
    expect((await review(member._id, accepted.id, ApplyProgress.PUBLIC)).status).toBe(403);
    const viaCall = await api(changeProgress, "admin/group-problem/change-progress", { uid: author._id, method: "PUT", json: { pid: accepted.id, progress: ApplyProgress.PUBLIC } });
    expect(viaCall.res.status).toBe(403);
    expect(await Problem.findById(accepted.id).lean()).toMatchObject({ applyPublicProgress: ApplyProgress.APPLYING });
    expect(await UserMessage.countDocuments({ type: "mine" })).toBe(0);
  });

  it("an acceptance tells the group's owner and the problem's author, nobody else", async () => {
    const res = await review(siteAdmin._id, accepted.id, ApplyProgress.PUBLIC);
    expect(res.status).toBe(302);
    expect(await Problem.findById(accepted.id).lean()).toMatchObject({ applyPublicProgress: ApplyProgress.PUBLIC });
    for (const u of [owner, author]) {
      const mine = await mineOf(u._id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ senderUid: siteAdmin._id, titleKey: "group-problem:decision.acceptedTitle", textParams: { problemId: accepted.problemId, title: accepted.title, group: "Lifecycle class" } });
      expect((await unreadCounts(u._id)).mine).toBe(1);
    }
    for (const u of [member, siteAdmin]) expect(await mineOf(u._id)).toHaveLength(0);
  });

  it("reads in the reader's language on the message page and in HOJ's /msg/mine", async () => {
    const zh = await call(messagePage.loader, await req("/message/mine", { uid: owner._id, lang: "zh-CN" }), { type: "mine" });
    const zhData = (await zh.json()) as Shown;
    expect(zhData.records[0]).toMatchObject({
      title: `题目 ${accepted.problemId} 的公开申请已通过`,
      content: `团队「Lifecycle class」的题目 ${accepted.problemId}「${accepted.title}」已通过管理员审核，加入公开题库。`,
      url: `/group/${gid}/problem/${accepted.problemId}`,
      state: false,
    });
    const en = await api(msgMine, "msg/mine?currentPage=1&limit=8", { uid: author._id, lang: "en" });
    expect(en.res.status).toBe(200);
    expect(en.body?.data.records[0]).toMatchObject({
      title: `Problem ${accepted.problemId} joined the public problem bank`,
      content: `The site's administrators accepted problem ${accepted.problemId} “${accepted.title}” of the group “Lifecycle class”: it is in the public problem bank now.`,
    });
    const enPage = (await (await call(messagePage.loader, await req("/message/mine", { uid: owner._id, lang: "en" }), { type: "mine" })).json()) as Shown;
    expect(enPage.records[0].title).toBe(`Problem ${accepted.problemId} joined the public problem bank`);
  });

  it("a refusal through HOJ's call is told too; a reopened application and a repeated decision tell nobody", async () => {
    const refuse = await api(changeProgress, "admin/group-problem/change-progress", { uid: siteAdmin._id, method: "PUT", json: { pid: refused.id, progress: ApplyProgress.REFUSED } });
    expect(refuse.res.status, refuse.body?.msg).toBe(200);
    const told = await mineOf(author._id);
    expect(told.map((m) => m.titleKey)).toEqual(["group-problem:decision.acceptedTitle", "group-problem:decision.refusedTitle"]);
    const zh = await api(msgMine, "msg/mine", { uid: author._id, lang: "zh-CN" });
    expect(zh.body?.data.records[0]).toMatchObject({ title: `题目 ${refused.problemId} 的公开申请未通过`, content: `管理员拒绝了团队「Lifecycle class」的题目 ${refused.problemId}「${refused.title}」加入公开题库的申请。` });
    const before = await UserMessage.countDocuments({ type: "mine" });
    expect((await review(siteAdmin._id, refused.id, ApplyProgress.REFUSED)).status).toBe(302);
    expect((await review(siteAdmin._id, refused.id, ApplyProgress.APPLYING)).status).toBe(302);
    expect(await UserMessage.countDocuments({ type: "mine" })).toBe(before);
  });

  it("tells an owner who wrote the problem once", async () => {
    const before = (await mineOf(owner._id)).length;
    expect((await review(siteAdmin._id, byOwner.id, ApplyProgress.PUBLIC)).status).toBe(302);
    expect(await mineOf(owner._id)).toHaveLength(before + 1);
  });

  it("leaves the messages stored as plain text as they are", async () => {
    await sendUserMessage({ recipientUid: member._id, type: "mine", title: "A plain notice", content: "Written as it reads." });
    await sendSystemMessages([member._id], { noticeId: 77, title: "Maintenance", content: "Tonight at nine." });
    const mine = (await (await call(messagePage.loader, await req("/message/mine", { uid: member._id, lang: "zh-CN" }), { type: "mine" })).json()) as Shown;
    expect(mine.records[0]).toMatchObject({ title: "A plain notice", content: "Written as it reads." });
    const sys = await api(msgSys, "msg/sys", { uid: member._id, lang: "zh-CN" });
    expect(sys.body?.data.records[0]).toMatchObject({ title: "Maintenance", content: "Tonight at nine." });
  });
});

describe("HOJ's POST /ojapi/group/contest-problem", () => {
  let cid = 0;
  let otherOwner: User;
  let otherGid = 0;
  const newProblem = (uid: string, json: unknown) => api(contestProblemCall, "group/contest-problem", { uid, method: "POST", json });
  const counts = async () => ({ problems: await Problem.countDocuments({}), listed: await ContestProblem.countDocuments({ cid }) });

  beforeAll(async () => {
    otherOwner = await createUser({ username: "gpl-other", password: "secret123", email: "gpl-other@example.test" });
    otherGid = (await createGroup(otherOwner, { brief: "A brief text", description: "A longer description", visible: true, name: "Another class", shortName: "life3", auth: 1, code: "" }))._id;
    const contest = await api(contestCall, "group/contest", { uid: author._id, method: "POST", json: { ...contestBody({ title: "Class cup" }), gid } });
    expect(contest.res.status, contest.body?.msg).toBe(200);
    cid = contest.body?.data.id;
  });

  it("a group admin makes a problem for the contest: in the group, prefixed, contest-only, listed under its display id", async () => {
    const made = await newProblem(author._id, { ...problemDto({ problemId: "C1", gid, type: 0 }), cid, displayId: "A", displayTitle: "Warm-up" });
    expect(made.res.status, made.body?.msg).toBe(200);
    expect(made.body).toMatchObject({ status: 200, data: { pid: expect.any(Number) } });
    const pid = made.body?.data.pid as number;
    expect(await Problem.findById(pid).lean()).toMatchObject({ gid, problemId: "LIFE1C1", auth: ProblemAuth.CONTEST, type: 1, author: author.username });
    expect(await ContestProblem.findOne({ cid }).lean()).toMatchObject({ pid, displayId: "A", displayTitle: "Warm-up" });
    // A contest's own problem is not on the group's problem list.
    const list = await api(problemList, `group/get-problem-list?gid=${gid}`, { uid: owner._id });
    expect(list.body?.data.records.map((r: { problemId: string }) => r.problemId)).not.toContain("LIFE1C1");
  });

  it("HOJ's client's two steps: the problem for the group's contests, then PUT {pid, cid, displayId} lists it", async () => {
    const made = await newProblem(author._id, problemDto({ problemId: "C2", gid }));
    expect(made.res.status, made.body?.msg).toBe(200);
    const pid = made.body?.data.pid as number;
    expect(await Problem.findById(pid).lean()).toMatchObject({ gid, problemId: "LIFE1C2", auth: ProblemAuth.CONTEST });
    const listed = await api(contestProblemCall, "group/contest-problem", { uid: author._id, method: "PUT", json: { pid, cid, displayId: "B", displayTitle: "Second" } });
    expect(listed.res.status, listed.body?.msg).toBe(200);
    expect(listed.body?.data).toMatchObject({ cid, pid, displayId: "B", displayTitle: "Second" });
  });

  it("the short form {cid, pid, displayId} still lists an existing problem", async () => {
    const bank = await makeProblem({ problemId: "GPL9001" });
    const listed = await newProblem(author._id, { cid, pid: bank._id, displayId: "C" });
    expect(listed.res.status, listed.body?.msg).toBe(200);
    expect(listed.body?.data).toMatchObject({ cid, pid: bank._id, displayId: "C" });
  });

  it("a member who is not an admin is refused; nothing is made", async () => {
    const before = await counts();
    const withCid = await newProblem(member._id, { ...problemDto({ problemId: "m1", gid }), cid, displayId: "M" });
    expect(withCid.res.status).toBe(403);
    expect(withCid.body?.msg).toBe("Only the group's administrators may do this!");
    expect((await newProblem(member._id, problemDto({ problemId: "m2", gid }))).res.status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it("another group's admin is refused by the contest id, whatever group the problem names; nothing is made", async () => {
    const before = await counts();
    for (const g of [otherGid, gid]) {
      const res = await newProblem(otherOwner._id, { ...problemDto({ problemId: "x1", gid: g }), cid, displayId: "X" });
      expect(res.res.status, String(g)).toBe(403);
    }
    // Their own group's contest does not take a problem named for this group.
    const theirs = await api(contestCall, "group/contest", { uid: otherOwner._id, method: "POST", json: { ...contestBody({ title: "Their cup" }), gid: otherGid } });
    const mixed = await newProblem(otherOwner._id, { ...problemDto({ problemId: "x2", gid }), cid: theirs.body?.data.id, displayId: "X" });
    expect(mixed.res.status).toBe(404);
    expect(await counts()).toEqual(before);
    expect(await Problem.countDocuments({ gid: otherGid })).toBe(0);
  });

  it("a bad body gets a clear 400 (or the taken display id 409) and nothing is made", async () => {
    const before = await counts();
    const noDisplayId = await newProblem(author._id, { ...problemDto({ problemId: "b1", gid }), cid });
    expect(noDisplayId.res.status).toBe(400);
    expect(noDisplayId.body?.msg).toBe("The display ID is required");
    const noTitle = await newProblem(author._id, { ...problemDto({ problemId: "b2", gid, title: "" }), cid, displayId: "D" });
    expect(noTitle.res.status).toBe(400);
    expect(noTitle.body?.msg).toBe("The title is required.");
    const zh = await api(contestProblemCall, "group/contest-problem", { uid: author._id, method: "POST", lang: "zh-CN", json: { ...problemDto({ problemId: "b3", gid }), cid, displayId: "" } });
    expect(zh.res.status).toBe(400);
    expect(zh.body?.msg).toMatch(/[\u4e00-\u9fff]/);
    const taken = await newProblem(author._id, { ...problemDto({ problemId: "b4", gid }), cid, displayId: "a" });
    expect(taken.res.status).toBe(409);
    expect(taken.body?.msg).toBe("This display ID is already used in the contest!");
    expect((await newProblem(author._id, { ...problemDto({ problemId: "b5", gid }), cid: "abc", displayId: "E" })).res.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  describe("the group contest's page for a new problem", () => {
    const path = (g: number, c: number | string) => `/group/${g}/contest/${c}/create-problem`;
    const params = (g: number, c: number | string) => ({ groupId: String(g), contestId: String(c) });
    const open = async (uid: string, g = gid, c: number | string = cid) => call(createContestProblemPage.loader, await req(path(g, c), { uid }), params(g, c));
    async function post(uid: string, fields: Record<string, string>, g = gid, c: number | string = cid) {
      const form = problemForm({ problemId: "P1", title: "Page made", displayId: "P", ...fields });
      const request = new Request(`http://localhost${path(g, c)}`, { method: "POST", body: form, headers: { Cookie: await cookieFor(uid), "Accept-Language": "en" } });
      return call(createContestProblemPage.action, request, params(g, c));
    }

    it("a group admin makes one: in the group, prefixed, contest-only, listed under its display id", async () => {
      expect((await open(author._id)).status).toBe(200);
      const res = await post(author._id, { problemId: "PG1", displayId: "P", displayTitle: "From the page" });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/group/${gid}/contest/${cid}/manage-problems`);
      const made = await Problem.findOne({ problemId: "LIFE1PG1" }).lean<{ _id: number; gid: number; auth: number }>();
      expect(made).toMatchObject({ gid, auth: ProblemAuth.CONTEST });
      expect(await ContestProblem.findOne({ cid, pid: made!._id }).lean()).toMatchObject({ displayId: "P", displayTitle: "From the page" });
    });

    it("a taken display id is shown on the form and nothing is made", async () => {
      const before = await counts();
      const res = await post(author._id, { problemId: "PG2", displayId: "p" });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: Record<string, string> }).errors.displayId).toBe("This display ID is already used in the contest!");
      expect(await counts()).toEqual(before);
    });

    it("refuses a member who is not an admin, another group's admin, another group's path and bad ids; nothing is made", async () => {
      const before = await counts();
      expect((await open(member._id)).status).toBe(403);
      expect((await post(member._id, { problemId: "PG3" })).status).toBe(403);
      expect((await open(otherOwner._id)).status).toBe(403);
      expect((await post(otherOwner._id, { problemId: "PG4" })).status).toBe(403);
      // This contest under the other group's path is not found there, even for that group's owner.
      expect((await open(otherOwner._id, otherGid)).status).toBe(404);
      expect((await post(otherOwner._id, { problemId: "PG5" }, otherGid)).status).toBe(404);
      expect((await open(author._id, gid, "abc")).status).toBe(404);
      expect((await open(author._id, gid, 999999)).status).toBe(404);
      expect(await counts()).toEqual(before);
    });
  });
});
