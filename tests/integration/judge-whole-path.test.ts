import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { decodeMessage, JudgeStreams, STREAM_FIELD, type ResultMessage, type SubmissionTask } from "~/lib/judge-protocol";
import { FirstAc, firstAcKey } from "~/models/first-ac.server";
import { Submission, type SubmissionDoc } from "~/models/submission.server";
import { loader as resultRoute } from "~/routes/ojapi+/_submission+/get-test-judge-result";
import { loader as resubmitRoute } from "~/routes/ojapi+/_submission+/resubmit";
import { loader as languagesRoute } from "~/routes/ojapi+/_problem+/languages";
import { action as testRoute } from "~/routes/ojapi+/_submission+/submit-problem-test-judge";
import { disconnectDb } from "~/services/platform/db.server";
import { env } from "~/services/platform/env.server";
import { cancelSubmission, manualJudge, rejudgeSubmission } from "~/services/judging/admin.server";
import { startResultApplier, type ResultApplier } from "~/services/judging/results.server";
import { sweepOnce } from "~/services/judging/sweeper.server";
import { closeRedis, redis, rkey } from "~/services/platform/redis.server";
import { createSubmission } from "~/services/submission/submissions.server";
import { closeStatusSubscriber } from "~/services/submission/status.server";
import { loadJudgeService, startInternalEndpoints, type JudgeServiceApi, type RunningJudge } from "./support/judge-service";
import { allowManySubmissions, callRoute, cookieFor, countersOf, makeProblem, makeUser, openStore, settled, siteRequest, submissionOf, userOf, waitUntil } from "./support/judging";

// The whole path: a problem with test data in the store, createSubmission, the task on its Redis
// lane, a real judge-service consumer compiling and running in go-judge (fetching the test data from
// the web's internal endpoints), its results on the results stream, the result applier writing them.

const AB = `#include <cstdio>
int main() { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1; printf("%lld\\n", a + b); return 0; }
`;
const WRONG = `#include <cstdio>
int main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a - b); return 0; }
`;
const BROKEN = `int main() { return x; }\n`;

describe("judging through the whole path", () => {
  let judgeService: JudgeServiceApi;
  let endpoints: Awaited<ReturnType<typeof startInternalEndpoints>>;
  let judge: RunningJudge | null = null;
  let applier: ResultApplier | null = null;
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), "oj-judge-cache-"));
  let judges = 0;

  async function startJudge(): Promise<RunningJudge> {
    judge = await judgeService.startJudge({
      redisUrl: env.redisUrl,
      redisPrefix: env.redisPrefix,
      goJudgeUrl: process.env.GO_JUDGE_URL!,
      webInternalUrl: endpoints.url,
      judgeToken: env.judgeToken,
      name: `whole-path-judge-${++judges}`,
      concurrency: 2,
      testConcurrency: 1,
      claimIdleMs: 3000,
      heartbeatMs: 500,
      cacheDir,
      stopGraceMs: 20_000,
      logLevel: "warn",
    });
    return judge;
  }

  async function startApplier(consumer = "web-whole-path"): Promise<ResultApplier> {
    applier = startResultApplier({ consumer, blockMs: 200, claimIdleMs: 1000 });
    await applier.ready;
    return applier;
  }

  beforeAll(async () => {
    await openStore();
    await allowManySubmissions();
    endpoints = await startInternalEndpoints();
    judgeService = await loadJudgeService();
    await startJudge();
    await startApplier();
  });

  afterAll(async () => {
    await judge?.stop({ graceMs: 1000 });
    await applier?.stop();
    await endpoints?.close();
    await closeStatusSubscriber();
    await closeRedis();
    await disconnectDb();
  });

  async function submit(code: string, opts: { user?: Awaited<ReturnType<typeof makeUser>>; pid?: number } = {}) {
    const user = opts.user ?? (await makeUser());
    const pid = opts.pid ?? (await makeProblem())._id;
    const sub = await createSubmission(user, { pid, language: "C++", code, cid: 0, tid: 0 });
    return { user, pid, sub };
  }

  /** The final message of a submission while it is still on the results stream. */
  async function finalOnStream(id: number): Promise<string[] | null> {
    const entries = (await redis().xrange(rkey(JudgeStreams.results), "-", "+")) as Array<[string, string[]]>;
    for (const [, fields] of entries) {
      const m = decodeMessage<ResultMessage>(fields);
      if (m?.type === "final" && m.submissionId === id) return fields;
    }
    return null;
  }

  it("judges a correct solution Accepted and keeps counters, solved list and first AC", async () => {
    const { user, pid, sub } = await submit(AB);
    const done = await settled(sub._id);
    expect(done).toMatchObject({ status: JudgeStatus.ACCEPTED, judger: judge!.name, countedStatus: 0, countersApplied: 1 });
    expect(done.caseResults).toHaveLength(2);
    expect(done.caseResults.every((c) => c.status === 0)).toBe(true);
    expect(done.memory).toBeGreaterThan(0);
    expect(await countersOf(pid)).toMatchObject({ total: 1, ac: 1 });
    expect(await userOf(user._id)).toMatchObject({ submitCount: 1, acCount: 1, solvedPids: [pid] });
    expect((await FirstAc.findById(firstAcKey(0, user._id, pid)).lean())?.submitId).toBe(sub._id);
  }, 120_000);

  it("judges a wrong answer and a compile error", async () => {
    const problem = await makeProblem();
    const user = await makeUser();
    const wrong = await submit(WRONG, { user, pid: problem._id });
    const broken = await submit(BROKEN, { user, pid: problem._id });
    expect(await settled(wrong.sub._id)).toMatchObject({ status: JudgeStatus.WRONG_ANSWER });
    const ce = await settled(broken.sub._id);
    expect(ce.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(ce.errorMessage).toMatch(/x/);
    expect(await countersOf(problem._id)).toMatchObject({ total: 2, wa: 1, ce: 1, ac: 0 });
    expect(await userOf(user._id)).toMatchObject({ submitCount: 2, acCount: 0, solvedPids: [] });
  }, 120_000);

  it("applies results when the applier comes back, and a duplicated final message changes nothing", async () => {
    await applier!.stop();
    applier = null;
    const { user, pid, sub } = await submit(AB);
    // The judge finishes while no web process applies anything.
    const fields = await waitUntil("final on the stream", () => finalOnStream(sub._id), 90_000);
    expect((await submissionOf(sub._id)).status).not.toBe(JudgeStatus.ACCEPTED);

    await startApplier("web-whole-path-2");
    const done = await settled(sub._id);
    expect(done.status).toBe(JudgeStatus.ACCEPTED);
    const counters = await countersOf(pid);
    const u = await userOf(user._id);

    await redis().xadd(rkey(JudgeStreams.results), "*", ...fields);
    await waitUntil("duplicate consumed", async () => !(await finalOnStream(sub._id)));
    const again = await submissionOf(sub._id);
    expect(again.rev).toBe(done.rev);
    expect(await countersOf(pid)).toEqual(counters);
    expect(await userOf(user._id)).toEqual(u);
    expect(fields[0]).toBe(STREAM_FIELD);
  }, 120_000);

  it("loses nothing when the applier restarts mid-stream", async () => {
    const problem = await makeProblem();
    const user = await makeUser();
    const subs: SubmissionDoc[] = [];
    for (let i = 0; i < 6; i++) subs.push((await submit(i % 2 ? AB : WRONG, { user, pid: problem._id })).sub);
    await waitUntil("some judged", async () => (await Submission.countDocuments({ _id: { $in: subs.map((s) => s._id) }, countedStatus: { $ne: null } })) >= 2, 90_000);
    await applier!.stop();
    await new Promise((r) => setTimeout(r, 1500));
    await startApplier("web-whole-path-3");
    for (const s of subs) await settled(s._id);
    expect(await countersOf(problem._id)).toMatchObject({ total: 6, ac: 3, wa: 3 });
    expect(await userOf(user._id)).toMatchObject({ submitCount: 6, acCount: 1 });
  }, 180_000);

  it("rejudges, judges by hand and cancels, moving the counters once", async () => {
    const root = await makeUser(Role.SUPER_ADMIN);
    const { user, pid, sub } = await submit(AB);
    await settled(sub._id);

    const re = await rejudgeSubmission(root, sub._id);
    expect(re).toMatchObject({ attempt: 2, status: JudgeStatus.PENDING });
    await waitUntil("rejudged", async () => {
      const s = await submissionOf(sub._id);
      return s.attempt === 2 && s.status === JudgeStatus.ACCEPTED;
    }, 90_000);
    const again = await settled(sub._id);
    expect(again.caseResults).toHaveLength(2);
    expect(await countersOf(pid)).toMatchObject({ total: 1, ac: 1 });

    await manualJudge(root, { submitId: sub._id, status: JudgeStatus.WRONG_ANSWER, score: 0 });
    await settled(sub._id);
    expect(await countersOf(pid)).toMatchObject({ total: 1, ac: 0, wa: 1 });
    expect(await userOf(user._id)).toMatchObject({ acCount: 0, solvedPids: [] });

    await cancelSubmission(root, sub._id);
    await settled(sub._id);
    expect(await countersOf(pid)).toMatchObject({ total: 0, ac: 0, wa: 0 });

    // Cancelled before the judge is done: its verdict, when it comes, is ignored.
    const late = await submit(AB, { user, pid });
    await cancelSubmission(root, late.sub._id);
    await new Promise((r) => setTimeout(r, 4000));
    expect((await submissionOf(late.sub._id)).status).toBe(JudgeStatus.CANCELLED);
    expect(await countersOf(pid)).toMatchObject({ total: 0 });
  }, 180_000);

  it("runs a self-test and answers with the output, then compares with an expected one", async () => {
    const user = await makeUser();
    const cookie = await cookieFor(user);
    const problem = await makeProblem({ languages: ["C++"] });
    const ask = async (expectedOutput: string | null) => {
      const res = await callRoute(testRoute, siteRequest("/ojapi/submit-problem-test-judge", { cookie, json: { pid: problem._id, language: "C++", code: AB, userInput: "20 22\n", expectedOutput, type: "public", isRemoteJudge: false } }));
      expect(res).toMatchObject({ http: 200, status: 200 });
      const key = res.data as string;
      return waitUntil("self-test result", async () => {
        const r = await callRoute(resultRoute, siteRequest(`/ojapi/get-test-judge-result?testJudgeKey=${key}`, { cookie }));
        const data = r.data as { status: number; userOutput?: string };
        return data.status !== JudgeStatus.PENDING ? data : null;
      }, 90_000);
    };
    expect(await ask(null)).toMatchObject({ status: JudgeStatus.ACCEPTED, userOutput: "42\n" });
    expect(await ask("41\n")).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, userOutput: "42\n" });
  }, 180_000);

  describe("every verdict, stored with its score, time, memory, counter bucket and solved list", () => {
    const printSum = (expr: string) => `#include <cstdio>\nint main() { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1; printf(${expr}); return 0; }\n`;
    const rows: Array<{
      verdict: string;
      status: number;
      bucket: string;
      code: string;
      problem?: Parameters<typeof makeProblem>[0];
      score?: number;
      check?: (s: SubmissionDoc) => void;
    }> = [
      { verdict: "AC", status: JudgeStatus.ACCEPTED, bucket: "ac", code: AB, check: (s) => expect(s.memory).toBeGreaterThan(0) },
      { verdict: "WA", status: JudgeStatus.WRONG_ANSWER, bucket: "wa", code: WRONG },
      { verdict: "PE", status: JudgeStatus.PRESENTATION_ERROR, bucket: "pe", code: printSum(`"%lld %lld\\n", (a + b) / 10, (a + b) % 10`), problem: { cases: [{ input: "10 20\n", output: "30\n" }] } },
      {
        verdict: "TLE",
        status: JudgeStatus.TIME_LIMIT_EXCEEDED,
        bucket: "tle",
        code: `int main() { volatile unsigned long x = 0; for (;;) x++; }\n`,
        problem: { timeLimit: 200 },
        check: (s) => expect(s.time).toBeGreaterThanOrEqual(200),
      },
      {
        verdict: "MLE",
        status: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
        bucket: "mle",
        code: `#include <cstdlib>\n#include <cstring>\nint main() { char *p = (char *)malloc(128 << 20); memset(p, 1, 128 << 20); return p[4096] == 7; }\n`,
        problem: { memoryLimit: 32 },
        check: (s) => expect(s.memory).toBeGreaterThanOrEqual(30 * 1024),
      },
      { verdict: "RE", status: JudgeStatus.RUNTIME_ERROR, bucket: "re", code: `int main() { volatile int *p = 0; *p = 1; return 0; }\n` },
      { verdict: "CE", status: JudgeStatus.COMPILE_ERROR, bucket: "ce", code: BROKEN, check: (s) => expect(s.errorMessage).toContain("x") },
      {
        verdict: "PAC",
        status: JudgeStatus.PARTIAL_ACCEPTED,
        bucket: "pa",
        // Right on the first case (40 points) only.
        code: printSum(`"%lld\\n", a == 1 ? a + b : a - b`),
        problem: { type: 1, difficulty: 1, cases: [{ input: "1 2\n", output: "3\n", score: 40 }, { input: "10 20\n", output: "30\n", score: 60 }] },
        score: 40,
        check: (s) => expect(s.oiRankScore).toBe(Math.round(40 * 0.1 + 1 * 2)),
      },
      {
        verdict: "SE",
        status: JudgeStatus.SYSTEM_ERROR,
        bucket: "se",
        code: AB,
        problem: { spj: { language: "C", code: `#include <stdio.h>\nint main(void) { fprintf(stderr, "checker bug"); return 3; }\n` } },
        check: (s) => expect(s.errorMessage).toContain("checker bug"),
      },
    ];
    const judged = new Map<string, { pid: number; uid: string; sub: SubmissionDoc }>();

    beforeAll(async () => {
      await Promise.all(
        rows.map(async (row) => {
          const problem = await makeProblem({ languages: ["C++"], ...row.problem });
          const { user, sub } = await submit(row.code, { pid: problem._id });
          judged.set(row.verdict, { pid: problem._id, uid: user._id, sub: await settled(sub._id, 120_000) });
        }),
      );
    }, 180_000);

    it.each(rows)("$verdict", async (row) => {
      const { pid, uid, sub } = judged.get(row.verdict)!;
      expect(sub).toMatchObject({ status: row.status, score: row.score ?? 0, countedStatus: row.status, countersApplied: 1, judger: judge!.name });
      if (row.status !== JudgeStatus.COMPILE_ERROR) {
        expect(sub.caseResults.length).toBeGreaterThan(0);
        expect(sub.time).toBe(Math.max(...sub.caseResults.map((c) => c.time)));
        expect(sub.memory).toBe(Math.max(...sub.caseResults.map((c) => c.memory)));
      } else {
        expect(sub).toMatchObject({ time: 0, memory: 0, caseResults: [] });
      }
      row.check?.(sub);
      const counters = await countersOf(pid);
      const buckets = ["ac", "wa", "tle", "mle", "re", "pe", "ce", "se", "pa"] as const;
      expect(counters).toMatchObject({ total: 1, ...Object.fromEntries(buckets.map((b) => [b, b === row.bucket ? 1 : 0])) });
      expect(await userOf(uid)).toMatchObject({ submitCount: 1, acCount: row.status === JudgeStatus.ACCEPTED ? 1 : 0, solvedPids: row.status === JudgeStatus.ACCEPTED ? [pid] : [] });
    });
  });

  it("offers only the languages the live judge runs", async () => {
    const res = await callRoute(languagesRoute, siteRequest("/ojapi/languages?all=true"));
    const names = (res.data as Array<{ name: string }>).map((l) => l.name);
    expect(names).toContain("C++");
    expect(names.every((n) => judge!.info().languages.includes(n))).toBe(true);
  });

  it("queues again a submission whose task was lost, and it gets judged", async () => {
    await judge!.stop({ graceMs: 20_000 });
    judge = null;
    const { sub } = await submit(AB);
    const lane = rkey(JudgeStreams.normalTasks);
    for (const [id, fields] of (await redis().xrange(lane, "-", "+")) as Array<[string, string[]]>) {
      if (decodeMessage<SubmissionTask>(fields)?.submissionId === sub._id) await redis().xdel(lane, id);
    }
    await Submission.updateOne({ _id: sub._id }, { $set: { gmtModified: new Date(Date.now() - 10 * 60_000) } });
    const report = await sweepOnce({ stuckMs: 60_000 });
    expect(report.requeued).toContain(sub._id);
    await startJudge();
    expect(await settled(sub._id)).toMatchObject({ status: JudgeStatus.ACCEPTED, requeues: 1 });
  }, 180_000);

  it("resubmits a submission whose judging failed: the same submission is judged again and counted once", async () => {
    await judge!.stop({ graceMs: 20_000 });
    judge = null;
    const { user, pid, sub } = await submit(AB);
    // Its task is lost and the sweeper gives up on it: System Error.
    const lane = rkey(JudgeStreams.normalTasks);
    for (const [id, fields] of (await redis().xrange(lane, "-", "+")) as Array<[string, string[]]>) {
      if (decodeMessage<SubmissionTask>(fields)?.submissionId === sub._id) await redis().xdel(lane, id);
    }
    await Submission.updateOne({ _id: sub._id }, { $set: { gmtModified: new Date(Date.now() - 10 * 60_000) } });
    expect((await sweepOnce({ stuckMs: 60_000, maxRequeues: 0 })).gaveUp).toContain(sub._id);
    expect(await settled(sub._id)).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, attempt: 1 });
    expect(await countersOf(pid)).toMatchObject({ total: 1, se: 1, ac: 0 });
    expect(await userOf(user._id)).toMatchObject({ submitCount: 1, acCount: 0 });

    await startJudge();
    const res = await callRoute(resubmitRoute, siteRequest(`/ojapi/resubmit?submitId=${sub._id}`, { cookie: await cookieFor(user) }));
    expect(res).toMatchObject({ http: 200, status: 200, data: { submitId: sub._id, status: JudgeStatus.PENDING } });
    await waitUntil("judged again", async () => {
      const s = await submissionOf(sub._id);
      return s.attempt === 2 && s.status === JudgeStatus.ACCEPTED;
    }, 90_000);
    expect(await settled(sub._id)).toMatchObject({ status: JudgeStatus.ACCEPTED, errorMessage: "", judger: judge!.name });
    expect(await countersOf(pid)).toMatchObject({ total: 1, se: 0, ac: 1 });
    expect(await userOf(user._id)).toMatchObject({ submitCount: 1, acCount: 1, solvedPids: [pid] });
    expect(await Submission.countDocuments({ uid: user._id })).toBe(1);
    // Accepted now: resubmitting again is refused.
    expect(await callRoute(resubmitRoute, siteRequest(`/ojapi/resubmit?submitId=${sub._id}`, { cookie: await cookieFor(user) }))).toMatchObject({ http: 400 });
  }, 180_000);
});
