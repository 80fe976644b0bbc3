import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { Submission } from "~/models/submission.server";
import { Training } from "~/models/training.server";
import { TrainingCategory } from "~/models/training-category.server";
import { TrainingProblem } from "~/models/training-problem.server";
import { TrainingRank } from "~/models/training-rank.server";
import { TrainingRegister } from "~/models/training-register.server";
import * as adminTraining from "~/routes/ojapi+/admin+/training._index";
import * as createPage from "~/routes/admin+/training+/create";
import * as addProblem from "~/routes/ojapi+/admin+/training.add-problem-from-public";
import * as category from "~/routes/ojapi+/admin+/training.category";
import * as changeStatus from "~/routes/ojapi+/admin+/training.change-training-status";
import * as adminProblems from "~/routes/ojapi+/admin+/training.get-problem-list";
import * as adminList from "~/routes/ojapi+/admin+/training.get-training-list";
import * as trainingProblem from "~/routes/ojapi+/admin+/training.problem";
import * as access from "~/routes/ojapi+/_training+/get-training-access";
import * as categories from "~/routes/ojapi+/_training+/get-training-category";
import * as detail from "~/routes/ojapi+/_training+/get-training-detail";
import * as list from "~/routes/ojapi+/_training+/get-training-list";
import * as problemList from "~/routes/ojapi+/_training+/get-training-problem-list";
import * as problemDetails from "~/routes/ojapi+/_training+/get-training-problem-details";
import * as fullScreen from "~/routes/ojapi+/_problem+/get-full-screen-problem-list";
import * as rank from "~/routes/ojapi+/_training+/get-training-rank";
import * as register from "~/routes/ojapi+/_training+/register-training";
import * as submit from "~/routes/ojapi+/_submission+/submit-problem-judge";
import * as submissionDetail from "~/routes/ojapi+/_submission+/get-submission-detail";
import { createUser } from "~/services/account/users.server";
import { applyJudgeEvents } from "~/services/judging/apply.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { rankRowOf } from "~/services/training/rank.server";
import { announceJudge, body, call, makeProblem, req } from "../fixtures/learner";
import { allowManySubmissions, caseResult, finalMessage } from "./support/judging";

// The training calls of HOJ's client in HOJ's shapes, the kept rank and progress moving when a
// verdict is applied, and every refusal made by a direct request: translated, nothing stored.

type User = Awaited<ReturnType<typeof createUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Api = { status: number; msg: string; data: any };

let root: User;
let admin: User;
let learner: User;
let other: User;
let muted: User;
let pid = 0;
let pid2 = 0;
let hiddenPid = 0;
let categoryId = 0;
let tid = 0;

async function api(route: { loader?: unknown; action?: unknown }, path: string, o: { uid?: string; method?: string; json?: unknown; lang?: string } = {}) {
  const fn = o.method && o.method !== "GET" ? route.action : (route.loader ?? route.action);
  const res = await call(fn, await req(`/ojapi/${path}`, o));
  return { res, body: res.headers.get("Content-Type")?.includes("json") ? await body<Api>(res) : null };
}

const trainingBody = (over: Record<string, unknown> = {}) => ({
  training: { title: "Loops", description: "Practise loops.", auth: "Private", privatePwd: "loop123", rank: 5, status: true, ...over },
  trainingCategory: { id: categoryId },
});

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  await announceJudge(["C", "C++", "Python3"]);
  await allowManySubmissions();
  root = await createUser({ username: "tr-root", password: "secret123", email: "tr-root@example.test", role: Role.SUPER_ADMIN });
  admin = await createUser({ username: "tr-admin", password: "secret123", email: "tr-admin@example.test", role: Role.ADMIN });
  learner = await createUser({ username: "tr-learner", password: "secret123", email: "tr-learner@example.test", realname: "Lena Learner" });
  other = await createUser({ username: "tr-other", password: "secret123", email: "tr-other@example.test" });
  muted = await createUser({ username: "tr-nosubmit", password: "secret123", email: "tr-nosubmit@example.test", role: Role.NO_SUBMIT });
  pid = (await makeProblem({ _id: 900, problemId: "TR900" }))._id;
  pid2 = (await makeProblem({ _id: 901, problemId: "TR901" }))._id;
  hiddenPid = (await makeProblem({ _id: 902, problemId: "TR902", auth: 2 }))._id;
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("training admin calls", () => {
  it("the create page sends the admin to the categories while none exists", async () => {
    const res = await call(createPage.loader, await req("/admin/training/create", { uid: admin._id }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/training/category?notice=noTrainingCategory");
    expect((await call(createPage.loader, await req("/admin/training/create", { uid: learner._id }))).status).toBe(403);
  });

  it("categories: validated, translated, and only for the admin roles", async () => {
    const bad = await api(category, "admin/training/category", { uid: root._id, method: "POST", json: { name: "Basics", color: "blue" } });
    expect(bad.res.status).toBe(400);
    expect(bad.body?.msg).toBe("The colour must look like #2d8cf0");
    expect((await api(category, "admin/training/category", { uid: root._id, method: "POST", json: { name: " ", color: "#123456" }, lang: "zh-CN" })).body?.msg).toBe("分类名称不能为空");
    expect((await api(category, "admin/training/category", { uid: learner._id, method: "POST", json: { name: "Basics", color: "#123456" } })).res.status).toBe(403);
    expect(await TrainingCategory.countDocuments()).toBe(0);
    const ok = await api(category, "admin/training/category", { uid: root._id, method: "POST", json: { name: "Basics", color: "#2d8cf0" } });
    expect(ok.body?.data).toMatchObject({ name: "Basics", color: "#2d8cf0", gid: null });
    categoryId = ok.body?.data.id;
    expect((await api(category, "admin/training/category", { uid: root._id, method: "POST", json: { name: "Basics", color: "#000000" } })).res.status).toBe(409);
    const listed = await api(categories, "get-training-category");
    expect(listed.body?.data).toEqual([expect.objectContaining({ id: categoryId, name: "Basics", color: "#2d8cf0" })]);
  });

  it("a training: rank 0..2147483647 (default 1000), a category and (private) a password required", async () => {
    const before = await Training.countDocuments();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ privatePwd: "" }, "A private training needs a password", "私有训练需要设置密码"],
      [{ rank: 2147483648 }, "The number must be a whole number from 0 to 2147483647", "编号必须是0到2147483647之间的整数"],
      [{ rank: -1 }, "The number must be a whole number from 0 to 2147483647", "编号必须是0到2147483647之间的整数"],
      [{ title: "" }, "The title is required", "标题不能为空"],
    ];
    for (const [over, en, zh] of cases) {
      const r = await api(adminTraining, "admin/training", { uid: root._id, method: "POST", json: trainingBody(over) });
      expect(r.res.status, JSON.stringify(over)).toBe(400);
      expect(r.body?.msg).toBe(en);
      expect((await api(adminTraining, "admin/training", { uid: root._id, method: "POST", json: trainingBody(over), lang: "zh-CN" })).body?.msg).toBe(zh);
    }
    const noCategory = await api(adminTraining, "admin/training", { uid: root._id, method: "POST", json: { training: trainingBody().training, trainingCategory: {} } });
    expect(noCategory.body?.msg).toBe("Please choose a category");
    const unknownCategory = await api(adminTraining, "admin/training", { uid: root._id, method: "POST", json: { training: trainingBody().training, trainingCategory: { id: 9999 } } });
    expect(unknownCategory.res.status).toBe(400);
    expect((await api(adminTraining, "admin/training", { uid: learner._id, method: "POST", json: trainingBody() })).res.status).toBe(403);
    expect(await Training.countDocuments()).toBe(before);

    const defaulted = await api(adminTraining, "admin/training", { uid: admin._id, method: "POST", json: trainingBody({ rank: "", auth: "Public", privatePwd: "", title: "Warm-up" }) });
    expect(defaulted.body?.data.training).toMatchObject({ rank: 1000, auth: "Public", author: "tr-admin", status: true });
    const created = await api(adminTraining, "admin/training", { uid: root._id, method: "POST", json: trainingBody() });
    expect(created.res.status).toBe(200);
    expect(created.body?.data.training).toMatchObject({ title: "Loops", auth: "Private", privatePwd: "loop123", rank: 5, author: "tr-root", gid: null, isGroup: false });
    expect(created.body?.data.trainingCategory).toMatchObject({ id: categoryId, name: "Basics" });
    tid = created.body?.data.training.id;
    // Another admin is not this training's admin (HOJ: its author or a super admin).
    expect((await api(adminTraining, `admin/training?tid=${tid}`, { uid: admin._id })).res.status).toBe(403);
    const edited = await api(adminTraining, "admin/training", { uid: root._id, method: "PUT", json: { ...trainingBody({ title: "Loops and arrays" }), training: { ...trainingBody().training, title: "Loops and arrays", id: tid } } });
    expect(edited.body?.data.training.title).toBe("Loops and arrays");
    const admins = await api(adminList, "admin/training/get-training-list?currentPage=1&limit=10", { uid: root._id });
    expect(admins.body?.data.records.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([tid]));
    const inUse = await api(category, `admin/training/category?cid=${categoryId}`, { uid: root._id, method: "DELETE" });
    expect(inUse.res.status).toBe(409);
    expect(inUse.body?.msg).toBe("The category is used by a training and can not be deleted!");
  });

  it("problems come from the public bank; removing one keeps the count", async () => {
    const hidden = await api(addProblem, "admin/training/add-problem-from-public", { uid: root._id, method: "POST", json: { tid, pid: hiddenPid } });
    expect(hidden.res.status).toBe(404);
    expect(hidden.body?.msg).toBe("No public problem has this id!");
    expect((await api(addProblem, "admin/training/add-problem-from-public", { uid: learner._id, method: "POST", json: { tid, pid } })).res.status).toBe(403);
    expect((await api(addProblem, "admin/training/add-problem-from-public", { uid: root._id, method: "POST", json: { tid, pid } })).body?.data).toMatchObject({ tid, pid, displayId: "TR900" });
    const twice = await api(addProblem, "admin/training/add-problem-from-public", { uid: root._id, method: "POST", json: { tid, pid } });
    expect(twice.res.status).toBe(409);
    await api(addProblem, "admin/training/add-problem-from-public", { uid: root._id, method: "POST", json: { tid, pid: pid2 } });
    expect((await Training.findById(tid).lean())?.problemCount).toBe(2);
    const page = await api(adminProblems, `admin/training/get-problem-list?tid=${tid}&queryExisted=true`, { uid: root._id });
    expect(page.body?.data.problemList.total).toBe(2);
    expect(Object.keys(page.body?.data.trainingProblemMap).map(Number).sort()).toEqual([pid, pid2]);
    const tp = page.body?.data.trainingProblemMap[pid2];
    expect((await api(trainingProblem, "admin/training/problem", { uid: root._id, method: "PUT", json: { id: tp.id, rank: 0 } })).body?.data.rank).toBe(0);
    expect((await api(trainingProblem, `admin/training/problem?tid=${tid}&pid=${hiddenPid}`, { uid: root._id, method: "DELETE" })).res.status).toBe(404);
    expect(await TrainingProblem.countDocuments({ tid })).toBe(2);
  });
});

describe("a learner in a private training", () => {
  it("sees it listed in HOJ's TrainingVO and its detail without the password, but nothing inside before registering", async () => {
    const listed = await api(list, "get-training-list?currentPage=1&limit=15&auth=Private", { uid: learner._id });
    const row = listed.body?.data.records.find((r: { id: number }) => r.id === tid);
    expect(row).toMatchObject({ id: tid, title: "Loops and arrays", auth: "Private", categoryName: "Basics", categoryColor: "#2d8cf0", rank: 5, problemCount: 2, acCount: 0 });
    expect(row).not.toHaveProperty("privatePwd");
    const d = await api(detail, `get-training-detail?tid=${tid}`, { uid: learner._id });
    expect(d.body?.data).toMatchObject({ id: tid, problemCount: 2, acCount: 0, auth: "Private" });
    expect((await api(access, `get-training-access?tid=${tid}`, { uid: learner._id })).body?.data).toEqual({ access: false });
    const refused = await api(problemList, `get-training-problem-list?tid=${tid}`, { uid: learner._id });
    expect(refused.res.status).toBe(403);
    expect(refused.body?.msg).toBe("This training is private: please register with its password first!");
    expect((await api(rank, `get-training-rank?tid=${tid}`, { uid: learner._id })).res.status).toBe(403);
    expect((await api(problemList, `get-training-problem-list?tid=${tid}`)).res.status).toBe(401);
    // The full-screen switcher and HOJ's training problem call refuse alike.
    expect((await api(fullScreen, `get-full-screen-problem-list?tid=${tid}`, { uid: learner._id })).res.status).toBe(403);
    expect((await api(fullScreen, `get-full-screen-problem-list?tid=${tid}`)).res.status).toBe(401);
    expect((await api(problemDetails, `get-training-problem-details?displayId=TR900&cid=${tid}`, { uid: learner._id })).res.status).toBe(403);
    expect((await api(problemDetails, `get-training-problem-details?displayId=TR900&cid=${tid}`)).res.status).toBe(401);
    const before = await Submission.countDocuments();
    const submitRefused = await api(submit, "submit-problem-judge", { uid: learner._id, method: "POST", json: { pid: "TR900", tid, language: "C++", code: "int main(){}" } });
    expect(submitRefused.res.status).toBe(403);
    expect(submitRefused.body?.msg).toBe("This training is private: please register with its password first!");
    expect(await Submission.countDocuments()).toBe(before);
  });

  it("registers with the password: empty and wrong ones are refused and store nothing; what was solved before then counts", async () => {
    // Solved in the bank before registering (HOJ syncs it into the training's records).
    const earlier = await api(submit, "submit-problem-judge", { uid: learner._id, method: "POST", json: { pid: "TR901", language: "C++", code: "int main(){}" } });
    const earlierSub = (await Submission.findById(earlier.body?.data.submitId).lean())!;
    expect(earlierSub.tid).toBe(0);
    await applyJudgeEvents(earlierSub._id, [{ kind: "result", msg: finalMessage(earlierSub, { status: JudgeStatus.ACCEPTED, cases: [caseResult(1, 0, { time: 7 })] }) }]);
    expect(await TrainingRank.countDocuments({ tid })).toBe(0);

    expect((await api(register, "register-training", { uid: learner._id, method: "POST", json: { tid, password: "" } })).body?.msg).toBe("Enter the training password");
    expect((await api(register, "register-training", { uid: learner._id, method: "POST", json: { tid, password: "" }, lang: "zh-CN" })).body?.msg).toBe("请输入训练密码");
    const wrong = await api(register, "register-training", { uid: learner._id, method: "POST", json: { tid, password: "nope" } });
    expect(wrong.res.status).toBe(400);
    expect(wrong.body?.msg).toBe("The training password is wrong, please enter it again!");
    expect((await api(register, "register-training", { method: "POST", json: { tid, password: "loop123" } })).res.status).toBe(401);
    expect((await api(register, "register-training", { uid: learner._id, method: "POST", json: { tid: "x", password: "loop123" } })).res.status).toBe(400);
    expect(await TrainingRegister.countDocuments({ tid })).toBe(0);
    expect((await api(register, "register-training", { uid: learner._id, method: "POST", json: { tid, password: "loop123" } })).res.status).toBe(200);
    expect((await api(register, "register-training", { uid: learner._id, method: "POST", json: { tid, password: "loop123" } })).res.status).toBe(409);
    expect((await api(access, `get-training-access?tid=${tid}`, { uid: learner._id })).body?.data).toEqual({ access: true });
    expect((await TrainingRank.findById(`${tid}:${learner._id}`).lean())?.submissionInfo).toEqual({ TR901: { status: 0, score: 0, isAC: true, runTime: 7 } });
  });

  it("submits in the training; the verdict moves the progress and the kept rank", async () => {
    const problems = await api(problemList, `get-training-problem-list?tid=${tid}`, { uid: learner._id });
    expect(problems.body?.data.map((p: { problemId: string }) => p.problemId)).toEqual(["TR901", "TR900"]);
    expect(problems.body?.data[1]).toMatchObject({ pid, problemId: "TR900", title: "Problem 900", myStatus: JudgeStatus.NOT_SUBMITTED });

    const outside = await makeProblem({ _id: 903, problemId: "TR903" });
    const notInIt = await api(submit, "submit-problem-judge", { uid: learner._id, method: "POST", json: { pid: outside.problemId, tid, language: "C++", code: "int main(){}" } });
    expect(notInIt.res.status).toBe(404);
    expect(notInIt.body?.msg).toBe("The problem does not exist in this training!");
    const noSubmit = await api(submit, "submit-problem-judge", { uid: muted._id, method: "POST", json: { pid: "TR900", tid, language: "C++", code: "int main(){}" } });
    expect(noSubmit.res.status).toBe(403);

    const wa = await api(submit, "submit-problem-judge", { uid: learner._id, method: "POST", json: { pid: "TR900", tid, language: "C++", code: "int main(){}" } });
    expect(wa.res.status).toBe(200);
    const waSub = (await Submission.findById(wa.body?.data.submitId).lean())!;
    expect(waSub).toMatchObject({ tid, pid, cid: 0, gid: null });
    await applyJudgeEvents(waSub._id, [{ kind: "result", msg: finalMessage(waSub, { status: JudgeStatus.WRONG_ANSWER }) }]);
    let board = await api(rank, `get-training-rank?tid=${tid}`, { uid: learner._id });
    expect(board.body?.data.total).toBe(1);
    expect(board.body?.data.records[0]).toMatchObject({ username: "tr-learner", ac: 1, realname: "", submissionInfo: { TR900: { isAC: false, status: JudgeStatus.WRONG_ANSWER }, TR901: { isAC: true } } });

    const ac = await api(submit, "submit-problem-judge", { uid: learner._id, method: "POST", json: { pid: "TR900", tid, language: "C++", code: "int main(){return 0;}" } });
    const acSub = (await Submission.findById(ac.body?.data.submitId).lean())!;
    await applyJudgeEvents(acSub._id, [{ kind: "result", msg: finalMessage(acSub, { status: JudgeStatus.ACCEPTED, time: 12 }) }]);
    board = await api(rank, `get-training-rank?tid=${tid}`, { uid: learner._id });
    expect(board.body?.data.records[0]).toMatchObject({ username: "tr-learner", ac: 2, totalRunTime: 19, submissionInfo: { TR900: { isAC: true, runTime: 12, status: 0 } } });
    // The training's admin (its author, a super admin) sees real names; its author is not ranked.
    const asAdmin = await api(rank, `get-training-rank?tid=${tid}`, { uid: root._id });
    expect(asAdmin.body?.data.records[0].realname).toBe("Lena Learner");
    expect((await api(detail, `get-training-detail?tid=${tid}`, { uid: learner._id })).body?.data.acCount).toBe(2);
    const listed = await api(list, "get-training-list", { uid: learner._id });
    expect(listed.body?.data.records.find((r: { id: number }) => r.id === tid).acCount).toBe(2);
    expect((await api(problemList, `get-training-problem-list?tid=${tid}`, { uid: learner._id })).body?.data[1].myStatus).toBe(JudgeStatus.ACCEPTED);
    // The full-screen switcher: HOJ's ProblemFullScreenListVO, in the training's order.
    const switcher = await api(fullScreen, `get-full-screen-problem-list?tid=${tid}`, { uid: learner._id });
    expect(switcher.body?.data).toEqual([
      { pid: pid2, problemId: "TR901", title: "Problem 901", status: JudgeStatus.ACCEPTED, score: null },
      { pid, problemId: "TR900", title: "Problem 900", status: JudgeStatus.ACCEPTED, score: null },
    ]);
    expect((await api(fullScreen, "get-full-screen-problem-list", { uid: learner._id })).res.status).toBe(400);
    expect((await api(fullScreen, "get-full-screen-problem-list?tid=abc", { uid: learner._id })).res.status).toBe(400);
    // HOJ's training problem call (the training's id in `cid`, as its client sends it).
    const info = await api(problemDetails, `get-training-problem-details?displayId=tr900&cid=${tid}`, { uid: learner._id });
    expect(info.body?.data.problem).toMatchObject({ id: pid, problemId: "TR900" });
    expect((await api(problemDetails, `get-training-problem-details?displayId=TR903&cid=${tid}`, { uid: learner._id })).res.status).toBe(404);
    expect((await api(problemDetails, `get-training-problem-details?displayId=TR900&cid=x`, { uid: learner._id })).res.status).toBe(400);

    // A verdict delivered again changes nothing; the row equals one computed from the submissions.
    await applyJudgeEvents(acSub._id, [{ kind: "result", msg: finalMessage(acSub, { status: JudgeStatus.ACCEPTED, time: 12 }) }]);
    const kept = (await TrainingRank.findById(`${tid}:${learner._id}`).lean())!;
    const registeredAt = (await TrainingRegister.findById(`${tid}:${learner._id}`).lean())!.gmtCreate;
    const subs = (await Submission.find({ uid: learner._id, countedStatus: { $ne: null } }).lean()).filter((x) => x.tid === tid || x.submitTime <= registeredAt);
    expect({ ac: kept.ac, totalRunTime: kept.totalRunTime, onTimeAc: kept.onTimeAc, lateAc: kept.lateAc, weightedScore: kept.weightedScore, submissionInfo: kept.submissionInfo }).toEqual(
      rankRowOf(subs.map((s) => ({ _id: s._id, pid: s.pid, countedStatus: s.countedStatus as number, score: s.score, time: s.time })), new Map([[pid, "TR900"], [pid2, "TR901"]])),
    );
    // A training submission reads like a bank one outside the training.
    expect((await api(submissionDetail, `get-submission-detail?submitId=${acSub._id}`, { uid: learner._id })).res.status).toBe(200);
  });

  it("removing the problem takes it off the rank; a hidden training is not found by learners", async () => {
    await api(trainingProblem, `admin/training/problem?tid=${tid}&pid=${pid}`, { uid: root._id, method: "DELETE" });
    expect((await Training.findById(tid).lean())?.problemCount).toBe(1);
    const without = (await TrainingRank.findById(`${tid}:${learner._id}`).lean())!;
    expect({ ac: without.ac, problems: Object.keys(without.submissionInfo) }).toEqual({ ac: 1, problems: ["TR901"] });
    await api(addProblem, "admin/training/add-problem-from-public", { uid: root._id, method: "POST", json: { tid, pid } });
    expect((await TrainingRank.findById(`${tid}:${learner._id}`).lean())?.ac).toBe(2);

    expect((await api(changeStatus, "admin/training/change-training-status", { uid: root._id, method: "PUT", json: { tid, status: false } })).res.status).toBe(200);
    expect((await api(detail, `get-training-detail?tid=${tid}`, { uid: other._id })).res.status).toBe(404);
    expect((await api(list, "get-training-list", { uid: other._id })).body?.data.records.some((r: { id: number }) => r.id === tid)).toBe(false);
    expect((await api(detail, `get-training-detail?tid=${tid}`, { uid: root._id })).res.status).toBe(200);
    await api(changeStatus, "admin/training/change-training-status", { uid: root._id, method: "PUT", json: { tid, status: true } });
    expect((await api(detail, "get-training-detail?tid=abc", { uid: other._id })).res.status).toBe(400);
  });

  it("deleting the training takes its problems, registrations and rank with it", async () => {
    expect((await api(adminTraining, `admin/training?tid=${tid}`, { uid: learner._id, method: "DELETE" })).res.status).toBe(403);
    expect((await api(adminTraining, `admin/training?tid=${tid}`, { uid: root._id, method: "DELETE" })).res.status).toBe(200);
    expect(await TrainingProblem.countDocuments({ tid })).toBe(0);
    expect(await TrainingRegister.countDocuments({ tid })).toBe(0);
    expect(await TrainingRank.countDocuments({ tid })).toBe(0);
  });
});
