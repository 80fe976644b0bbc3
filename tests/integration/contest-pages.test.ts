import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "~/lib/constants";
import { AwardType, ContestAuth, ContestType } from "~/lib/contest";
import { localInputValue } from "~/lib/contest-draft";
import { Contest } from "~/models/contest.server";
import { ContestAnnouncement } from "~/models/contest-announcement.server";
import { ContestPrint } from "~/models/contest-print.server";
import { ContestProblem } from "~/models/contest-problem.server";
import { ContestRegister } from "~/models/contest-register.server";
import { Submission } from "~/models/submission.server";
import * as adminAnnouncements from "~/routes/admin+/contest+/$contestId.announcements";
import * as adminZip from "~/routes/admin+/contest+/$contestId.ac-submissions";
import * as adminEdit from "~/routes/admin+/contest+/$contestId.edit";
import * as adminProblems from "~/routes/admin+/contest+/$contestId.problems";
import * as adminList from "~/routes/admin+/contest+/_index";
import * as adminCreate from "~/routes/admin+/contest+/create";
import * as acmBoard from "~/routes/contest+/acm-scoreboard.$contestId";
import * as oiBoard from "~/routes/contest+/oi-scoreboard.$contestId";
import * as layout from "~/routes/contest+/$contestId";
import * as overview from "~/routes/contest+/$contestId._index";
import * as acInfo from "~/routes/contest+/$contestId.ac-info";
import * as adminPrint from "~/routes/contest+/$contestId.admin-print";
import * as announcements from "~/routes/contest+/$contestId.announcements";
import * as print from "~/routes/contest+/$contestId.print";
import * as problems from "~/routes/contest+/$contestId.problems";
import * as problemPage from "~/routes/contest+/$contestId.problem.$displayId";
import * as submissions from "~/routes/contest+/$contestId.submissions";
import * as rank from "~/routes/contest+/$contestId.rank";
import * as rejudge from "~/routes/contest+/$contestId.rejudge";
import * as scrollConfig from "~/routes/contest+/$contestId.scroll-board";
import * as list from "~/routes/contest+/_index";
import * as scrollBoard from "~/routes/scrollBoard";
import { createUser } from "~/services/account/users.server";
import { createContest, contestInputSchema } from "~/services/contest/contests.server";
import { addContestProblem } from "~/services/contest/problems.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { makeProblem } from "../fixtures/learner";
import { call, sessionCookieFor } from "./support/call-route";
import { administerContest, SITE } from "~/services/contest/scope.server";

// The contest pages by direct request: who may open each page and do each write (visitors sent to
// log in, non-admins 403, unknown ids 404), and every bad form answered with a translated error
// that stores nothing.

type User = Awaited<ReturnType<typeof createUser>>;
let root: User;
let admin: User;
let learner: User;
let cid = 0;
let pid = 0;
const cookies: Record<string, string> = {};
const hour = 3600_000;
const en = { "Accept-Language": "en" };

async function as(who: "root" | "admin" | "learner" | null, fn: Parameters<typeof call>[0], path: string, o: Parameters<typeof call>[2] = {}) {
  return call(fn, path, { ...o, cookie: who ? cookies[who] : undefined, headers: { ...en, ...(o.headers ?? {}) }, params: o.params ?? { contestId: String(cid) } });
}

function contestForm(over: Record<string, string | string[]> = {}): Record<string, string | string[]> {
  return {
    title: "Page Cup",
    description: "A contest made through the page.",
    type: String(ContestType.ACM),
    auth: String(ContestAuth.PROTECTED),
    pwd: "secret",
    startTime: localInputValue(new Date(Date.now() + hour)),
    endTime: localInputValue(new Date(Date.now() + 4 * hour)),
    sealRank: "on",
    sealRankTimeChoice: "1",
    autoRealRank: "on",
    rankShowName: "username",
    oiRankScoreType: "Recent",
    awardType: String(AwardType.NONE),
    visible: "on",
    starAccount: "",
    ...over,
  };
}

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  root = await createUser({ username: "page-root", password: "secret123", email: "page-root@example.test", role: Role.SUPER_ADMIN });
  admin = await createUser({ username: "page-admin", password: "secret123", email: "page-admin@example.test", role: Role.ADMIN });
  learner = await createUser({ username: "page-learner", password: "secret123", email: "page-learner@example.test" });
  for (const [k, u] of [["root", root], ["admin", admin], ["learner", learner]] as const) cookies[k] = await sessionCookieFor(u._id);
  pid = (await makeProblem({ _id: 810, problemId: "PAGE810" }))._id;
  const contest = await createContest(
    root,
    contestInputSchema.parse({
      title: "Private Cup",
      description: "Only with the password.",
      type: ContestType.ACM,
      auth: ContestAuth.PRIVATE,
      pwd: "letmein",
      startTime: new Date(Date.now() - 60_000),
      endTime: new Date(Date.now() + 2 * hour),
      openPrint: true,
      openRank: true,
    }),
    SITE,
  );
  cid = contest._id;
  await addContestProblem(await administerContest(cid, root, null), { cid, pid, displayId: "A", displayTitle: "", color: "#ff0000" }, "public");
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("contest pages: who may open them", () => {
  it("the list is open to everyone, and shows visible contests with the filters", async () => {
    const res = await as(null, list.loader, "/contest?type=0&status=0&keyword=private");
    expect(res.status).toBe(200);
    const data = (await res.json()) as { records: Array<{ id: number }>; query: { type: number; status: number } };
    expect(data.records.map((r) => r.id)).toContain(cid);
    expect(data.query).toMatchObject({ type: 0, status: 0 });
    const none = (await (await as(null, list.loader, "/contest?type=1")).json()) as { records: unknown[] };
    expect(none.records).toEqual([]);
  });

  it("sends a visitor to log in first on every page of a contest but its open outside scoreboard", async () => {
    for (const [fn, path] of [
      [layout.loader, `/contest/${cid}`],
      [overview.loader, `/contest/${cid}`],
      [problems.loader, `/contest/${cid}/problems`],
      [rank.loader, `/contest/${cid}/rank`],
      [announcements.loader, `/contest/${cid}/announcements`],
      [scrollBoard.loader, `/scrollBoard?cid=${cid}`],
    ] as const) {
      const res = await as(null, fn, path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toContain("/home?login=1&notice=pleaseLoginFirst");
    }
    // The contest opens its rank: its outside scoreboard is anyone's.
    expect((await as(null, acmBoard.loader, `/contest/acm-scoreboard/${cid}`, { params: { contestId: String(cid) } })).status).toBe(200);
  });

  it("answers unknown and malformed contest ids with 404, a malformed query id with 400", async () => {
    for (const raw of ["abc", "0", "999999"]) {
      for (const fn of [layout.loader, problems.loader, rank.loader, adminEdit.loader, adminProblems.loader]) {
        expect((await as("root", fn, `/contest/${raw}`, { params: { contestId: raw } })).status, raw).toBe(404);
      }
    }
    expect((await as("root", scrollBoard.loader, "/scrollBoard?cid=abc")).status).toBe(400);
  });

  it("keeps a private contest's problems from who has not registered, with the reason", async () => {
    const res = await as("learner", problems.loader, `/contest/${cid}/problems`);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { refusal: string }).refusal).toBe("Please enter the contest password first!");
    expect((await as("learner", announcements.loader, `/contest/${cid}/announcements`)).status).toBe(403);
    expect((await as("learner", rank.loader, `/contest/${cid}/rank`)).status).toBe(403);
  });

  it("refuses a submission from who has not registered, storing nothing; the problem page stays closed", async () => {
    const params = { contestId: String(cid), displayId: "A" };
    expect((await as("learner", problemPage.loader, `/contest/${cid}/problem/A`, { params })).status).toBe(403);
    expect((await as("learner", submissions.loader, `/contest/${cid}/submissions`)).status).toBe(403);
    const res = await as("learner", problemPage.action, `/contest/${cid}/problem/A`, { params, form: { language: "C++", code: "int main(){}" } });
    expect(res.status).toBe(403);
    expect(await Submission.countDocuments({ cid })).toBe(0);
    expect((await as("root", problemPage.loader, `/contest/${cid}/problem/Z`, { params: { contestId: String(cid), displayId: "Z" } })).status).toBe(404);
  });

  it("registers with the password only: a wrong or empty one is refused and stores nothing", async () => {
    for (const [password, msg] of [
      ["wrong", "Wrong password!"],
      ["", "Enter the contest password"],
    ]) {
      const res = await as("learner", overview.action, `/contest/${cid}`, { form: { password } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(msg);
    }
    expect(await ContestRegister.countDocuments({ cid })).toBe(0);
    const ok = await as("learner", overview.action, `/contest/${cid}`, { form: { password: "letmein" } });
    expect(ok.status).toBe(302);
    expect(await ContestRegister.countDocuments({ cid })).toBe(1);
    const again = await as("learner", overview.action, `/contest/${cid}`, { form: { password: "letmein" } });
    expect(again.status).toBe(409);
    const list = await as("learner", problems.loader, `/contest/${cid}/problems`);
    expect(list.status).toBe(200);
    const rows = ((await list.json()) as { rows: Array<{ displayId: string; ac: number; total: number }> }).rows;
    expect(rows).toMatchObject([{ displayId: "A", ac: 0, total: 0 }]);
    const params = { contestId: String(cid), displayId: "A" };
    expect((await as("learner", problemPage.loader, `/contest/${cid}/problem/A?focus=1`, { params })).status).toBe(200);
    const empty = await as("learner", problemPage.action, `/contest/${cid}/problem/A`, { params, form: { language: "C++", code: "  " } });
    expect(empty.status).toBe(400);
    expect(await Submission.countDocuments({ cid })).toBe(0);
    expect((await as("learner", submissions.loader, `/contest/${cid}/submissions?onlyMine=true`)).status).toBe(200);
  });

  it("keeps the contest admin's pages and writes from contestants (403) and lets the admin in", async () => {
    const adminPages = [
      [acInfo.loader, "ac-info"],
      [adminPrint.loader, "admin-print"],
      [scrollConfig.loader, "scroll-board"],
      [rejudge.loader, "rejudge"],
    ] as const;
    for (const [fn, p] of adminPages) {
      expect((await as("learner", fn, `/contest/${cid}/${p}`)).status, p).toBe(403);
      expect((await as("root", fn, `/contest/${cid}/${p}`)).status, p).toBe(200);
    }
    expect((await as("learner", scrollBoard.loader, `/scrollBoard?cid=${cid}&medals=1&medals=2&medals=3`)).status).toBe(403);
    expect((await as("root", scrollBoard.loader, `/scrollBoard?cid=${cid}&medals=1&medals=2&medals=3`)).status).toBe(200);
    expect((await as("learner", rank.action, `/contest/${cid}/rank`, { form: { intent: "forceUpdate" } })).status).toBe(403);
    expect((await as("root", rank.action, `/contest/${cid}/rank`, { form: { intent: "forceUpdate" } })).status).toBe(302);
    expect((await as("learner", acInfo.action, `/contest/${cid}/ac-info`, { form: { id: "1", checked: "true" } })).status).toBe(403);
    expect((await as("learner", adminPrint.action, `/contest/${cid}/admin-print`, { form: { id: "1" } })).status).toBe(404);
    expect((await as("learner", rejudge.action, `/contest/${cid}/rejudge`, { form: { pid: String(pid) } })).status).toBe(403);
    // An admin who is neither super admin nor the author is no admin of this contest either.
    expect((await as("admin", rejudge.loader, `/contest/${cid}/rejudge`)).status).toBe(403);
    expect((await as("admin", acInfo.loader, `/contest/${cid}/ac-info`)).status).toBe(403);
  });

  it("opens the outside scoreboard only under its own rule's address", async () => {
    const res = await as("learner", acmBoard.loader, `/contest/acm-scoreboard/${cid}`, { params: { contestId: String(cid) } });
    expect(res.status).toBe(200);
    const wrong = await as("learner", oiBoard.loader, `/contest/oi-scoreboard/${cid}`, { params: { contestId: String(cid) } });
    expect(wrong.status).toBe(302);
    expect(wrong.headers.get("Location")).toBe(`/contest/acm-scoreboard/${cid}`);
  });
});

describe("contest pages: bad input stores nothing", () => {
  it("print: too short text is refused with the translated reason", async () => {
    const res = await as("learner", print.action, `/contest/${cid}/print`, { form: { content: "short" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe("The number of content cannot be less than 50");
    expect(await ContestPrint.countDocuments({ cid })).toBe(0);
    const ok = await as("learner", print.action, `/contest/${cid}/print`, { form: { content: "x".repeat(60) } });
    expect(ok.status).toBe(302);
    expect(await ContestPrint.countDocuments({ cid })).toBe(1);
  });
});

describe("admin contest screens", () => {
  it("are closed to non-admins (403) and visitors (admin login)", async () => {
    expect((await as("learner", adminList.loader, "/admin/contest")).status).toBe(403);
    expect((await as("learner", adminCreate.action, "/admin/contest/create", { form: contestForm() })).status).toBe(403);
    const visitor = await as(null, adminCreate.loader, "/admin/contest/create");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toContain("/admin/login");
    expect((await as("learner", adminZip.loader, `/admin/contest/${cid}/ac-submissions`)).status).toBe(403);
    expect((await as("admin", adminZip.loader, `/admin/contest/${cid}/ac-submissions`)).status).toBe(403);
    expect((await as("admin", adminEdit.loader, `/admin/contest/${cid}/edit`)).status).toBe(403);
    expect((await as("admin", adminEdit.action, `/admin/contest/${cid}/edit`, { form: contestForm() })).status).toBe(403);
    expect((await as("admin", adminList.action, "/admin/contest", { form: { intent: "delete", cid: String(cid), confirmed: "1" } })).status).toBe(403);
    expect(await Contest.exists({ _id: cid })).toBeTruthy();
  });

  it("create: each bad field gets its translated error and nothing is stored", async () => {
    const before = await Contest.countDocuments();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ startTime: localInputValue(new Date(Date.now() + 5 * hour)) }, "endTime", "The start time must be earlier than the end time!"],
      [{ pwd: "" }, "pwd", "A contest that is not public needs a password"],
      [{ title: " " }, "title", "The title is required"],
      [{ starAccount: "amy\namy" }, "starAccount", "A star user has been added twice!"],
      [{ openAccountLimit: "on" }, "accountLimitRule", "The account limit rule needs a start and end number, or extra accounts, with the end not below the start"],
      [{ endTime: localInputValue(new Date(Date.now() + hour + 20 * 60_000)) }, "sealRankTimeChoice", "The contest is shorter than this seal time"],
    ];
    for (const [over, field, msg] of cases) {
      const res = await as("root", adminCreate.action, "/admin/contest/create", { form: contestForm(over) });
      expect(res.status, field).toBe(400);
      const answer = (await res.json()) as { errors: Record<string, string>; draft: { title: string } };
      expect(answer.errors[field], field).toBe(msg);
      expect(answer.draft.title).toBe(over.title ?? "Page Cup");
    }
    const zh = await call(adminCreate.action, "/admin/contest/create", { cookie: cookies.root, form: contestForm({ pwd: "" }), headers: { "Accept-Language": "zh-CN" } });
    expect(((await zh.json()) as { errors: Record<string, string> }).errors.pwd).toBe("非公开比赛必须设置密码");
    expect(await Contest.countDocuments()).toBe(before);
  });

  it("create and edit: stored with every field; the rule type stays", async () => {
    const res = await as("root", adminCreate.action, "/admin/contest/create", { form: contestForm({ starAccount: " star1 , star2 ", openPrint: "on" }) });
    expect(res.status).toBe(302);
    const made = await Contest.findOne({ title: "Page Cup" }).lean();
    expect(made).toMatchObject({ auth: ContestAuth.PROTECTED, pwd: "secret", starAccount: ["star1", "star2"], openPrint: true, sealRank: true, autoRealRank: true, openRank: false });
    expect(made!.endTime.getTime() - made!.sealRankTime!.getTime()).toBe(hour);
    expect(res.headers.get("Location")).toBe(`/admin/contest/${made!._id}/problems`);
    const params = { contestId: String(made!._id) };
    const draft = (await (await as("root", adminEdit.loader, `/admin/contest/${made!._id}/edit`, { params })).json()) as { draft: { starAccount: string; sealRankTimeChoice: string } };
    expect(draft.draft).toMatchObject({ starAccount: "star1\nstar2", sealRankTimeChoice: "1" });
    const typeChange = await as("root", adminEdit.action, `/admin/contest/${made!._id}/edit`, { params, form: contestForm({ type: String(ContestType.OI) }) });
    expect(typeChange.status).toBe(400);
    expect(((await typeChange.json()) as { errors: Record<string, string> }).errors._form).toBe("The rule type of a contest cannot be changed once it is created!");
    expect((await Contest.findById(made!._id).lean())!.type).toBe(ContestType.ACM);
    const edited = await as("root", adminEdit.action, `/admin/contest/${made!._id}/edit`, { params, form: contestForm({ title: "Page Cup II" }) });
    expect(edited.status).toBe(302);
    expect((await Contest.findById(made!._id).lean())!.title).toBe("Page Cup II");
  });

  it("contest problems: unknown problem and duplicate display id refused, nothing stored; remove asks first", async () => {
    const other = (await makeProblem({ _id: 811, problemId: "PAGE811" }))._id;
    const unknown = await as("root", adminProblems.action, `/admin/contest/${cid}/problems`, { form: { intent: "add", pid: "987654", displayId: "B" } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toBe("No public problem has this ID!");
    const dup = await as("root", adminProblems.action, `/admin/contest/${cid}/problems`, { form: { intent: "add", pid: String(other), displayId: "a" } });
    expect(dup.status).toBe(409);
    expect(((await dup.json()) as { error: string }).error).toBe("This display ID is already used in the contest!");
    const badColor = await as("root", adminProblems.action, `/admin/contest/${cid}/problems`, { form: { intent: "add", pid: String(other), displayId: "B", color: "red" } });
    expect(badColor.status).toBe(400);
    expect(await ContestProblem.countDocuments({ cid })).toBe(1);
    expect((await as("learner", adminProblems.action, `/admin/contest/${cid}/problems`, { form: { intent: "add", pid: String(other), displayId: "B" } })).status).toBe(403);
    const ok = await as("root", adminProblems.action, `/admin/contest/${cid}/problems`, { form: { intent: "add", pid: String(other), displayId: "B", color: "#00aa00" } });
    expect(ok.status).toBe(302);
    const ask = await as("root", adminProblems.action, `/admin/contest/${cid}/problems`, { form: { intent: "remove", pid: String(other) } });
    expect(((await ask.json()) as { confirmRemove: { displayId: string } }).confirmRemove.displayId).toBe("B");
    expect(await ContestProblem.countDocuments({ cid })).toBe(2);
    await as("root", adminProblems.action, `/admin/contest/${cid}/problems`, { form: { intent: "remove", pid: String(other), confirmed: "1" } });
    expect(await ContestProblem.countDocuments({ cid })).toBe(1);
  });

  it("announcements: an empty title is refused; a published one shows as unread to contestants", async () => {
    const bad = await as("root", adminAnnouncements.action, `/admin/contest/${cid}/announcements`, { form: { intent: "create", title: "", content: "x", visible: "on" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.title).toBe("The title is required");
    expect(await ContestAnnouncement.countDocuments({ cid })).toBe(0);
    expect((await as("learner", adminAnnouncements.action, `/admin/contest/${cid}/announcements`, { form: { intent: "create", title: "T", content: "x", visible: "on" } })).status).toBe(403);
    const ok = await as("root", adminAnnouncements.action, `/admin/contest/${cid}/announcements`, { form: { intent: "create", title: "Clarification", content: "A is easy.", visible: "on" } });
    expect(ok.status).toBe(302);
    const seen = (await (await as("learner", announcements.loader, `/contest/${cid}/announcements`)).json()) as { unread: number };
    expect(seen.unread).toBe(1);
    expect((await as("learner", announcements.action, `/contest/${cid}/announcements`, { form: {} })).status).toBe(302);
    expect(((await (await as("learner", announcements.loader, `/contest/${cid}/announcements`)).json()) as { unread: number }).unread).toBe(0);
    const made = (await ContestAnnouncement.findOne({ cid }).lean())!;
    const ask = await as("root", adminAnnouncements.action, `/admin/contest/${cid}/announcements`, { form: { intent: "delete", id: String(made._id) } });
    expect(((await ask.json()) as { confirmDelete: { title: string } }).confirmDelete.title).toBe("Clarification");
    expect(await ContestAnnouncement.countDocuments({ cid })).toBe(1);
    expect((await as("root", adminAnnouncements.action, `/admin/contest/${cid}/announcements`, { form: { intent: "delete", id: String(made._id), confirmed: "1" } })).status).toBe(302);
    expect(await ContestAnnouncement.countDocuments({ cid })).toBe(0);
  });
});
