import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "~/lib/constants";
import { Group } from "~/models/group.server";
import { GroupMember } from "~/models/group-member.server";
import { Problem } from "~/models/problem.server";
import { Submission } from "~/models/submission.server";
import { Training } from "~/models/training.server";
import { TrainingCategory } from "~/models/training-category.server";
import { User } from "~/models/user.server";
import * as groupCall from "~/routes/ojapi+/group+/_index";
import * as memberCall from "~/routes/ojapi+/group+/member._index";
import * as exitCall from "~/routes/ojapi+/group+/member.exit";
import * as memberList from "~/routes/ojapi+/group+/get-member-list";
import * as applyList from "~/routes/ojapi+/group+/get-apply-list";
import * as list from "~/routes/ojapi+/_group+/get-group-list";
import * as detail from "~/routes/ojapi+/_group+/get-group-detail";
import * as access from "~/routes/ojapi+/_group+/get-group-access";
import * as auth from "~/routes/ojapi+/_group+/get-group-auth";
import { createUser } from "~/services/account/users.server";
import { setGroupStatus } from "~/services/group/groups.server";
import { transferOwnership } from "~/services/group/members.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { updateWebsiteConfig } from "~/services/site/config.server";
import { body, call, makeProblem, makeSubmission, req } from "../fixtures/learner";

// Groups through HOJ's calls: creating under the site's limits, the list's filters, joining a
// public group, applying to a protected one with a reason and to a private one with its code,
// accepting and refusing, roles, removal, leaving, handing over and disbanding. Every refusal is a
// direct request answered with a translated message that changes nothing.

type User = Awaited<ReturnType<typeof createUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Api = { status: number; msg: string; data: any };

let root: User;
let teacher: User;
let other: User;
let s1: User;
let s2: User;
let s3: User;
let outsider: User;
let protectedGid = 0;
let privateGid = 0;
let publicGid = 0;
let otherGid = 0;

async function api(route: { loader?: unknown; action?: unknown }, path: string, o: { uid?: string; method?: string; json?: unknown; lang?: string } = {}) {
  const fn = o.method && o.method !== "GET" ? route.action : (route.loader ?? route.action);
  const res = await call(fn, await req(`/ojapi/${path}`, o));
  return { res, body: res.headers.get("Content-Type")?.includes("json") ? await body<Api>(res) : null };
}

const groupBody = (over: Record<string, unknown> = {}) => ({
  name: "Class 7A algorithms",
  shortName: "cls7a",
  brief: "Our weekly class",
  description: "Problems, trainings and contests of class 7A.",
  auth: 2,
  code: "ABC123",
  visible: true,
  ...over,
});

const solved = (n: number) => Array.from({ length: n }, (_, i) => 50_000 + i);

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  root = await createUser({ username: "gr-root", password: "secret123", email: "gr-root@example.test", role: Role.SUPER_ADMIN });
  teacher = await createUser({ username: "gr-teacher", password: "secret123", email: "gr-teacher@example.test" });
  other = await createUser({ username: "gr-other", password: "secret123", email: "gr-other@example.test" });
  s1 = await createUser({ username: "gr-s1", password: "secret123", email: "gr-s1@example.test" });
  s2 = await createUser({ username: "gr-s2", password: "secret123", email: "gr-s2@example.test" });
  s3 = await createUser({ username: "gr-s3", password: "secret123", email: "gr-s3@example.test" });
  outsider = await createUser({ username: "gr-out", password: "secret123", email: "gr-out@example.test" });
  await updateWebsiteConfig({ groupAcMin: 3, groupDailyMax: 2, groupTotalMax: 5 });
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("creating groups", () => {
  it("needs a signed-in user who has solved the site's minimum", async () => {
    expect((await api(groupCall, "group", { method: "POST", json: groupBody() })).res.status).toBe(401);
    const few = await api(groupCall, "group", { uid: teacher._id, method: "POST", json: groupBody() });
    expect(few.res.status).toBe(403);
    expect(few.body?.msg).toBe("You need to have solved at least 3 problems to create a group!");
    expect((await api(groupCall, "group", { uid: teacher._id, method: "POST", json: groupBody(), lang: "zh-CN" })).body?.msg).toBe("您需要至少通过 3 道题目才能创建团队！");
    expect(await Group.countDocuments()).toBe(0);
  });

  it("validates the form with the spec's limits", async () => {
    await User.updateOne({ _id: teacher._id }, { $set: { solvedPids: solved(3) } });
    await User.updateOne({ _id: other._id }, { $set: { solvedPids: solved(3) } });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: "Abc" }, "The name must be 5 to 25 characters"],
      [{ shortName: "ab" }, "The short name must be 5 to 10 characters"],
      [{ shortName: "cls-7a" }, "The short name may hold letters and digits only"],
      [{ brief: "x" }, "The brief must be 5 to 50 characters"],
      [{ description: "tiny" }, "The description must be 5 to 1000 characters"],
      [{ auth: 9 }, "Choose the group's auth"],
      [{ code: "12345" }, "The invitation code must be exactly 6 characters"],
    ];
    for (const [over, msg] of cases) {
      const r = await api(groupCall, "group", { uid: teacher._id, method: "POST", json: groupBody(over) });
      expect(r.res.status, JSON.stringify(over)).toBe(400);
      expect(r.body?.msg).toBe(msg);
    }
    expect(await Group.countDocuments()).toBe(0);
  });

  it("creates a group whose creator is its owner and root", async () => {
    const r = await api(groupCall, "group", { uid: teacher._id, method: "POST", json: groupBody() });
    expect(r.res.status).toBe(200);
    expect(r.body?.data).toMatchObject({ name: "Class 7A algorithms", shortName: "cls7a", owner: "gr-teacher", auth: 2, code: "ABC123", memberCount: 1, status: 0 });
    protectedGid = r.body?.data.id;
    expect(await GroupMember.findOne({ gid: protectedGid, uid: teacher._id }).lean()).toMatchObject({ auth: 5 });
    const taken = await api(groupCall, "group", { uid: other._id, method: "POST", json: groupBody({ shortName: "CLS7A" }) });
    expect(taken.res.status).toBe(409);
    expect(taken.body?.msg).toBe("Another group already uses this short name!");
  });

  it("keeps the daily limit (admins are exempt)", async () => {
    const priv = await api(groupCall, "group", { uid: teacher._id, method: "POST", json: groupBody({ shortName: "secret1", name: "Secret olympiad team", auth: 3, code: "XYZ789" }) });
    privateGid = priv.body?.data.id;
    const third = await api(groupCall, "group", { uid: teacher._id, method: "POST", json: groupBody({ shortName: "third1", auth: 1 }) });
    expect(third.res.status).toBe(429);
    expect(third.body?.msg).toBe("You can create at most 2 groups a day!");
    const pub = await api(groupCall, "group", { uid: root._id, method: "POST", json: groupBody({ shortName: "open01", name: "Open study circle", auth: 1, code: "" }) });
    publicGid = pub.body?.data.id;
    expect(pub.body?.data.code).toBe("");
    const o = await api(groupCall, "group", { uid: other._id, method: "POST", json: groupBody({ shortName: "other1", name: "Another teacher's class", auth: 1 }) });
    otherGid = o.body?.data.id;
    expect(await Group.countDocuments()).toBe(4);
  });
});

describe("the list and the detail", () => {
  it("filters by auth and keyword, hides hidden groups, and lists one's own with onlyMine", async () => {
    await Group.updateOne({ _id: privateGid }, { $set: { visible: false } });
    const all = await api(list, "get-group-list?currentPage=1&limit=15");
    expect(all.body?.data.records.map((g: { id: number }) => g.id).sort()).toEqual([protectedGid, publicGid, otherGid].sort());
    expect(all.body?.data.records.every((g: { code: string | null }) => g.code === null)).toBe(true);
    expect((await api(list, "get-group-list?auth=1")).body?.data.records.map((g: { id: number }) => g.id).sort()).toEqual([publicGid, otherGid].sort());
    expect((await api(list, "get-group-list?keyword=7a")).body?.data.records.map((g: { id: number }) => g.id)).toEqual([protectedGid]);
    const mine = await api(list, "get-group-list?onlyMine=true", { uid: teacher._id });
    expect(mine.body?.data.records.map((g: { id: number }) => g.id).sort()).toEqual([protectedGid, privateGid].sort());
  });

  it("the detail shows the code to the group's root only; a hidden group is not found by outsiders", async () => {
    expect((await api(detail, `get-group-detail?gid=${protectedGid}`, { uid: teacher._id })).body?.data.code).toBe("ABC123");
    const seen = await api(detail, `get-group-detail?gid=${protectedGid}`);
    expect(seen.body?.data).toMatchObject({ id: protectedGid, code: null, memberCount: 1 });
    const hidden = await api(detail, `get-group-detail?gid=${privateGid}`, { uid: outsider._id });
    expect(hidden.res.status).toBe(404);
    expect(hidden.body?.msg).toBe("The group does not exist!");
    expect((await api(detail, "get-group-detail?gid=abc")).res.status).toBe(400);
    expect((await api(detail, "get-group-detail?gid=99999")).res.status).toBe(404);
    await Group.updateOne({ _id: privateGid }, { $set: { visible: true } });
  });
});

describe("membership", () => {
  it("a public group takes a user at once", async () => {
    const r = await api(memberCall, "group/member", { uid: s1._id, method: "POST", json: { gid: publicGid } });
    expect(r.body?.data).toEqual({ auth: 3 });
    expect((await Group.findById(publicGid).lean())?.memberCount).toBe(2);
    const again = await api(memberCall, "group/member", { uid: s1._id, method: "POST", json: { gid: publicGid } });
    expect(again.res.status).toBe(409);
    expect(again.body?.msg).toBe("You are already a member of this group!");
    expect((await Group.findById(publicGid).lean())?.memberCount).toBe(2);
  });

  it("a protected group takes an application with a reason, once", async () => {
    const noReason = await api(memberCall, "group/member", { uid: s1._id, method: "POST", json: { gid: protectedGid, reason: "hi" } });
    expect(noReason.res.status).toBe(400);
    expect(noReason.body?.msg).toBe("The reason must be 5 to 100 characters");
    expect(await GroupMember.countDocuments({ gid: protectedGid })).toBe(1);
    for (const s of [s1, s2, s3]) {
      const r = await api(memberCall, "group/member", { uid: s._id, method: "POST", json: { gid: protectedGid, reason: "I am in class 7A" } });
      expect(r.body?.data).toEqual({ auth: 1 });
    }
    const twice = await api(memberCall, "group/member", { uid: s1._id, method: "POST", json: { gid: protectedGid, reason: "Please let me in" } });
    expect(twice.res.status).toBe(409);
    expect(twice.body?.msg).toBe("You have already applied to this group: wait for its administrators!");
    expect(await GroupMember.countDocuments({ gid: protectedGid })).toBe(4);
    expect((await Group.findById(protectedGid).lean())?.memberCount).toBe(1);
    expect((await api(auth, `get-group-auth?gid=${protectedGid}`, { uid: s1._id })).body?.data).toBe(1);
    expect((await api(access, `get-group-access?gid=${protectedGid}`, { uid: s1._id })).body?.data).toBe(false);
  });

  it("a private group needs its invitation code", async () => {
    const wrong = await api(memberCall, "group/member", { uid: s1._id, method: "POST", json: { gid: privateGid, code: "XYZ000", reason: "Olympiad team" } });
    expect(wrong.res.status).toBe(403);
    expect(wrong.body?.msg).toBe("The invitation code is wrong!");
    expect((await api(memberCall, "group/member", { uid: s1._id, method: "POST", json: { gid: privateGid, code: "XYZ000", reason: "Olympiad team" }, lang: "zh-CN" })).body?.msg).toBe("邀请码错误！");
    const short = await api(memberCall, "group/member", { uid: s1._id, method: "POST", json: { gid: privateGid, code: "X", reason: "Olympiad team" } });
    expect(short.body?.msg).toBe("The invitation code must be exactly 6 characters");
    expect(await GroupMember.countDocuments({ gid: privateGid, uid: s1._id })).toBe(0);
    const ok = await api(memberCall, "group/member", { uid: s1._id, method: "POST", json: { gid: privateGid, code: "XYZ789", reason: "Olympiad team" } });
    expect(ok.body?.data).toEqual({ auth: 1 });
  });

  it("only the group's admins see and answer applications", async () => {
    expect((await api(applyList, `group/get-apply-list?gid=${protectedGid}`, { uid: s1._id })).res.status).toBe(403);
    const apps = await api(applyList, `group/get-apply-list?gid=${protectedGid}`, { uid: teacher._id });
    expect(apps.body?.data.records.map((m: { username: string }) => m.username).sort()).toEqual(["gr-s1", "gr-s2", "gr-s3"]);
    expect(apps.body?.data.records[0]).toMatchObject({ gid: protectedGid, auth: 1, reason: "I am in class 7A" });
    // An applicant cannot accept themselves or anybody else.
    const self = await api(memberCall, "group/member", { uid: s1._id, method: "PUT", json: { gid: protectedGid, uid: s2._id, auth: 3 } });
    expect(self.res.status).toBe(403);
    expect(self.body?.msg).toBe("Only the group's members may see this: join the group first!");
    for (const s of [s1, s2]) expect((await api(memberCall, "group/member", { uid: teacher._id, method: "PUT", json: { gid: protectedGid, uid: s._id, auth: 3 } })).res.status).toBe(200);
    expect((await api(memberCall, "group/member", { uid: teacher._id, method: "PUT", json: { gid: protectedGid, uid: s3._id, auth: 2 } })).res.status).toBe(200);
    expect((await Group.findById(protectedGid).lean())?.memberCount).toBe(3);
    const refused = await api(memberCall, "group/member", { uid: s3._id, method: "POST", json: { gid: protectedGid, reason: "Please, again" } });
    expect(refused.res.status).toBe(403);
    expect(refused.body?.msg).toBe("Your application to this group was refused!");
    expect((await api(auth, `get-group-auth?gid=${protectedGid}`, { uid: s3._id })).body?.data).toBe(2);
    const members = await api(memberList, `group/get-member-list?gid=${protectedGid}`, { uid: s1._id });
    expect(members.body?.data.records.map((m: { username: string; auth: number }) => [m.username, m.auth])).toEqual([
      ["gr-teacher", 5],
      ["gr-s1", 3],
      ["gr-s2", 3],
    ]);
    expect((await api(access, `get-group-access?gid=${protectedGid}`, { uid: s1._id })).body?.data).toBe(true);
    expect((await api(memberList, `group/get-member-list?gid=${protectedGid}`, { uid: outsider._id })).res.status).toBe(403);
  });

  it("a member acting as an admin is refused and changes nothing", async () => {
    const promote = await api(memberCall, "group/member", { uid: s1._id, method: "PUT", json: { gid: protectedGid, uid: s1._id, auth: 5 } });
    expect(promote.res.status).toBe(403);
    expect(promote.body?.msg).toBe("Only the group's administrators may do this!");
    const kick = await api(memberCall, `group/member?gid=${protectedGid}&uid=${s2._id}`, { uid: s1._id, method: "DELETE" });
    expect(kick.res.status).toBe(403);
    const settings = await api(groupCall, "group", { uid: s1._id, method: "PUT", json: groupBody({ id: protectedGid, name: "Taken over by s1" }) });
    expect(settings.res.status).toBe(403);
    expect((await api(groupCall, `group?gid=${protectedGid}`, { uid: s1._id, method: "DELETE" })).res.status).toBe(403);
    expect(await GroupMember.findOne({ gid: protectedGid, uid: s1._id }).lean()).toMatchObject({ auth: 3 });
    expect(await GroupMember.findOne({ gid: protectedGid, uid: s2._id }).lean()).toMatchObject({ auth: 3 });
    expect((await Group.findById(protectedGid).lean())?.name).toBe("Class 7A algorithms");
  });

  it("a group admin manages only those below their level, and nothing in another group", async () => {
    expect((await api(memberCall, "group/member", { uid: teacher._id, method: "PUT", json: { gid: protectedGid, uid: s1._id, auth: 4 } })).res.status).toBe(200);
    const peer = await api(memberCall, "group/member", { uid: s1._id, method: "PUT", json: { gid: protectedGid, uid: s2._id, auth: 4 } });
    expect(peer.res.status).toBe(403);
    expect(peer.body?.msg).toBe("You may not change this member's role to that level!");
    const owner = await api(memberCall, `group/member?gid=${protectedGid}&uid=${teacher._id}`, { uid: s1._id, method: "DELETE" });
    expect(owner.body?.msg).toBe("The group's owner can not be removed!");
    // The admin of this group, naming another group by id.
    expect((await api(memberCall, `group/member?gid=${otherGid}&uid=${other._id}`, { uid: s1._id, method: "DELETE" })).res.status).toBe(403);
    expect((await api(groupCall, "group", { uid: teacher._id, method: "PUT", json: groupBody({ id: otherGid, shortName: "other1", name: "Renamed by teacher" }) })).res.status).toBe(403);
    expect((await api(applyList, `group/get-apply-list?gid=${otherGid}`, { uid: teacher._id })).res.status).toBe(403);
    expect((await Group.findById(otherGid).lean())?.name).toBe("Another teacher's class");
    expect((await api(groupCall, "group", { uid: s1._id, method: "PUT", json: groupBody({ id: protectedGid, name: "Admins may not" }) })).body?.msg).toBe("Only the group's root may change its settings!");
  });

  it("a removed member no longer reads the group", async () => {
    expect((await api(memberCall, `group/member?gid=${protectedGid}&uid=${s2._id}`, { uid: s1._id, method: "DELETE" })).res.status).toBe(200);
    expect((await Group.findById(protectedGid).lean())?.memberCount).toBe(2);
    const gone = await api(memberList, `group/get-member-list?gid=${protectedGid}`, { uid: s2._id });
    expect(gone.res.status).toBe(403);
    expect(gone.body?.msg).toBe("Only the group's members may see this: join the group first!");
    expect((await api(access, `get-group-access?gid=${protectedGid}`, { uid: s2._id })).body?.data).toBe(false);
  });

  it("members leave; the owner hands the group over instead", async () => {
    const own = await api(exitCall, `group/member/exit?gid=${publicGid}`, { uid: root._id, method: "DELETE" });
    expect(own.res.status).toBe(403);
    expect(own.body?.msg).toBe("The owner can not leave the group: hand it over to another member or disband it!");
    expect((await api(exitCall, `group/member/exit?gid=${publicGid}`, { uid: s1._id, method: "DELETE" })).res.status).toBe(200);
    expect((await Group.findById(publicGid).lean())?.memberCount).toBe(1);
    expect((await api(exitCall, `group/member/exit?gid=${publicGid}`, { uid: s1._id, method: "DELETE" })).res.status).toBe(404);

    await expect(transferOwnership(s1, protectedGid, s3._id)).rejects.toMatchObject({ kind: "forbidden" });
    await expect(transferOwnership(teacher, protectedGid, s3._id)).rejects.toMatchObject({ kind: "invalid" });
    await transferOwnership(teacher, protectedGid, s1._id);
    expect(await Group.findById(protectedGid).lean()).toMatchObject({ uid: s1._id, owner: "gr-s1", memberCount: 2 });
    expect(await GroupMember.findOne({ gid: protectedGid, uid: teacher._id }).lean()).toMatchObject({ auth: 4 });
    await transferOwnership(s1, protectedGid, teacher._id);
    expect(await GroupMember.findOne({ gid: protectedGid, uid: s1._id }).lean()).toMatchObject({ auth: 4 });
  });
});

describe("site admins and disbanding", () => {
  it("a disabled group is closed to its members", async () => {
    await expect(setGroupStatus(teacher, protectedGid, 1)).rejects.toMatchObject({ kind: "forbidden" });
    await setGroupStatus(root, protectedGid, 1);
    const closed = await api(detail, `get-group-detail?gid=${protectedGid}`, { uid: s1._id });
    expect(closed.res.status).toBe(403);
    expect(closed.body?.msg).toBe("This group has been disabled by the site's administrators!");
    expect((await api(list, "get-group-list")).body?.data.records.map((g: { id: number }) => g.id)).not.toContain(protectedGid);
    await setGroupStatus(root, protectedGid, 0);
  });

  it("disbanding removes the group's content, not its members' submissions", async () => {
    const p = await makeProblem({ _id: 7001, problemId: "CLS7A-1", gid: protectedGid });
    await makeSubmission(s1, p, { gid: protectedGid });
    await TrainingCategory.create({ _id: 7001, name: "Class", color: "#2d8cf0", gid: protectedGid });
    await Training.create({ _id: 7001, title: "Week 1", uid: teacher._id, author: "gr-teacher", gid: protectedGid, categoryId: 7001 });
    const admin = await api(groupCall, `group?gid=${protectedGid}`, { uid: s1._id, method: "DELETE" });
    expect(admin.res.status).toBe(403);
    expect(admin.body?.msg).toBe("Only the group's owner or a super administrator may do this!");
    expect(await Group.countDocuments({ _id: protectedGid })).toBe(1);
    expect((await api(groupCall, `group?gid=${protectedGid}`, { uid: teacher._id, method: "DELETE" })).res.status).toBe(200);
    expect(await Group.countDocuments({ _id: protectedGid })).toBe(0);
    expect(await GroupMember.countDocuments({ gid: protectedGid })).toBe(0);
    expect(await Problem.countDocuments({ gid: protectedGid })).toBe(0);
    expect(await Training.countDocuments({ gid: protectedGid })).toBe(0);
    expect(await TrainingCategory.countDocuments({ gid: protectedGid })).toBe(0);
    expect(await Submission.countDocuments({ gid: protectedGid })).toBe(1);
    expect((await api(groupCall, `group?gid=${protectedGid}`, { uid: teacher._id, method: "DELETE" })).res.status).toBe(404);
  });
});
