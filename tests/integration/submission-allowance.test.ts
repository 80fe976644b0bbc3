import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { decodeMessage, JudgeStreams, type SubmissionTask } from "~/lib/judge-protocol";
import type { ProblemDoc } from "~/models/problem.server";
import { Submission } from "~/models/submission.server";
import { WEBSITE_CONFIG_DEFAULTS } from "~/models/site-config.server";
import type { UserDoc } from "~/models/user.server";
import { action as switchPage } from "~/routes/admin+/switch";
import { action as problemPage } from "~/routes/problem+/$problemId";
import { loader as switchInfoApi } from "~/routes/ojapi+/admin+/switch.info";
import { action as switchUpdateApi } from "~/routes/ojapi+/admin+/switch.update";
import { action as submitApi } from "~/routes/ojapi+/_submission+/submit-problem-judge";
import { startResultApplier, type ResultApplier } from "~/services/judging/results.server";
import { disconnectDb } from "~/services/platform/db.server";
import { closeRedis, redis, rkey } from "~/services/platform/redis.server";
import { getWebsiteConfig, updateWebsiteConfig } from "~/services/site/config.server";
import { withinSubmissionAllowance } from "~/services/submission/allowance.server";
import { closeStatusSubscriber } from "~/services/submission/status.server";
import { createSubmission } from "~/services/submission/submissions.server";
import { body, call, req } from "../fixtures/learner";
import { finalMessage, makeContestSubmission, makeProblem, makeUser, openStore, publishResult, settled } from "./support/judging";

// The per-user submission allowance (app/services/submission/allowance.server.ts): at most N
// submissions waiting for a verdict and M a minute, contests apart, set on the switch page. A
// refusal is a translated 429 that stores and queues nothing; whatever is accepted is queued for a
// judge. Through the service, /ojapi/submit-problem-judge and the problem page's form.

const en = (await import("../../locales/en/judge.json")).default;
const zh = (await import("../../locales/zh-CN/judge.json")).default;
const fill = (text: string, params: Record<string, string | number>) => Object.entries(params).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text);
const pattern = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("\\{\\{seconds\\}\\}", "[1-9]\\d*")}$`);

let problem: ProblemDoc;
let applier: ResultApplier;
const input = (over: Partial<{ cid: number }> = {}) => ({ pid: problem._id, language: "C++", code: "int main() { return 0; }", cid: 0, tid: 0, ...over });

/** Submission ids queued for a judge on the normal lane. */
async function queuedIds(): Promise<number[]> {
  const entries = await redis().xrange(rkey(JudgeStreams.normalTasks), "-", "+");
  return entries.map(([, fields]) => decodeMessage<SubmissionTask>(fields)!.submissionId);
}

async function refusalOf(p: Promise<unknown>): Promise<{ kind: string; message: string; params?: Record<string, string | number> }> {
  try {
    await p;
  } catch (err) {
    return err as { kind: string; message: string; params?: Record<string, string | number> };
  }
  throw new Error("expected a refusal");
}

beforeAll(async () => {
  await openStore();
  problem = await makeProblem({ languages: ["C++"] });
  applier = startResultApplier({ consumer: "web-allowance-test", blockMs: 200 });
});

beforeEach(async () => {
  await updateWebsiteConfig({
    submitUnfinishedMax: WEBSITE_CONFIG_DEFAULTS.submitUnfinishedMax,
    submitPerMinute: WEBSITE_CONFIG_DEFAULTS.submitPerMinute,
    contestSubmitUnfinishedMax: WEBSITE_CONFIG_DEFAULTS.contestSubmitUnfinishedMax,
    contestSubmitPerMinute: WEBSITE_CONFIG_DEFAULTS.contestSubmitPerMinute,
  });
});

afterAll(async () => {
  await applier.stop();
  await closeStatusSubscriber();
  await closeRedis();
  await disconnectDb();
});

describe("the submission allowance", () => {
  it("by default: 5 waiting at once, 20 a minute; contests 10 and 60", async () => {
    const c = await getWebsiteConfig();
    expect([c.submitUnfinishedMax, c.submitPerMinute, c.contestSubmitUnfinishedMax, c.contestSubmitPerMinute]).toEqual([5, 20, 10, 60]);
  });

  it("refuses a submission past the unfinished ones, stores and queues nothing, and takes one again once a verdict is in", async () => {
    const user = await makeUser();
    const accepted: number[] = [];
    for (let i = 0; i < 5; i++) accepted.push((await createSubmission(user, input()))._id);
    const refused = await refusalOf(createSubmission(user, input()));
    expect(refused).toMatchObject({ kind: "tooMany", message: "judge:tooManyUnfinished", params: { count: 5 } });
    expect(await Submission.countDocuments({ uid: user._id })).toBe(5);
    // Every accepted submission is queued for a judge, nothing else of this user.
    const queued = await queuedIds();
    expect(accepted.every((id) => queued.includes(id))).toBe(true);
    const mine = (await Submission.find({ uid: user._id }).select("_id").lean()).map((s) => s._id);
    expect(queued.filter((id) => mine.includes(id)).sort()).toEqual([...accepted].sort());

    // A verdict frees one place.
    await publishResult(finalMessage({ _id: accepted[0], attempt: 1 }, { status: JudgeStatus.ACCEPTED }));
    expect((await settled(accepted[0])).status).toBe(JudgeStatus.ACCEPTED);
    const next = await createSubmission(user, input());
    expect(next.status).toBe(JudgeStatus.PENDING);
    expect(await queuedIds()).toContain(next._id);
    await expect(createSubmission(user, input())).rejects.toMatchObject({ kind: "tooMany" });
  });

  it("counts each user apart", async () => {
    await updateWebsiteConfig({ submitUnfinishedMax: 1 });
    const [a, b] = [await makeUser(), await makeUser()];
    await createSubmission(a, input());
    await expect(createSubmission(a, input())).rejects.toMatchObject({ kind: "tooMany" });
    expect((await createSubmission(b, input())).status).toBe(JudgeStatus.PENDING);
  });

  it("refuses past the submissions of a minute, with the seconds to wait", async () => {
    await updateWebsiteConfig({ submitUnfinishedMax: 100, submitPerMinute: 3 });
    const user = await makeUser();
    for (let i = 0; i < 3; i++) await createSubmission(user, input());
    const refused = await refusalOf(createSubmission(user, input()));
    expect(refused).toMatchObject({ kind: "tooMany", message: "judge:tooManyPerMinute" });
    expect(Number(refused.params?.seconds)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.params?.seconds)).toBeLessThanOrEqual(60);
    expect(await Submission.countDocuments({ uid: user._id })).toBe(3);
  });

  it("holds under parallel requests: exactly the allowance gets through", async () => {
    await updateWebsiteConfig({ submitUnfinishedMax: 4, submitPerMinute: 100 });
    const user = await makeUser();
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => createSubmission(user, input())));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(4);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ kind: "tooMany", message: "judge:tooManyUnfinished" });
    expect(await Submission.countDocuments({ uid: user._id })).toBe(4);
  });

  it("does not limit administrators", async () => {
    await updateWebsiteConfig({ submitUnfinishedMax: 1, submitPerMinute: 1 });
    for (const role of [Role.SUPER_ADMIN, Role.ADMIN, Role.PROBLEM_ADMIN]) {
      const admin = await makeUser(role);
      for (let i = 0; i < 4; i++) expect((await createSubmission(admin, input())).status).toBe(JudgeStatus.PENDING);
    }
  });

  it("gives contest submissions their own, larger allowance, counted apart from practice", async () => {
    await updateWebsiteConfig({ submitUnfinishedMax: 1, contestSubmitUnfinishedMax: 3, contestSubmitPerMinute: 100 });
    const user = await makeUser();
    await createSubmission(user, input());
    await expect(createSubmission(user, input())).rejects.toMatchObject({ kind: "tooMany" });
    // createSubmission refuses contests until they are built: the allowance is asked directly,
    // around the contest submission's write.
    const contest = () => withinSubmissionAllowance(user, 7, () => makeContestSubmission(user, problem, 7));
    for (let i = 0; i < 3; i++) await contest();
    const refused = await refusalOf(contest());
    expect(refused).toMatchObject({ kind: "tooMany", message: "judge:tooManyUnfinished", params: { count: 3 } });
    expect(await Submission.countDocuments({ uid: user._id, cid: 7 })).toBe(3);

    await updateWebsiteConfig({ contestSubmitUnfinishedMax: 100, contestSubmitPerMinute: 4 });
    await contest();
    await expect(contest()).rejects.toMatchObject({ kind: "tooMany", message: "judge:tooManyPerMinute" });
  });

  it("answers /ojapi/submit-problem-judge with a translated 429 and stores nothing", async () => {
    await updateWebsiteConfig({ submitUnfinishedMax: 2 });
    const user = await makeUser();
    const json = { pid: problem._id, language: "C++", code: "int main() { return 0; }" };
    for (let i = 0; i < 2; i++) expect((await call(submitApi, await req("/ojapi/submit-problem-judge", { uid: user._id, json }))).status).toBe(200);
    const res = await call(submitApi, await req("/ojapi/submit-problem-judge", { uid: user._id, json }));
    expect(res.status).toBe(429);
    expect(await body(res)).toMatchObject({ status: 429, msg: fill(en.tooManyUnfinished, { count: 2 }), data: null });
    const inChinese = await call(submitApi, await req("/ojapi/submit-problem-judge", { uid: user._id, json, lang: "zh-CN" }));
    expect((await body(inChinese)).msg).toBe(fill(zh.tooManyUnfinished, { count: 2 }));
    expect(await Submission.countDocuments({ uid: user._id })).toBe(2);

    await updateWebsiteConfig({ submitUnfinishedMax: 100, submitPerMinute: 2 });
    const perMinute = await call(submitApi, await req("/ojapi/submit-problem-judge", { uid: user._id, json }));
    expect(perMinute.status).toBe(429);
    expect((await body(perMinute)).msg).toMatch(pattern(en.tooManyPerMinute));
  });

  it("answers the problem page's form with a translated 429, giving the code back", async () => {
    await updateWebsiteConfig({ submitUnfinishedMax: 1 });
    const user = await makeUser();
    const form = { language: "C++", code: "int main() { return 1; }" };
    const first = await call(problemPage, await req(`/problem/${problem.problemId}`, { uid: user._id, form }), { problemId: problem.problemId });
    expect(first.status).toBe(302);
    const res = await call(problemPage, await req(`/problem/${problem.problemId}`, { uid: user._id, form }), { problemId: problem.problemId });
    expect(res.status).toBe(429);
    expect(await body(res)).toMatchObject({ ok: false, errors: { _form: fill(en.tooManyUnfinished, { count: 1 }) }, code: form.code, language: "C++" });
    expect(await Submission.countDocuments({ uid: user._id })).toBe(1);
  });
});

describe("setting the allowance", () => {
  let root: UserDoc;
  beforeAll(async () => {
    root = await makeUser(Role.SUPER_ADMIN);
  });

  it("the switch page saves the four numbers and refuses anything but a whole number from 1 to 1000", async () => {
    const switches = { register: "on", openPublicDiscussion: "on", openGroupDiscussion: "on", openContestComment: "on" };
    const numbers = {
      ...{ submitUnfinishedMax: "7", submitPerMinute: "25", contestSubmitUnfinishedMax: "12", contestSubmitPerMinute: "90" },
      ...{ discussionAcMin: "10", discussionDailyMax: "5", commentAcMin: "10", groupAcMin: "20", groupDailyMax: "2", groupTotalMax: "5" },
    };
    const ok = await call(switchPage, await req("/admin/switch", { uid: root._id, form: { ...switches, ...numbers } }));
    expect(ok.status).toBe(302);
    expect(await getWebsiteConfig()).toMatchObject({ submitUnfinishedMax: 7, submitPerMinute: 25, contestSubmitUnfinishedMax: 12, contestSubmitPerMinute: 90 });

    const adminJson = (await import("../../locales/en/admin.json")).default;
    for (const bad of ["0", "1001", "2.5", "many", ""]) {
      const res = await call(switchPage, await req("/admin/switch", { uid: root._id, form: { ...switches, ...numbers, submitPerMinute: bad } }));
      expect(res.status, bad).toBe(400);
      expect((await body<{ errors: Record<string, string> }>(res)).errors.submitPerMinute, bad).toBe(adminJson.conf.errors.allowanceInvalid);
    }
    expect((await getWebsiteConfig()).submitPerMinute).toBe(25);
  });

  it("HOJ's switch calls read and change them; others may not", async () => {
    const info = await call(switchInfoApi, await req("/ojapi/admin/switch/info", { uid: root._id }));
    expect((await body(info)).data).toMatchObject({ submitUnfinishedMax: 5, submitPerMinute: 20 });
    const set = await call(switchUpdateApi, await req("/ojapi/admin/switch/update", { uid: root._id, method: "PUT", json: { contestSubmitPerMinute: 120 } }));
    expect(set.status).toBe(200);
    expect((await getWebsiteConfig()).contestSubmitPerMinute).toBe(120);
    const bad = await call(switchUpdateApi, await req("/ojapi/admin/switch/update", { uid: root._id, method: "PUT", json: { submitUnfinishedMax: -1 } }));
    expect(bad.status).toBe(400);
    expect((await getWebsiteConfig()).submitUnfinishedMax).toBe(5);

    const learner = await makeUser();
    const refused = await call(switchUpdateApi, await req("/ojapi/admin/switch/update", { uid: learner._id, method: "PUT", json: { submitUnfinishedMax: 1000 } }));
    expect(refused.status).toBe(403);
    expect((await getWebsiteConfig()).submitUnfinishedMax).toBe(5);
  });
});
