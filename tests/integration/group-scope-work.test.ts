import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { GroupRank } from "~/models/group-rank.server";
import { Submission, type SubmissionDoc } from "~/models/submission.server";
import { TrainingCategory } from "~/models/training-category.server";
import * as groupProblemPage from "~/routes/group+/$groupId.problem.$problemId";
import * as groupRankPage from "~/routes/group+/$groupId.rank";
import * as groupStatusPage from "~/routes/group+/$groupId.status";
import * as groupTrainingLayout from "~/routes/group+/$groupId.training.$trainingId";
import * as groupTrainingProblem from "~/routes/group+/$groupId.training.$trainingId.problem.$problemId";
import * as groupTrainingSubmissions from "~/routes/group+/$groupId.training.$trainingId.submissions";
import * as hojRank from "~/routes/ojapi+/_group+/get-group-rank-list";
import * as hojSubmit from "~/routes/ojapi+/_submission+/submit-problem-judge";
import { contestInputSchema, createContest } from "~/services/contest/contests.server";
import { addContestProblem } from "~/services/contest/problems.server";
import { administerContest } from "~/services/contest/scope.server";
import { applyJudgeEvents } from "~/services/judging/apply.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { Contest } from "~/models/contest.server";
import { createSubmission } from "~/services/submission/submissions.server";
import { addTrainingProblem } from "~/services/training/problems.server";
import { administerTraining } from "~/services/training/scope.server";
import { createTraining, trainingInputSchema } from "~/services/training/trainings.server";
import { addMembers, makeGroup, makeUser } from "../fixtures/groups";
import { announceJudge, body, call, makeProblem, req } from "../fixtures/learner";
import { finalMessage } from "./support/judging";

// Everything done inside a group belongs to the group, whichever way it was sent: a submission
// made in a group's training or contest carries the group (derived by the server from the
// training or contest, never taken from the form); the group's rank is kept per member and moves
// with each verdict of their work in the group's problems, trainings and contests; the group's
// Submissions tab lists the training's submissions; a group training's problem page opens its
// banner's submission in the group's frame; a group training's progress counts group problems.

type User = Awaited<ReturnType<typeof makeUser>>;
type Route = { loader?: unknown; action?: unknown };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page's data, checked field by field
const data = (res: Response) => body<Record<string, any>>(res);

let owner: User;
let amy: User;
let bob: User;
let cat: User;
let dan: User;
let gid = 0;
let otherGid = 0;
let tid = 0;
let cid = 0;
let problemId = "";
let pid = 0;

async function page(route: Route, path: string, params: Record<string, string>, o: { uid: string; form?: Record<string, string> }) {
  return call(o.form ? route.action : route.loader, await req(path, { uid: o.uid, form: o.form, method: o.form ? "POST" : "GET" }), params);
}

/** The real applier's path for a judge's final verdict. */
async function judge(id: number, status: number = JudgeStatus.ACCEPTED) {
  const sub = (await Submission.findById(id).lean<SubmissionDoc>())!;
  await applyJudgeEvents(id, [{ kind: "result", msg: finalMessage(sub, { status, score: status === JudgeStatus.ACCEPTED ? 100 : 0 }) }]);
}

const CODE = "a, b = map(int, input().split())\nprint(a + b)\n";

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  await announceJudge(["C", "C++", "Java", "Python3"]);
  const tag = Date.now() % 100000;
  owner = await makeUser(`gsw-owner${tag}`, Role.ADMIN);
  [amy, bob, cat, dan] = [await makeUser(`gsw-amy${tag}`), await makeUser(`gsw-bob${tag}`), await makeUser(`gsw-cat${tag}`), await makeUser(`gsw-dan${tag}`)];
  gid = (await makeGroup(owner, { name: "Class of sums", shortName: `gs${tag}`, auth: 2, code: "QWE123" }))._id;
  otherGid = (await makeGroup(owner, { name: "Another class", shortName: `go${tag}`, auth: 1 }))._id;
  await addMembers(owner, gid, [amy, bob, cat, dan]);
  const problem = await makeProblem({ _id: 700_000 + tag, problemId: `GS${tag}-AB`, gid, auth: 1 });
  pid = problem._id;
  problemId = problem.problemId;
  await TrainingCategory.create({ _id: 9900 + (tag % 90), name: `Week ${tag}`, color: "#2d8cf0", gid });
  const scope = { gid, groupAdmin: true };
  tid = (
    await createTraining(
      owner,
      trainingInputSchema.parse({ title: "Sums", description: "The week's sums.", rank: 1, auth: "Public", privatePwd: "", categoryId: 9900 + (tag % 90), status: true }),
      scope,
    )
  )._id;
  await addTrainingProblem(await administerTraining(tid, owner, scope), { tid, pid }, "group");
  cid = (
    await createContest(
      owner,
      contestInputSchema.parse({ title: "Class cup", description: "Solve them.", type: 0, auth: 0, startTime: new Date(Date.now() - 60_000), endTime: new Date(Date.now() + 3600_000) }),
      scope,
    )
  )._id;
  await addContestProblem(await administerContest(cid, owner, scope), { cid, pid, displayId: "A", displayTitle: "", color: "" }, "group");
}, 120_000);

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("work done inside a group", () => {
  let amySub = 0;
  let bobSub = 0;
  let catSub = 0;

  it("stores a training's or a contest's group on the submission, from the training or contest, not the form", async () => {
    // Amy on the group's problem page, Bob on the group training's problem page (its form sends
    // the training only), Cat in the group's contest.
    const a = await data(await page(groupProblemPage, `/group/${gid}/problem/${problemId}`, { groupId: String(gid), problemId }, { uid: amy._id, form: { language: "Python3", code: CODE, js: "1" } }));
    expect(a.ok).toBe(true);
    amySub = a.submitId;
    const b = await data(
      await page(groupTrainingProblem, `/group/${gid}/training/${tid}/problem/${problemId}`, { groupId: String(gid), trainingId: String(tid), problemId }, { uid: bob._id, form: { language: "Python3", code: CODE, js: "1" } }),
    );
    expect(b.ok).toBe(true);
    bobSub = b.submitId;
    catSub = (await createSubmission(cat, { pid, language: "Python3", code: CODE, cid, tid: 0 }))._id;
    const stored = await Submission.find({ _id: { $in: [amySub, bobSub, catSub] } }).select("_id gid tid cid").lean<SubmissionDoc[]>();
    expect(Object.fromEntries(stored.map((s) => [s._id, s.gid]))).toEqual({ [amySub]: gid, [bobSub]: gid, [catSub]: gid });
    // HOJ's call with the training alone is stored in the group too.
    const hoj = await body<{ status: number; data: { submitId: number } }>(
      await call(hojSubmit.action, await req("/ojapi/submit-problem-judge", { uid: dan._id, json: { pid: problemId, language: "Python3", code: CODE, cid: 0, tid } })),
    );
    expect(hoj.status).toBe(200);
    expect((await Submission.findById(hoj.data.submitId).lean<SubmissionDoc>())?.gid).toBe(gid);
    // A group the training does not belong to is refused, and nothing is stored.
    const before = await Submission.countDocuments({ uid: dan._id });
    const wrong = await call(hojSubmit.action, await req("/ojapi/submit-problem-judge", { uid: dan._id, json: { pid: problemId, language: "Python3", code: CODE, cid: 0, tid, gid: otherGid } }));
    expect((await body(wrong)).status).toBe(404);
    expect(await Submission.countDocuments({ uid: dan._id })).toBe(before);
    await judge(hoj.data.submitId, JudgeStatus.WRONG_ANSWER);
  });

  it("moves the group's rank with each verdict: the group's problem, training and contest all count", async () => {
    const rank = async () => {
      const d = await data(await page(groupRankPage, `/group/${gid}/rank`, { groupId: String(gid) }, { uid: amy._id }));
      return Object.fromEntries((d.page.records as Array<{ username: string; ac: number; total: number }>).map((r) => [r.username, [r.ac, r.total]]));
    };
    expect((await rank())[amy.username]).toEqual([0, 0]);
    await judge(amySub);
    await judge(bobSub);
    await judge(catSub);
    expect(await rank()).toMatchObject({ [amy.username]: [1, 1], [bob.username]: [1, 1], [cat.username]: [1, 1], [dan.username]: [0, 1] });
    expect(await GroupRank.countDocuments({ gid })).toBe(4);
    // HOJ's call reads the same rows.
    const hoj = await body<{ data: { records: Array<{ username: string; ac: number }> } }>(await call(hojRank.loader, await req(`/ojapi/get-group-rank-list?gid=${gid}&type=0`, { uid: bob._id })));
    expect(hoj.data.records.find((r) => r.username === bob.username)?.ac).toBe(1);
  });

  it("leaves a sealed contest's verdicts off the group's rank until the contest opens its board", async () => {
    const scope = { gid, groupAdmin: true };
    const start = new Date(Date.now() - 60_000);
    const sealed = (
      await createContest(
        owner,
        contestInputSchema.parse({ title: "Sealed cup", description: "Frozen.", type: 0, auth: 0, startTime: start, endTime: new Date(Date.now() + 3600_000), sealRank: true, sealRankTime: start, autoRealRank: true }),
        scope,
      )
    )._id;
    await Contest.updateOne({ _id: sealed }, { $set: { sealRank: true, sealRankTime: start } });
    await addContestProblem(await administerContest(sealed, owner, scope), { cid: sealed, pid, displayId: "A", displayTitle: "", color: "" }, "group");
    const rankOf = async (who: User) => {
      const d = await data(await page(groupRankPage, `/group/${gid}/rank`, { groupId: String(gid) }, { uid: amy._id }));
      const row = (d.page.records as Array<{ username: string; ac: number; total: number }>).find((r) => r.username === who.username);
      return [row?.ac ?? 0, row?.total ?? 0];
    };
    const before = await rankOf(dan);
    const sub = (await createSubmission(dan, { pid, language: "Python3", code: CODE, cid: sealed, tid: 0 }))._id;
    await judge(sub);
    // Dan's accepted answer is behind the seal: the rank members read shows nothing of it.
    expect(await rankOf(dan)).toEqual(before);
    // The admin turns the seal off: the next read of the rank counts it.
    await Contest.updateOne({ _id: sealed }, { $set: { sealRank: false, gmtModified: new Date(Date.now() + 1000) } });
    expect(await rankOf(dan)).toEqual([before[0] + 1, before[1] + 1]);
  });

  it("lists the training's submissions on the group's Submissions tab and opens them in the group's frame", async () => {
    const d = await data(await page(groupStatusPage, `/group/${gid}/status`, { groupId: String(gid) }, { uid: bob._id }));
    expect((d.records as Array<{ submitId: number }>).map((r) => r.submitId)).toContain(bobSub);
    const problemPage = await data(await page(groupTrainingProblem, `/group/${gid}/training/${tid}/problem/${problemId}`, { groupId: String(gid), trainingId: String(tid), problemId }, { uid: bob._id }));
    expect(problemPage.gid).toBe(gid);
    const records = await data(await page(groupTrainingSubmissions, `/group/${gid}/training/${tid}/submissions`, { groupId: String(gid), trainingId: String(tid) }, { uid: bob._id }));
    expect(records.gid).toBe(gid);
  });

  it("counts an accepted group problem in the group training's progress", async () => {
    // Amy solved it on the group's problem page, Bob in the training: both have the training done.
    for (const u of [amy, bob]) {
      const d = await data(await page(groupTrainingLayout, `/group/${gid}/training/${tid}`, { groupId: String(gid), trainingId: String(tid) }, { uid: u._id }));
      expect([d.acCount, d.problemCount], u.username).toEqual([1, 1]);
    }
  });
});
