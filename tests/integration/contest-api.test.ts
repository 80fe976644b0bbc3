import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, Role } from "~/lib/constants";
import { Contest } from "~/models/contest.server";
import { ContestProblem } from "~/models/contest-problem.server";
import { ContestPrint } from "~/models/contest-print.server";
import { ContestRegister } from "~/models/contest-register.server";
import { Submission } from "~/models/submission.server";
import * as adminContest from "~/routes/ojapi+/admin+/contest._index";
import * as addProblem from "~/routes/ojapi+/admin+/contest.add-problem-from-public";
import * as adminAnnouncement from "~/routes/ojapi+/admin+/contest.announcement";
import * as contestProblemAdmin from "~/routes/ojapi+/admin+/contest.contest-problem";
import * as adminList from "~/routes/ojapi+/admin+/contest.get-contest-list";
import * as removeProblem from "~/routes/ojapi+/admin+/contest.problem";
import * as acCheck from "~/routes/ojapi+/_contest+/check-contest-ac-info";
import * as printCheck from "~/routes/ojapi+/_contest+/check-contest-print-status";
import * as checkStatuses from "~/routes/ojapi+/_contest+/check-contest-submissions-status";
import * as contestSubmissions from "~/routes/ojapi+/_contest+/contest-submissions";
import * as acZip from "~/routes/ojapi+/file+/download-contest-ac-submission";
import * as printText from "~/routes/ojapi+/file+/download-contest-print-text";
import * as rankXlsx from "~/routes/ojapi+/file+/download-contest-rank";
import * as access from "~/routes/ojapi+/_contest+/get-contest-access";
import * as acInfo from "~/routes/ojapi+/_contest+/get-contest-ac-info";
import * as announcements from "~/routes/ojapi+/_contest+/get-contest-announcement";
import * as info from "~/routes/ojapi+/_contest+/get-contest-info";
import * as list from "~/routes/ojapi+/_contest+/get-contest-list";
import * as unread from "~/routes/ojapi+/_contest+/get-contest-not-read-announcement";
import * as outside from "~/routes/ojapi+/_contest+/get-contest-outside-scoreboard";
import * as outsideInfo from "~/routes/ojapi+/_contest+/get-contest-outsize-info";
import * as prints from "~/routes/ojapi+/_contest+/get-contest-print";
import * as problemList from "~/routes/ojapi+/_contest+/get-contest-problem";
import * as fullScreen from "~/routes/ojapi+/_problem+/get-full-screen-problem-list";
import * as problemDetails from "~/routes/ojapi+/_contest+/get-contest-problem-details";
import * as rank from "~/routes/ojapi+/_contest+/get-contest-rank";
import * as register from "~/routes/ojapi+/_contest+/register-contest";
import * as submitPrint from "~/routes/ojapi+/_contest+/submit-print-text";
import * as submit from "~/routes/ojapi+/_submission+/submit-problem-judge";
import * as userStatus from "~/routes/ojapi+/_submission+/get-user-problem-status";
import { createUser } from "~/services/account/users.server";
import { applyJudgeEvents } from "~/services/judging/apply.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { announceJudge, body, call, makeProblem, req } from "../fixtures/learner";
import { finalMessage } from "./support/judging";

// The contest calls of HOJ's client, answered in HOJ's shapes, and every refusal made by a direct
// request: translated, and nothing stored.

type User = Awaited<ReturnType<typeof createUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Api = { status: number; msg: string; data: any };

let root: User;
let learner: User;
let outsider: User;
let pid = 0;
let pid2 = 0;
let cid = 0;

const hour = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const contestBody = (over: Record<string, unknown> = {}) => ({
  title: "Spring Cup",
  description: "Solve them all.",
  type: 0,
  auth: 1,
  pwd: "letmein",
  startTime: iso(-60_000),
  endTime: iso(2 * hour),
  sealRank: true,
  sealRankTime: iso(hour + 30 * 60_000),
  autoRealRank: true,
  openRank: false,
  openPrint: true,
  rankShowName: "username",
  starAccount: [],
  oiRankScoreType: "Recent",
  awardType: 1,
  visible: true,
  ...over,
});

async function api(route: { loader?: unknown; action?: unknown }, path: string, o: { uid?: string; method?: string; json?: unknown; lang?: string } = {}) {
  const fn = o.method && o.method !== "GET" ? route.action : (route.loader ?? route.action);
  const res = await call(fn, await req(`/ojapi/${path}`, o));
  return { res, body: res.headers.get("Content-Type")?.includes("json") ? await body<Api>(res) : null };
}

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  await announceJudge(["C", "C++", "Python3"]);
  root = await createUser({ username: "cup-root", password: "secret123", email: "cup-root@example.test", role: Role.SUPER_ADMIN });
  learner = await createUser({ username: "cupper", password: "secret123", email: "cupper@example.test" });
  outsider = await createUser({ username: "outsider", password: "secret123", email: "outsider@example.test" });
  pid = (await makeProblem({ _id: 700, problemId: "CUP700" }))._id;
  pid2 = (await makeProblem({ _id: 701, problemId: "CUP701" }))._id;
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("contest admin calls", () => {
  it("refuse bad contests with translated messages and store nothing", async () => {
    const before = await Contest.countDocuments();
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ startTime: iso(hour), endTime: iso(-hour) }, 400, "The start time must be earlier than the end time!", "开始时间必须早于结束时间！"],
      [{ pwd: "" }, 400, "A contest that is not public needs a password", "非公开比赛必须设置密码"],
      [{ starAccount: ["amy", " amy "] }, 400, "A star user has been added twice!", "打星用户重复添加！"],
      [{ title: "  " }, 400, "The title is required", "标题不能为空"],
    ];
    for (const [over, status, en, zh] of cases) {
      const r = await api(adminContest, "admin/contest", { uid: root._id, method: "POST", json: contestBody(over) });
      expect(r.res.status, JSON.stringify(over)).toBe(status);
      expect(r.body?.msg).toBe(en);
      expect((await api(adminContest, "admin/contest", { uid: root._id, method: "POST", json: contestBody(over), lang: "zh-CN" })).body?.msg).toBe(zh);
    }
    const notAdmin = await api(adminContest, "admin/contest", { uid: learner._id, method: "POST", json: contestBody() });
    expect(notAdmin.res.status).toBe(403);
    expect(notAdmin.body?.msg).toBe("Only the contest's administrators may do this!");
    expect(await Contest.countDocuments()).toBe(before);
  });

  it("create a contest and answer HOJ's AdminContestVO; the rule type stays fixed", async () => {
    const r = await api(adminContest, "admin/contest", { uid: root._id, method: "POST", json: contestBody({ starAccount: [" star1 ", "", "star2"] }) });
    expect(r.res.status).toBe(200);
    cid = r.body?.data.id;
    expect(r.body?.data).toMatchObject({ title: "Spring Cup", type: 0, auth: 1, pwd: "letmein", status: 0, starAccount: ["star1", "star2"], openPrint: true, awardType: 1, author: "cup-root" });
    expect(r.body?.data.duration).toBeGreaterThan(7000);
    expect(r.body?.data.awardConfigList.map((a: { num: number }) => a.num)).toEqual([10, 20, 30]);
    const fixed = await api(adminContest, "admin/contest", { uid: root._id, method: "PUT", json: { ...contestBody({ type: 1 }), id: cid } });
    expect(fixed.res.status).toBe(400);
    expect(fixed.body?.msg).toBe("The rule type of a contest cannot be changed once it is created!");
    const got = await api(adminContest, `admin/contest?cid=${cid}`, { uid: root._id });
    expect(got.body?.data.type).toBe(0);
    expect((await api(adminContest, `admin/contest?cid=${cid}`, { uid: learner._id })).res.status).toBe(403);
    const listed = await api(adminList, "admin/contest/get-contest-list?currentPage=1&limit=10", { uid: root._id });
    expect(listed.body?.data.records.some((c: { id: number }) => c.id === cid)).toBe(true);
  });

  it("add problems from the public bank with display ids unique in the contest", async () => {
    const unknown = await api(addProblem, "admin/contest/add-problem-from-public", { uid: root._id, method: "POST", json: { cid, pid: 99999, displayId: "A" } });
    expect(unknown.res.status).toBe(404);
    expect(unknown.body?.msg).toBe("No public problem has this ID!");
    const ok = await api(addProblem, "admin/contest/add-problem-from-public", { uid: root._id, method: "POST", json: { cid, pid, displayId: "A" } });
    expect(ok.body?.data).toMatchObject({ cid, pid, displayId: "A", displayTitle: "Problem 700" });
    const dup = await api(addProblem, "admin/contest/add-problem-from-public", { uid: root._id, method: "POST", json: { cid, pid: pid2, displayId: "a" } });
    expect(dup.res.status).toBe(409);
    expect(dup.body?.msg).toBe("This display ID is already used in the contest!");
    expect((await api(addProblem, "admin/contest/add-problem-from-public", { uid: root._id, method: "POST", json: { cid, pid: pid2, displayId: "" } })).body?.msg).toBe("The display ID is required");
    expect((await api(addProblem, "admin/contest/add-problem-from-public", { uid: learner._id, method: "POST", json: { cid, pid: pid2, displayId: "B" } })).res.status).toBe(403);
    expect(await ContestProblem.countDocuments({ cid })).toBe(1);
    const b = await api(addProblem, "admin/contest/add-problem-from-public", { uid: root._id, method: "POST", json: { cid, pid: pid2, displayId: "B" } });
    const edited = await api(contestProblemAdmin, "admin/contest/contest-problem", { uid: root._id, method: "PUT", json: { id: b.body?.data.id, displayId: "B", displayTitle: "Bonus", color: "#ff0000" } });
    expect(edited.body?.data).toMatchObject({ displayTitle: "Bonus", color: "#ff0000" });
    const removed = await api(removeProblem, `admin/contest/problem?cid=${cid}&pid=${pid2}`, { uid: root._id, method: "DELETE" });
    expect(removed.res.status).toBe(200);
    expect(await ContestProblem.countDocuments({ cid })).toBe(1);
  });
});

describe("a contestant", () => {
  it("sees the contest in HOJ's ContestVO, registers with the password, and only then submits", async () => {
    const listed = await api(list, "get-contest-list?currentPage=1&limit=10&status=0", { uid: learner._id });
    const row = listed.body?.data.records.find((c: { id: number }) => c.id === cid);
    expect(row).toMatchObject({ id: cid, title: "Spring Cup", type: 0, auth: 1, status: 0, sealRank: true, openRank: false, count: 0 });
    expect(row).not.toHaveProperty("pwd");
    expect((await api(info, `get-contest-info?cid=${cid}`, { uid: learner._id })).body?.data).toMatchObject({ id: cid, status: 0 });
    expect((await api(info, `get-contest-info?cid=${cid}`)).res.status).toBe(401);
    expect((await api(access, `get-contest-access?cid=${cid}`, { uid: learner._id })).body?.data).toEqual({ access: false });

    // Private: nothing inside before registering.
    expect((await api(problemList, `get-contest-problem?cid=${cid}`, { uid: learner._id })).body?.msg).toBe("Please enter the contest password first!");
    expect((await api(fullScreen, `get-full-screen-problem-list?cid=${cid}`, { uid: learner._id })).body?.msg).toBe("Please enter the contest password first!");
    const before = await Submission.countDocuments();
    const refused = await api(submit, "submit-problem-judge", { uid: learner._id, method: "POST", json: { pid: "A", cid, language: "C++", code: "int main(){}" } });
    expect(refused.res.status).toBe(403);
    expect(refused.body?.msg).toBe("Please enter the contest password first!");

    const empty = await api(register, "register-contest", { uid: learner._id, method: "POST", json: { cid, password: "" } });
    expect(empty.body?.msg).toBe("Enter the contest password");
    const wrong = await api(register, "register-contest", { uid: learner._id, method: "POST", json: { cid, password: "nope" }, lang: "zh-CN" });
    expect(wrong.body?.msg).toBe("密码错误！");
    expect(await ContestRegister.countDocuments({ cid })).toBe(0);
    expect((await api(register, "register-contest", { uid: learner._id, method: "POST", json: { cid, password: "letmein" } })).res.status).toBe(200);
    expect((await api(access, `get-contest-access?cid=${cid}`, { uid: learner._id })).body?.data).toEqual({ access: true });

    const unknown = await api(submit, "submit-problem-judge", { uid: learner._id, method: "POST", json: { pid: "Z", cid, language: "C++", code: "int main(){}" } });
    expect(unknown.res.status).toBe(404);
    expect(unknown.body?.msg).toBe("The problem does not exist in this contest!");
    expect(await Submission.countDocuments()).toBe(before);

    const ok = await api(submit, "submit-problem-judge", { uid: learner._id, method: "POST", json: { pid: "A", cid, language: "C++", code: "int main(){}" } });
    expect(ok.res.status).toBe(200);
    const s = (await Submission.findById(ok.body?.data.submitId).lean())!;
    expect(s).toMatchObject({ cid, pid, displayId: "A", status: JudgeStatus.PENDING });

    // The verdict reaches the kept board.
    await applyJudgeEvents(s._id, [{ kind: "result", msg: finalMessage(s, { status: JudgeStatus.ACCEPTED }) }]);
    const board = await api(rank, "get-contest-rank", { uid: learner._id, method: "POST", json: { cid, currentPage: 1, limit: 50 } });
    expect(board.body?.data.total).toBe(1);
    const me = board.body?.data.records[0];
    expect(me).toMatchObject({ rank: 1, uid: learner._id, username: "cupper", ac: 1, isWinAward: false });
    expect(me.submissionInfo.A).toMatchObject({ isAC: true, isFirstAC: true, errorNum: 0 });
    expect(typeof me.totalTime).toBe("number");
    const problems = await api(problemList, `get-contest-problem?cid=${cid}`, { uid: learner._id });
    expect(problems.body?.data).toEqual([expect.objectContaining({ displayId: "A", pid, ac: 1, total: 1, myStatus: 0 })]);
    const switcher = await api(fullScreen, `get-full-screen-problem-list?cid=${cid}`, { uid: learner._id });
    expect(switcher.body?.data).toEqual([{ pid, problemId: "A", title: "Problem 700", status: 0, score: 0 }]);
    const statuses = await api(userStatus, "get-user-problem-status", { uid: learner._id, method: "POST", json: { pidList: [pid, pid2], isContestProblemList: true, cid } });
    expect(statuses.body?.data).toEqual({ [pid]: { status: 0, score: 0 } });
    expect((await api(userStatus, "get-user-problem-status", { uid: outsider._id, method: "POST", json: { pidList: [pid], cid } })).res.status).toBe(403);
    const detail = await api(problemDetails, `get-contest-problem-details?cid=${cid}&displayId=A`, { uid: learner._id });
    expect(detail.body?.data.problem).toMatchObject({ problemId: "A", title: "Problem 700" });
    expect(detail.body?.data.problemCount).toMatchObject({ ac: 1, total: 1 });
    const subs = await api(contestSubmissions, `contest-submissions?contestID=${cid}&onlyMine=true`, { uid: learner._id });
    expect(subs.body?.data.records[0]).toMatchObject({ submitId: s._id, displayId: "A", status: 0, beforeContestSubmit: false });
    const checked = await api(checkStatuses, "check-contest-submissions-status", { uid: learner._id, method: "POST", json: { cid, submitIds: [s._id] } });
    expect(checked.body?.data[String(s._id)]).toMatchObject({ status: 0 });
    // Others who may not enter see nothing of it.
    expect((await api(rank, "get-contest-rank", { uid: outsider._id, method: "POST", json: { cid } })).res.status).toBe(403);
    const closed = await api(outside, "get-contest-outside-scoreboard", { uid: outsider._id, method: "POST", json: { cid } });
    expect(closed.body?.msg).toBe("The scoreboard of this contest is not open!");
    expect((await api(outsideInfo, `get-contest-outsize-info?cid=${cid}`, { uid: outsider._id })).res.status).toBe(403);
  });

  it("cannot submit once the contest has ended, nor before it starts", async () => {
    const ended = (await api(adminContest, "admin/contest", { uid: root._id, method: "POST", json: contestBody({ auth: 0, pwd: "", startTime: iso(-3 * hour), endTime: iso(-hour), openRank: true, sealRank: false }) })).body?.data.id;
    const later = (await api(adminContest, "admin/contest", { uid: root._id, method: "POST", json: contestBody({ auth: 0, pwd: "", startTime: iso(hour), endTime: iso(3 * hour), sealRank: false }) })).body?.data.id;
    for (const c of [ended, later]) await api(addProblem, "admin/contest/add-problem-from-public", { uid: root._id, method: "POST", json: { cid: c, pid, displayId: "A" } });
    const before = await Submission.countDocuments();
    const after = await api(submit, "submit-problem-judge", { uid: learner._id, method: "POST", json: { pid: "A", cid: ended, language: "C++", code: "int main(){}" } });
    expect(after.res.status).toBe(403);
    expect(after.body?.msg).toBe("Contest has ended");
    const early = await api(submit, "submit-problem-judge", { uid: learner._id, method: "POST", json: { pid: "A", cid: later, language: "C++", code: "int main(){}" }, lang: "zh-CN" });
    expect(early.body?.msg).toBe("比赛尚未开始！");
    expect((await api(submit, "submit-problem-judge", { method: "POST", json: { pid: "A", cid: ended, language: "C++", code: "x" } })).res.status).toBe(401);
    expect(await Submission.countDocuments()).toBe(before);
    // The ended contest opens its outside scoreboard to everyone signed in.
    const open = await api(outside, "get-contest-outside-scoreboard", { uid: outsider._id, method: "POST", json: { cid: ended } });
    expect(open.body?.data).toMatchObject({ records: [], total: 0 });
    expect((await api(outsideInfo, `get-contest-outsize-info?cid=${ended}`, { uid: outsider._id })).body?.data.problemList[0]).toMatchObject({ displayId: "A" });
  });

  it("prints text of at least 50 characters; the contest admin lists, downloads and marks it", async () => {
    const short = await api(submitPrint, "submit-print-text", { uid: learner._id, method: "POST", json: { cid, content: "too short" } });
    expect(short.res.status).toBe(400);
    expect(short.body?.msg).toBe("The number of content cannot be less than 50");
    expect((await api(submitPrint, "submit-print-text", { uid: learner._id, method: "POST", json: { cid, content: "   " }, lang: "zh-CN" })).body?.msg).toBe("内容不能为空");
    expect((await api(submitPrint, "submit-print-text", { uid: outsider._id, method: "POST", json: { cid, content: "x".repeat(60) } })).res.status).toBe(403);
    expect(await ContestPrint.countDocuments({ cid })).toBe(0);
    expect((await api(submitPrint, "submit-print-text", { uid: learner._id, method: "POST", json: { cid, content: "#include <cstdio>\n".repeat(4) } })).res.status).toBe(200);
    expect((await api(prints, `get-contest-print?cid=${cid}`, { uid: learner._id })).res.status).toBe(403);
    const listed = await api(prints, `get-contest-print?cid=${cid}`, { uid: root._id });
    const p = listed.body?.data.records[0];
    expect(p).toMatchObject({ username: "cupper", status: 0 });
    const text = await call(printText.loader, await req(`/ojapi/file/download-contest-print-text?id=${p.id}`, { uid: root._id }));
    expect(await text.text()).toContain("#include <cstdio>");
    expect((await api(printCheck, `check-contest-print-status?id=${p.id}&cid=${cid}`, { uid: learner._id, method: "PUT" })).res.status).toBe(403);
    expect((await api(printCheck, `check-contest-print-status?id=${p.id}&cid=${cid}`, { uid: root._id, method: "PUT" })).res.status).toBe(200);
    expect((await ContestPrint.findById(p.id).lean())?.status).toBe(1);
  });

  it("the AC helper lists accepted submissions with first blood and a Checked mark; the zip of accepted code", async () => {
    expect((await api(acInfo, `get-contest-ac-info?cid=${cid}`, { uid: learner._id })).res.status).toBe(403);
    const rows = (await api(acInfo, `get-contest-ac-info?cid=${cid}`, { uid: root._id })).body?.data.records;
    expect(rows[0]).toMatchObject({ displayId: "A", username: "cupper", firstBlood: true, checked: false });
    await api(acCheck, "check-contest-ac-info", { uid: root._id, method: "PUT", json: { id: rows[0].id, cid, checked: true } });
    expect((await api(acInfo, `get-contest-ac-info?cid=${cid}`, { uid: root._id })).body?.data.records[0].checked).toBe(true);
    const zip = await call(acZip.loader, await req(`/ojapi/file/download-contest-ac-submission?cid=${cid}&excludeAdmin=true&splitType=problem`, { uid: root._id }));
    expect(zip.headers.get("Content-Type")).toBe("application/zip");
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.includes(Buffer.from("A/A_cupper_"))).toBe(true);
    // HOJ's rank workbook (contest_{cid}_rank.xlsx, sheet "rank"), for the contest's admins.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (await call(rankXlsx.loader, await req(`/ojapi/file/download-contest-rank?cid=${cid}`, { uid: root._id }))).arrayBuffer());
    expect(book.getWorksheet("rank")?.getRow(2).getCell(2).value).toBe("cupper");
    expect((await api(rankXlsx, `file/download-contest-rank?cid=${cid}`, { uid: learner._id })).body?.status).toBe(403);
  });

  it("reads announcements and is told of unread ones", async () => {
    expect((await api(adminAnnouncement, "admin/contest/announcement", { uid: learner._id, method: "POST", json: { cid, announcement: { title: "T", content: "C" } } })).res.status).toBe(403);
    const made = await api(adminAnnouncement, "admin/contest/announcement", { uid: root._id, method: "POST", json: { cid, announcement: { title: "Clarification", content: "A is fine." } } });
    expect(made.body?.data).toMatchObject({ title: "Clarification", cid });
    expect((await api(adminAnnouncement, "admin/contest/announcement", { uid: root._id, method: "POST", json: { cid, announcement: { title: "", content: "x" } } })).body?.msg).toBe("The title is required");
    const all = await api(announcements, `get-contest-announcement?cid=${cid}`, { uid: learner._id });
    expect(all.body?.data.records).toEqual([expect.objectContaining({ id: made.body?.data.id, title: "Clarification" })]);
    expect((await api(unread, "get-contest-not-read-announcement", { uid: learner._id, method: "POST", json: { cid, readAnnouncementList: [] } })).body?.data).toHaveLength(1);
    expect((await api(unread, "get-contest-not-read-announcement", { uid: learner._id, method: "POST", json: { cid, readAnnouncementList: [made.body?.data.id] } })).body?.data).toHaveLength(0);
  });
});
