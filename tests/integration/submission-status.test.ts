import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { loader as eventsRoute } from "~/routes/_submission+/submission-events.$submitId";
import { action as checkRoute } from "~/routes/ojapi+/_submission+/check-submissions-status";
import { loader as listRoute } from "~/routes/ojapi+/_submission+/get-submission-list";
import { disconnectDb } from "~/services/platform/db.server";
import { startResultApplier, type ResultApplier } from "~/services/judging/results.server";
import { closeRedis } from "~/services/platform/redis.server";
import { createSubmission } from "~/services/submission/submissions.server";
import { closeStatusSubscriber } from "~/services/submission/status.server";
import { caseResult, callRoute, cookieFor, finalMessage, makeContestSubmission, makeProblem, makeUser, openStore, publishResult, routeArgs, settled, siteRequest, submissionOf, waitUntil } from "./support/judging";

// Live status for the pages: the batch status call and the server-sent event stream, with the
// result applier publishing each write.

let applier: ResultApplier;
beforeAll(async () => {
  await openStore();
  applier = startResultApplier({ consumer: "web-status-test", blockMs: 200 });
  await applier.ready;
});
afterAll(async () => {
  await applier.stop();
  await closeStatusSubscriber();
  await closeRedis();
  await disconnectDb();
});

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Reads server-sent events until the stream ends (or the time is up). */
async function readEvents(res: Response, timeoutMs = 20_000): Promise<SseEvent[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = "";
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let at;
    while ((at = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
    }
  }
  await reader.cancel().catch(() => undefined);
  return events;
}

describe("event stream of a submission", () => {
  it("pushes every status change and ends after the verdict", async () => {
    const user = await makeUser();
    const problem = await makeProblem();
    const sub = await createSubmission(user, { pid: problem._id, language: "C++", code: "x", cid: 0, tid: 0 });
    const res = await eventsRoute(routeArgs(siteRequest(`/submission-events/${sub._id}`), { submitId: String(sub._id) }));
    expect(res.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    const reading = readEvents(res);

    await new Promise((r) => setTimeout(r, 300));
    // Each step waits until stored: messages arriving together are written (and pushed) as one.
    await publishResult({ type: "progress", submissionId: sub._id, attempt: 1, status: JudgeStatus.COMPILING, judger: "j" });
    await waitUntil("compiling", async () => (await submissionOf(sub._id)).status === JudgeStatus.COMPILING);
    await publishResult({ type: "case", submissionId: sub._id, attempt: 1, judger: "j", result: caseResult(1) });
    await waitUntil("judging", async () => (await submissionOf(sub._id)).status === JudgeStatus.JUDGING);
    await publishResult(finalMessage(sub, { status: JudgeStatus.WRONG_ANSWER }));

    const events = await reading;
    const statuses = events.filter((e) => e.event === "status").map((e) => e.data.status);
    expect(statuses[0]).toBe(JudgeStatus.PENDING);
    expect(statuses).toContain(JudgeStatus.COMPILING);
    expect(statuses).toContain(JudgeStatus.JUDGING);
    expect(statuses[statuses.length - 1]).toBe(JudgeStatus.WRONG_ANSWER);
    expect(events[events.length - 1].event).toBe("end");
    expect(events.find((e) => e.data.status === JudgeStatus.WRONG_ANSWER)?.data).toMatchObject({ submitId: sub._id, final: true, cases: 2 });
  });

  it("of a finished submission gives the verdict and ends at once; unknown ids are 404", async () => {
    const user = await makeUser();
    const problem = await makeProblem();
    const sub = await createSubmission(user, { pid: problem._id, language: "C++", code: "x", cid: 0, tid: 0 });
    await publishResult(finalMessage(sub));
    await settled(sub._id);
    const res = await eventsRoute(routeArgs(siteRequest(`/submission-events/${sub._id}`), { submitId: String(sub._id) }));
    const events = await readEvents(res, 5000);
    expect(events.map((e) => e.event)).toEqual(["status", "end"]);
    expect(events[0].data).toMatchObject({ status: JudgeStatus.ACCEPTED, final: true });
    await expect(eventsRoute(routeArgs(siteRequest(`/submission-events/987654321`), { submitId: "987654321" }))).rejects.toMatchObject({ status: 404 });
  });

  it("of a contest submission is only for its author and admins", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const problem = await makeProblem();
    const sub = await makeContestSubmission(user, problem, 3);
    const args = (cookie?: string) => routeArgs(siteRequest(`/submission-events/${sub._id}`, { cookie }), { submitId: String(sub._id) });
    await expect(eventsRoute(args())).rejects.toMatchObject({ status: 404 });
    await expect(eventsRoute(args(await cookieFor(other)))).rejects.toMatchObject({ status: 404 });
    const own = await eventsRoute(args(await cookieFor(user)));
    expect(own.status).toBe(200);
    await own.body?.cancel();
  });
});

describe("check-submissions-status", () => {
  it("answers id -> the whole list row (with the judger, without code or error message); leaves out what the viewer may not see", async () => {
    const user = await makeUser();
    const admin = await makeUser(Role.ADMIN);
    const problem = await makeProblem();
    const a = await createSubmission(user, { pid: problem._id, language: "C++", code: "int main(){}", cid: 0, tid: 0 });
    const b = await createSubmission(user, { pid: problem._id, language: "Python3", code: "print(1)", cid: 0, tid: 0 });
    const c = await makeContestSubmission(user, problem, 8);
    await publishResult(finalMessage(a, { judger: "judge-7", errorMessage: "warning: unused", cases: [caseResult(1, 0, { time: 40, memory: 5000 })] }));
    const body = { submitIds: [a._id, b._id, c._id, 999_999_999] };
    let res;
    for (let i = 0; i < 100; i++) {
      res = await callRoute(checkRoute, siteRequest("/ojapi/check-submissions-status", { json: body }));
      if ((res.data as Record<string, { status: number }>)[a._id]?.status === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const rows = res!.data as Record<string, Record<string, unknown>>;
    expect(Object.keys(rows).sort()).toEqual([String(a._id), String(b._id)].sort());
    expect(rows[a._id]).toMatchObject({
      submitId: a._id,
      uid: user._id,
      username: user.username,
      pid: problem._id,
      displayPid: problem.problemId,
      title: problem.title,
      cid: 0,
      gid: null,
      status: 0,
      // An ACM problem: HOJ answers null, not 0.
      score: null,
      time: 40,
      memory: 5000,
      length: Buffer.byteLength("int main(){}"),
      language: "C++",
      judger: "judge-7",
      isManual: false,
      share: false,
    });
    expect(rows[a._id].submitTime).toBeTruthy();
    expect(rows[b._id]).toMatchObject({ submitId: b._id, status: JudgeStatus.PENDING, language: "Python3", judger: "", time: 0, memory: 0 });
    for (const row of Object.values(rows)) {
      expect(row).not.toHaveProperty("code");
      expect(row).not.toHaveProperty("errorMessage");
    }
    // The same row the status list shows.
    const list = await callRoute(listRoute, siteRequest(`/ojapi/get-submission-list?username=${user.username}`));
    const listed = (list.data as { records: Array<Record<string, unknown>> }).records.find((r) => r.submitId === a._id);
    expect(JSON.parse(JSON.stringify(rows[a._id]))).toEqual(listed);

    const asAdmin = await callRoute(checkRoute, siteRequest("/ojapi/check-submissions-status", { json: body, cookie: await cookieFor(admin) }));
    expect(Object.keys(asAdmin.data as object)).toHaveLength(3);
    const asOwner = await callRoute(checkRoute, siteRequest("/ojapi/check-submissions-status", { json: body, cookie: await cookieFor(user) }));
    expect(Object.keys(asOwner.data as object)).toHaveLength(3);

    const bad = await callRoute(checkRoute, siteRequest("/ojapi/check-submissions-status", { json: { submitIds: "1,2" } }));
    expect(bad).toMatchObject({ http: 400, msg: "提交ID列表格式不正确！" });
    const tooMany = await callRoute(checkRoute, siteRequest("/ojapi/check-submissions-status", { json: { submitIds: Array.from({ length: 101 }, (_, i) => i + 1) } }));
    expect(tooMany).toMatchObject({ http: 400 });
  });
});
