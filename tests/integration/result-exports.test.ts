import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { Submission } from "~/models/submission.server";
import { TrainingCategory } from "~/models/training-category.server";
import * as boardExport from "~/routes/contest+/$contestId_.rank.export";
import * as rankPage from "~/routes/contest+/$contestId.rank";
import * as hojRank from "~/routes/ojapi+/file+/download-contest-rank";
import * as trainingExport from "~/routes/training+/$trainingId_.rank.export";
import * as trainingRank from "~/routes/training+/$trainingId.rank";
import * as groupTrainingExport from "~/routes/group+/$groupId.training.$trainingId_.rank.export";
import * as groupRankExport from "~/routes/group+/$groupId_.rank.export";
import * as groupRankPage from "~/routes/group+/$groupId.rank";
import { rebuildBoard } from "~/services/contest/board.server";
import { contestInputSchema, createContest } from "~/services/contest/contests.server";
import { addContestProblem } from "~/services/contest/problems.server";
import { administerContest, SITE } from "~/services/contest/scope.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { addTrainingProblem } from "~/services/training/problems.server";
import { updateTrainingRow } from "~/services/training/rank.server";
import { createTraining, trainingInputSchema } from "~/services/training/trainings.server";
import { createUser } from "~/services/account/users.server";
import { addMembers, makeGroup } from "../fixtures/groups";
import { body, call, makeProblem, req } from "../fixtures/learner";
import { administerTraining, SITE as TRAINING_SITE } from "~/services/training/scope.server";

// Results to take away: a contest's board, a training's progress and a group's rank download as
// CSV and as a workbook, read back (the workbook with exceljs), holding the page's figures, in the
// viewer's language, with real names only for admins; a sealed result stays hidden in a
// contestant's file; HOJ's download-contest-rank keeps HOJ's workbook and its admins-only rule.

type User = Awaited<ReturnType<typeof createUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page's data, checked field by field
type Json = any;
type Grid = Array<Array<string | number | null>>;

const minute = 60_000;
let teacher: User;
let ann: User;
let bob: User;
let cid = 0;
let pid = 0;
let pid2 = 0;
let tid = 0;
let gid = 0;
let gtid = 0;
let idle: User;

const mkUser = (username: string, role?: number) => createUser({ username, password: "secret123", email: `${username}@example.test`, role, realname: `Real ${username}` });

async function sub(who: User, problem: number, status: number, at: Date, over: Record<string, unknown> = {}) {
  await Submission.create({
    _id: Math.floor(Math.random() * 1e9) + 1e6,
    pid: problem,
    displayPid: "A",
    displayId: "A",
    uid: who._id,
    username: who.username,
    cid: 0,
    tid: 0,
    gid: null,
    language: "C++",
    code: "int main(){}",
    status,
    countedStatus: status,
    score: status === JudgeStatus.ACCEPTED ? 100 : 0,
    time: 7,
    memory: 512,
    length: 12,
    submitTime: at,
    ...over,
  });
}

/** RFC 4180 rows of a CSV file, which starts with a UTF-8 byte order mark. */
function parseCsv(bytes: Uint8Array): Grid {
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  const rows: Grid = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const s = text.slice(1);
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    }
    else if (c === "\r" && s[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  return rows;
}

async function readXlsx(res: Response): Promise<{ name: string; grid: Grid }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const sheet = book.worksheets[0];
  const grid: Grid = [];
  for (let i = 1; i <= sheet.rowCount; i++) {
    const r = sheet.getRow(i);
    const row: Grid[number] = [];
    for (let c = 1; c <= sheet.columnCount; c++) {
      const v = r.getCell(c).value;
      row.push(v === undefined || v === null ? null : typeof v === "number" ? v : String(v));
    }
    grid.push(row);
  }
  return { name: sheet.name, grid };
}

async function download(route: { loader?: unknown }, path: string, params: Record<string, string>, who: User, lang = "en") {
  const res = await call(route.loader, await req(path, { uid: who._id, lang }), params);
  return res;
}

/** Both files of a download, checked to hold the same table. */
async function both(route: { loader?: unknown }, path: string, params: Record<string, string>, who: User, lang = "en"): Promise<Grid> {
  const sep = path.includes("?") ? "&" : "?";
  const csv = await download(route, `${path}${sep}format=csv`, params, who, lang);
  expect(csv.status).toBe(200);
  expect(csv.headers.get("Content-Type")).toContain("text/csv");
  const csvGrid = parseCsv(new Uint8Array(await csv.arrayBuffer()));
  const xlsx = await download(route, `${path}${sep}format=xlsx`, params, who, lang);
  expect(xlsx.status).toBe(200);
  expect(xlsx.headers.get("Content-Disposition")).toContain(".xlsx");
  const { grid } = await readXlsx(xlsx);
  // The workbook holds the CSV's table (and may add a note under it).
  expect(grid.slice(0, csvGrid.length).map((r) => r.map((v) => (v === null ? "" : String(v))))).toEqual(csvGrid.map((r) => r.map((v) => String(v))));
  return grid;
}

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  teacher = await mkUser("ex-teacher", Role.PROBLEM_ADMIN);
  ann = await mkUser("ex-ann");
  bob = await mkUser("ex-bob");
  idle = await mkUser("ex-idle");
  pid = (await makeProblem())._id;
  pid2 = (await makeProblem())._id;
  const start = Date.now() - 120 * minute;
  const contest = await createContest(
    teacher,
    contestInputSchema.parse({
      title: "Export cup",
      description: "Solve them.",
      type: 0,
      auth: 0,
      startTime: new Date(start),
      endTime: new Date(Date.now() + 60 * minute),
      sealRank: true,
      sealRankTime: new Date(start + 60 * minute),
      autoRealRank: true,
    }),
    SITE,
  );
  cid = contest._id;
  const cs = await administerContest(cid, teacher, null);
  await addContestProblem(cs, { cid, pid, displayId: "A", displayTitle: "", color: "" }, "public");
  await addContestProblem(cs, { cid, pid: pid2, displayId: "B", displayTitle: "", color: "" }, "public");
  // Ann solves A before the seal; Bob fails A before it and solves it after it.
  await sub(ann, pid, JudgeStatus.ACCEPTED, new Date(start + 20 * minute), { cid });
  await sub(bob, pid, JudgeStatus.WRONG_ANSWER, new Date(start + 30 * minute), { cid });
  await sub(bob, pid, JudgeStatus.ACCEPTED, new Date(start + 90 * minute), { cid });
  await rebuildBoard(cid);

  await TrainingCategory.create({ _id: 9951, name: "Basics", color: "#2d8cf0", gid: null });
  const input = trainingInputSchema.parse({ title: "Loops", description: "Loops.", rank: 1, auth: "Public", privatePwd: "", categoryId: 9951, status: true });
  tid = (await createTraining(teacher, input, TRAINING_SITE))._id;
  await addTrainingProblem(await administerTraining(tid, teacher, null), { tid, pid }, "public");
  await addTrainingProblem(await administerTraining(tid, teacher, null), { tid, pid: pid2 }, "public");
  await sub(ann, pid, JudgeStatus.ACCEPTED, new Date(), { tid });
  await sub(ann, pid2, JudgeStatus.WRONG_ANSWER, new Date(), { tid });
  await sub(bob, pid2, JudgeStatus.ACCEPTED, new Date(), { tid });
  for (const u of [ann, bob]) await updateTrainingRow(tid, u._id);

  gid = (await makeGroup(teacher, { name: "Export class", shortName: "exg1", auth: 1 }))._id;
  await addMembers(teacher, gid, [ann, bob, idle]);
  gtid = (await createTraining(teacher, input, { gid, groupAdmin: true }))._id;
  await addTrainingProblem(await administerTraining(gtid, teacher, { gid, groupAdmin: true }), { tid: gtid, pid }, "public");
  await sub(ann, pid, JudgeStatus.ACCEPTED, new Date(), { tid: gtid, gid });
  await updateTrainingRow(gtid, ann._id);
  const gp = await makeProblem({ problemId: "EXG1-1", gid, auth: 1 });
  await sub(bob, gp._id, JudgeStatus.ACCEPTED, new Date(), { gid });
  await sub(ann, gp._id, JudgeStatus.WRONG_ANSWER, new Date(), { gid });
});

afterAll(async () => {
  await disconnectDb();
  await closeRedis();
});

describe("a contest's board", () => {
  const params = () => ({ contestId: String(cid) });
  const path = () => `/contest/${cid}/rank/export`;

  it("holds the page's figures, sealed for a contestant: Bob's late accept stays hidden", async () => {
    const grid = await both(boardExport, path(), params(), ann);
    const [head, ...rows] = grid;
    expect(head).toEqual(["Rank", "Username", "Name", "School", "Solved", "Penalty", "Award", "A", "B"]);
    const page: Json = await body(await call(rankPage.loader, await req(`/contest/${cid}/rank`, { uid: ann._id }), params()));
    expect(page.sealed).toBe(true);
    expect(rows.filter((r) => r[1]).map((r) => [r[1], r[4]])).toEqual(page.records.map((r: Json) => [r.username, r.ac]));
    const bobRow = rows.find((r) => r[1] === bob.username)!;
    expect(bobRow[4]).toBe(0);
    expect(String(bobRow[7])).not.toMatch(/:/);
    expect(String(bobRow[7])).toContain("?");
    // The workbook says the board is sealed, under the table.
    expect(grid.some((r) => String(r[0] ?? "").startsWith("Sealed board"))).toBe(true);
  });

  it("is live for the contest's admin, with real names, and in the viewer's language", async () => {
    const grid = await both(boardExport, path(), params(), teacher, "zh-CN");
    const [head, ...rows] = grid;
    expect(head.slice(0, 7)).toEqual(["排名", "用户名", "名称", "真实姓名", "学校", "通过数", "罚时"]);
    const bobRow = rows.find((r) => r[1] === bob.username)!;
    expect(bobRow[3]).toBe(`Real ${bob.username}`);
    expect(bobRow[5]).toBe(1);
    expect(String(bobRow[8])).toMatch(/^\d+:\d\d:\d\d \(-1\)$/);
  });

  it("refuses an unknown format and a viewer who may not enter", async () => {
    expect((await download(boardExport, `${path()}?format=pdf`, params(), ann)).status).toBe(400);
    const hidden = await createContest(teacher, contestInputSchema.parse({ title: "Later", description: "x", type: 0, auth: 0, startTime: new Date(Date.now() + 60 * minute), endTime: new Date(Date.now() + 120 * minute) }), SITE);
    expect((await download(boardExport, `/contest/${hidden._id}/rank/export?format=csv`, { contestId: String(hidden._id) }, ann)).status).toBe(403);
  });

  it("HOJ's download-contest-rank: HOJ's workbook for the contest's admins, sealed unless forceRefresh", async () => {
    const refused = await call(hojRank.loader, await req(`/ojapi/file/download-contest-rank?cid=${cid}`, { uid: ann._id }));
    expect(((await refused.json()) as Json).status).toBe(403);
    const sealed = await readXlsx(await call(hojRank.loader, await req(`/ojapi/file/download-contest-rank?cid=${cid}&forceRefresh=false&removeStar=false&containEnd=false`, { uid: teacher._id })));
    expect(sealed.name).toBe("rank");
    expect(sealed.grid[0]).toEqual(["Rank", "Username", "ShowName", "Real Name", "School", "AC", "Total Submission", "Total Penalty Time", "A", "B"]);
    expect(sealed.grid.find((r) => r[1] === bob.username)?.[5]).toBe(0);
    const live = await call(hojRank.loader, await req(`/ojapi/file/download-contest-rank?cid=${cid}&forceRefresh=true`, { uid: teacher._id }));
    expect(live.headers.get("Content-Disposition")).toContain(`contest_${cid}_rank.xlsx`);
    const rows = (await readXlsx(live)).grid;
    expect(rows.find((r) => r[1] === ann.username)?.slice(0, 9)).toEqual(["1", ann.username, ann.username, `Real ${ann.username}`, "", 1, 1, 1200, "+(1)"]);
    expect(rows.find((r) => r[1] === bob.username)?.[8]).toBe("-(2)");
  });
});

describe("a training's progress and a group's rank", () => {
  it("a training: the rank page's figures, solved or attempted per problem, real names for its admins", async () => {
    const params = { trainingId: String(tid) };
    const page: Json = await body(await call(trainingRank.loader, await req(`/training/${tid}/rank`, { uid: teacher._id }), params));
    const [head, ...rows] = await both(trainingExport, `/training/${tid}/rank/export`, params, teacher);
    expect(head).toEqual(["Rank", "Username", "Real name", "School", "Solved", "Total time (ms)", ...page.problems]);
    expect(rows.map((r) => [r[0], r[1], r[4], r[5]])).toEqual(page.records.map((r: Json) => [r.rank, r.username, r.ac, r.totalRunTime]));
    const annRow = rows.find((r) => r[1] === ann.username)!;
    expect(annRow.slice(6)).toEqual(["Solved", "Attempted"]);
    const [learnerHead] = await both(trainingExport, `/training/${tid}/rank/export`, params, bob, "zh-CN");
    expect(learnerHead.slice(0, 4)).toEqual(["排名", "用户名", "学校", "通过数"]);
  });

  it("a group's training also lists the members who have not started", async () => {
    const [, ...rows] = await both(groupTrainingExport, `/group/${gid}/training/${gtid}/rank/export`, { groupId: String(gid), trainingId: String(gtid) }, teacher);
    expect(rows.map((r) => [r[0], r[1], r[4]])).toEqual([
      [1, ann.username, 1],
      [null, bob.username, 0],
      [null, idle.username, 0],
    ]);
  });

  it("a group's rank: the page's figures; real names for its admins only; members only", async () => {
    const params = { groupId: String(gid) };
    const page: Json = await body(await call(groupRankPage.loader, await req(`/group/${gid}/rank?type=0&limit=100`, { uid: bob._id }), params));
    const [head, ...rows] = await both(groupRankExport, `/group/${gid}/rank/export?type=0`, params, bob);
    expect(head).toEqual(["Rank", "Username", "Nickname", "Solved", "Submissions", "Score"]);
    expect(rows.map((r) => [r[0], r[1], r[3], r[4]])).toEqual(page.page.records.map((r: Json) => [r.rank, r.username, r.ac, r.total]));
    const [adminHead, ...adminRows] = await both(groupRankExport, `/group/${gid}/rank/export?type=1`, params, teacher);
    expect(adminHead[3]).toBe("Real name");
    expect(adminRows.find((r) => r[1] === bob.username)?.[3]).toBe(`Real ${bob.username}`);
    const outsider = await mkUser("ex-outsider");
    expect((await download(groupRankExport, `/group/${gid}/rank/export?format=csv`, params, outsider)).status).toBe(403);
  });
});
