import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { AwardType, ContestAuth, ContestType } from "~/lib/contest";
import { Contest } from "~/models/contest.server";
import { Submission, type SubmissionDoc } from "~/models/submission.server";
import type { ProblemDoc } from "~/models/problem.server";
import type { UserDoc } from "~/models/user.server";
import { createUser } from "~/services/account/users.server";
import { createApiSession } from "~/services/account/api-token.server";
import { rebuildBoard } from "~/services/contest/board.server";
import { contestInputSchema, createContest, updateContest } from "~/services/contest/contests.server";
import { addContestProblem } from "~/services/contest/problems.server";
import { administerContest, SITE } from "~/services/contest/scope.server";
import { applyJudgeEvents } from "~/services/judging/apply.server";
import { addComment, addReply } from "~/services/community/comments.server";
import { disconnectDb } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { FEED_TIMING } from "~/services/icpc/feed.server";
import * as apiRoot from "~/routes/icpc-api+/_index";
import * as contestsRoute from "~/routes/icpc-api+/contests";
import * as contestRoute from "~/routes/icpc-api+/contests_.$contestId";
import * as endpointRoute from "~/routes/icpc-api+/contests_.$contestId.$endpoint";
import * as objectRoute from "~/routes/icpc-api+/contests_.$contestId.$endpoint.$id";
import * as filesRoute from "~/routes/icpc-api+/contests_.$contestId.submissions.$id.files";
import * as feedRoute from "~/routes/icpc-api+/contests_.$contestId.event-feed";
import { caseResult, finalMessage, makeContestSubmission, makeProblem, openStore } from "./support/judging";
import { call } from "./support/call-route";
import { itemSchemaOf, schemaErrors } from "../fixtures/icpc-schemas";
import { replayScoreboard, type FeedLine } from "./support/icpc-replay";

// A contest run on the site read through every endpoint of the ICPC Contest API, as its public role
// and as its admin: each answer validates against our schemas of the spec's objects, the event feed
// replayed from the start ranks as /scoreboard does, since_token resumes, the freeze hides from the
// public role what it must (and from the admin nothing), and refusals are clean 4xx answers.

const MIN = 60_000;
const PASSWORD = "secret123";
let T0: number;
const at = (m: number) => new Date(T0 + m * MIN);

let admin: UserDoc;
let users: UserDoc[];
let problems: ProblemDoc[];
let cid: number;
const subs: Record<string, SubmissionDoc> = {};

const basic = (u: UserDoc) => ({ Authorization: `Basic ${Buffer.from(`${u.username}:${PASSWORD}`).toString("base64")}` });
type Who = UserDoc | null;
const headersOf = (who: Who) => (who ? basic(who) : {});

async function get(who: Who, path: string): Promise<Response> {
  const parts = path.split("?")[0]!.split("/").filter(Boolean);
  const params: Record<string, string> = {};
  let fn: (a: never) => unknown;
  if (parts.length === 0) fn = apiRoot.loader;
  else if (parts.length === 1) fn = contestsRoute.loader;
  else if (parts.length === 2) fn = contestRoute.loader;
  else if (parts[2] === "event-feed") fn = feedRoute.loader;
  else if (parts.length === 3) fn = endpointRoute.loader;
  else if (parts.length === 4) fn = objectRoute.loader;
  else fn = filesRoute.loader;
  if (parts[1]) params.contestId = parts[1];
  if (parts[2]) params.endpoint = parts[2];
  if (parts[3]) params.id = parts[3];
  return call(fn as never, `/icpc-api/${path}`, { headers: headersOf(who), params });
}

async function getJson(who: Who, path: string, status = 200): Promise<unknown> {
  const res = await get(who, path);
  const body: unknown = await res.json();
  expect(res.status, `${path}: ${JSON.stringify(body)}`).toBe(status);
  expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
  return body;
}

async function feed(who: Who, query = ""): Promise<FeedLine[]> {
  const res = await get(who, `contests/${cid}/event-feed?stream=false${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toContain("application/x-ndjson");
  const text = await res.text();
  const lines = text.split("\n").filter(Boolean).map((l) => JSON.parse(l) as FeedLine);
  for (const l of lines) expect(schemaErrors("event", l), JSON.stringify(l)).toEqual([]);
  return lines;
}

async function submit(key: string, user: UserDoc, p: number, m: number, status: number | null, cases: number[] = [JudgeStatus.ACCEPTED, JudgeStatus.ACCEPTED]) {
  const s = await makeContestSubmission(user, problems[p]!, cid);
  await Submission.updateOne({ _id: s._id }, { $set: { submitTime: at(m) } });
  if (status !== null) {
    const cur = (await Submission.findById(s._id).select("_id attempt").lean())!;
    await applyJudgeEvents(s._id, [{ kind: "result", msg: finalMessage(cur, { status, time: 15, cases: cases.map((c, i) => caseResult(i + 1, c)) }) }]);
  } else {
    await rebuildBoard(cid);
  }
  subs[key] = (await Submission.findById(s._id).lean<SubmissionDoc>())!;
}

const ENDPOINTS = ["judgement-types", "languages", "problems", "groups", "organizations", "teams", "accounts", "submissions", "judgements", "runs", "clarifications", "awards"];

async function validateAll(who: Who): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  out.api = await getJson(who, "");
  expect(schemaErrors("api", out.api)).toEqual([]);
  out.contest = await getJson(who, `contests/${cid}`);
  expect(schemaErrors("contest", out.contest)).toEqual([]);
  for (const name of ["state", "scoreboard"]) {
    out[name] = await getJson(who, `contests/${cid}/${name}`);
    expect(schemaErrors(name, out[name]), name).toEqual([]);
  }
  for (const name of ENDPOINTS) {
    const list = (await getJson(who, `contests/${cid}/${name}`)) as Array<{ id: string }>;
    expect(schemaErrors(name, list), name).toEqual([]);
    out[name] = list;
    if (list[0]) {
      const one = await getJson(who, `contests/${cid}/${name}/${list[0].id}`);
      expect(one).toEqual(list[0]);
      expect(schemaErrors(itemSchemaOf(name), one)).toEqual([]);
    }
  }
  return out;
}

beforeAll(async () => {
  await openStore();
  T0 = Date.now() - 100 * MIN;
  const made = (role: number, school = "") => createUser({ username: `i${randomBytes(5).toString("hex")}`, password: PASSWORD, role, school });
  admin = await made(Role.SUPER_ADMIN);
  users = [await made(Role.DEFAULT_USER, "Example University"), await made(Role.DEFAULT_USER, "清华大学"), await made(Role.DEFAULT_USER)];
  const input = contestInputSchema.parse({
    title: "ICPC API contest",
    description: "d",
    type: ContestType.ACM,
    auth: ContestAuth.PUBLIC,
    startTime: at(0).toISOString(),
    endTime: at(120).toISOString(),
    sealRank: true,
    sealRankTimeChoice: 0,
    openRank: true,
    awardType: AwardType.NUMBER,
    awardConfigList: [
      { priority: 1, name: "Gold", background: "#fff", color: "#000", num: 1 },
      { priority: 2, name: "Silver", background: "#fff", color: "#000", num: 1 },
    ],
  });
  cid = (await createContest(admin, input, SITE))._id;
  problems = [await makeProblem(), await makeProblem()];
  const cs = await administerContest(cid, admin, null);
  for (const [i, p] of problems.entries()) await addContestProblem(cs, { cid, pid: p._id, displayId: "AB"[i]!, displayTitle: "", color: "#ff0000" }, "public");
  const [u1, u2, u3] = users as [UserDoc, UserDoc, UserDoc];
  // The seal is at minute 90 (half an hour before the end); it is now minute 100.
  await submit("u1a-wa", u1, 0, 5, JudgeStatus.WRONG_ANSWER, [JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER]);
  await submit("u1a-ac", u1, 0, 12, JudgeStatus.ACCEPTED);
  await submit("u2a-ac", u2, 0, 20, JudgeStatus.ACCEPTED);
  await submit("u2b-ce", u2, 1, 30, JudgeStatus.COMPILE_ERROR, []);
  await submit("u2b-wa", u2, 1, 40, JudgeStatus.WRONG_ANSWER);
  await submit("u3a-tle", u3, 0, 50, JudgeStatus.TIME_LIMIT_EXCEEDED, [JudgeStatus.TIME_LIMIT_EXCEEDED]);
  await submit("admin-a", admin, 0, 10, JudgeStatus.ACCEPTED);
  await submit("u1b-ac-frozen", u1, 1, 95, JudgeStatus.ACCEPTED);
  await submit("u2b-ac-frozen", u2, 1, 92, JudgeStatus.ACCEPTED);
  await submit("u3b-pending", u3, 1, 96, null);
  // The Q&A: a contestant asks, the jury answers, the jury tells everyone.
  const question = await addComment(u1, { content: "Is n at most 10?", cid });
  await addReply(admin, { commentId: Number(question.id), content: "Yes.", toUid: u1._id });
  await addComment(admin, { content: "Problem B's limits are fixed.", cid });
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("the ICPC Contest API", () => {
  it("answers every endpoint, as the public role and as the admin, in the spec's shapes", async () => {
    for (const who of [null, admin]) await validateAll(who);
  });

  it("lists the contest for the public role, with its freeze and penalty", async () => {
    const list = (await getJson(null, "contests")) as Array<{ id: string; scoreboard_freeze_duration: string; penalty_time: number }>;
    const mine = list.find((c) => c.id === String(cid));
    expect(mine).toMatchObject({ scoreboard_freeze_duration: "0:30:00.000", penalty_time: 20, duration: "2:00:00.000", scoreboard_type: "pass-fail" });
    const state = (await getJson(null, `contests/${cid}/state`)) as Record<string, string | null>;
    expect(state.started).toBe(at(0).toISOString());
    expect(state.frozen).toBe(at(90).toISOString());
    expect(state.ended).toBeNull();
  });

  it("hides from the public role what the freeze hides, and from the admin nothing", async () => {
    const frozen = [subs["u1b-ac-frozen"]!, subs["u2b-ac-frozen"]!].map((s) => String(s._id));
    const pub = (await getJson(null, `contests/${cid}/judgements`)) as Array<{ id: string; submission_id: string }>;
    const adm = (await getJson(admin, `contests/${cid}/judgements`)) as Array<{ submission_id: string; judgement_type_id: string | null }>;
    for (const id of frozen) {
      expect(pub.some((j) => j.submission_id === id)).toBe(false);
      expect(adm.find((j) => j.submission_id === id)?.judgement_type_id).toBe("AC");
    }
    expect(pub.find((j) => j.submission_id === String(subs["u1a-wa"]!._id))).toBeDefined();
    // The submissions themselves are public, their code is not.
    const pubSubs = (await getJson(null, `contests/${cid}/submissions`)) as Array<{ id: string; files?: unknown }>;
    expect(pubSubs.map((s) => s.id)).toEqual(expect.arrayContaining(frozen));
    expect(pubSubs.every((s) => s.files === undefined)).toBe(true);
    const admSubs = (await getJson(admin, `contests/${cid}/submissions`)) as Array<{ id: string; files?: unknown }>;
    expect(admSubs.every((s) => Array.isArray(s.files))).toBe(true);
    // Cases: the admin sees every run, the public role none.
    expect(await getJson(null, `contests/${cid}/runs`)).toEqual([]);
    const runs = (await getJson(admin, `contests/${cid}/runs`)) as Array<{ judgement_id: string; judgement_type_id: string }>;
    expect(runs.filter((r) => r.judgement_id === String(subs["u1a-wa"]!._id)).map((r) => r.judgement_type_id)).toEqual(["AC", "WA"]);
    // The frozen scoreboard: u1's and u2's problem B is pending for the public role, solved for the admin.
    const row = (board: unknown, u: UserDoc) => (board as { rows: Array<{ team_id: string; score: { num_solved: number }; problems: Array<{ num_pending: number; solved: boolean }> }> }).rows.find((r) => r.team_id === u._id)!;
    const pb = await getJson(null, `contests/${cid}/scoreboard`);
    const ab = await getJson(admin, `contests/${cid}/scoreboard`);
    expect(row(pb, users[0]!).score.num_solved).toBe(1);
    expect(row(pb, users[0]!).problems[1]).toMatchObject({ solved: false, num_pending: 1 });
    expect(row(ab, users[0]!).score.num_solved).toBe(2);
    // The staff's own submission is on no board; its team is hidden.
    expect((ab as { rows: Array<{ team_id: string }> }).rows.some((r) => r.team_id === admin._id)).toBe(false);
    const teams = (await getJson(admin, `contests/${cid}/teams`)) as Array<{ id: string; hidden: boolean; organization_id: string | null }>;
    expect(teams.find((t) => t.id === admin._id)?.hidden).toBe(true);
    expect(teams.find((t) => t.id === users[1]!._id)?.organization_id).toMatch(/^org-/);
    // The public role sees no accounts; awards follow each role's board.
    expect(await getJson(null, `contests/${cid}/accounts`)).toEqual([]);
    const awards = (await getJson(admin, `contests/${cid}/awards`)) as Array<{ id: string; team_ids: string[] }>;
    // Live: u1 solved both in 127 minutes of penalty, u2 in 132.
    expect(awards.find((a) => a.id === "winner")?.team_ids).toEqual([users[0]!._id]);
    expect(awards.find((a) => a.id === `first-to-solve-${problems[0]!._id}`)?.team_ids).toEqual([users[0]!._id]);
    expect(awards.find((a) => a.id === "gold-medal")?.team_ids).toEqual([users[0]!._id]);
    expect(awards.find((a) => a.id === "silver-medal")?.team_ids).toEqual([users[1]!._id]);
    // Frozen: the public role sees u2 ahead (A at 20) of u1 (A at 12 after a rejection: 32).
    expect(((await getJson(null, `contests/${cid}/awards`)) as Array<{ id: string; team_ids: string[] }>).find((a) => a.id === "winner")?.team_ids).toEqual([users[1]!._id]);
    const pubAwards = (await getJson(null, `contests/${cid}/awards`)) as Array<{ id: string; team_ids: string[] }>;
    expect(pubAwards.find((a) => a.id === `first-to-solve-${problems[1]!._id}`)?.team_ids).toEqual([]);
    expect(awards.find((a) => a.id === `first-to-solve-${problems[1]!._id}`)?.team_ids).toEqual([users[1]!._id]);
  });

  it("gives the Q&A as clarifications: the public role sees the jury's word to everyone", async () => {
    type Clar = { id: string; from_team_id: string | null; to_team_id: string | null; reply_to_id: string | null; text: string };
    const adm = (await getJson(admin, `contests/${cid}/clarifications`)) as Clar[];
    const question = adm.find((c) => c.text === "Is n at most 10?")!;
    expect(question).toMatchObject({ from_team_id: users[0]!._id, to_team_id: null, reply_to_id: null });
    expect(adm.find((c) => c.text === "Yes.")).toMatchObject({ from_team_id: null, to_team_id: users[0]!._id, reply_to_id: question.id });
    expect(adm.find((c) => c.text === "Problem B's limits are fixed.")).toMatchObject({ from_team_id: null, to_team_id: null });
    const pub = (await getJson(null, `contests/${cid}/clarifications`)) as Clar[];
    expect(pub.map((c) => c.text)).toEqual(["Problem B's limits are fixed."]);
  });

  it("replays from the start into the scoreboard it serves, for each role; since_token resumes", async () => {
    for (const who of [null, admin]) {
      const lines = await feed(who);
      const board = (await getJson(who, `contests/${cid}/scoreboard`)) as { rows: unknown[] };
      expect(replayScoreboard(lines)).toEqual(board.rows);
      const tokens = lines.map((l) => l.token);
      expect(new Set(tokens).size).toBe(tokens.length);
      const mid = Math.floor(lines.length / 2);
      expect(await feed(who, `&since_token=${lines[mid]!.token}`)).toEqual(lines.slice(mid + 1));
    }
    // A new verdict comes after the last token, alone.
    const before = await feed(admin);
    const last = before[before.length - 1]!.token!;
    await submit("u3a-ac", users[2]!, 0, 97, JudgeStatus.ACCEPTED);
    const after = await feed(admin, `&since_token=${last}`);
    expect(after.map((l) => l.type)).toEqual(expect.arrayContaining(["submissions", "judgements", "runs"]));
    expect(after.find((l) => l.type === "submissions")?.id).toBe(String(subs["u3a-ac"]!._id));
    expect(replayScoreboard([...before, ...after])).toEqual(((await getJson(admin, `contests/${cid}/scoreboard`)) as { rows: unknown[] }).rows);
    // The public role does not learn of the frozen verdict.
    const pubAfter = await feed(null);
    expect(pubAfter.some((l) => l.type === "judgements" && l.id === String(subs["u3a-ac"]!._id))).toBe(false);
  });

  it("streams new events, with keep-alive newlines, until the reader goes", async () => {
    const saved = { ...FEED_TIMING };
    Object.assign(FEED_TIMING, { keepAliveMs: 300, pollMs: 50, syncEveryMs: 1 });
    const ac = new AbortController();
    try {
      const request = new Request(`http://localhost/icpc-api/contests/${cid}/event-feed`, { headers: basic(admin), signal: ac.signal });
      const res = (await feedRoute.loader({ request, params: { contestId: String(cid) }, context: { ip: "127.0.0.1" } as never })) as Response;
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      const readUntil = async (done: (t: string) => boolean) => {
        while (!done(text)) {
          const { value } = await reader.read();
          text += decoder.decode(value);
        }
      };
      await readUntil((t) => t.includes('"type":"awards"'));
      const mark = text.length;
      await readUntil((t) => t.slice(mark).includes("\n\n") || t.slice(mark) === "\n");
      await submit("u2a-late", users[1]!, 0, 98, JudgeStatus.WRONG_ANSWER);
      await readUntil((t) => t.includes(`"id":"${subs["u2a-late"]!._id}"`));
      ac.abort();
      await reader.cancel().catch(() => undefined);
    } finally {
      Object.assign(FEED_TIMING, saved);
    }
  });

  it("thaws for the public role once the contest ends: the hidden verdicts follow in its feed", async () => {
    const before = await feed(null);
    await Contest.updateOne({ _id: cid }, { $set: { endTime: at(99.5) } });
    await rebuildBoard(cid);
    const after = await feed(null, `&since_token=${before[before.length - 1]!.token}`);
    expect(after.some((l) => l.type === "judgements" && l.id === String(subs["u1b-ac-frozen"]!._id))).toBe(true);
    const state = after.filter((l) => l.type === "state").pop()?.data as Record<string, string | null>;
    expect(state).toMatchObject({ frozen: at(90).toISOString(), ended: at(99.5).toISOString(), thawed: at(99.5).toISOString() });
    const all = [...before, ...after];
    expect(replayScoreboard(all)).toEqual(((await getJson(null, `contests/${cid}/scoreboard`)) as { rows: unknown[] }).rows);
    expect(replayScoreboard(all)).toEqual(((await getJson(admin, `contests/${cid}/scoreboard`)) as { rows: unknown[] }).rows);
  });

  it("stays frozen after the end until an admin lifts the seal, then thaws for the public role", async () => {
    const fields = { title: "Manual thaw", description: "d", type: ContestType.ACM, auth: ContestAuth.PUBLIC, startTime: at(0).toISOString(), endTime: at(99).toISOString(), openRank: true, autoRealRank: false };
    const c = await createContest(admin, contestInputSchema.parse({ ...fields, sealRank: true, sealRankTimeChoice: 0 }), SITE);
    const cs = await administerContest(c._id, admin, null);
    await addContestProblem(cs, { cid: c._id, pid: problems[0]!._id, displayId: "A", displayTitle: "", color: "" }, "public");
    const saved = cid;
    cid = c._id;
    try {
      await submit("thaw-early", users[0]!, 0, 10, JudgeStatus.ACCEPTED);
      await submit("thaw-late", users[1]!, 0, 80, JudgeStatus.ACCEPTED);
      const before = await feed(null);
      const frozenState = (await getJson(null, `contests/${cid}/state`)) as Record<string, string | null>;
      expect(frozenState).toMatchObject({ frozen: at(69).toISOString(), ended: at(99).toISOString(), thawed: null });
      expect(before.some((l) => l.type === "judgements" && l.id === String(subs["thaw-late"]!._id))).toBe(false);
      await updateContest(await administerContest(cid, admin, null), contestInputSchema.parse({ ...fields, sealRank: false }));
      const after = await feed(null, `&since_token=${before[before.length - 1]!.token}`);
      expect(after.some((l) => l.type === "judgements" && l.id === String(subs["thaw-late"]!._id))).toBe(true);
      const state = (await getJson(null, `contests/${cid}/state`)) as Record<string, string | null>;
      expect(state.frozen).toBe(at(69).toISOString());
      expect(state.thawed).not.toBeNull();
      expect(((await getJson(null, `contests/${cid}`)) as Record<string, unknown>).scoreboard_freeze_duration).toBe("0:30:00.000");
      expect(replayScoreboard([...before, ...after])).toEqual(((await getJson(null, `contests/${cid}/scoreboard`)) as { rows: unknown[] }).rows);
    } finally {
      cid = saved;
    }
  });

  it("refuses cleanly: closed contests, code for non-admins, wrong credentials, malformed ids and tokens", async () => {
    const err = async (who: Who, path: string, status: number) => {
      const body = await getJson(who, path, status);
      expect(schemaErrors("error", body)).toEqual([]);
      expect((body as { code: number }).code).toBe(status);
    };
    const sid = subs["u1a-ac"]!._id;
    await err(users[0]!, `contests/${cid}/submissions/${sid}/files`, 403);
    await err(null, `contests/${cid}/submissions/${sid}/files`, 403);
    const zip = await get(admin, `contests/${cid}/submissions/${sid}/files`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("Content-Type")).toBe("application/zip");
    expect(Buffer.from(await zip.arrayBuffer()).subarray(0, 2).toString()).toBe("PK");
    // The /ojapi token is an admin's credential too; a forged one is refused.
    const { token } = await createApiSession(admin._id);
    const byToken = await call(filesRoute.loader as never, `/icpc-api/contests/${cid}/submissions/${sid}/files`, { headers: { Authorization: token }, params: { contestId: String(cid), id: String(sid) } });
    expect(byToken.status).toBe(200);
    const forged = await call(contestsRoute.loader as never, "/icpc-api/contests", { headers: { Authorization: "Bearer not-a-token" } });
    expect(forged.status).toBe(401);
    await err(null, `contests/abc`, 404);
    await err(null, `contests/0`, 404);
    await err(null, `contests/99999999`, 404);
    await err(null, `contests/${cid}/nothing`, 404);
    await err(null, `contests/${cid}/submissions/not-an-id`, 404);
    await err(null, `contests/${cid}/teams/${"x".repeat(80)}`, 404);
    await err(admin, `contests/${cid}/submissions/abc/files`, 404);
    await err(null, `contests/${cid}/event-feed?since_token=abc`, 400);
    await err(null, `contests/${cid}/event-feed?since_token=999999999`, 400);
    const wrong = await call(contestsRoute.loader as never, "/icpc-api/contests", { headers: { Authorization: `Basic ${Buffer.from(`${admin.username}:wrong-password`).toString("base64")}` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("WWW-Authenticate")).toContain("Basic");
    // A contest whose rank is closed is not the public role's; its admin still reads it.
    await Contest.updateOne({ _id: cid }, { $set: { openRank: false } });
    await err(null, `contests/${cid}`, 403);
    await err(null, `contests/${cid}/event-feed`, 403);
    expect(((await getJson(null, "contests")) as Array<{ id: string }>).some((c) => c.id === String(cid))).toBe(false);
    await getJson(admin, `contests/${cid}`);
    await Contest.updateOne({ _id: cid }, { $set: { openRank: true } });
    // An OI contest is not served.
    const oi = await createContest(admin, contestInputSchema.parse({ title: "OI", description: "d", type: ContestType.OI, auth: ContestAuth.PUBLIC, startTime: at(0).toISOString(), endTime: at(120).toISOString(), openRank: true }), SITE);
    await err(admin, `contests/${oi._id}`, 404);
  });
});
