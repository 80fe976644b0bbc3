import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { Submission } from "~/models/submission.server";
import { Training } from "~/models/training.server";
import { TrainingCategory } from "~/models/training-category.server";
import { TrainingRank } from "~/models/training-rank.server";
import * as editPage from "~/routes/admin+/training+/$trainingId.edit";
import * as adminTraining from "~/routes/ojapi+/admin+/training._index";
import * as rank from "~/routes/ojapi+/_training+/get-training-rank";
import { createUser } from "~/services/account/users.server";
import { applyJudgeEvents } from "~/services/judging/apply.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { addTrainingProblem } from "~/services/training/problems.server";
import { trainingProgressTable } from "~/services/training/rank-export.server";
import { administerTraining, SITE } from "~/services/training/scope.server";
import { createTraining } from "~/services/training/trainings.server";
import { body, call, makeProblem, makeSubmission, req } from "../fixtures/learner";
import { caseResult, finalMessage } from "./support/judging";

// A homework training: solves judged before and after its due time are kept apart in the rank
// rows, late ones earn the late rule's factor (or nothing), nothing counts after the hard end, the
// rank orders by what the solves earn, and the form refuses a bad rule in both languages.

type User = Awaited<ReturnType<typeof createUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Api = { status: number; msg: string; data: any };

const HOUR = 3_600_000;
const due = new Date(Date.now() - 5 * 24 * HOUR);
due.setUTCSeconds(0, 0);

let teacher: User;
let ada: User;
let ben: User;
let tid = 0;
let p1: Awaited<ReturnType<typeof makeProblem>>;
let p2: Awaited<ReturnType<typeof makeProblem>>;

/** A submission made at `at` in the training, then judged with `status`. */
async function judged(user: User, problem: typeof p1, at: Date, status: number, time = 10) {
  const sub = await makeSubmission(user, problem, { tid, status: JudgeStatus.PENDING, submitTime: at, time: 0 });
  await applyJudgeEvents(sub._id, [{ kind: "result", msg: finalMessage(sub, { status, time, cases: [caseResult(1, status, { time })] }) }]);
}

const row = async (u: User) => (await TrainingRank.findById(`${tid}:${u._id}`).lean())!;

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  teacher = await createUser({ username: "hw-teacher", password: "secret123", email: "hw-teacher@example.test", role: Role.SUPER_ADMIN });
  ada = await createUser({ username: "hw-ada", password: "secret123", email: "hw-ada@example.test" });
  ben = await createUser({ username: "hw-ben", password: "secret123", email: "hw-ben@example.test" });
  p1 = await makeProblem({ _id: 970, problemId: "HW970" });
  p2 = await makeProblem({ _id: 971, problemId: "HW971" });
  const category = await TrainingCategory.create({ _id: 970, name: "Homework", color: "#2d8cf0", gid: null });
  const training = await createTraining(
    teacher,
    {
      title: "Week 1",
      description: "Loops.",
      rank: 1,
      auth: "Public",
      privatePwd: "",
      categoryId: category._id,
      status: true,
      dueAt: due,
      hardEndAt: null,
      lateRule: "penalty",
      latePenaltyPercent: 10,
      latePeriodHours: 24,
      lateFloorPercent: 50,
    },
    SITE,
  );
  tid = training._id;
  const ts = await administerTraining(tid, teacher, SITE);
  await addTrainingProblem(ts, { tid, pid: p1._id }, "public");
  await addTrainingProblem(ts, { tid, pid: p2._id }, "public");
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("a homework training's kept rank", () => {
  it("keeps on-time and late solves apart and weighs the late ones per started day", async () => {
    // Ada: the first problem an hour before the due time, the second 25 hours after it (two days started).
    await judged(ada, p1, new Date(due.getTime() - HOUR), JudgeStatus.ACCEPTED, 10);
    await judged(ada, p2, new Date(due.getTime() + 25 * HOUR), JudgeStatus.ACCEPTED, 20);
    // Ben: wrong before the due time, right a minute after it; the second problem only wrong.
    await judged(ben, p1, new Date(due.getTime() - 2 * HOUR), JudgeStatus.WRONG_ANSWER);
    await judged(ben, p1, new Date(due.getTime() + 60_000), JudgeStatus.ACCEPTED, 5);
    await judged(ben, p2, new Date(due.getTime() + HOUR), JudgeStatus.WRONG_ANSWER);

    const a = await row(ada);
    expect(a).toMatchObject({ ac: 2, onTimeAc: 1, lateAc: 1, weightedScore: 1.8, totalRunTime: 30 });
    expect(a.submissionInfo.HW970).toMatchObject({ isAC: true, late: false, credit: 1 });
    expect(a.submissionInfo.HW971).toMatchObject({ isAC: true, late: true, credit: 0.8 });
    const b = await row(ben);
    expect(b).toMatchObject({ ac: 1, onTimeAc: 0, lateAc: 1, weightedScore: 0.9 });
    expect(b.submissionInfo.HW971).toMatchObject({ isAC: false, status: JudgeStatus.WRONG_ANSWER });

    // HOJ's rank call keeps its fields and adds the homework ones beside them.
    const res = await call(rank.loader, await req(`/ojapi/get-training-rank?tid=${tid}`, { uid: ada._id }));
    const data = (await body<Api>(res)).data;
    expect(data.records.map((r: { username: string }) => r.username)).toEqual(["hw-ada", "hw-ben"]);
    expect(data.records[0]).toMatchObject({ username: "hw-ada", ac: 2, totalRunTime: 30, onTimeAc: 1, lateAc: 1, weightedScore: 1.8 });
    expect(data.records[0].submissionInfo.HW971).toMatchObject({ isAC: true, runTime: 20, late: true });
  });

  it("a later solve of a problem solved late earns no more; the floor holds however late", async () => {
    await judged(ada, p2, new Date(due.getTime() + 30 * 24 * HOUR), JudgeStatus.ACCEPTED, 3);
    expect((await row(ada)).submissionInfo.HW971).toMatchObject({ late: true, credit: 0.8, runTime: 3 });
    await judged(ben, p2, new Date(due.getTime() + 30 * 24 * HOUR), JudgeStatus.ACCEPTED, 4);
    expect(await row(ben)).toMatchObject({ ac: 2, onTimeAc: 0, lateAc: 2, weightedScore: 1.4 });
  });

  it("the progress export has the on-time and late columns and marks a late solve", async () => {
    const ts = await administerTraining(tid, teacher, SITE);
    const table = await trainingProgressTable(ts, ((k: string, p?: Record<string, unknown>) => (p?.percent !== undefined ? `${k}:${p.percent}` : k)) as never);
    expect(table.columns).toEqual(expect.arrayContaining(["exports:column.onTime", "exports:column.late", "exports:column.weightedScore"]));
    const adaRow = table.rows.find((r) => r[1] === "hw-ada")!;
    expect(adaRow).toEqual(expect.arrayContaining(["exports:cell.solved", "exports:cell.solvedLate:80"]));
  });

  it("a hard end stops late solves from counting, and the none rule counts none; the rows follow an edit at once", async () => {
    const ts = await administerTraining(tid, teacher, SITE);
    const form = (over: Record<string, string>) => ({
      title: "Week 1",
      rank: "1",
      description: "Loops.",
      auth: "Public",
      privatePwd: "",
      categoryId: String(ts.training.categoryId),
      status: "true",
      tzOffset: "0",
      dueAt: due.toISOString().slice(0, 16),
      hardEndAt: "",
      lateRule: "penalty",
      latePenaltyPercent: "10",
      latePeriodHours: "24",
      lateFloorPercent: "50",
      ...over,
    });
    const edit = async (over: Record<string, string>, lang = "en") => call(editPage.action, await req(`/admin/training/${tid}/edit`, { uid: teacher._id, form: form(over), lang }), { trainingId: String(tid) });
    // Nothing after a day past the due time counts.
    const hardEnd = new Date(due.getTime() + 24 * HOUR).toISOString().slice(0, 16);
    expect((await edit({ hardEndAt: hardEnd })).status).toBe(302);
    expect(await Training.findById(tid).lean()).toMatchObject({ dueAt: due, hardEndAt: new Date(`${hardEnd}:00.000Z`), lateRule: "penalty" });
    expect(await row(ada)).toMatchObject({ ac: 1, onTimeAc: 1, lateAc: 1, weightedScore: 1 });
    expect((await row(ada)).submissionInfo.HW971).toMatchObject({ late: true, credit: 0, counted: false });
    expect(await row(ben)).toMatchObject({ ac: 1, lateAc: 2, weightedScore: 0.9 });
    // Late solves do not count at all.
    expect((await edit({ lateRule: "none" })).status).toBe(302);
    expect(await row(ada)).toMatchObject({ ac: 1, onTimeAc: 1, lateAc: 1, weightedScore: 1 });
    expect(await row(ben)).toMatchObject({ ac: 0, onTimeAc: 0, lateAc: 2, weightedScore: 0 });
    // No due time: the training it always was, every solve on time and HOJ's cells as they were.
    expect((await edit({ dueAt: "" })).status).toBe(302);
    expect(await row(ben)).toMatchObject({ ac: 2, onTimeAc: 2, lateAc: 0, weightedScore: 2 });
    expect((await row(ben)).submissionInfo.HW970).toEqual({ status: 0, score: 0, isAC: true, runTime: 5 });
  });

  it("refuses a bad rule with translated errors and stores nothing", async () => {
    const before = await Training.findById(tid).lean();
    const post = async (over: Record<string, string>, lang: string) => {
      const form = {
        title: "Week 1",
        rank: "1",
        description: "Loops.",
        auth: "Public",
        privatePwd: "",
        categoryId: String(before!.categoryId),
        status: "true",
        tzOffset: "-480",
        dueAt: "2031-03-01T10:00",
        hardEndAt: "",
        lateRule: "penalty",
        latePenaltyPercent: "10",
        latePeriodHours: "24",
        lateFloorPercent: "0",
        ...over,
      };
      const res = await call(editPage.action, await req(`/admin/training/${tid}/edit`, { uid: teacher._id, form, lang }), { trainingId: String(tid) });
      return { status: res.status, errors: res.status === 302 ? {} : (await body<{ errors: Record<string, string> }>(res)).errors };
    };
    expect(await post({ hardEndAt: "2031-03-01T09:00" }, "en")).toEqual({ status: 400, errors: { hardEndAt: "The hard end must be after the due time" } });
    expect(await post({ hardEndAt: "2031-03-01T09:00" }, "zh-CN")).toEqual({ status: 400, errors: { hardEndAt: "最终截止时间必须晚于截止时间" } });
    expect((await post({ dueAt: "", hardEndAt: "2031-03-01T09:00" }, "en")).errors).toEqual({ hardEndAt: "A hard end needs a due time" });
    expect((await post({ dueAt: "2031-02-31T10:00" }, "en")).errors).toEqual({ dueAt: "The due time is not a valid time" });
    expect((await post({ latePenaltyPercent: "0" }, "zh-CN")).errors).toEqual({ latePenaltyPercent: "扣分比例须为 1 到 100 之间的整数百分比" });
    expect((await post({ latePeriodHours: "5" }, "en")).errors).toEqual({ latePeriodHours: "Choose an hour, a day or a week" });
    expect((await post({ lateFloorPercent: "101" }, "en")).errors).toEqual({ lateFloorPercent: "The lowest credit must be a whole percentage from 0 to 100" });
    expect((await post({ lateRule: "maybe" }, "en")).errors).toEqual({ lateRule: "Choose what happens to a late solve" });
    expect(await Training.findById(tid).lean()).toEqual(before);
    // A due time written in UTC+08:00 is that moment.
    expect((await post({}, "en")).status).toBe(302);
    expect((await Training.findById(tid).lean())?.dueAt?.toISOString()).toBe("2031-03-01T02:00:00.000Z");
  });

  it("HOJ's admin update without the homework fields leaves them as they are", async () => {
    const before = (await Training.findById(tid).lean())!;
    const res = await call(
      adminTraining.action,
      await req("/ojapi/admin/training", {
        uid: teacher._id,
        method: "PUT",
        json: { training: { id: tid, title: "Week 1 (loops)", description: "Loops.", auth: "Public", rank: 1, status: true }, trainingCategory: { id: before.categoryId } },
      }),
    );
    expect(res.status).toBe(200);
    const after = (await Training.findById(tid).lean())!;
    expect(after.title).toBe("Week 1 (loops)");
    expect(after.dueAt).toEqual(before.dueAt);
    expect(after.lateRule).toBe(before.lateRule);
    // The training's JSON keeps HOJ's fields and shows the rule beside them.
    const data = (await body<Api>(await call(adminTraining.loader, await req(`/ojapi/admin/training?tid=${tid}`, { uid: teacher._id })))).data;
    expect(data.training).toMatchObject({ id: tid, title: "Week 1 (loops)", auth: "Public", dueAt: before.dueAt!.toISOString(), lateRule: "penalty" });
    expect(await Submission.countDocuments({ tid })).toBe(7);
  });
});
