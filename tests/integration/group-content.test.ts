import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "~/lib/constants";
import { Contest } from "~/models/contest.server";
import { ContestAnnouncement } from "~/models/contest-announcement.server";
import { ContestProblem } from "~/models/contest-problem.server";
import { ContestRegister } from "~/models/contest-register.server";
import { Training } from "~/models/training.server";
import { TrainingCategory } from "~/models/training-category.server";
import { TrainingProblem } from "~/models/training-problem.server";
import { TrainingRegister } from "~/models/training-register.server";
import * as trainingCall from "~/routes/ojapi+/group+/training";
import * as adminTrainingList from "~/routes/ojapi+/group+/get-admin-training-list";
import * as trainingProblemList from "~/routes/ojapi+/group+/get-training-problem-list";
import * as trainingProblemCall from "~/routes/ojapi+/group+/training-problem";
import * as trainingStatus from "~/routes/ojapi+/group+/change-training-status";
import * as trainingFromPublic from "~/routes/ojapi+/group+/add-training-problem-from-public";
import * as trainingFromGroup from "~/routes/ojapi+/group+/add-training-problem-from-group";
import * as contestCall from "~/routes/ojapi+/group+/contest";
import * as adminContestList from "~/routes/ojapi+/group+/get-admin-contest-list";
import * as contestVisible from "~/routes/ojapi+/group+/change-contest-visible";
import * as contestProblemCall from "~/routes/ojapi+/group+/contest-problem";
import * as contestProblemList from "~/routes/ojapi+/group+/get-contest-problem-list";
import * as contestFromPublic from "~/routes/ojapi+/group+/add-contest-problem-from-public";
import * as contestFromGroup from "~/routes/ojapi+/group+/add-contest-problem-from-group";
import * as announcementList from "~/routes/ojapi+/group+/get-contest-announcement-list";
import * as announcementCall from "~/routes/ojapi+/group+/contest-announcement";
import * as contestInfo from "~/routes/ojapi+/_contest+/get-contest-info";
import * as registerContest from "~/routes/ojapi+/_contest+/register-contest";
import * as outsideBoard from "~/routes/ojapi+/_contest+/get-contest-outside-scoreboard";
import * as registerTraining from "~/routes/ojapi+/_training+/register-training";
import * as contestProblems from "~/routes/ojapi+/_contest+/get-contest-problem";
import * as trainingDetail from "~/routes/ojapi+/_training+/get-training-detail";
import * as trainingPage from "~/routes/training+/$trainingId._index";
import * as contestPage from "~/routes/contest+/$contestId";
import * as trainingsTab from "~/routes/group+/$groupId.training._index";
import * as trainingCreate from "~/routes/group+/$groupId.training.create";
import * as trainingEdit from "~/routes/group+/$groupId.training.$trainingId_.edit";
import * as trainingProblemsPage from "~/routes/group+/$groupId.training.$trainingId_.manage-problems";
import * as contestsTab from "~/routes/group+/$groupId.contest._index";
import * as contestCreate from "~/routes/group+/$groupId.contest.create";
import * as contestEdit from "~/routes/group+/$groupId.contest.$contestId.edit";
import * as contestProblemsPage from "~/routes/group+/$groupId.contest.$contestId.manage-problems";
import * as announcementsPage from "~/routes/group+/$groupId.contest.$contestId.announcements";
import * as acDownload from "~/routes/group+/$groupId.contest.$contestId.ac-submissions";
import { changeMemberAuth, removeMember } from "~/services/group/members.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { addMembers, makeGroup, makeUser } from "../fixtures/groups";
import { contestBody } from "../fixtures/hoj-bodies";
import { body, call, makeProblem, req } from "../fixtures/learner";

// A group's trainings and contests, through the group's tabs and HOJ's group calls: its admins
// create and manage them, its members list and open them on the training and contest pages, and
// every refusal (an outsider, a member acting as admin, an admin of another group naming this
// group's content by id, a removed member) is a direct request that changes nothing.

type User = Awaited<ReturnType<typeof makeUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Api = { status: number; msg: string; data: any };

let owner: User;
let admin: User;
let member: User;
let leaver: User;
let outsider: User;
let otherOwner: User;
let gid = 0;
let otherGid = 0;
let publicPid = 0;
let groupProblemId = "";
let groupPid = 0;
let otherGroupPid = 0;
let tid = 0;
let cid = 0;

async function api(route: { loader?: unknown; action?: unknown }, path: string, o: { uid?: string; method?: string; json?: unknown; lang?: string } = {}) {
  const fn = o.method && o.method !== "GET" ? route.action : (route.loader ?? route.action);
  const res = await call(fn, await req(`/ojapi/${path}`, o));
  return { res, body: res.headers.get("Content-Type")?.includes("json") ? await body<Api>(res) : null };
}

const post = (uid: string, o: Record<string, string>) => ({ uid, method: "POST", form: o });
const page = async (route: { loader?: unknown; action?: unknown }, path: string, params: Record<string, string>, o: { uid?: string; method?: string; form?: Record<string, string> } = {}) =>
  call(o.method === "POST" ? route.action : route.loader, await req(path, o), params);
const errorOf = async (res: Response) => ((await res.json()) as { error?: string }).error;

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  owner = await makeUser("gc-owner", Role.ADMIN);
  admin = await makeUser("gc-admin");
  member = await makeUser("gc-member");
  leaver = await makeUser("gc-leaver");
  outsider = await makeUser("gc-out");
  otherOwner = await makeUser("gc-other", Role.ADMIN);
  gid = (await makeGroup(owner, { name: "Content test group", shortName: "cont1", auth: 2, code: "QWE123" }))._id;
  otherGid = (await makeGroup(otherOwner, { name: "Another test group", shortName: "cont2", auth: 1 }))._id;
  await addMembers(owner, gid, [admin, member, leaver]);
  await changeMemberAuth(owner, gid, admin._id, 4);
  publicPid = (await makeProblem({ problemId: "GC1001" }))._id;
  const gp = await makeProblem({ problemId: "CONT1-1", gid, auth: 1 });
  groupPid = gp._id;
  groupProblemId = gp.problemId;
  otherGroupPid = (await makeProblem({ problemId: "CONT2-1", gid: otherGid, auth: 1 }))._id;
  await TrainingCategory.create({ _id: 9901, name: "Basics", color: "#2d8cf0", gid: null });
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("group trainings", () => {
  it("an admin creates one through the tab's form; a bad form stores nothing", async () => {
    const p = { groupId: String(gid) };
    const bad = await page(trainingCreate, `/group/${gid}/training/create`, p, post(admin._id, { title: "", rank: "1", description: "x", auth: "Public", privatePwd: "", categoryId: "9901", status: "true" }));
    expect(bad.status).toBe(400);
    expect(await Training.countDocuments({ gid })).toBe(0);
    const ok = await page(trainingCreate, `/group/${gid}/training/create`, p, post(admin._id, { title: "Loops", rank: "1", description: "Warm-up loops", auth: "Public", privatePwd: "", categoryId: "", newCategoryName: "Class basics", newCategoryColor: "#aa3300", status: "true" }));
    expect(ok.status).toBe(302);
    const t = await Training.findOne({ gid }).lean();
    expect(t).toMatchObject({ title: "Loops", uid: admin._id, gid });
    tid = t!._id;
    expect(await TrainingCategory.findOne({ _id: t!.categoryId }).lean()).toMatchObject({ name: "Class basics", gid });
  });

  it("its admins add problems from the public bank and from the group's own; others' are refused", async () => {
    const p = { groupId: String(gid), trainingId: String(tid) };
    const path = `/group/${gid}/training/${tid}/manage-problems`;
    expect((await page(trainingProblemsPage, path, p, post(admin._id, { intent: "add", from: "public", pid: "GC1001" }))).status).toBe(302);
    const refused = await page(trainingProblemsPage, path, p, post(admin._id, { intent: "add", from: "public", pid: groupProblemId }));
    expect(refused.status).toBe(404);
    expect(await errorOf(refused)).toBe("No public problem has this id!");
    const fromGroup = await api(trainingFromGroup, "group/add-training-problem-from-group", { uid: owner._id, method: "POST", json: { tid, problemId: groupProblemId } });
    expect(fromGroup.res.status).toBe(200);
    expect(fromGroup.body?.data).toMatchObject({ tid, pid: groupPid });
    const otherGroups = await api(trainingFromGroup, "group/add-training-problem-from-group", { uid: owner._id, method: "POST", json: { tid, problemId: "CONT2-1" } });
    expect(otherGroups.res.status).toBe(404);
    expect(await TrainingProblem.countDocuments({ tid })).toBe(2);
    expect(await TrainingProblem.countDocuments({ tid, pid: otherGroupPid })).toBe(0);
  });

  it("members list it and open it on the training pages; an outsider is refused there", async () => {
    const list = await page(trainingsTab, `/group/${gid}/training`, { groupId: String(gid) }, { uid: member._id });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { rows: Array<{ id: number }> }).rows.map((r) => r.id)).toEqual([tid]);
    expect((await page(trainingsTab, `/group/${gid}/training`, { groupId: String(gid) }, { uid: outsider._id })).status).toBe(403);
    // The site's address of a group's training sends its members to the group's frame.
    const opened = await page(trainingPage, `/training/${tid}`, { trainingId: String(tid) }, { uid: member._id });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(`/group/${gid}/training/${tid}`);
    expect((await page(trainingPage, `/training/${tid}`, { trainingId: String(tid) }, { uid: outsider._id })).status).toBe(403);
    const detail = await api(trainingDetail, `get-training-detail?tid=${tid}`, { uid: outsider._id });
    expect(detail.res.status).toBe(403);
    expect((await api(registerTraining, "register-training", { uid: outsider._id, method: "POST", json: { tid, password: "anything" } })).res.status).toBe(403);
    expect(await TrainingRegister.countDocuments({ tid })).toBe(0);
    expect(detail.body?.msg).toBe("Only the group's members may see this: join the group first!");
    expect((await api(trainingDetail, `get-training-detail?tid=${tid}`, { uid: outsider._id, lang: "zh-CN" })).body?.msg).toBe("只有团队成员才能查看，请先加入该团队！");
  });

  it("a member acting as admin is refused on the tab and by the calls; nothing changes", async () => {
    const p = { groupId: String(gid) };
    const status = await page(trainingsTab, `/group/${gid}/training`, p, post(member._id, { intent: "status", tid: String(tid), status: "false" }));
    expect(status.status).toBe(403);
    const del = await page(trainingsTab, `/group/${gid}/training`, p, post(member._id, { intent: "delete", tid: String(tid), confirmed: "1" }));
    expect(del.status).toBe(403);
    expect((await page(trainingCreate, `/group/${gid}/training/create`, p, { uid: member._id })).status).toBe(403);
    const call1 = await api(trainingStatus, "group/change-training-status", { uid: member._id, method: "PUT", json: { tid, status: false } });
    expect(call1.res.status).toBe(403);
    expect(call1.body?.msg).toBe("Only the group's administrators may do this!");
    expect((await api(trainingCall, `group/training?tid=${tid}`, { uid: member._id, method: "DELETE" })).res.status).toBe(403);
    expect((await api(trainingCall, "group/training", { uid: member._id, method: "POST", json: { training: { title: "Mine", description: "d", auth: "Public", gid }, trainingCategory: { id: 9901 } } })).res.status).toBe(403);
    expect((await api(trainingFromPublic, "group/add-training-problem-from-public", { uid: outsider._id, method: "POST", json: { tid, pid: publicPid } })).res.status).toBe(403);
    expect(await Training.findById(tid).lean()).toMatchObject({ status: true, title: "Loops" });
    expect(await Training.countDocuments({ gid })).toBe(1);
  });

  it("an admin of another group naming this group's training by id is refused", async () => {
    const p = { groupId: String(otherGid), trainingId: String(tid) };
    expect((await page(trainingEdit, `/group/${otherGid}/training/${tid}/edit`, p, { uid: otherOwner._id })).status).toBe(404);
    const viaTab = await page(trainingsTab, `/group/${otherGid}/training`, { groupId: String(otherGid) }, post(otherOwner._id, { intent: "delete", tid: String(tid), confirmed: "1" }));
    expect(viaTab.status).toBe(404);
    expect((await api(trainingCall, `group/training?tid=${tid}`, { uid: otherOwner._id, method: "DELETE" })).res.status).toBe(403);
    expect((await api(trainingProblemCall, `group/training-problem?tid=${tid}&pid=${publicPid}`, { uid: otherOwner._id, method: "DELETE" })).res.status).toBe(403);
    expect(await Training.exists({ _id: tid })).toBeTruthy();
    expect(await TrainingProblem.countDocuments({ tid })).toBe(2);
  });

  it("a group admin edits only what they authored; the root edits any (HOJ)", async () => {
    const rootMade = await api(trainingCall, "group/training", { uid: owner._id, method: "POST", json: { training: { title: "Root's own", description: "By the owner", auth: "Private", privatePwd: "pw1", gid, rank: 2 }, trainingCategory: { id: 9901 } } });
    expect(rootMade.res.status).toBe(200);
    const rid = rootMade.body?.data.training.id;
    expect(rootMade.body?.data).toMatchObject({ training: { title: "Root's own", gid, isGroup: true }, trainingCategory: { id: 9901 } });
    const byAdmin = await api(trainingStatus, "group/change-training-status", { uid: admin._id, method: "PUT", json: { tid: rid, status: false } });
    expect(byAdmin.res.status).toBe(403);
    expect((await api(trainingStatus, "group/change-training-status", { uid: owner._id, method: "PUT", json: { tid, status: false } })).res.status).toBe(200);
    expect((await api(trainingStatus, "group/change-training-status", { uid: admin._id, method: "PUT", json: { tid, status: true } })).res.status).toBe(200);
    const list = await api(adminTrainingList, `group/get-admin-training-list?gid=${gid}`, { uid: admin._id });
    expect(list.body?.data.records.map((r: { id: number }) => r.id).sort()).toEqual([tid, rid].sort());
    expect((await api(adminTrainingList, `group/get-admin-training-list?gid=${gid}`, { uid: member._id })).res.status).toBe(403);
    const problems = await api(trainingProblemList, `group/get-training-problem-list?tid=${tid}&queryExisted=true`, { uid: admin._id });
    expect(problems.body?.data.problemList.total).toBe(2);
    const moved = await api(trainingProblemCall, "group/training-problem", { uid: admin._id, method: "PUT", json: { id: problems.body?.data.trainingProblemMap[publicPid].id, rank: 9 } });
    expect(moved.body?.data).toMatchObject({ tid, pid: publicPid, rank: 9 });
    expect((await api(trainingCall, `group/training?tid=${rid}`, { uid: owner._id, method: "DELETE" })).res.status).toBe(200);
  });
});

describe("group contests", () => {
  it("an admin creates an OI contest through the call and adds problems from both sources", async () => {
    const bad = await api(contestCall, "group/contest", { uid: admin._id, method: "POST", json: { ...contestBody({ title: "" }), gid } });
    expect(bad.res.status).toBe(400);
    const made = await api(contestCall, "group/contest", { uid: admin._id, method: "POST", json: { ...contestBody(), gid } });
    expect(made.res.status).toBe(200);
    cid = made.body?.data.id;
    expect(await Contest.findById(cid).lean()).toMatchObject({ gid, type: 1, uid: admin._id });
    expect((await api(contestFromPublic, "group/add-contest-problem-from-public", { uid: admin._id, method: "POST", json: { cid, pid: publicPid, displayId: "A" } })).res.status).toBe(200);
    const wrong = await api(contestFromPublic, "group/add-contest-problem-from-public", { uid: admin._id, method: "POST", json: { cid, pid: groupPid, displayId: "B" } });
    expect(wrong.res.status).toBe(404);
    const fromGroup = await api(contestFromGroup, "group/add-contest-problem-from-group", { uid: admin._id, method: "POST", json: { cid, problemId: groupProblemId, displayId: "B" } });
    expect(fromGroup.res.status).toBe(200);
    expect((await api(contestFromGroup, "group/add-contest-problem-from-group", { uid: admin._id, method: "POST", json: { cid, problemId: "CONT2-1", displayId: "C" } })).res.status).toBe(404);
    const mine = await api(adminContestList, `group/get-admin-contest-list?gid=${gid}`, { uid: admin._id });
    expect(mine.body?.data.records.map((r: { id: number }) => r.id)).toEqual([cid]);
    expect((await api(adminContestList, `group/get-admin-contest-list?gid=${gid}`, { uid: member._id })).res.status).toBe(403);
    const list = await api(contestProblemList, `group/get-contest-problem-list?cid=${cid}`, { uid: admin._id });
    expect(list.body?.data.contestProblemMap).toEqual({
      [publicPid]: expect.objectContaining({ pid: publicPid, displayId: "A" }),
      [groupPid]: expect.objectContaining({ pid: groupPid, displayId: "B" }),
    });
    const one = await api(contestProblemCall, `group/contest-problem?cid=${cid}&pid=${groupPid}`, { uid: admin._id });
    expect(one.body?.data).toMatchObject({ cid, pid: groupPid, displayId: "B" });
    const renamed = await api(contestProblemCall, "group/contest-problem", { uid: admin._id, method: "PUT", json: { id: one.body?.data.id, displayId: "B", displayTitle: "Group sum", color: "#ff0000" } });
    expect(renamed.body?.data).toMatchObject({ displayTitle: "Group sum" });
  });

  it("announcements and the accepted-code zip for its admins", async () => {
    const a = await api(announcementCall, "group/contest-announcement", { uid: admin._id, method: "POST", json: { cid, announcement: { title: "Welcome", content: "Good luck" } } });
    expect(a.res.status).toBe(200);
    const list = await api(announcementList, `group/get-contest-announcement-list?cid=${cid}`, { uid: admin._id });
    expect(list.body?.data.records.map((r: { title: string }) => r.title)).toEqual(["Welcome"]);
    expect((await api(announcementList, `group/get-contest-announcement-list?cid=${cid}`, { uid: member._id })).res.status).toBe(403);
    const p = { groupId: String(gid), contestId: String(cid) };
    const viaPage = await page(announcementsPage, `/group/${gid}/contest/${cid}/announcements`, p, post(admin._id, { intent: "create", title: "Second", content: "More", visible: "on" }));
    expect(viaPage.status).toBe(302);
    expect(await ContestAnnouncement.countDocuments({ cid })).toBe(2);
    const zip = await page(acDownload, `/group/${gid}/contest/${cid}/ac-submissions?splitType=user`, p, { uid: admin._id });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("Content-Type")).toContain("zip");
    expect((await page(acDownload, `/group/${gid}/contest/${cid}/ac-submissions`, p, { uid: member._id })).status).toBe(403);
  });

  it("members list it and open it; an outsider and a removed member are refused on the contest pages", async () => {
    const list = await page(contestsTab, `/group/${gid}/contest`, { groupId: String(gid) }, { uid: member._id });
    expect(((await list.json()) as { rows: Array<{ id: number; type: number }> }).rows).toMatchObject([{ id: cid, type: 1 }]);
    expect((await page(contestPage, `/contest/${cid}`, { contestId: String(cid) }, { uid: leaver._id })).status).toBe(200);
    expect((await api(contestProblems, `get-contest-problem?cid=${cid}`, { uid: leaver._id })).res.status).toBe(200);
    await removeMember(owner, gid, leaver._id);
    expect((await page(contestPage, `/contest/${cid}`, { contestId: String(cid) }, { uid: leaver._id })).status).toBe(403);
    const info = await api(contestInfo, `get-contest-info?cid=${cid}`, { uid: leaver._id });
    expect(info.res.status).toBe(403);
    expect(info.body?.msg).toBe("Only the group's members may see this: join the group first!");
    expect((await api(contestProblems, `get-contest-problem?cid=${cid}`, { uid: leaver._id })).res.status).toBe(403);
    expect((await api(contestProblems, `get-contest-problem?cid=${cid}`, { uid: outsider._id })).res.status).toBe(403);
    expect((await page(contestsTab, `/group/${gid}/contest`, { groupId: String(gid) }, { uid: leaver._id })).status).toBe(403);
    const reg = await api(registerContest, "register-contest", { uid: outsider._id, method: "POST", json: { cid, password: "anything" } });
    expect(reg.res.status).toBe(403);
    expect(reg.body?.msg).toBe("Only the group's members may see this: join the group first!");
    expect(await ContestRegister.countDocuments({ cid })).toBe(0);
    await Contest.updateOne({ _id: cid }, { $set: { openRank: true } });
    expect((await api(outsideBoard, "get-contest-outside-scoreboard", { uid: member._id, method: "POST", json: { cid, currentPage: 1, limit: 50 } })).res.status).toBe(200);
    expect((await api(outsideBoard, "get-contest-outside-scoreboard", { uid: outsider._id, method: "POST", json: { cid, currentPage: 1, limit: 50 } })).res.status).toBe(403);
  });

  it("a member acting as admin, and another group's admin by id, are refused; nothing changes", async () => {
    const p = { groupId: String(gid) };
    expect((await page(contestsTab, `/group/${gid}/contest`, p, post(member._id, { intent: "visible", cid: String(cid), visible: "false" }))).status).toBe(403);
    expect((await page(contestCreate, `/group/${gid}/contest/create`, p, { uid: member._id })).status).toBe(403);
    const vis = await api(contestVisible, "group/change-contest-visible", { uid: member._id, method: "PUT", json: { cid, visible: false } });
    expect(vis.res.status).toBe(403);
    expect((await api(contestCall, `group/contest?cid=${cid}`, { uid: member._id, method: "DELETE" })).res.status).toBe(403);
    expect((await api(contestProblemCall, `group/contest-problem?cid=${cid}&pid=${publicPid}`, { uid: outsider._id, method: "DELETE" })).res.status).toBe(403);
    const other = { groupId: String(otherGid), contestId: String(cid) };
    expect((await page(contestEdit, `/group/${otherGid}/contest/${cid}/edit`, other, { uid: otherOwner._id })).status).toBe(404);
    expect((await page(contestProblemsPage, `/group/${otherGid}/contest/${cid}/manage-problems`, other, post(otherOwner._id, { intent: "remove", pid: String(publicPid), confirmed: "1" }))).status).toBe(404);
    expect((await page(contestsTab, `/group/${otherGid}/contest`, { groupId: String(otherGid) }, post(otherOwner._id, { intent: "delete", cid: String(cid), confirmed: "1" }))).status).toBe(404);
    expect((await api(contestCall, `group/contest?cid=${cid}`, { uid: otherOwner._id, method: "DELETE" })).res.status).toBe(403);
    expect((await api(contestCall, "group/contest", { uid: otherOwner._id, method: "PUT", json: { ...contestBody({ title: "Taken" }), id: cid } })).res.status).toBe(403);
    expect(await Contest.findById(cid).lean()).toMatchObject({ visible: true, title: "Class OI cup" });
    expect(await ContestProblem.countDocuments({ cid })).toBe(2);
  });

  it("the root edits through the tab's form, hides it, and deletes it after a confirmation", async () => {
    const p = { groupId: String(gid), contestId: String(cid) };
    const loaded = await page(contestEdit, `/group/${gid}/contest/${cid}/edit`, p, { uid: owner._id });
    expect(loaded.status).toBe(200);
    const tab = { groupId: String(gid) };
    expect((await page(contestsTab, `/group/${gid}/contest`, tab, post(owner._id, { intent: "visible", cid: String(cid), visible: "false" }))).status).toBe(302);
    expect(await Contest.findById(cid).lean()).toMatchObject({ visible: false });
    const ask = await page(contestsTab, `/group/${gid}/contest`, tab, post(owner._id, { intent: "delete", cid: String(cid) }));
    expect(((await ask.json()) as { confirmDelete: { id: number } }).confirmDelete.id).toBe(cid);
    expect(await Contest.exists({ _id: cid })).toBeTruthy();
    expect((await page(contestsTab, `/group/${gid}/contest`, tab, post(owner._id, { intent: "delete", cid: String(cid), confirmed: "1" }))).status).toBe(302);
    expect(await Contest.exists({ _id: cid })).toBeFalsy();
  });
});
