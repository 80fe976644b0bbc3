import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { markLines, regionsOf } from "~/lib/similarity";
import { SimilarityCheck, SimilarityPair } from "~/models/similarity.server";
import { Submission } from "~/models/submission.server";
import { TrainingCategory } from "~/models/training-category.server";
import * as contestLayout from "~/routes/contest+/$contestId";
import * as contestPage from "~/routes/contest+/$contestId.similarity";
import * as contestPair from "~/routes/contest+/$contestId.similarity_.pair.$pairId";
import * as trainingPage from "~/routes/training+/$trainingId.similarity";
import * as groupTrainingPage from "~/routes/group+/$groupId.training.$trainingId.similarity";
import * as groupPage from "~/routes/group+/$groupId.similarity";
import * as groupPair from "~/routes/group+/$groupId.similarity_.pair.$pairId";
import { contestInputSchema, createContest } from "~/services/contest/contests.server";
import { addContestProblem } from "~/services/contest/problems.server";
import { administerContest, SITE } from "~/services/contest/scope.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { compareOnce } from "~/services/similarity/dolos.server";
import { runningCheck } from "~/services/similarity/job.server";
import { addTrainingProblem } from "~/services/training/problems.server";
import { createTraining, trainingInputSchema } from "~/services/training/trainings.server";
import { administerTraining, SITE as TRAINING_SITE } from "~/services/training/scope.server";
import { cppCorpus, cppProgram } from "../fixtures/cpp-corpus";
import { addMembers, makeGroup, makeUser } from "../fixtures/groups";
import { body, call, cookieFor, makeProblem, req } from "../fixtures/learner";
import { startWebServer, type WebServer } from "../support/web-server";

// Code similarity checks: a contest's admin starts one, the disguised copy (every identifier
// renamed, the layout redone) is the most similar pair, and it opens side by side with its shared
// fragments; the problem's template is no match. Only the place's admins and the site's admins
// see the page, its data, the pairs and the code: a contestant, a member and an outsider are told
// nothing exists, by the page's loader and action and over HTTP with ?_data= (the built site).

type User = Awaited<ReturnType<typeof makeUser>>;
type Route = { loader?: unknown; action?: unknown };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page's data, checked field by field
type Json = any;

let root: User;
let siteAdmin: User;
let teacher: User;
let contestant: User;
let outsider: User;
let cid = 0;
let pid = 0;
let tid = 0;
let gid = 0;
let groupAdmin: User;
let member: User;
let authors: User[] = [];
let copier = "";
let original = "";
let server: WebServer;

const hour = 3600_000;

async function page(route: Route, path: string, params: Record<string, string>, who: User | null, form?: Record<string, string>) {
  return call(form ? route.action : route.loader, await req(path, { uid: who?._id, form, method: form ? "POST" : "GET" }), params);
}

async function store(user: User, problemId: number, code: string, over: Record<string, unknown> = {}) {
  const doc = await Submission.create({
    _id: Math.floor(Math.random() * 1e9) + 1e6,
    pid: problemId,
    displayPid: "A",
    displayId: "A",
    uid: user._id,
    username: user.username,
    cid,
    tid: 0,
    gid: null,
    language: "C++",
    code,
    status: JudgeStatus.ACCEPTED,
    length: code.length,
    submitTime: new Date(Date.now() - 10 * 60_000),
    ...over,
  });
  return doc._id as number;
}

/** Starts a check through the page's form and waits for its job; the check's id. */
async function runCheck(route: Route, path: string, params: Record<string, string>, who: User, form: Record<string, string>): Promise<number> {
  const res = await page(route, path, params, who, form);
  expect(res.status).toBe(302);
  const id = Number(/check=(\d+)/.exec(res.headers.get("Location") ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  await runningCheck(id);
  return id;
}

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  root = await makeUser("sim-root", Role.SUPER_ADMIN);
  siteAdmin = await makeUser("sim-admin", Role.ADMIN);
  // A problem admin writes contests but is no site admin: the contest's own admin here.
  teacher = await makeUser("sim-teacher", Role.PROBLEM_ADMIN);
  contestant = await makeUser("sim-contestant");
  outsider = await makeUser("sim-outsider");
  const problem = await makeProblem({ codeTemplates: [{ language: "C++", code: "#include <bits/stdc++.h>\nusing namespace std;\n", status: true }] });
  pid = problem._id;
  const contest = await createContest(
    teacher,
    contestInputSchema.parse({ title: "Copy cup", description: "Solve them.", type: 0, auth: 0, startTime: new Date(Date.now() - hour), endTime: new Date(Date.now() + hour) }),
    SITE,
  );
  cid = contest._id;
  await addContestProblem(await administerContest(cid, teacher, null), { cid, pid, displayId: "A", displayTitle: "", color: "" }, "public");
  const corpus = cppCorpus(7, 1, 77);
  authors = [];
  for (const entry of corpus) {
    const u = await makeUser(`sim-${entry.author}`);
    authors.push(u);
    await store(u, pid, entry.code);
    if (entry.copyOf) {
      copier = u.username;
      original = `sim-${entry.copyOf}`;
    }
  }
  // Two Python programs: another family, compared on their own.
  await store(contestant, pid, "n = int(input())\nprint(sum(int(x) for x in input().split()[:n]))\n", { language: "Python3" });
  await store(outsider, pid, "import sys\nvals = sys.stdin.read().split()\nprint(sum(map(int, vals[1:])))\n", { language: "Python3" });
  // A wrong answer of an author: only "every judged submission" takes it.
  await store(authors[0], pid, cppProgram(999), { status: JudgeStatus.WRONG_ANSWER, submitTime: new Date() });

  // A training and a group, each with an admin and someone who only takes part.
  groupAdmin = await makeUser("sim-gadmin", Role.ADMIN);
  member = await makeUser("sim-member");
  await TrainingCategory.create({ _id: 9901, name: "Basics", color: "#2d8cf0", gid: null });
  tid = (await createTraining(teacher, trainingInputSchema.parse({ title: "Loops", description: "Loops.", rank: 1, auth: "Public", privatePwd: "", categoryId: 9901, status: true }), TRAINING_SITE))._id;
  await addTrainingProblem(await administerTraining(tid, teacher, TRAINING_SITE), { tid, pid }, "public");
  gid = (await makeGroup(groupAdmin, { name: "Copy class", shortName: "simg1", auth: 1 }))._id;
  await addMembers(groupAdmin, gid, [member]);
  server = await startWebServer();
});

afterAll(async () => {
  server?.stop();
  await disconnectDb();
  await closeRedis();
});

describe("a contest's similarity check", () => {
  let checkId = 0;
  let topPair = 0;
  const path = () => `/contest/${cid}/similarity`;
  const params = () => ({ contestId: String(cid) });

  it("runs in the background and ranks the disguised copy first", async () => {
    checkId = await runCheck(contestPage, path(), params(), teacher, { problem: "all", mode: "accepted" });
    const check = await SimilarityCheck.findById(checkId).lean();
    expect(check).toMatchObject({ status: "done", kind: "contest", placeId: cid, groups: 2, groupsDone: 2, files: 9 });
    const data: Json = await body(await page(contestPage, `${path()}?check=${checkId}`, params(), teacher));
    expect(data.checks[0]).toMatchObject({ id: checkId, status: "done", progress: 100 });
    const pairs = data.report.pairs;
    expect(new Set([pairs[0].left.username, pairs[0].right.username])).toEqual(new Set([copier, original]));
    expect(pairs[0].similarity).toBeGreaterThan(0.8);
    expect(pairs[0].similarity).toBeGreaterThan(pairs[1].similarity);
    expect(pairs[0].longestLines).toBeGreaterThan(10);
    // The wrong answer is not the latest accepted program, so it is not compared.
    expect(pairs.some((p: Json) => p.left.sid === p.right.sid)).toBe(false);
    topPair = pairs[0].id;
  });

  it("opens a pair side by side with both programs and their shared fragments", async () => {
    const res = await page(contestPair, `${path()}/pair/${topPair}`, { ...params(), pairId: String(topPair) }, teacher);
    expect(res.status).toBe(200);
    const { pair }: Json = await body(res);
    expect(pair.left.code).toContain("main");
    expect(pair.fragments.length).toBeGreaterThan(0);
    const marked = markLines(pair.left.code, pair.fragments.map((f: Json) => regionsOf(f).left));
    expect(marked.filter((l) => l.fragments.length > 0).length).toBeGreaterThan(10);
  });

  it("with every judged submission, compares the wrong answer too but never an author with themselves", async () => {
    const id = await runCheck(contestPage, path(), params(), root, { problem: String(pid), mode: "final" });
    expect((await SimilarityCheck.findById(id).lean())?.files).toBe(10);
    const pairs = await SimilarityPair.find({ checkId: id }).lean();
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs.every((p) => p.left.uid !== p.right.uid)).toBe(true);
  });

  it("refuses bad input with a translated reason and stores nothing", async () => {
    const before = await SimilarityCheck.countDocuments();
    const bad = await page(contestPage, path(), params(), teacher, { problem: "424242", mode: "accepted" });
    expect(bad.status).toBe(400);
    expect(((await body(bad)) as Json).error).toBe("Choose one of this place's problems, or all of them.");
    expect((await page(contestPage, path(), params(), teacher, { problem: "all", mode: "everything" })).status).toBe(400);
    expect((await page(contestPage, path(), params(), teacher, { problem: "x1", mode: "accepted" })).status).toBe(400);
    expect(await SimilarityCheck.countDocuments()).toBe(before);
    expect((await page(contestPage, `${path()}?check=abc`, params(), teacher)).status).toBe(404);
    expect((await page(contestPair, `${path()}/pair/0x1`, { ...params(), pairId: "0x1" }, teacher)).status).toBe(404);
  });

  it("runs one check of a place at a time", async () => {
    const first = await page(contestPage, path(), params(), teacher, { problem: "all", mode: "accepted" });
    expect(first.status).toBe(302);
    const second = await page(contestPage, path(), params(), teacher, { problem: "all", mode: "accepted" });
    expect(second.status).toBe(409);
    expect(((await body(second)) as Json).error).toBe("A check is running here already; wait until it has finished.");
    await runningCheck(Number(/check=(\d+)/.exec(first.headers.get("Location") ?? "")?.[1]));
  });

  it("is its admins' and the site's admins' only: page, action, pair and tab", async () => {
    for (const who of [contestant, outsider, authors[1]]) {
      const before = await SimilarityCheck.countDocuments();
      expect((await page(contestPage, path(), params(), who)).status, who.username).toBe(404);
      expect((await page(contestPage, path(), params(), who, { problem: "all", mode: "accepted" })).status, who.username).toBe(404);
      expect((await page(contestPair, `${path()}/pair/${topPair}`, { ...params(), pairId: String(topPair) }, who)).status, who.username).toBe(404);
      expect(await SimilarityCheck.countDocuments()).toBe(before);
      const layout: Json = await body(await page(contestLayout, `/contest/${cid}`, params(), who));
      expect(layout.maySimilarity).toBe(false);
    }
    for (const who of [teacher, root, siteAdmin]) {
      expect((await page(contestPage, path(), params(), who)).status, who.username).toBe(200);
      expect((await page(contestPair, `${path()}/pair/${topPair}`, { ...params(), pairId: String(topPair) }, who)).status, who.username).toBe(200);
      expect(((await body(await page(contestLayout, `/contest/${cid}`, params(), who))) as Json).maySimilarity).toBe(true);
    }
    const visitor = await page(contestPage, path(), params(), null);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toContain("login=1");
  });

  it("tells nothing over HTTP either (?_data= of the page and the pair)", async () => {
    const get = async (p: string, who: User) => fetch(`${server.url}${p}`, { redirect: "manual", headers: { Cookie: await cookieFor(who._id) } });
    const pageData = `${path()}?_data=${encodeURIComponent("routes/contest+/$contestId.similarity")}`;
    const pairData = `${path()}/pair/${topPair}?_data=${encodeURIComponent("routes/contest+/$contestId.similarity_.pair.$pairId")}`;
    for (const who of [contestant, outsider]) {
      const res = await get(pageData, who);
      expect(res.status, who.username).toBe(404);
      expect(await res.text()).not.toContain(copier);
      expect((await get(pairData, who)).status, who.username).toBe(404);
      expect((await get(path(), who)).status, who.username).toBe(404);
    }
    const ok = await get(pageData, teacher);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Json).report.pairs.length).toBeGreaterThan(0);
    expect((await get(pairData, teacher)).status).toBe(200);
  });
});

describe("a training's and a group's similarity checks", () => {
  it("a training: its author and the site's admins; a learner in it is told nothing", async () => {
    await store(member, pid, cppProgram(5), { cid: 0, tid });
    await store(contestant, pid, cppProgram(6), { cid: 0, tid });
    const params = { trainingId: String(tid) };
    const path = `/training/${tid}/similarity`;
    for (const who of [member, contestant]) expect((await page(trainingPage, path, params, who)).status, who.username).toBe(404);
    expect((await page(trainingPage, path, params, member, { problem: "all", mode: "accepted" })).status).toBe(404);
    const id = await runCheck(trainingPage, path, params, teacher, { problem: "all", mode: "accepted" });
    expect(await SimilarityCheck.findById(id).lean()).toMatchObject({ kind: "training", placeId: tid, status: "done", files: 2 });
    expect((await page(trainingPage, path, params, siteAdmin)).status).toBe(200);
    // A site training is not found in a group's frame.
    expect((await page(groupTrainingPage, `/group/${gid}/training/${tid}/similarity`, { groupId: String(gid), trainingId: String(tid) }, teacher)).status).toBe(404);
  });

  it("a group's problems: its admins and the site's admins; a member and an outsider are told nothing", async () => {
    const gp = await makeProblem({ problemId: "SIMG1-1", gid, auth: 1 });
    const [a, b] = cppCorpus(2, 0, 5);
    await store(member, gp._id, a.code, { cid: 0, gid });
    await store(groupAdmin, gp._id, b.code, { cid: 0, gid });
    const params = { groupId: String(gid) };
    const path = `/group/${gid}/similarity`;
    for (const who of [member, outsider]) {
      expect((await page(groupPage, path, params, who)).status, who.username).toBe(404);
      expect((await page(groupPage, path, params, who, { problem: "all", mode: "accepted" })).status, who.username).toBe(404);
    }
    const id = await runCheck(groupPage, path, params, groupAdmin, { problem: String(gp._id), mode: "accepted" });
    expect(await SimilarityCheck.findById(id).lean()).toMatchObject({ kind: "group", placeId: gid, status: "done", files: 2 });
    const pair = await SimilarityPair.findOne({ checkId: id }).lean();
    expect(pair).not.toBeNull();
    const pairParams = { ...params, pairId: String(pair!._id) };
    expect((await page(groupPair, `${path}/pair/${pair!._id}`, pairParams, member)).status).toBe(404);
    expect((await page(groupPair, `${path}/pair/${pair!._id}`, pairParams, siteAdmin)).status).toBe(200);
    // Another place's pair is not found here.
    const contestPairId = (await SimilarityPair.findOne({ checkId: { $ne: id } }).lean())!._id;
    expect((await page(groupPair, `${path}/pair/${contestPairId}`, { ...params, pairId: String(contestPairId) }, groupAdmin)).status).toBe(404);
  });
});

describe("the comparison", () => {
  it("leaves the problem's code template out of the matches", async () => {
    const template = cppProgram(31);
    const own = [
      ["int collatz(long long x) {", "  int steps = 0;", "  while (x != 1) {", "    if (x % 2 == 0) x /= 2; else x = 3 * x + 1;", "    ++steps;", "  }", "  return steps;", "}"],
      ["string reversedWords(const string &line) {", "  stringstream in(line);", "  vector<string> words;", "  string w;", "  while (in >> w) words.push_back(w);", "  reverse(words.begin(), words.end());", "  string out;", "  for (size_t k = 0; k < words.size(); ++k) out += (k ? \" \" : \"\") + words[k];", "  return out;", "}"],
    ].map((lines) => `${template}\n${lines.join("\n")}\n`);
    const files = [
      { key: 1, owner: "a", code: own[0] },
      { key: 2, owner: "b", code: own[1] },
      { key: 3, owner: "c", code: cppProgram(32) },
    ];
    const without = await compareOnce({ language: "cpp", files, template: null, keepPairs: 10, minSimilarity: 0 });
    const withTemplate = await compareOnce({ language: "cpp", files, template, keepPairs: 10, minSimilarity: 0 });
    const simOf = (r: typeof without) => r.pairs.find((p) => new Set([p.left, p.right]).has(1) && new Set([p.left, p.right]).has(2))?.similarity ?? 0;
    expect(simOf(without)).toBeGreaterThan(0.6);
    expect(simOf(withTemplate)).toBeLessThan(0.2);
  });
});
