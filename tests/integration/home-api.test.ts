import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus, ProblemType, Role } from "~/lib/constants";
import { ContestAuth } from "~/lib/contest";
import { dayKey, yearHeatmapDays } from "~/lib/calendar";
import { Announcement } from "~/models/announcement.server";
import { Carousel } from "~/models/carousel.server";
import { nextSeq } from "~/models/counter.server";
import type { ProblemDoc } from "~/models/problem.server";
import { Submission } from "~/models/submission.server";
import { User, type UserDoc } from "~/models/user.server";
import * as announcementsApi from "~/routes/ojapi+/_site+/get-common-announcement";
import * as statsApi from "~/routes/ojapi+/_site+/get-last-week-submission-statistics";
import * as rankApi from "~/routes/ojapi+/_site+/get-rank-list";
import * as contestsApi from "~/routes/ojapi+/_contest+/get-recent-contest";
import * as sevenDayApi from "~/routes/ojapi+/_site+/get-recent-seven-ac-rank";
import * as problemsApi from "~/routes/ojapi+/_problem+/get-recent-updated-problem";
import * as heatmapApi from "~/routes/ojapi+/_site+/get-user-calendar-heatmap";
import * as userHomeApi from "~/routes/ojapi+/_site+/get-user-home-info";
import * as carouselApi from "~/routes/ojapi+/_site+/home-carousel";
import * as userHomePage from "~/routes/_site+/user-home";
import * as acmRankPage from "~/routes/_site+/acm-rank";
import { createContest, contestInputSchema } from "~/services/contest/contests.server";
import { applyJudgeEvents } from "~/services/judging/apply.server";
import { disconnectDb } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { body, call, makeProblem, req } from "../fixtures/learner";
import { finalMessage, makeUser, openStore } from "./support/judging";
import { SITE } from "~/services/contest/scope.server";

// HOJ's home, rank and user-home calls in HOJ's shapes, read from the kept counters after verdicts
// applied as the judge applies them; and their refusals made by direct requests.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Api = { status: number; msg: string; data: any };
const DAY = 24 * 3600_000;

let a: UserDoc;
let b: UserDoc;
let c: UserDoc;
let p1: ProblemDoc;
let p2: ProblemDoc;
let p3: ProblemDoc;
let runningCid = 0;
let endedCid = 0;

async function judged(user: UserDoc, problem: ProblemDoc, status: number, when: Date, o: { score?: number; cid?: number } = {}) {
  const doc = await Submission.create({
    _id: await nextSeq("submission"),
    pid: problem._id,
    displayPid: problem.problemId,
    cid: o.cid ?? 0,
    tid: 0,
    gid: null,
    uid: user._id,
    username: user.username,
    title: problem.title,
    status: JudgeStatus.PENDING,
    length: 1,
    language: "C++",
    code: "x",
    submitTime: when,
    attempt: 1,
    gmtModified: when,
  });
  await applyJudgeEvents(doc._id, [{ kind: "result", msg: finalMessage({ _id: doc._id, attempt: 1 }, { status, score: o.score ?? 0 }) }]);
}

async function get(handler: { loader: unknown }, path: string, uid?: string): Promise<{ http: number } & Api> {
  const res = await call(handler.loader, await req(path, { uid }));
  return { http: res.status, ...(await body<Api>(res)) };
}

beforeAll(async () => {
  await openStore();
  [a, b, c] = [await makeUser(), await makeUser(), await makeUser()];
  await User.updateOne({ _id: c._id }, { $set: { status: 1 } });
  await User.updateOne({ _id: a._id }, { $set: { titleName: "Gold", titleColor: "#ffd700", nickname: "Ann" } });
  const old = new Date(Date.now() - 3 * DAY);
  p1 = await makeProblem({ _id: 9001, problemId: "H9001", difficulty: 0, gmtModified: old });
  p2 = await makeProblem({ _id: 9002, problemId: "H9002", difficulty: 2, gmtModified: new Date(Date.now() - DAY) });
  p3 = await makeProblem({
    _id: 9003,
    problemId: "H9003",
    type: ProblemType.OI,
    difficulty: 1,
    gmtModified: new Date(),
    testCases: [{ input: "1.in", output: "1.out", score: 100, groupNum: 0 }],
  });
  await makeProblem({ _id: 9004, problemId: "H9004", auth: 2, gmtModified: new Date(Date.now() + DAY) });

  const now = new Date();
  await judged(a, p1, JudgeStatus.ACCEPTED, now);
  await judged(a, p2, JudgeStatus.ACCEPTED, now);
  await judged(a, p1, JudgeStatus.WRONG_ANSWER, now);
  await judged(a, p1, JudgeStatus.ACCEPTED, new Date(now.getTime() - 8 * DAY));
  await judged(b, p1, JudgeStatus.ACCEPTED, new Date(now.getTime() - DAY));
  await judged(b, p3, JudgeStatus.PARTIAL_ACCEPTED, now, { score: 50 });
  await judged(c, p1, JudgeStatus.ACCEPTED, now);
  // A contest submission counts in its contest only.
  await judged(b, p2, JudgeStatus.ACCEPTED, now, { cid: 77 });

  const admin = await makeUser(Role.SUPER_ADMIN);
  const contest = (start: number, end: number, title: string) =>
    createContest(
      admin,
      contestInputSchema.parse({
        title,
        description: "d",
        type: 0,
        auth: ContestAuth.PUBLIC,
        startTime: new Date(Date.now() + start).toISOString(),
        endTime: new Date(Date.now() + end).toISOString(),
        sealRank: false,
      }),
      SITE,
    );
  runningCid = (await contest(-3600_000, 3600_000, "Running cup"))._id;
  endedCid = (await contest(-3 * 3600_000, -3600_000, "Ended cup"))._id;

  for (let i = 1; i <= 7; i++) {
    await Announcement.create({ _id: i, title: `News ${i}`, content: `**Item** ${i}`, uid: admin._id, username: admin.username, status: i === 4 ? 1 : 0 });
  }
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("home calls", () => {
  it("the 7-day AC ranking counts distinct problems accepted in the last 7 days, without disabled users", async () => {
    const r = await get(sevenDayApi, "/ojapi/get-recent-seven-ac-rank");
    expect(r.status).toBe(200);
    expect(r.data.map((x: { username: string; ac: number }) => [x.username, x.ac])).toEqual([
      [a.username, 2],
      [b.username, 1],
    ]);
    expect(r.data[0]).toMatchObject({ uid: a._id, nickname: "Ann", titleName: "Gold", titleColor: "#ffd700" });
    expect(r.data[0]).toHaveProperty("avatar");
  });

  it("last week's statistics sum every user's bank submissions per day", async () => {
    const r = await get(statsApi, "/ojapi/get-last-week-submission-statistics?forceRefresh=true");
    expect(r.status).toBe(200);
    const today = dayKey(new Date()).slice(5);
    const yesterday = dayKey(new Date(Date.now() - DAY)).slice(5);
    expect(r.data.dateStrList).toHaveLength(7);
    expect(r.data.dateStrList[6]).toBe(today);
    expect(r.data.dateStrList[5]).toBe(yesterday);
    expect(r.data.totalCountList[6]).toBe(5);
    expect(r.data.acCountList[6]).toBe(3);
    expect(r.data.totalCountList[5]).toBe(1);
    expect(r.data.acCountList[5]).toBe(1);
  });

  it("recently updated problems are public ones, the latest change first", async () => {
    const r = await get(problemsApi, "/ojapi/get-recent-updated-problem");
    expect(r.data.map((p: { problemId: string }) => p.problemId)).toEqual(["H9003", "H9002", "H9001"]);
    expect(Object.keys(r.data[0]).sort()).toEqual(["gmtCreate", "gmtModified", "id", "problemId", "title", "type"]);
  });

  it("recent contests are the visible ones not yet ended", async () => {
    const r = await get(contestsApi, "/ojapi/get-recent-contest");
    const ids = r.data.map((x: { id: number }) => x.id);
    expect(ids).toContain(runningCid);
    expect(ids).not.toContain(endedCid);
    expect(r.data[0]).toMatchObject({ title: "Running cup", status: 0, type: 0 });
  });

  it("announcements are paged 5 at a time, newest first, hidden ones left out", async () => {
    const first = await get(announcementsApi, "/ojapi/get-common-announcement?currentPage=1&limit=5");
    expect(first.data.total).toBe(6);
    expect(first.data.records.map((x: { id: number }) => x.id)).toEqual([7, 6, 5, 3, 2]);
    expect(first.data.records[0]).toMatchObject({ title: "News 7", content: "**Item** 7", status: 0 });
    const second = await get(announcementsApi, "/ojapi/get-common-announcement?currentPage=2&limit=5");
    expect(second.data.records.map((x: { id: number }) => x.id)).toEqual([1]);
  });

  it("the carousel lists its images; none means the default banner", async () => {
    expect((await get(carouselApi, "/ojapi/home-carousel")).data).toEqual([]);
    await Carousel.create({ _id: 1, url: "/public/carousel/1.png" });
    expect((await get(carouselApi, "/ojapi/home-carousel")).data).toEqual([{ id: 1, url: "/public/carousel/1.png" }]);
    await Carousel.deleteMany({});
  });
});

describe("ranks", () => {
  it("ACM: problems solved, then fewer submissions; disabled users left out", async () => {
    const r = await get(rankApi, "/ojapi/get-rank-list?currentPage=1&limit=10&type=0");
    expect(r.status).toBe(200);
    const rows = r.data.records.filter((x: { uid: string }) => [a._id, b._id, c._id].includes(x.uid));
    expect(rows.map((x: { username: string; ac: number; total: number }) => [x.username, x.ac, x.total])).toEqual([
      [a.username, 2, 4],
      [b.username, 1, 2],
    ]);
    expect(r.data.records[0]).toMatchObject({ rank: 1, titleName: "Gold" });
  });

  it("OI: by OI rank score (round(score * 0.1 + difficulty * 2))", async () => {
    const r = await get(rankApi, "/ojapi/get-rank-list?currentPage=1&limit=30&type=1");
    expect(r.data.records[0]).toMatchObject({ uid: b._id, score: 7, ac: 1, total: 2 });
  });

  it("searches by user", async () => {
    const r = await get(rankApi, `/ojapi/get-rank-list?type=0&searchUser=${b.username.toUpperCase()}`);
    expect(r.data.total).toBe(1);
    expect(r.data.records[0]).toMatchObject({ username: b.username, rank: 1 });
  });

  it("bad paging falls back to the first page rather than failing", async () => {
    const r = await get(rankApi, "/ojapi/get-rank-list?currentPage=-3&limit=abc&type=9");
    expect(r.status).toBe(200);
    expect(r.data.current).toBe(1);
    expect(r.data.size).toBe(10);
  });

  it("the /acm-rank page reads the same rank", async () => {
    const res = await call(acmRankPage.loader, await req(`/acm-rank?searchUser=${a.username}`));
    const data = await res.json();
    expect(data.page.records[0]).toMatchObject({ username: a.username, ac: 2, total: 4 });
  });
});

describe("user home", () => {
  it("answers HOJ's UserHomeVo from the kept counters", async () => {
    const r = await get(userHomeApi, `/ojapi/get-user-home-info?username=${a.username}`);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ uid: a._id, username: a.username, total: 4, solvedList: ["H9001", "H9002"], titleName: "Gold" });
    expect(r.data.solvedGroupByDifficulty).toEqual({
      0: [{ id: 9001, problemId: "H9001", difficulty: 0 }],
      2: [{ id: 9002, problemId: "H9002", difficulty: 2 }],
    });
    const byUid = await get(userHomeApi, `/ojapi/get-user-home-info?uid=${b._id}`);
    expect(byUid.data).toMatchObject({ username: b.username, scoreList: [7], solvedList: ["H9001"] });
  });

  it("the signed-in user's own without uid or username; a visitor is asked to log in", async () => {
    const own = await get(userHomeApi, "/ojapi/get-user-home-info", a._id);
    expect(own.data.username).toBe(a.username);
    const visitor = await get(userHomeApi, "/ojapi/get-user-home-info");
    expect(visitor.http).toBe(401);
    expect(visitor.msg).toBe("Please login first!");
  });

  it("an unknown user is a 404 with a translated message, on the page too", async () => {
    const r = await get(userHomeApi, "/ojapi/get-user-home-info?username=nobody-here-at-all");
    expect(r.http).toBe(404);
    expect(r.msg).toBe("The user does not exist");
    const page = await call(userHomePage.loader, await req("/user-home?username=nobody-here-at-all"));
    expect(page.status).toBe(404);
  });

  it("the calendar heat map covers the last year, ending today", async () => {
    const r = await get(heatmapApi, `/ojapi/get-user-calendar-heatmap?uid=${a._id}`);
    const today = dayKey(new Date());
    expect(r.data.endDate).toBe(today);
    expect(r.data.dataList).toHaveLength(yearHeatmapDays(new Date()));
    const byDate = new Map(r.data.dataList.map((x: { date: string; count: number }) => [x.date, x.count]));
    expect(byDate.get(today)).toBe(3);
    expect(byDate.get(dayKey(new Date(Date.now() - 8 * DAY)))).toBe(1);
  });
});
