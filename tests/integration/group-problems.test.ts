import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProblemAuth, Role } from "~/lib/constants";
import { Problem } from "~/models/problem.server";
import { Submission } from "~/models/submission.server";
import * as groupProblem from "~/routes/ojapi+/group+/problem";
import * as problemList from "~/routes/ojapi+/group+/get-problem-list";
import * as adminProblemList from "~/routes/ojapi+/group+/get-admin-problem-list";
import * as problemTags from "~/routes/ojapi+/group+/get-all-problem-tags";
import * as problemCases from "~/routes/ojapi+/group+/get-problem-cases";
import * as changeAuth from "~/routes/ojapi+/group+/change-problem-auth";
import * as applyPublic from "~/routes/ojapi+/group+/apply-public";
import * as compileSpj from "~/routes/ojapi+/group+/compile-spj";
import * as reviewList from "~/routes/ojapi+/admin+/group-problem.list";
import * as changeProgress from "~/routes/ojapi+/admin+/group-problem.change-progress";
import * as problemDetail from "~/routes/ojapi+/_problem+/get-problem-detail";
import * as submitJudge from "~/routes/ojapi+/_submission+/submit-problem-judge";
import * as testJudge from "~/routes/ojapi+/_submission+/submit-problem-test-judge";
import * as userStatus from "~/routes/ojapi+/_submission+/get-user-problem-status";
import * as submissionList from "~/routes/ojapi+/_submission+/get-submission-list";
import * as submissionDetail from "~/routes/ojapi+/_submission+/get-submission-detail";
import * as checkStatus from "~/routes/ojapi+/_submission+/check-submissions-status";
import { getSubmissionStatus } from "~/services/submission/status.server";
import * as bankList from "~/routes/ojapi+/_problem+/get-problem-list";
import * as listPage from "~/routes/group+/$groupId.problem._index";
import * as problemPage from "~/routes/group+/$groupId.problem.$problemId";
import * as createPage from "~/routes/group+/$groupId.problem.create";
import * as editPage from "~/routes/group+/$groupId.problem.$problemId_.edit";
import * as statusPage from "~/routes/group+/$groupId.status";
import * as detailPage from "~/routes/group+/$groupId.submission-detail.$submitId";
import * as reviewPage from "~/routes/admin+/group-problem.apply";
import * as selfTestPage from "~/routes/problem+/$problemId_.self-test";
import { createUser } from "~/services/account/users.server";
import { forgetJudgeLanguages } from "~/services/judging/queue.server";
import { createGroup } from "~/services/group/groups.server";
import { applyToGroup, changeMemberAuth, removeMember } from "~/services/group/members.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { updateWebsiteConfig } from "~/services/site/config.server";
import { allowManySubmissions } from "./support/judging";
import { announceJudge, body, call, cookieFor, req } from "../fixtures/learner";
import { problemForm } from "../fixtures/problem-form";
import { problemDto } from "../fixtures/hoj-bodies";

// A group's own problems and records (spec sections 2, 3, 6, 7): its admins write problems with the
// bank's editor, prefixed with the group's short name; its members read and submit to them with the
// group's id; applicants, refused and removed members, outsiders and other groups' admins are
// refused by direct request with a translated message and nothing changes; a group admin applies
// for a problem to join the bank and the site's admin roles decide.

type User = Awaited<ReturnType<typeof createUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Api = { status: number; msg: string; data: any };

let teacher: User;
let gadmin: User;
let member: User;
let applicant: User;
let refused: User;
let removed: User;
let outsider: User;
let otherTeacher: User;
let siteAdmin: User;
let gid = 0;
let otherGid = 0;
let pid = 0;
let privatePid = 0;
let adminPid = 0;
let otherPid = 0;

async function api(route: { loader?: unknown; action?: unknown }, path: string, o: { uid?: string; method?: string; json?: unknown } = {}) {
  const fn = o.method && o.method !== "GET" ? route.action : (route.loader ?? route.action);
  const res = await call(fn, await req(`/ojapi/${path}`, o));
  return { res, body: res.headers.get("Content-Type")?.includes("json") ? await body<Api>(res) : null };
}

function dto(problemId: string, over: Record<string, unknown> = {}, problem: Record<string, unknown> = {}) {
  return problemDto({ problemId, gid, ...problem }, over);
}

const p = (o: Record<string, string> = {}) => ({ groupId: String(gid), ...o });

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  await updateWebsiteConfig({ groupAcMin: 0, groupDailyMax: 10, groupTotalMax: 10 });
  await allowManySubmissions();
  const mk = (name: string, role?: number) => createUser({ username: `gpb-${name}`, password: "secret123", email: `gpb-${name}@example.test`, ...(role ? { role } : {}) });
  teacher = await mk("teacher");
  gadmin = await mk("gadmin");
  member = await mk("member");
  applicant = await mk("applicant");
  refused = await mk("refused");
  removed = await mk("removed");
  outsider = await mk("outsider");
  otherTeacher = await mk("other");
  siteAdmin = await mk("siteadmin", Role.ADMIN);
  const base = { brief: "A brief text", description: "A longer description", visible: true };
  gid = (await createGroup(teacher, { ...base, name: "Group problems class", shortName: "algoA", auth: 2, code: "QWE123" }))._id;
  otherGid = (await createGroup(otherTeacher, { ...base, name: "Another class here", shortName: "other1", auth: 1, code: "" }))._id;
  for (const u of [gadmin, member, applicant, refused, removed]) await applyToGroup(u, gid, { code: "", reason: "Let me in please" });
  for (const u of [gadmin, member, removed]) await changeMemberAuth(teacher, gid, u._id, 3);
  await changeMemberAuth(teacher, gid, gadmin._id, 4);
  await changeMemberAuth(teacher, gid, refused._id, 2);
  await removeMember(teacher, gid, removed._id);
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("writing the group's problems (POST/PUT/DELETE /ojapi/group/problem)", () => {
  it("a group admin creates problems stored in the group with the short name in front of the display id", async () => {
    const made = await api(groupProblem, "group/problem", { uid: teacher._id, method: "POST", json: dto("1") });
    expect(made.res.status, made.body?.msg).toBe(200);
    pid = made.body?.data.id;
    expect(await Problem.findById(pid).lean()).toMatchObject({ gid, problemId: "ALGOA1", auth: ProblemAuth.PUBLIC, author: teacher.username });
    const hidden = await api(groupProblem, "group/problem", { uid: teacher._id, method: "POST", json: dto("algoa2", {}, { auth: 2 }) });
    expect(hidden.res.status, hidden.body?.msg).toBe(200);
    privatePid = hidden.body?.data.id;
    expect(hidden.body?.data.problemId).toBe("ALGOA2");
    const byAdmin = await api(groupProblem, "group/problem", { uid: gadmin._id, method: "POST", json: dto("3") });
    expect(byAdmin.res.status, byAdmin.body?.msg).toBe(200);
    adminPid = byAdmin.body?.data.id;
    const other = await api(groupProblem, "group/problem", { uid: otherTeacher._id, method: "POST", json: dto("9", {}, { gid: otherGid }) });
    expect(other.res.status, other.body?.msg).toBe(200);
    otherPid = other.body?.data.id;
    expect(other.body?.data.problemId).toBe("OTHER19");
  });

  it("refuses members, applicants, removed members and outsiders acting as admins, storing nothing", async () => {
    const before = await Problem.countDocuments({ gid });
    for (const [u, status] of [
      [member, 403],
      [applicant, 403],
      [removed, 403],
      [outsider, 403],
      [otherTeacher, 403],
    ] as const) {
      const r = await api(groupProblem, "group/problem", { uid: u._id, method: "POST", json: dto(`X${u.username}`) });
      expect(r.res.status, u.username).toBe(status);
      expect(r.body?.msg).toMatch(/administrators|members/);
    }
    expect((await api(groupProblem, "group/problem", { method: "POST", json: dto("anon") })).res.status).toBe(401);
    expect(await Problem.countDocuments({ gid })).toBe(before);
  });

  it("a contest visibility or bad input is refused with a clear message", async () => {
    const contest = await api(groupProblem, "group/problem", { uid: teacher._id, method: "POST", json: dto("4", {}, { auth: 3 }) });
    expect(contest.res.status).toBe(400);
    expect(contest.body?.msg).toContain("public to the group's members");
    const empty = await api(groupProblem, "group/problem", { uid: teacher._id, method: "POST", json: dto("5", {}, { title: "" }) });
    expect(empty.res.status).toBe(400);
    expect(await Problem.exists({ problemIdUpper: { $in: ["ALGOA4", "ALGOA5"] } })).toBeNull();
  });

  it("another group's admin cannot edit or delete this group's problem by id; a plain admin only what they wrote", async () => {
    const asOther = await api(groupProblem, "group/problem", { uid: otherTeacher._id, method: "PUT", json: dto("1", {}, { id: pid, gid: otherGid, title: "Stolen" }) });
    expect(asOther.res.status).toBe(404);
    const inGroup = await api(groupProblem, "group/problem", { uid: otherTeacher._id, method: "PUT", json: dto("1", {}, { id: pid, title: "Stolen" }) });
    expect(inGroup.res.status).toBe(403);
    expect((await api(groupProblem, `group/problem?pid=${pid}&gid=${otherGid}`, { uid: otherTeacher._id, method: "DELETE" })).res.status).toBe(404);
    expect((await api(groupProblem, `group/problem?pid=${pid}`, { uid: otherTeacher._id, method: "DELETE" })).res.status).toBe(403);
    const notAuthor = await api(groupProblem, "group/problem", { uid: gadmin._id, method: "PUT", json: dto("1", {}, { id: pid, title: "Mine now" }) });
    expect(notAuthor.res.status).toBe(403);
    expect(notAuthor.body?.msg).toContain("wrote this problem");
    expect((await api(groupProblem, `group/problem?pid=${pid}`, { uid: member._id })).res.status).toBe(403);
    expect(await Problem.findById(pid).lean()).toMatchObject({ title: "Group 1" });
    const byRoot = await api(groupProblem, "group/problem", { uid: teacher._id, method: "PUT", json: dto("3", {}, { id: adminPid, title: "Edited by root" }) });
    expect(byRoot.res.status, byRoot.body?.msg).toBe(200);
    expect(byRoot.body?.data).toMatchObject({ problemId: "ALGOA3", title: "Edited by root" });
    const own = await api(groupProblem, `group/problem?pid=${adminPid}`, { uid: gadmin._id });
    expect(own.res.status).toBe(200);
    expect(own.body?.data.samples).toHaveLength(1);
  });

  it("cases, tags and the compile check are the admins'", async () => {
    expect((await api(problemCases, `group/get-problem-cases?pid=${pid}`, { uid: teacher._id })).body?.data).toHaveLength(1);
    expect((await api(problemCases, `group/get-problem-cases?pid=${pid}`, { uid: member._id })).res.status).toBe(403);
    expect((await api(problemTags, `group/get-all-problem-tags?gid=${gid}`, { uid: gadmin._id })).res.status).toBe(200);
    expect((await api(problemTags, `group/get-all-problem-tags?gid=${gid}`, { uid: member._id })).res.status).toBe(403);
    const compile = await api(compileSpj, "group/compile-spj", { uid: member._id, method: "POST", json: { gid, pid, code: "int main(){}", language: "C", extraFiles: {} } });
    expect(compile.res.status).toBe(403);
    expect((await api(compileSpj, "group/compile-spj", { uid: member._id, method: "POST", json: { gid: "x", code: "int main(){}", language: "C" } })).res.status).toBe(400);
  });
});

describe("reading the group's problems", () => {
  it("members list the public ones, admins the private ones too; others are refused", async () => {
    const asMember = await api(problemList, `group/get-problem-list?gid=${gid}`, { uid: member._id });
    expect(asMember.res.status).toBe(200);
    expect(asMember.body?.data.records.map((r: { problemId: string }) => r.problemId).sort()).toEqual(["ALGOA1", "ALGOA3"]);
    const asAdmin = await api(adminProblemList, `group/get-admin-problem-list?gid=${gid}`, { uid: gadmin._id });
    expect(asAdmin.body?.data.records.map((r: { problemId: string }) => r.problemId).sort()).toEqual(["ALGOA1", "ALGOA2", "ALGOA3"]);
    expect((await api(adminProblemList, `group/get-admin-problem-list?gid=${gid}`, { uid: member._id })).res.status).toBe(403);
    for (const u of [applicant, refused, removed, outsider]) {
      const r = await api(problemList, `group/get-problem-list?gid=${gid}`, { uid: u._id });
      expect(r.res.status, u.username).toBe(403);
      expect(r.body?.msg).toContain("members");
    }
    expect((await api(problemList, "group/get-problem-list?gid=abc", { uid: member._id })).res.status).toBe(400);
  });

  it("get-problem-detail with the gid answers members and refuses the others; without it the problem is not in the bank", async () => {
    const ok = await api(problemDetail, `get-problem-detail?problemId=algoa1&gid=${gid}`, { uid: member._id });
    expect(ok.res.status).toBe(200);
    expect(ok.body?.data.problem).toMatchObject({ problemId: "ALGOA1", gid });
    expect((await api(problemDetail, `get-problem-detail?problemId=ALGOA2&gid=${gid}`, { uid: member._id })).res.status).toBe(404);
    expect((await api(problemDetail, `get-problem-detail?problemId=ALGOA2&gid=${gid}`, { uid: gadmin._id })).res.status).toBe(200);
    for (const u of [applicant, refused, removed, outsider]) expect((await api(problemDetail, `get-problem-detail?problemId=ALGOA1&gid=${gid}`, { uid: u._id })).res.status, u.username).toBe(403);
    expect((await api(problemDetail, "get-problem-detail?problemId=ALGOA1", { uid: member._id })).res.status).toBe(404);
    expect((await api(problemDetail, `get-problem-detail?problemId=ALGOA1&gid=${otherGid}`, { uid: otherTeacher._id })).res.status).toBe(404);
    const bank = await api(bankList, "get-problem-list?keyword=ALGOA", { uid: member._id });
    expect(bank.body?.data.records).toHaveLength(0);
  });

  it("the pages: the list and the problem for members, the editor for admins, refusals for the others", async () => {
    expect((await call(listPage.loader, await req(`/group/${gid}/problem`, { uid: member._id }), p())).status).toBe(200);
    expect((await call(listPage.loader, await req(`/group/${gid}/problem`, { uid: removed._id }), p())).status).toBe(403);
    expect((await call(listPage.loader, await req(`/group/${gid}/problem`), p())).status).toBe(302);
    const page = await call(problemPage.loader, await req(`/group/${gid}/problem/ALGOA1`, { uid: member._id }), p({ problemId: "ALGOA1" }));
    expect(page.status).toBe(200);
    expect((await call(problemPage.loader, await req(`/group/${gid}/problem/ALGOA1`, { uid: applicant._id }), p({ problemId: "ALGOA1" }))).status).toBe(403);
    expect((await call(problemPage.loader, await req(`/group/${gid}/problem/OTHER19`, { uid: member._id }), p({ problemId: "OTHER19" }))).status).toBe(404);
    expect((await call(createPage.loader, await req(`/group/${gid}/problem/create`, { uid: member._id }), p())).status).toBe(403);
    expect((await call(createPage.loader, await req(`/group/${gid}/problem/create`, { uid: gadmin._id }), p())).status).toBe(200);
    expect((await call(editPage.loader, await req(`/group/${gid}/problem/${otherPid}/edit`, { uid: teacher._id }), p({ problemId: String(otherPid) }))).status).toBe(404);
    expect((await call(editPage.loader, await req(`/group/${gid}/problem/x/edit`, { uid: teacher._id }), p({ problemId: "x" }))).status).toBe(404);
    expect((await call(editPage.loader, await req(`/group/${gid}/problem/${pid}/edit`, { uid: teacher._id }), p({ problemId: String(pid) }))).status).toBe(200);
  });

  it("the create page's form stores a group problem; a member posting it is refused", async () => {
    const post = async (uid: string) => {
      const form = problemForm({ problemId: "page1" });
      const request = new Request(`http://localhost/group/${gid}/problem/create`, { method: "POST", body: form, headers: { Cookie: await cookieFor(uid), "Accept-Language": "en" } });
      return call(createPage.action, request, p());
    };
    expect((await post(member._id)).status).toBe(403);
    expect(await Problem.exists({ problemIdUpper: "ALGOAPAGE1" })).toBeNull();
    const res = await post(gadmin._id);
    expect(res.status).toBe(302);
    expect(await Problem.findOne({ problemIdUpper: "ALGOAPAGE1" }).lean()).toMatchObject({ gid, author: gadmin.username });
  });
});

describe("submitting in the group", () => {
  let submitId = 0;

  it("members submit with the gid (stored with it); the others are refused and nothing is stored", async () => {
    const ok = await api(submitJudge, "submit-problem-judge", { uid: member._id, method: "POST", json: { pid: "ALGOA1", language: "C++", code: "int main(){}", gid } });
    expect(ok.res.status, ok.body?.msg).toBe(200);
    submitId = ok.body?.data.submitId;
    expect(await Submission.findById(submitId).lean()).toMatchObject({ gid, pid, cid: 0 });
    const before = await Submission.countDocuments({});
    for (const u of [applicant, refused, removed, outsider]) {
      const r = await api(submitJudge, "submit-problem-judge", { uid: u._id, method: "POST", json: { pid: "ALGOA1", language: "C++", code: "int main(){}", gid } });
      expect(r.res.status, u.username).toBe(403);
      expect(r.body?.msg).toContain("members");
    }
    const noGid = await api(submitJudge, "submit-problem-judge", { uid: member._id, method: "POST", json: { pid: "ALGOA1", language: "C++", code: "int main(){}" } });
    expect(noGid.res.status).toBe(404);
    const privateOne = await api(submitJudge, "submit-problem-judge", { uid: member._id, method: "POST", json: { pid: "ALGOA2", language: "C++", code: "int main(){}", gid } });
    expect(privateOne.res.status).toBe(404);
    const privateById = await api(submitJudge, "submit-problem-judge", { uid: member._id, method: "POST", json: { pid: privatePid, language: "C++", code: "int main(){}", gid } });
    expect(privateById.res.status).toBe(404);
    const wrongGroup = await api(submitJudge, "submit-problem-judge", { uid: otherTeacher._id, method: "POST", json: { pid: "ALGOA1", language: "C++", code: "int main(){}", gid: otherGid } });
    expect(wrongGroup.res.status).toBe(404);
    expect(await Submission.countDocuments({})).toBe(before);
  });

  it("the problem page's form submits without JavaScript; a removed member posting it is refused", async () => {
    const form = { code: "int main(){return 0;}", language: "C++" };
    const refusedPost = await call(problemPage.action, await req(`/group/${gid}/problem/ALGOA1`, { uid: removed._id, form }), p({ problemId: "ALGOA1" }));
    expect(refusedPost.status).toBe(403);
    const res = await call(problemPage.action, await req(`/group/${gid}/problem/ALGOA1`, { uid: member._id, form }), p({ problemId: "ALGOA1" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/group/${gid}/status?onlyMine=true`);
    expect(await Submission.countDocuments({ gid, uid: member._id })).toBe(2);
  });

  it("the self-test in the group: members may, others are refused", async () => {
    await announceJudge(["C++"]);
    forgetJudgeLanguages();
    const json = { pid, language: "C++", code: "int main(){}", userInput: "1 2", type: "group", gid };
    const ok = await api(testJudge, "submit-problem-test-judge", { uid: member._id, method: "POST", json });
    expect(ok.res.status, ok.body?.msg).toBe(200);
    expect(ok.body?.data).toMatch(/^[a-f0-9]{32}$/);
    expect((await api(testJudge, "submit-problem-test-judge", { uid: outsider._id, method: "POST", json })).res.status).toBe(403);
    expect((await api(testJudge, "submit-problem-test-judge", { uid: member._id, method: "POST", json: { ...json, type: "public", gid: undefined } })).res.status).toBe(404);
    expect((await call(selfTestPage.loader, await req(`/problem/ALGOA1/self-test?gid=${gid}`, { uid: member._id }), { problemId: "ALGOA1" })).status).toBe(200);
    expect((await call(selfTestPage.loader, await req(`/problem/ALGOA1/self-test?gid=${gid}`, { uid: outsider._id }), { problemId: "ALGOA1" })).status).toBe(403);
    expect((await call(selfTestPage.loader, await req(`/problem/ALGOA1/self-test`, { uid: member._id }), { problemId: "ALGOA1" })).status).toBe(404);
  });

  it("statuses with the gid for members only", async () => {
    const ok = await api(userStatus, "get-user-problem-status", { uid: member._id, method: "POST", json: { pidList: [pid], gid } });
    expect(ok.res.status).toBe(200);
    expect(ok.body?.data[pid].status).toBe(5);
    expect((await api(userStatus, "get-user-problem-status", { uid: outsider._id, method: "POST", json: { pidList: [pid], gid } })).res.status).toBe(403);
  });

  it("the group's records: members list them, its admins read the code, outsiders are refused", async () => {
    const page = await call(statusPage.loader, await req(`/group/${gid}/status`, { uid: gadmin._id }), p());
    expect(page.status).toBe(200);
    expect((await body<{ records: unknown[] }>(page)).records).toHaveLength(2);
    expect((await call(statusPage.loader, await req(`/group/${gid}/status`, { uid: refused._id }), p())).status).toBe(403);
    const list = await api(submissionList, `get-submission-list?gid=${gid}&onlyMine=true`, { uid: member._id });
    expect(list.body?.data.records).toHaveLength(2);
    expect((await api(submissionList, `get-submission-list?gid=${gid}`, { uid: outsider._id })).res.status).toBe(403);
    const publicList = await api(submissionList, "get-submission-list", { uid: outsider._id });
    expect(publicList.body?.data.records.filter((r: { gid: number | null }) => r.gid === gid)).toHaveLength(0);
    const asAdmin = await api(submissionDetail, `get-submission-detail?submitId=${submitId}`, { uid: gadmin._id });
    expect(asAdmin.res.status).toBe(200);
    expect(asAdmin.body?.data.submission.code).toBe("int main(){}");
    expect((await api(submissionDetail, `get-submission-detail?submitId=${submitId}`, { uid: outsider._id })).res.status).toBe(404);
    expect((await api(submissionDetail, `get-submission-detail?submitId=${submitId}`, { uid: removed._id })).res.status).toBe(404);
    const polled = await api(checkStatus, "check-submissions-status", { uid: gadmin._id, method: "POST", json: { submitIds: [submitId] } });
    expect(Object.keys(polled.body?.data ?? {})).toEqual([String(submitId)]);
    const polledOutside = await api(checkStatus, "check-submissions-status", { uid: outsider._id, method: "POST", json: { submitIds: [submitId] } });
    expect(polledOutside.body?.data).toEqual({});
    expect(await getSubmissionStatus(member, submitId)).not.toBeNull();
    expect(await getSubmissionStatus(outsider, submitId)).toBeNull();
    const sp = (id: string) => p({ submitId: id });
    const inFrame = await call(detailPage.loader, await req(`/group/${gid}/submission-detail/${submitId}`, { uid: gadmin._id }), sp(String(submitId)));
    expect(inFrame.status).toBe(200);
    const detail = await body<{ submission: { code: string | null }; rights: { canShare: boolean } }>(inFrame);
    expect(detail.submission.code).toBe("int main(){}");
    expect(detail.rights.canShare).toBe(false);
    expect((await call(detailPage.loader, await req(`/group/${gid}/submission-detail/${submitId}`, { uid: outsider._id }), sp(String(submitId)))).status).toBe(403);
    expect((await call(detailPage.loader, await req(`/group/${gid}/submission-detail/abc`, { uid: member._id }), sp("abc"))).status).toBe(404);
    const elsewhere = await api(submitJudge, "submit-problem-judge", { uid: otherTeacher._id, method: "POST", json: { pid: "OTHER19", language: "C++", code: "int main(){}", gid: otherGid } });
    expect(elsewhere.res.status, elsewhere.body?.msg).toBe(200);
    const otherId = String(elsewhere.body?.data.submitId);
    expect((await call(detailPage.loader, await req(`/group/${gid}/submission-detail/${otherId}`, { uid: teacher._id }), sp(otherId))).status).toBe(404);
  });
});

describe("changing who sees a problem and applying for the bank", () => {
  it("auth changes are the problem's root or author's; a bad auth is refused", async () => {
    expect((await api(changeAuth, `group/change-problem-auth?pid=${pid}&auth=2`, { uid: member._id, method: "PUT" })).res.status).toBe(403);
    expect((await api(changeAuth, `group/change-problem-auth?pid=${pid}&auth=2`, { uid: gadmin._id, method: "PUT" })).res.status).toBe(403);
    const bad = await api(changeAuth, `group/change-problem-auth?pid=${pid}&auth=3`, { uid: teacher._id, method: "PUT" });
    expect(bad.res.status).toBe(400);
    expect(await Problem.findById(pid).select("auth").lean()).toMatchObject({ auth: 1 });
    expect((await api(changeAuth, `group/change-problem-auth?pid=${adminPid}&auth=2`, { uid: gadmin._id, method: "PUT" })).res.status).toBe(200);
    expect(await Problem.findById(adminPid).select("auth").lean()).toMatchObject({ auth: 2 });
    expect((await api(changeAuth, `group/change-problem-auth?pid=${adminPid}&auth=1`, { uid: gadmin._id, method: "PUT" })).res.status).toBe(200);
  });

  it("a group admin applies; twice is refused; members and site non-admins cannot decide; a site admin accepts into the bank", async () => {
    expect((await api(applyPublic, `group/apply-public?pid=${pid}&isApplied=true`, { uid: member._id, method: "PUT" })).res.status).toBe(403);
    expect((await api(applyPublic, `group/apply-public?pid=${pid}&isApplied=true`, { uid: teacher._id, method: "PUT" })).res.status).toBe(200);
    const twice = await api(applyPublic, `group/apply-public?pid=${pid}&isApplied=true`, { uid: teacher._id, method: "PUT" });
    expect(twice.res.status).toBe(409);
    expect(twice.body?.msg).toContain("already waiting");
    expect((await Problem.findById(pid).lean())?.applyPublicProgress).toBe(1);

    const asTeacher = await api(changeProgress, "admin/group-problem/change-progress", { uid: teacher._id, method: "PUT", json: { pid, progress: 2 } });
    expect(asTeacher.res.status).toBe(403);
    expect((await api(reviewList, "admin/group-problem/list", { uid: teacher._id })).res.status).toBe(403);
    const pageRefused = await call(reviewPage.action, await req("/admin/group-problem/apply", { uid: teacher._id, form: { pid: String(pid), progress: "2" } }));
    expect(pageRefused.status).toBe(403);
    expect((await Problem.findById(pid).lean())?.applyPublicProgress).toBe(1);

    const listed = await api(reviewList, "admin/group-problem/list", { uid: siteAdmin._id });
    expect(listed.body?.data.records.map((r: { problemId: string }) => r.problemId)).toContain("ALGOA1");
    const bad = await api(changeProgress, "admin/group-problem/change-progress", { uid: siteAdmin._id, method: "PUT", json: { pid, progress: 7 } });
    expect(bad.res.status).toBe(400);
    const accepted = await call(reviewPage.action, await req("/admin/group-problem/apply", { uid: siteAdmin._id, form: { pid: String(pid), progress: "2" } }));
    expect(accepted.status).toBe(302);
    expect((await Problem.findById(pid).lean())?.applyPublicProgress).toBe(2);
    expect((await api(problemDetail, "get-problem-detail?problemId=ALGOA1", { uid: outsider._id })).res.status).toBe(200);
    expect((await api(applyPublic, `group/apply-public?pid=${pid}&isApplied=true`, { uid: teacher._id, method: "PUT" })).res.status).toBe(409);
  });

  it("an application is taken back, or refused by a site admin", async () => {
    expect((await api(applyPublic, `group/apply-public?pid=${adminPid}&isApplied=false`, { uid: gadmin._id, method: "PUT" })).res.status).toBe(400);
    expect((await api(applyPublic, `group/apply-public?pid=${adminPid}&isApplied=true`, { uid: gadmin._id, method: "PUT" })).res.status).toBe(200);
    expect((await api(applyPublic, `group/apply-public?pid=${adminPid}&isApplied=false`, { uid: gadmin._id, method: "PUT" })).res.status).toBe(200);
    expect((await Problem.findById(adminPid).lean())?.applyPublicProgress).toBeNull();
    await api(applyPublic, `group/apply-public?pid=${adminPid}&isApplied=true`, { uid: gadmin._id, method: "PUT" });
    expect((await api(changeProgress, "admin/group-problem/change-progress", { uid: siteAdmin._id, method: "PUT", json: { pid: adminPid, progress: 3 } })).res.status).toBe(200);
    expect((await Problem.findById(adminPid).lean())?.applyPublicProgress).toBe(3);
    expect((await api(problemDetail, "get-problem-detail?problemId=ALGOA3", { uid: outsider._id })).res.status).toBe(404);
  });

  it("the list page's buttons: a member's POST is refused; the author's delete asks first, then deletes", async () => {
    const asMember = await call(listPage.action, await req(`/group/${gid}/problem`, { uid: member._id, form: { intent: "delete", pid: String(adminPid), confirmed: "1" } }), p());
    expect(asMember.status).toBe(403);
    expect((await body<{ error: string }>(asMember)).error).toContain("administrators");
    const ask = await call(listPage.action, await req(`/group/${gid}/problem`, { uid: gadmin._id, form: { intent: "delete", pid: String(adminPid), problemId: "ALGOA3" } }), p());
    expect((await body<{ confirmDelete: unknown }>(ask)).confirmDelete).toBeTruthy();
    expect(await Problem.exists({ _id: adminPid })).toBeTruthy();
    expect((await call(listPage.action, await req(`/group/${gid}/problem`, { uid: gadmin._id, form: { intent: "delete", pid: "zz" } }), p())).status).toBe(400);
    const done = await call(listPage.action, await req(`/group/${gid}/problem`, { uid: gadmin._id, form: { intent: "delete", pid: String(adminPid), confirmed: "1" } }), p());
    expect(done.status).toBe(302);
    expect(await Problem.exists({ _id: adminPid })).toBeNull();
    const otherDelete = await api(groupProblem, `group/problem?pid=${otherPid}`, { uid: teacher._id, method: "DELETE" });
    expect(otherDelete.res.status).toBe(403);
    expect(await Problem.exists({ _id: otherPid })).toBeTruthy();
  });
});
