import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
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
import { extractZip } from "~/services/platform/zip.server";
import * as packageRoute from "~/routes/admin+/contest+/$contestId.icpc-package";
import * as adminList from "~/routes/admin+/contest+/_index";
import { caseResult, finalMessage, makeContestSubmission, makeProblem, makeUser, openStore } from "./support/judging";
import { call, sessionCookieFor } from "./support/call-route";
import { itemSchemaOf, schemaErrors } from "../fixtures/icpc-schemas";
import { replayScoreboard, type FeedLine } from "./support/icpc-replay";

// A finished contest exported from its admin page as the ICPC Contest Package: the zip unpacks into
// the spec's files, each validating against our schemas; the event feed in it replays into the
// scoreboard in it; the code is there for every submission. Those who do not administer the
// contest get no package.

const MIN = 60_000;
let admin: UserDoc;
let cid: number;
let dir: string;

beforeAll(async () => {
  await openStore();
  admin = await makeUser(Role.SUPER_ADMIN);
  const T0 = Date.now() - 200 * MIN;
  cid = (
    await createContest(
      admin,
      contestInputSchema.parse({ title: "Finished", description: "d", type: ContestType.ACM, auth: ContestAuth.PUBLIC, startTime: new Date(T0).toISOString(), endTime: new Date(T0 + 120 * MIN).toISOString(), sealRank: true, sealRankTimeChoice: 0, openRank: true }),
      SITE,
    )
  )._id;
  const problem = await makeProblem();
  await addContestProblem(await administerContest(cid, admin, null), { cid, pid: problem._id, displayId: "A", displayTitle: "", color: "" }, "public");
  const [a, b] = [await makeUser(), await makeUser()];
  for (const [u, m, status] of [[a, 10, JudgeStatus.WRONG_ANSWER], [a, 30, JudgeStatus.ACCEPTED], [b, 100, JudgeStatus.ACCEPTED]] as const) {
    const s = await makeContestSubmission(u, problem, cid);
    await Submission.updateOne({ _id: s._id }, { $set: { submitTime: new Date(T0 + m * MIN), code: `// by ${u.username}\n` } });
    await applyJudgeEvents(s._id, [{ kind: "result", msg: finalMessage(s, { status, cases: [caseResult(1, status)] }) }]);
  }
  dir = await mkdtemp(path.join(tmpdir(), "icpc-package-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await closeRedis();
  await disconnectDb();
});

describe("the contest package", () => {
  it("is offered on the admin contest table for ICPC-scored contests", async () => {
    const res = await call(adminList.loader as never, "/admin/contest", { cookie: await sessionCookieFor(admin._id) });
    const rows = ((await res.json()) as { rows: Array<{ id: number; icpc: boolean }> }).rows;
    expect(rows.find((r) => r.id === cid)?.icpc).toBe(true);
  });

  it("unzips into the spec's files, each validating; its feed replays into its scoreboard", async () => {
    const res = await call(packageRoute.loader as never, `/admin/contest/${cid}/icpc-package`, { cookie: await sessionCookieFor(admin._id), params: { contestId: String(cid) } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    const zipPath = path.join(dir, "package.zip");
    await writeFile(zipPath, Buffer.from(await res.arrayBuffer()));
    const { files } = await extractZip(zipPath, path.join(dir, "out"));
    const read = async (name: string) => JSON.parse(await readFile(path.join(dir, "out", name), "utf8")) as unknown;
    const endpoints = ["judgement-types", "languages", "problems", "groups", "organizations", "teams", "accounts", "submissions", "judgements", "runs", "clarifications", "awards"];
    for (const name of ["api", "contest", "state", "scoreboard", ...endpoints]) {
      expect(files).toContain(`${name}.json`);
      expect(schemaErrors(endpoints.includes(name) ? name : itemSchemaOf(name), await read(`${name}.json`)), name).toEqual([]);
    }
    const lines = (await readFile(path.join(dir, "out", "event-feed.ndjson"), "utf8")).split("\n").filter(Boolean).map((l) => JSON.parse(l) as FeedLine);
    for (const l of lines) expect(schemaErrors("event", l)).toEqual([]);
    const board = (await read("scoreboard.json")) as { rows: unknown[]; state: Record<string, unknown> };
    expect(board.rows).toHaveLength(2);
    expect(replayScoreboard(lines)).toEqual(board.rows);
    expect(board.state.thawed).not.toBeNull();
    expect(board.state.end_of_updates).not.toBeNull();
    // The code of every submission, as <endpoint>/<id>/<filename>.
    const subs = (await read("submissions.json")) as Array<{ id: string }>;
    expect(subs).toHaveLength(3);
    for (const s of subs) expect(files).toContain(`submissions/${s.id}/files.zip`);
  });

  it("is refused to those who do not administer the contest", async () => {
    const learner = await makeUser();
    const res = await call(packageRoute.loader as never, `/admin/contest/${cid}/icpc-package`, { cookie: await sessionCookieFor(learner._id), params: { contestId: String(cid) } });
    expect(res.status === 302 || res.status === 403).toBe(true);
    const bad = await call(packageRoute.loader as never, `/admin/contest/x/icpc-package`, { cookie: await sessionCookieFor(admin._id), params: { contestId: "x" } });
    expect(bad.status).toBe(404);
  });
});
