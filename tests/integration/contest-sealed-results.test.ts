import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { Submission } from "~/models/submission.server";
import * as adminContest from "~/routes/ojapi+/admin+/contest._index";
import * as addProblem from "~/routes/ojapi+/admin+/contest.add-problem-from-public";
import * as caseResults from "~/routes/ojapi+/_submission+/get-all-case-result";
import * as checkStatuses from "~/routes/ojapi+/_submission+/check-submissions-status";
import * as detail from "~/routes/ojapi+/_submission+/get-submission-detail";
import * as submit from "~/routes/ojapi+/_submission+/submit-problem-judge";
import { createUser } from "~/services/account/users.server";
import { applyJudgeEvents } from "~/services/judging/apply.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { getSubmissionStatus } from "~/services/submission/status.server";
import { announceJudge, body, call, makeProblem, req } from "../fixtures/learner";
import { finalMessage } from "./support/judging";

// A contest submission read outside the contest's own pages (the submission detail, its cases, the
// status lists' polling, the live status): the contest decides who sees it, and a result the
// sealed board hides from a contestant stays hidden there too, by direct request.

type User = Awaited<ReturnType<typeof createUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Api = { status: number; msg: string; data: any };

let root: User;
let learner: User;
let other: User;
const hour = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function api(route: { loader?: unknown; action?: unknown }, path: string, o: { uid?: string; method?: string; json?: unknown } = {}) {
  const fn = o.method && o.method !== "GET" ? route.action : (route.loader ?? route.action);
  const res = await call(fn, await req(`/ojapi/${path}`, o));
  return { res, body: res.headers.get("Content-Type")?.includes("json") ? await body<Api>(res) : null };
}

/** A public running contest of `type` sealed from its start, with one problem "A"; one accepted submission of the learner. */
async function sealedContestWithVerdict(type: number): Promise<{ cid: number; submitId: number }> {
  const made = await api(adminContest, "admin/contest", {
    uid: root._id,
    method: "POST",
    json: {
      title: `Sealed ${type}`,
      description: "Sealed from the start.",
      type,
      auth: 0,
      pwd: "",
      startTime: iso(-hour),
      endTime: iso(hour),
      sealRank: true,
      sealRankTime: iso(-hour),
      autoRealRank: true,
      openRank: false,
      openPrint: false,
      rankShowName: "username",
      starAccount: [],
      oiRankScoreType: "Recent",
      awardType: 0,
      visible: true,
    },
  });
  expect(made.res.status, made.body?.msg).toBe(200);
  const cid = made.body?.data.id as number;
  const problem = await makeProblem({ _id: 800 + type, problemId: `SEAL${type}`, type });
  expect((await api(addProblem, "admin/contest/add-problem-from-public", { uid: root._id, method: "POST", json: { cid, pid: problem._id, displayId: "A" } })).res.status).toBe(200);
  const sent = await api(submit, "submit-problem-judge", { uid: learner._id, method: "POST", json: { pid: "A", cid, language: "C++", code: "int main(){}" } });
  expect(sent.res.status, sent.body?.msg).toBe(200);
  const s = (await Submission.findById(sent.body?.data.submitId).lean())!;
  await applyJudgeEvents(s._id, [{ kind: "result", msg: finalMessage(s, { status: JudgeStatus.ACCEPTED, score: 100, time: 12, memory: 1024 }) }]);
  return { cid, submitId: s._id };
}

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  await announceJudge(["C++"]);
  root = await createUser({ username: "seal-root", password: "secret123", email: "seal-root@example.test", role: Role.SUPER_ADMIN });
  learner = await createUser({ username: "sealed-one", password: "secret123", email: "sealed-one@example.test" });
  other = await createUser({ username: "sealed-other", password: "secret123", email: "sealed-other@example.test" });
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("a sealed OI contest's results outside its pages", () => {
  it("read 'Submitted Unknown Result' for contestants, in full for an admin, and not at all for a visitor", async () => {
    const { submitId } = await sealedContestWithVerdict(1);
    expect((await Submission.findById(submitId).lean())?.status).toBe(JudgeStatus.ACCEPTED);

    const mine = await api(detail, `get-submission-detail?submitId=${submitId}`, { uid: learner._id });
    expect(mine.res.status).toBe(200);
    expect(mine.body?.data.submission).toMatchObject({ submitId, status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, score: null, time: null, memory: null });
    expect(mine.body?.data.submission.code).toBe("int main(){}");
    const cases = await api(caseResults, `get-all-case-result?submitId=${submitId}`, { uid: learner._id });
    expect(JSON.stringify(cases.body?.data ?? null)).not.toContain('"status":0');

    const polled = await api(checkStatuses, "check-submissions-status", { uid: learner._id, method: "POST", json: { submitIds: [submitId] } });
    expect(polled.body?.data[String(submitId)]).toMatchObject({ status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, score: null, time: null, memory: null });

    const live = await getSubmissionStatus({ ...learner, _id: learner._id } as never, submitId);
    expect(live).toMatchObject({ status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, final: true });

    const admin = await api(detail, `get-submission-detail?submitId=${submitId}`, { uid: root._id });
    expect(admin.body?.data.submission).toMatchObject({ status: JudgeStatus.ACCEPTED, score: 100, time: 12 });

    // Another contestant of the public contest sees the row, neither its result nor its code.
    const others = await api(detail, `get-submission-detail?submitId=${submitId}`, { uid: other._id });
    expect(others.body?.data.submission).toMatchObject({ status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, code: null, score: null });
    expect((await api(detail, `get-submission-detail?submitId=${submitId}`)).res.status).not.toBe(200);
  });
});

describe("a sealed ACM contest's results outside its pages", () => {
  it("show the contestant their own verdict (ACM hides only others' after the seal)", async () => {
    const { submitId } = await sealedContestWithVerdict(0);
    const mine = await api(detail, `get-submission-detail?submitId=${submitId}`, { uid: learner._id });
    expect(mine.body?.data.submission).toMatchObject({ submitId, status: JudgeStatus.ACCEPTED });
    const polled = await api(checkStatuses, "check-submissions-status", { uid: learner._id, method: "POST", json: { submitIds: [submitId] } });
    expect(polled.body?.data[String(submitId)]).toMatchObject({ status: JudgeStatus.ACCEPTED });
  });
});
