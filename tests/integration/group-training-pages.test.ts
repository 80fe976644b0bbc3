import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "~/lib/constants";
import { Submission } from "~/models/submission.server";
import { TrainingCategory } from "~/models/training-category.server";
import { TrainingRegister } from "~/models/training-register.server";
import * as siteLayout from "~/routes/training+/$trainingId";
import * as siteOverview from "~/routes/training+/$trainingId._index";
import * as siteSubmissions from "~/routes/training+/$trainingId.submissions";
import * as siteProblem from "~/routes/training+/$trainingId.problem.$problemId";
import * as groupLayout from "~/routes/group+/$groupId.training.$trainingId";
import * as groupOverview from "~/routes/group+/$groupId.training.$trainingId._index";
import * as groupProblems from "~/routes/group+/$groupId.training.$trainingId.problems";
import * as groupSubmissions from "~/routes/group+/$groupId.training.$trainingId.submissions";
import * as groupRank from "~/routes/group+/$groupId.training.$trainingId.rank";
import * as groupProblem from "~/routes/group+/$groupId.training.$trainingId.problem.$problemId";
import * as groupOwnProblem from "~/routes/group+/$groupId.problem.$problemId";
import * as trainingDetailCall from "~/routes/ojapi+/_training+/get-training-detail";
import { contestInputSchema, createContest } from "~/services/contest/contests.server";
import { addContestProblem } from "~/services/contest/problems.server";
import { removeMember } from "~/services/group/members.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { addTrainingProblem } from "~/services/training/problems.server";
import { createTraining, trainingInputSchema } from "~/services/training/trainings.server";
import { addMembers, makeGroup, makeUser } from "../fixtures/groups";
import { body, call, cookieFor, makeProblem, req } from "../fixtures/learner";
import { startWebServer, type WebServer } from "../support/web-server";
import { administerContest, SITE } from "~/services/contest/scope.server";
import { administerTraining, SITE as TRAINING_SITE } from "~/services/training/scope.server";

// A group's training in its group's frame (/group/{gid}/training/{tid}/...): the site's training
// pages under the group's address, every address they build under it too; the site's address of a
// group's training sends there; another group's or the site's training is not found under a
// group's address; outsiders and removed members are refused as at the site's address; a group's
// contest names its group with the way back; a group's own problem has a focus view. Each refusal
// is a direct request. The frame itself is checked on the built site (needs `npx remix build`).

type User = Awaited<ReturnType<typeof makeUser>>;
type Route = { loader?: unknown; action?: unknown };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page's data, checked field by field
const data = (res: Response) => body<Record<string, any>>(res);

let owner: User;
let member: User;
let leaver: User;
let outsider: User;
let otherOwner: User;
let gid = 0;
let otherGid = 0;
let tid = 0;
let privateTid = 0;
let otherTid = 0;
let siteTid = 0;
let groupCid = 0;
let siteCid = 0;
let problemId = "";
let groupProblemId = "";
let server: WebServer;
let basePathServer: WebServer;

const trainingInput = (over: Record<string, unknown> = {}) =>
  trainingInputSchema.parse({ title: "Loops", description: "Warm-up **loops**.", rank: 1, auth: "Public", privatePwd: "", categoryId: 9801, status: true, ...over });
const contestInput = (title: string) =>
  contestInputSchema.parse({ title, description: "Solve them.", type: 0, auth: 0, startTime: new Date(Date.now() - 60_000), endTime: new Date(Date.now() + 3600_000) });

/** A loader (GET) or action (POST) of a route module at `path`, signed in as `uid`. */
async function page(route: Route, path: string, params: Record<string, string>, o: { uid: string; form?: Record<string, string> }) {
  return call(o.form ? route.action : route.loader, await req(path, { uid: o.uid, form: o.form, method: o.form ? "POST" : "GET" }), params);
}
const at = (g: number | string, t: number | string) => ({ groupId: String(g), trainingId: String(t) });

/** The opening tag of the element marked `data-testid` (attributes in any order); "" when none. */
function tagOf(html: string, testId: string): string {
  return new RegExp(`<[a-z]+[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0] ?? "";
}

/** The built site's page as a browser without JavaScript gets it (no redirect followed). */
async function fetchPage(path: string, uid: string, on: WebServer = server) {
  return fetch(`${on.url}${path}`, { redirect: "manual", headers: { Cookie: await cookieFor(uid), "Accept-Language": "en" } });
}

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  owner = await makeUser("gt-owner", Role.ADMIN);
  member = await makeUser("gt-member");
  leaver = await makeUser("gt-leaver");
  outsider = await makeUser("gt-out");
  otherOwner = await makeUser("gt-other", Role.ADMIN);
  gid = (await makeGroup(owner, { name: "Training frame group", shortName: "gtf01", auth: 2, code: "QWE123" }))._id;
  otherGid = (await makeGroup(otherOwner, { name: "Another frame group", shortName: "gtf02", auth: 1 }))._id;
  // The other group's owner is a member here too: membership does not open another group's training.
  await addMembers(owner, gid, [member, leaver, otherOwner]);
  await TrainingCategory.create({ _id: 9801, name: "Basics", color: "#2d8cf0", gid: null });
  const problem = await makeProblem({ problemId: "GTF1001" });
  problemId = problem.problemId;
  const scope = { gid, groupAdmin: true };
  tid = (await createTraining(owner, trainingInput(), scope))._id;
  await addTrainingProblem(await administerTraining(tid, owner, scope), { tid, pid: problem._id }, "public");
  privateTid = (await createTraining(owner, trainingInput({ title: "Secret loops", auth: "Private", privatePwd: "pw123" }), scope))._id;
  await addTrainingProblem(await administerTraining(privateTid, owner, scope), { tid: privateTid, pid: problem._id }, "public");
  otherTid = (await createTraining(otherOwner, trainingInput({ title: "Theirs" }), { gid: otherGid, groupAdmin: true }))._id;
  siteTid = (await createTraining(owner, trainingInput({ title: "The site's" }), TRAINING_SITE))._id;
  await removeMember(owner, gid, leaver._id);
  groupProblemId = (await makeProblem({ problemId: "GTF01-1", gid, auth: 1 })).problemId;
  groupCid = (await createContest(owner, contestInput("Class cup"), { gid, groupAdmin: true }))._id;
  siteCid = (await createContest(owner, contestInput("Open cup"), SITE))._id;
  await addContestProblem(await administerContest(siteCid, owner, null), { cid: siteCid, pid: problem._id, displayId: "A", displayTitle: "", color: "" }, "public");
  // One after the other: each takes a free port when it starts.
  server = await startWebServer();
  basePathServer = await startWebServer({ BASE_PATH: "/oj/" });
}, 180_000);

afterAll(async () => {
  server?.stop();
  basePathServer?.stop();
  await closeRedis();
  await disconnectDb();
});

describe("a group's training in its group's frame", () => {
  it("answers its members on every tab, with every address under the group's", async () => {
    const base = `/group/${gid}/training/${tid}`;
    const layout = await page(groupLayout, base, at(gid, tid), { uid: member._id });
    expect(layout.status).toBe(200);
    expect(await data(layout)).toMatchObject({ base, inGroup: true, training: { id: tid, title: "Loops" } });
    for (const [route, path] of [
      [groupProblems, `${base}/problems`],
      [groupSubmissions, `${base}/submissions`],
      [groupRank, `${base}/rank`],
    ] as const) {
      const res = await page(route, path, at(gid, tid), { uid: member._id });
      expect(res.status, path).toBe(200);
      expect((await data(res)).base, path).toBe(base);
    }
    const problem = await page(groupProblem, `${base}/problem/${problemId}`, { ...at(gid, tid), problemId }, { uid: member._id });
    expect(problem.status).toBe(200);
    expect(await data(problem)).toMatchObject({ base, problem: { displayId: problemId } });
  });

  it("renders inside the group's frame with the trainings tab current", async () => {
    const base = `/group/${gid}/training/${tid}`;
    const res = await fetchPage(`${base}/problems`, member._id);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="group-tabs"');
    expect(html).toContain('data-testid="training-tabs"');
    const trainingsTab = new RegExp(`<a[^>]*href="/group/${gid}/training"[^>]*>`).exec(html)?.[0] ?? "";
    expect(trainingsTab).toContain('aria-current="page"');
    for (const tab of ["", "/problems", "/submissions", "/rank"]) expect(html).toContain(`href="${base}${tab}"`);
    expect(html).toContain(`href="${base}/problem/${problemId}"`);
    expect(html).not.toContain(`href="/training/${tid}`);
    // The group's name is the page's one h1; the training's title is under it.
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    const focus = await (await fetchPage(`${base}/problem/${problemId}?focus=1`, member._id)).text();
    expect(focus).toContain('data-testid="focus-strip"');
    expect(focus).toContain(`href="${base}/problem/${problemId}?focus=1"`);
    expect(focus).toContain(`href="${base}/problems"`);
  });

  it("the group's training tab links there", async () => {
    const html = await (await fetchPage(`/group/${gid}/training`, member._id)).text();
    expect(html).toContain(`href="/group/${gid}/training/${tid}"`);
  });

  it("is sent there from the site's address, same tab and query, under a base path too", async () => {
    const tab = await page(siteSubmissions, `/training/${tid}/submissions?onlyMine=true&currentPage=2`, { trainingId: String(tid) }, { uid: member._id });
    expect(tab.status).toBe(302);
    expect(tab.headers.get("Location")).toBe(`/group/${gid}/training/${tid}/submissions?onlyMine=true&currentPage=2`);
    const home = await page(siteLayout, `/training/${tid}`, { trainingId: String(tid) }, { uid: member._id });
    expect(home.headers.get("Location")).toBe(`/group/${gid}/training/${tid}`);
    const real = await fetchPage(`/training/${tid}/problem/${problemId}?focus=1`, member._id);
    expect(real.status).toBe(302);
    expect(real.headers.get("Location")).toBe(`/group/${gid}/training/${tid}/problem/${problemId}?focus=1`);
    const prefixed = await fetchPage(`/oj/training/${tid}/rank?currentPage=1`, member._id, basePathServer);
    expect(prefixed.status).toBe(302);
    expect(prefixed.headers.get("Location")).toBe(`/oj/group/${gid}/training/${tid}/rank?currentPage=1`);
    // The site's own trainings stay where they are; HOJ's calls answer as before.
    expect((await page(siteLayout, `/training/${siteTid}`, { trainingId: String(siteTid) }, { uid: member._id })).status).toBe(200);
    const hoj = await call(trainingDetailCall.loader, await req(`/ojapi/get-training-detail?tid=${tid}`, { uid: member._id }));
    expect(hoj.status).toBe(200);
    expect(await body(hoj)).toMatchObject({ status: 200, data: { id: tid, gid } });
  });

  it("a training of another group or of the site is not found under this group's address, whoever asks", async () => {
    for (const [who, t] of [
      [member, otherTid],
      [otherOwner, otherTid],
      [member, siteTid],
      [owner, siteTid],
    ] as const) {
      for (const [route, path] of [
        [groupLayout, ""],
        [groupOverview, ""],
        [groupProblems, "/problems"],
        [groupSubmissions, "/submissions"],
        [groupRank, "/rank"],
      ] as const) {
        const res = await page(route, `/group/${gid}/training/${t}${path}`, at(gid, t), { uid: who._id });
        expect(res.status, `${who.username} ${t}${path}`).toBe(404);
      }
      const problem = await page(groupProblem, `/group/${gid}/training/${t}/problem/${problemId}`, { ...at(gid, t), problemId }, { uid: who._id });
      expect(problem.status).toBe(404);
    }
    // Nor is this group's training under the other group's address.
    expect((await page(groupLayout, `/group/${otherGid}/training/${tid}`, at(otherGid, tid), { uid: otherOwner._id })).status).toBe(404);
    // A post there changes nothing.
    const before = await Submission.countDocuments({});
    const post = await page(groupProblem, `/group/${otherGid}/training/${tid}/problem/${problemId}`, { ...at(otherGid, tid), problemId }, { uid: otherOwner._id, form: { language: "C++", code: "int main(){}" } });
    expect(post.status).toBe(404);
    const register = await page(groupOverview, `/group/${gid}/training/${otherTid}`, at(gid, otherTid), { uid: otherOwner._id, form: { password: "pw123" } });
    expect(register.status).toBe(404);
    expect(await Submission.countDocuments({})).toBe(before);
  });

  it("refuses an outsider and a removed member as the site's address does", async () => {
    for (const who of [outsider, leaver]) {
      for (const [route, path] of [
        [groupLayout, ""],
        [groupProblems, "/problems"],
        [groupRank, "/rank"],
      ] as const) {
        const res = await page(route, `/group/${gid}/training/${tid}${path}`, at(gid, tid), { uid: who._id });
        expect(res.status, `${who.username} ${path}`).toBe(403);
        expect(await res.text()).toBe("group:notMember");
      }
      const site = await page(siteLayout, `/training/${tid}`, { trainingId: String(tid) }, { uid: who._id });
      expect(site.status).toBe(403);
      expect(await site.text()).toBe("group:notMember");
      const post = await page(groupProblem, `/group/${gid}/training/${tid}/problem/${problemId}`, { ...at(gid, tid), problemId }, { uid: who._id, form: { language: "C++", code: "int main(){}" } });
      expect(post.status).toBe(403);
      const register = await page(groupOverview, `/group/${gid}/training/${privateTid}`, at(gid, privateTid), { uid: who._id, form: { password: "pw123" } });
      expect(register.status).toBe(403);
    }
    expect(await Submission.countDocuments({ uid: { $in: [outsider._id, leaver._id] } })).toBe(0);
    expect(await TrainingRegister.countDocuments({ uid: { $in: [outsider._id, leaver._id] } })).toBe(0);
    // A visitor logs in first.
    const visitor = await call(groupLayout.loader, await req(`/group/${gid}/training/${tid}`), at(gid, tid));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toContain("login=1");
  });

  it("answers a malformed id with 404, never 500", async () => {
    for (const [g, t] of [
      ["abc", String(tid)],
      [String(gid), "abc"],
      ["0", String(tid)],
      [String(gid), "-1"],
      [String(gid), "1e3"],
    ]) {
      expect((await page(groupLayout, `/group/${g}/training/${t}`, at(g, t), { uid: member._id })).status, `${g}/${t}`).toBe(404);
      expect((await page(groupProblems, `/group/${g}/training/${t}/problems`, at(g, t), { uid: member._id })).status, `${g}/${t}`).toBe(404);
      expect((await page(groupOverview, `/group/${g}/training/${t}`, at(g, t), { uid: member._id, form: { password: "x" } })).status, `${g}/${t}`).toBe(404);
    }
    const unknown = await page(groupLayout, `/group/${gid}/training/987654`, at(gid, 987654), { uid: member._id });
    expect(unknown.status).toBe(404);
    const noProblem = await page(groupProblem, `/group/${gid}/training/${tid}/problem/NOPE1`, { ...at(gid, tid), problemId: "NOPE1" }, { uid: member._id });
    expect(noProblem.status).toBe(404);
  });

  it("registers with the password and answers with the group's address; the tabs ask for it first", async () => {
    const base = `/group/${gid}/training/${privateTid}`;
    const locked = await page(groupProblems, `${base}/problems`, at(gid, privateTid), { uid: member._id });
    expect(locked.status).toBe(403);
    expect(await data(locked)).toMatchObject({ base, rows: [] });
    const lockedHtml = await (await fetchPage(`${base}/problems`, member._id)).text();
    expect(lockedHtml).toContain('data-testid="entry-refusal"');
    expect(lockedHtml).toMatch(new RegExp(`data-testid="entry-refusal"[\\s\\S]*href="${base}"`));
    const wrong = await page(groupOverview, base, at(gid, privateTid), { uid: member._id, form: { password: "nope" } });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect((await body<{ error: string }>(wrong)).error).toBeTruthy();
    const empty = await page(groupOverview, base, at(gid, privateTid), { uid: member._id, form: { password: " " } });
    expect(empty.status).toBe(400);
    expect(await TrainingRegister.countDocuments({ uid: member._id })).toBe(0);
    const ok = await page(groupOverview, base, at(gid, privateTid), { uid: member._id, form: { password: "pw123" } });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(base);
    expect((await page(groupProblems, `${base}/problems`, at(gid, privateTid), { uid: member._id })).status).toBe(200);
    // A form posted to the site's address (a page opened before) still registers, and answers with the group's.
    const late = await page(siteOverview, `/training/${privateTid}`, { trainingId: String(privateTid) }, { uid: owner._id, form: { password: "pw123" } });
    expect(late.status).toBe(302);
    expect(late.headers.get("Location")).toBe(base);
  });

  it("a submission without JavaScript goes to the training's records in the group's frame", async () => {
    const base = `/group/${gid}/training/${tid}`;
    const res = await page(groupProblem, `${base}/problem/${problemId}`, { ...at(gid, tid), problemId }, { uid: member._id, form: { language: "C++", code: "int main() { return 0; }" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`${base}/submissions?onlyMine=true`);
    expect(await Submission.countDocuments({ uid: member._id, tid })).toBe(1);
    const records = await page(groupSubmissions, `${base}/submissions?onlyMine=true`, at(gid, tid), { uid: member._id });
    expect((await body<{ records: unknown[] }>(records)).records).toHaveLength(1);
    const bad = await page(siteProblem, `/training/${tid}/problem/${problemId}`, { trainingId: String(tid), problemId }, { uid: member._id, form: { language: "C++", code: "" } });
    expect(bad.status).toBe(400);
    expect(await Submission.countDocuments({ uid: member._id, tid })).toBe(1);
  });
});

describe("the way back to the group, and the focus views", () => {
  it("a group's contest names its group with a link back; the site's contests do not", async () => {
    const html = await (await fetchPage(`/contest/${groupCid}`, member._id)).text();
    expect(tagOf(html, "back-to-group")).toContain(`href="/group/${gid}/contest"`);
    expect(html).toMatch(/data-testid="back-to-group"[^>]*>(<span[^>]*>[^<]*<\/span>)?Back to the group: Training frame group<\/a>/);
    const site = await (await fetchPage(`/contest/${siteCid}`, member._id)).text();
    expect(site).toContain('data-testid="contest-title"');
    expect(site).not.toContain('data-testid="back-to-group"');
  });

  it("a contest's problem keeps its focus view with the strip of the contest's problems", async () => {
    const html = await (await fetchPage(`/contest/${siteCid}/problem/A?focus=1`, member._id)).text();
    expect(tagOf(html, "contest-problem-page")).toContain("fixed inset-0");
    expect(html).toContain('data-testid="focus-strip"');
    expect(html).toContain(`href="/contest/${siteCid}/problem/A?focus=1"`);
    expect(html).toContain(`href="/contest/${siteCid}/problems"`);
  });

  it("a group's problem fills the screen with ?focus=1, without JavaScript, and has the way back", async () => {
    const here = `/group/${gid}/problem/${groupProblemId}`;
    const loaded = await page(groupOwnProblem, `${here}?focus=1`, { groupId: String(gid), problemId: groupProblemId }, { uid: member._id });
    expect(await data(loaded)).toMatchObject({ focus: true });
    const html = await (await fetchPage(`${here}?focus=1`, member._id)).text();
    expect(tagOf(html, "group-problem-page")).toContain("fixed inset-0");
    expect(tagOf(html, "focus-toggle")).toContain(`href="${here}"`);
    expect(html).toContain(`href="/group/${gid}/problem"`);
    expect(html).not.toContain('data-testid="focus-strip"');
    const normal = await (await fetchPage(here, member._id)).text();
    expect(tagOf(normal, "focus-toggle")).toContain(`href="${here}?focus=1"`);
    expect(tagOf(normal, "group-problem-page")).not.toContain("fixed");
    // Still the group's members' only.
    expect((await page(groupOwnProblem, `${here}?focus=1`, { groupId: String(gid), problemId: groupProblemId }, { uid: outsider._id })).status).toBe(403);
  });
});
