import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { ContestAuth, ContestType } from "~/lib/contest";
import { Submission } from "~/models/submission.server";
import type { UserDoc } from "~/models/user.server";
import { contestInputSchema, createContest } from "~/services/contest/contests.server";
import { addContestProblem } from "~/services/contest/problems.server";
import { administerContest, SITE } from "~/services/contest/scope.server";
import { applyJudgeEvents } from "~/services/judging/apply.server";
import { disconnectDb } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { startWebServer, type WebServer } from "../support/web-server";
import { finalMessage, makeContestSubmission, makeProblem, makeUser, openStore } from "./support/judging";

// The Contest API through the real web server (needs `npx remix build`): its addresses reach the
// right endpoints, answers allow cross-origin reads, and the event feed is streamed as it is
// written (never held back by compression), until the client goes.

let server: WebServer;
let cid: number;
let admin: UserDoc;

beforeAll(async () => {
  await openStore();
  admin = await makeUser(Role.SUPER_ADMIN);
  const start = Date.now() - 30 * 60_000;
  cid = (
    await createContest(
      admin,
      contestInputSchema.parse({ title: "Live", description: "d", type: ContestType.ACM, auth: ContestAuth.PUBLIC, startTime: new Date(start), endTime: new Date(start + 120 * 60_000), openRank: true }),
      SITE,
    )
  )._id;
  const problem = await makeProblem();
  await addContestProblem(await administerContest(cid, admin, null), { cid, pid: problem._id, displayId: "A", displayTitle: "", color: "" }, "public");
  const s = await makeContestSubmission(await makeUser(), problem, cid);
  await Submission.updateOne({ _id: s._id }, { $set: { submitTime: new Date(start + 5 * 60_000) } });
  await applyJudgeEvents(s._id, [{ kind: "result", msg: finalMessage(s, { status: JudgeStatus.ACCEPTED }) }]);
  server = await startWebServer();
});

afterAll(async () => {
  server?.stop();
  await closeRedis();
  await disconnectDb();
});

describe("the Contest API over HTTP", () => {
  it("routes every kind of address", async () => {
    const get = (p: string) => fetch(`${server.url}/icpc-api${p}`, { headers: { "Accept-Encoding": "gzip, br" } });
    const info = await get("");
    expect(info.status).toBe(200);
    expect(info.headers.get("access-control-allow-origin")).toBe("*");
    expect(((await info.json()) as { version: string }).version).toBe("2023-06");
    expect(((await (await get("/contests")).json()) as Array<{ id: string }>).some((c) => c.id === String(cid))).toBe(true);
    expect(((await (await get(`/contests/${cid}`)).json()) as { id: string }).id).toBe(String(cid));
    expect(((await (await get(`/contests/${cid}/state`)).json()) as { started: string | null }).started).not.toBeNull();
    const teams = (await (await get(`/contests/${cid}/teams`)).json()) as Array<{ id: string }>;
    expect(teams).toHaveLength(1);
    expect((await get(`/contests/${cid}/teams/${teams[0]!.id}`)).status).toBe(200);
    const subs = (await (await get(`/contests/${cid}/submissions`)).json()) as Array<{ id: string }>;
    expect((await get(`/contests/${cid}/submissions/${subs[0]!.id}/files`)).status).toBe(403);
    expect((await get(`/contests/${cid}/nothing`)).status).toBe(404);
    expect((await get(`/contests/${cid}/teams/a/b/c`)).status).toBe(404);
  });

  it("streams the event feed as it goes, uncompressed", async () => {
    const ac = new AbortController();
    const res = await fetch(`${server.url}/icpc-api/contests/${cid}/event-feed`, { headers: { "Accept-Encoding": "gzip, br" }, signal: ac.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/x-ndjson");
    expect(res.headers.get("content-encoding")).toBeNull();
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes('"type":"awards"')) text += decoder.decode((await reader.read()).value);
    const first = JSON.parse(text.split("\n")[0]!) as { type: string; token: string };
    expect(first.type).toBe("contest");
    expect(first.token).toBe("1");
    ac.abort();
  });
});
