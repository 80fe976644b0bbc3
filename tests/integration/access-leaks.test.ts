import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProblemAuth, Role } from "~/lib/constants";
import { Problem } from "~/models/problem.server";
import { action as checkApi } from "~/routes/ojapi+/_submission+/check-submissions-status";
import { loader as listApi } from "~/routes/ojapi+/_submission+/get-submission-list";
import { loader as statusPage } from "~/routes/_submission+/status";
import { bankHiddenProblemsQuery, bankScope } from "~/services/access/policy.server";
import { createApiSession } from "~/services/account/api-token.server";
import { createUser } from "~/services/account/users.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { changeProblemAuth } from "~/services/problem/admin.server";
import { hiddenBankProblemIds } from "~/services/problem/visibility.server";
import { getSubmissionStatus } from "~/services/submission/status.server";
import { listSubmissions, parseSubmissionListQuery } from "~/services/submission/views.server";
import { body, call, makeProblem, makeSubmission, req } from "../fixtures/learner";

// Rows of problems a viewer may not see are not shown anywhere a submission is listed or followed:
// the status page, /ojapi/get-submission-list (with and without a problem filter),
// /ojapi/check-submissions-status and the live status. A private problem's id and title never
// reach anyone but its submitters and the admin roles.

type User = Awaited<ReturnType<typeof createUser>>;
type Row = { submitId: number; displayPid: string; title: string };
type Page = { records: Row[]; total: number };

let author: User;
let other: User;
let admin: User;
const ids = { open: 0, secret: 0, toHide: 0 };

async function token(u: User): Promise<string> {
  return (await createApiSession(u._id)).token;
}

async function apiList(u: User | null, query = ""): Promise<Page> {
  const r = await req(`/ojapi/get-submission-list${query}`);
  if (u) r.headers.set("Authorization", await token(u));
  const res = await call(listApi, r);
  expect(res.status).toBe(200);
  return (await body<{ data: Page }>(res)).data;
}

async function pageList(u: User | null, query = ""): Promise<Page> {
  const res = await call(statusPage, await req(`/status${query}`, { uid: u?._id }));
  expect(res.status).toBe(200);
  return (await body<{ page: Page }>(res)).page;
}

async function checked(u: User | null, submitIds: number[]): Promise<Record<string, Row>> {
  const r = await req("/ojapi/check-submissions-status", { json: { submitIds } });
  if (u) r.headers.set("Authorization", await token(u));
  const res = await call(checkApi, r);
  expect(res.status).toBe(200);
  return (await body<{ data: Record<string, Row> }>(res)).data;
}

const titles = (p: Page) => p.records.map((r) => r.title);

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  author = await createUser({ username: "leakauthor", password: "secret123", email: "leak-a@example.test" });
  other = await createUser({ username: "leakother", password: "secret123", email: "leak-o@example.test" });
  admin = await createUser({ username: "leakadmin", password: "secret123", email: "leak-ad@example.test", role: Role.ADMIN });
  const open = await makeProblem({ _id: 7100, problemId: "OPEN7100", title: "Open problem" });
  const secret = await makeProblem({ _id: 7101, problemId: "SECRET7101", title: "Secret problem", auth: ProblemAuth.PRIVATE });
  const toHide = await makeProblem({ _id: 7102, problemId: "SOON7102", title: "Soon private" });
  ids.open = (await makeSubmission(author, open, { _id: 71001 }))._id;
  ids.secret = (await makeSubmission(author, secret, { _id: 71002 }))._id;
  ids.toHide = (await makeSubmission(author, toHide, { _id: 71003 }))._id;
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("a private problem's submissions", () => {
  it("are not listed to a visitor or another learner, by the page or /ojapi", async () => {
    for (const u of [null, other]) {
      for (const list of [await pageList(u), await apiList(u)]) {
        expect(titles(list)).toContain("Open problem");
        expect(titles(list)).not.toContain("Secret problem");
        expect(list.records.map((r) => r.displayPid)).not.toContain("SECRET7101");
        expect(list.total).toBe(list.records.length);
      }
    }
  });

  it("are not found by a problem filter, nor by an author filter", async () => {
    for (const u of [null, other]) {
      expect((await apiList(u, "?problemID=secret7101")).records).toEqual([]);
      expect((await pageList(u, "?problemID=SECRET7101")).records).toEqual([]);
      expect(titles(await apiList(u, "?username=leakauthor"))).not.toContain("Secret problem");
    }
  });

  it("are listed to their author and to the admin roles", async () => {
    expect(titles(await apiList(author))).toContain("Secret problem");
    expect(titles(await apiList(author, "?problemID=SECRET7101"))).toEqual(["Secret problem"]);
    expect(titles(await pageList(author, "?onlyMine=true"))).toContain("Secret problem");
    expect(titles(await apiList(admin))).toContain("Secret problem");
    expect(titles(await apiList(admin, "?problemID=SECRET7101"))).toEqual(["Secret problem"]);
  });

  it("are left out of /ojapi/check-submissions-status and the live status for others", async () => {
    for (const u of [null, other]) {
      const rows = await checked(u, [ids.open, ids.secret]);
      expect(Object.keys(rows)).toEqual([String(ids.open)]);
      expect(await getSubmissionStatus(u, ids.secret)).toBeNull();
      expect(await getSubmissionStatus(u, ids.open)).not.toBeNull();
    }
    expect(Object.keys(await checked(author, [ids.open, ids.secret])).sort()).toEqual([String(ids.open), String(ids.secret)]);
    expect(await getSubmissionStatus(author, ids.secret)).not.toBeNull();
    expect(await getSubmissionStatus(admin, ids.secret)).not.toBeNull();
  });

  it("disappear from the lists as soon as an admin makes their problem private", async () => {
    expect(titles(await apiList(other))).toContain("Soon private");
    await changeProblemAuth(7102, ProblemAuth.PRIVATE, { username: admin.username });
    expect(titles(await apiList(other))).not.toContain("Soon private");
    expect(titles(await apiList(null))).not.toContain("Soon private");
    expect(Object.keys(await checked(other, [ids.toHide]))).toEqual([]);
    expect(titles(await apiList(author))).toContain("Soon private");
    await changeProblemAuth(7102, ProblemAuth.PUBLIC, { username: admin.username });
    expect(titles(await apiList(other))).toContain("Soon private");
  });
});

describe("the hidden problems the lists leave out", () => {
  it("are exactly the problems the bank does not show to a visitor", async () => {
    const shapes = [
      { auth: ProblemAuth.PUBLIC, gid: null, applyPublicProgress: null },
      { auth: ProblemAuth.PRIVATE, gid: null, applyPublicProgress: null },
      { auth: ProblemAuth.CONTEST, gid: null, applyPublicProgress: null },
      { auth: ProblemAuth.PUBLIC, gid: 3, applyPublicProgress: null },
      { auth: ProblemAuth.PUBLIC, gid: 3, applyPublicProgress: 1 },
      { auth: ProblemAuth.PUBLIC, gid: 3, applyPublicProgress: 2 },
      { auth: ProblemAuth.PUBLIC, gid: 3, applyPublicProgress: 3 },
      { auth: ProblemAuth.PRIVATE, gid: 3, applyPublicProgress: 2 },
    ];
    for (const [i, shape] of shapes.entries()) await makeProblem({ _id: 7200 + i, problemId: `SHAPE${i}`, ...shape });
    const all = await Problem.find({ _id: { $gte: 7200, $lt: 7300 } }).lean();
    const hiddenByQuery = (await Problem.find({ _id: { $gte: 7200, $lt: 7300 }, ...bankHiddenProblemsQuery() }).select("_id").lean()).map((p) => p._id);
    const hiddenByRule = all.filter((p) => !bankScope.seesProblem(null, p)).map((p) => p._id);
    expect(hiddenByQuery.sort()).toEqual(hiddenByRule.sort());
    expect(hiddenByRule).toHaveLength(6);
    // The kept list, read after those problems were stored directly, follows the next write.
    await changeProblemAuth(7200, ProblemAuth.PUBLIC, { username: admin.username });
    const kept = await hiddenBankProblemIds();
    for (const id of hiddenByRule) expect(kept).toContain(id);
  });
});

describe("totals", () => {
  it("a page past the end shows the real total, not one made up from its number", async () => {
    const q = parseSubmissionListQuery({ currentPage: "500" });
    const page = await listSubmissions(q, admin);
    expect(page.records).toEqual([]);
    const first = await listSubmissions(parseSubmissionListQuery({ limit: "100" }), admin);
    expect(page.total).toBe(first.records.length);
    expect(page.total).toBeLessThan(20);
    // Through the API as HOJ's client asks for it.
    const api = await apiList(other, "?currentPage=999");
    expect(api.records).toEqual([]);
    expect(api.total).toBe((await apiList(other, "?limit=100")).records.length);
  });
});
