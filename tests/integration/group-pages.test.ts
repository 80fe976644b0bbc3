import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "~/lib/constants";
import { Group } from "~/models/group.server";
import { GroupMember } from "~/models/group-member.server";
import * as home from "~/routes/group+/$groupId._index";
import * as members from "~/routes/group+/$groupId.member";
import * as settings from "~/routes/group+/$groupId.setting";
import * as list from "~/routes/group+/_index";
import * as adminGroups from "~/routes/admin+/group";
import * as groupTrainings from "~/routes/ojapi+/group+/get-training-list";
import * as groupContests from "~/routes/ojapi+/group+/get-contest-list";
import { Contest } from "~/models/contest.server";
import { Training } from "~/models/training.server";
import { createUser } from "~/services/account/users.server";
import { createGroup } from "~/services/group/groups.server";
import { applyToGroup, changeMemberAuth } from "~/services/group/members.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { call, req } from "../fixtures/learner";

// The group pages' loaders and actions by direct request: who may open each tab, and every write a
// page makes refused to those the policy refuses, with a translated message and nothing changed.

type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let admin: User;
let member: User;
let outsider: User;
let gid = 0;
let privateGid = 0;

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  owner = await createUser({ username: "gp-owner", password: "secret123", email: "gp-owner@example.test", role: Role.ADMIN });
  admin = await createUser({ username: "gp-admin", password: "secret123", email: "gp-admin@example.test" });
  member = await createUser({ username: "gp-member", password: "secret123", email: "gp-member@example.test" });
  outsider = await createUser({ username: "gp-out", password: "secret123", email: "gp-out@example.test" });
  const base = { brief: "A brief text", description: "A longer description", visible: true };
  gid = (await createGroup(owner, { ...base, name: "Pages test group", shortName: "pages1", auth: 2, code: "QWE123" }))._id;
  privateGid = (await createGroup(owner, { ...base, name: "Hidden private group", shortName: "pages2", auth: 3, code: "ZXC456", visible: false }))._id;
  for (const u of [admin, member]) {
    await applyToGroup(u, gid, { code: "", reason: "Let me in please" });
    await changeMemberAuth(owner, gid, u._id, 3);
  }
  await changeMemberAuth(owner, gid, admin._id, 4);
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

const form = (o: Record<string, string>) => ({ method: "POST", form: o });

describe("opening the tabs", () => {
  it("home for everyone; members and settings for members and the root; a hidden group is not found", async () => {
    expect((await call(home.loader, await req(`/group/${gid}`), { groupId: String(gid) })).status).toBe(200);
    expect((await call(members.loader, await req(`/group/${gid}/member`), { groupId: String(gid) })).status).toBe(302);
    expect((await call(members.loader, await req(`/group/${gid}/member`, { uid: outsider._id }), { groupId: String(gid) })).status).toBe(403);
    expect((await call(members.loader, await req(`/group/${gid}/member`, { uid: member._id }), { groupId: String(gid) })).status).toBe(200);
    expect((await call(settings.loader, await req(`/group/${gid}/setting`, { uid: admin._id }), { groupId: String(gid) })).status).toBe(403);
    expect((await call(settings.loader, await req(`/group/${gid}/setting`, { uid: owner._id }), { groupId: String(gid) })).status).toBe(200);
    expect((await call(home.loader, await req(`/group/${privateGid}`, { uid: outsider._id }), { groupId: String(privateGid) })).status).toBe(404);
    expect((await call(home.loader, await req("/group/abc"), { groupId: "abc" })).status).toBe(404);
  });
});

describe("writes refused by direct request", () => {
  it("a member acting as admin on the members tab", async () => {
    const res = await call(members.action, await req(`/group/${gid}/member`, { uid: member._id, ...form({ intent: "auth", uid: admin._id, auth: "2" }) }), { groupId: String(gid) });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe("Only the group's administrators may do this!");
    const rm = await call(members.action, await req(`/group/${gid}/member`, { uid: member._id, ...form({ intent: "remove", uid: admin._id, confirmed: "1" }) }), { groupId: String(gid) });
    expect(rm.status).toBe(403);
    expect(await GroupMember.findOne({ gid, uid: admin._id }).lean()).toMatchObject({ auth: 4 });
  });

  it("an outsider posting to the members tab", async () => {
    const res = await call(members.action, await req(`/group/${gid}/member`, { uid: outsider._id, ...form({ intent: "auth", uid: outsider._id, auth: "5" }) }), { groupId: String(gid) });
    expect(res.status).toBe(403);
    expect(await GroupMember.countDocuments({ gid, uid: outsider._id })).toBe(0);
  });

  it("an admin changing the settings, and removing without a confirmation", async () => {
    const res = await call(
      settings.action,
      await req(`/group/${gid}/setting`, { uid: admin._id, ...form({ intent: "save", name: "Taken over group", shortName: "pages1", brief: "A brief text", description: "A longer description", auth: "1", code: "" }) }),
      { groupId: String(gid) },
    );
    expect(res.status).toBe(403);
    expect((await Group.findById(gid).lean())?.name).toBe("Pages test group");
    const ask = await call(members.action, await req(`/group/${gid}/member`, { uid: admin._id, ...form({ intent: "remove", uid: member._id, username: "gp-member" }) }), { groupId: String(gid) });
    expect(((await ask.json()) as { confirmRemove: unknown }).confirmRemove).toEqual({ uid: member._id, username: "gp-member" });
    expect(await GroupMember.countDocuments({ gid, uid: member._id })).toBe(1);
  });

  it("a wrong invitation code on the home page, and the create form's field errors", async () => {
    await Group.updateOne({ _id: privateGid }, { $set: { visible: true } });
    const res = await call(home.action, await req(`/group/${privateGid}`, { uid: outsider._id, ...form({ intent: "apply", code: "AAAAAA", reason: "Please let me in" }) }), { groupId: String(privateGid) });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe("The invitation code is wrong!");
    expect(await GroupMember.countDocuments({ gid: privateGid, uid: outsider._id })).toBe(0);
    const bad = await call(list.action, await req("/group", { uid: outsider._id, ...form({ name: "abc", shortName: "ok123", brief: "A brief text", description: "A longer description", auth: "1", code: "" }) }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.name).toBe("The name must be 5 to 25 characters");
    const few = await call(list.action, await req("/group", { uid: outsider._id, ...form({ name: "Outsider group", shortName: "ok123", brief: "A brief text", description: "A longer description", auth: "1", code: "" }) }));
    expect(few.status).toBe(403);
    expect(await Group.countDocuments({ shortNameLower: "ok123" })).toBe(0);
  });
});

describe("the site's group list (super admins)", () => {
  it("refuses the others; disables, enables and disbands after a confirmation", async () => {
    const root = await createUser({ username: "gp-root", password: "secret123", email: "gp-root@example.test", role: Role.SUPER_ADMIN });
    expect((await call(adminGroups.loader, await req("/admin/group", { uid: owner._id }))).status).toBe(403);
    expect((await call(adminGroups.action, await req("/admin/group", { uid: owner._id, ...form({ intent: "disable", id: String(gid) }) }))).status).toBe(403);
    expect((await Group.findById(gid).lean())?.status).toBe(0);
    const page = await call(adminGroups.loader, await req("/admin/group", { uid: root._id }));
    expect(((await page.json()) as { records: Array<{ id: number }> }).records.map((g) => g.id).sort()).toEqual([gid, privateGid].sort());
    expect((await call(adminGroups.action, await req("/admin/group", { uid: root._id, ...form({ intent: "disable", id: String(gid) }) }))).status).toBe(302);
    expect((await Group.findById(gid).lean())?.status).toBe(1);
    expect((await call(home.loader, await req(`/group/${gid}`, { uid: member._id }), { groupId: String(gid) })).status).toBe(403);
    await call(adminGroups.action, await req("/admin/group", { uid: root._id, ...form({ intent: "enable", id: String(gid) }) }));
    expect((await Group.findById(gid).lean())?.status).toBe(0);
    const ask = await call(adminGroups.action, await req("/admin/group", { uid: root._id, ...form({ intent: "delete", id: String(privateGid) }) }));
    expect(ask.status).toBe(200);
    expect(await Group.countDocuments({ _id: privateGid })).toBe(1);
    await call(adminGroups.action, await req("/admin/group", { uid: root._id, ...form({ intent: "delete", id: String(privateGid), confirmed: "1" }) }));
    expect(await Group.countDocuments({ _id: privateGid })).toBe(0);
  });
});

describe("HOJ's group training and contest lists", () => {
  it("list the group's own shown trainings and contests to its members only", async () => {
    const start = new Date(Date.now() - 3600_000);
    await Training.create([
      { _id: 8101, title: "Group week 1", uid: owner._id, author: "gp-owner", gid },
      { _id: 8102, title: "Site training", uid: owner._id, author: "gp-owner", gid: null },
      { _id: 8103, title: "Hidden group training", uid: owner._id, author: "gp-owner", gid, status: false },
    ]);
    await Contest.create([
      { _id: 8101, title: "Group OI round", type: 1, uid: owner._id, author: "gp-owner", gid, startTime: start, endTime: new Date(start.getTime() + 7200_000), duration: 7200 },
      { _id: 8102, title: "Site round", uid: owner._id, author: "gp-owner", gid: null, startTime: start, endTime: new Date(start.getTime() + 7200_000), duration: 7200 },
    ]);
    const as = async (route: { loader: unknown }, path: string, uid?: string) => {
      const res = await call(route.loader, await req(`/ojapi/${path}`, { uid }));
      return { status: res.status, body: (await res.json()) as { msg: string; data: { records: Array<{ id: number; title: string }> } | null } };
    };
    expect((await as(groupTrainings, `group/get-training-list?gid=${gid}`)).status).toBe(401);
    const out = await as(groupTrainings, `group/get-training-list?gid=${gid}`, outsider._id);
    expect(out.status).toBe(403);
    expect(out.body.msg).toBe("Only the group's members may see this: join the group first!");
    expect((await as(groupContests, `group/get-contest-list?gid=${gid}`, outsider._id)).status).toBe(403);
    expect((await as(groupTrainings, `group/get-training-list?gid=${gid}`, member._id)).body.data?.records.map((r) => r.title)).toEqual(["Group week 1"]);
    expect((await as(groupContests, `group/get-contest-list?gid=${gid}`, member._id)).body.data?.records.map((r) => r.title)).toEqual(["Group OI round"]);
    expect((await as(groupContests, "group/get-contest-list?gid=x", member._id)).status).toBe(400);
  });
});
