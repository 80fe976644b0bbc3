import { describe, expect, it } from "vitest";
import { JudgeStatus, ProblemAuth, Role } from "~/lib/constants";
import { ruleOf } from "~/services/contest/rules/index.server";
import { contestApiRefusal, contestRealTime, contestScope, contestShowsResult, type ContestAccessContext, type Viewer } from "~/services/access/policy.server";

// The contest scope of the access policy: viewer × contest state × action.

const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
const at = (m: number) => new Date(T0 + m * 60_000);
const V: Record<string, Viewer> = {
  visitor: null,
  learner: { _id: "learner", role: Role.DEFAULT_USER },
  other: { _id: "other", role: Role.DEFAULT_USER },
  author: { _id: "author", role: Role.ADMIN },
  root: { _id: "root", role: Role.SUPER_ADMIN },
  noSubmit: { _id: "ns", role: Role.NO_SUBMIT },
};
const problem = { _id: 7, auth: ProblemAuth.PUBLIC };

function ctx(over: Partial<ContestAccessContext["contest"]> = {}, now = 30, extra: Partial<ContestAccessContext> = {}): ContestAccessContext {
  const contest = { _id: 1, type: 0, auth: 0, startTime: at(0), endTime: at(120), sealRank: true, sealRankTime: at(60), autoRealRank: true, allowEndSubmit: false, openRank: false, visible: true, uid: "author", gid: null, ...over };
  return {
    contest,
    visibility: ruleOf(contest.type).visibility,
    now: at(now),
    registered: false,
    accountAllowed: true,
    groupAdmin: false,
    problemPids: new Set([7]),
    ...extra,
  };
}
const refusal = (c: ContestAccessContext, v: Viewer, p: typeof problem | null = problem) => contestScope(c).submitRefusal(v, p)?.message ?? null;

describe("submitting in a contest", () => {
  it.each([
    ["a visitor", ctx(), V.visitor, "common:errors.pleaseLoginFirst"],
    ["a learner, public, running", ctx(), V.learner, null],
    ["a learner who may not submit", ctx(), V.noSubmit, "judge:noSubmitPermission"],
    ["before the start", ctx({}, -5), V.learner, "contest:notStarted"],
    ["before the start, its author", ctx({}, -5), V.author, null],
    ["after the end", ctx({}, 130), V.learner, "contest:ended"],
    ["after the end, allowEndSubmit", ctx({ allowEndSubmit: true }, 130), V.learner, null],
    ["protected, not registered", ctx({ auth: 2 }), V.learner, "contest:needRegister"],
    ["private, registered", ctx({ auth: 1 }, 30, { registered: true }), V.learner, null],
    ["outside the account limit", ctx({}, 30, { accountAllowed: false }), V.learner, "contest:accountLimited"],
    ["a hidden contest", ctx({ visible: false }), V.learner, "contest:notFound"],
  ])("%s", (_, c, v, expected) => {
    expect(refusal(c, v)).toBe(expected);
  });
  it("refuses a problem that is not the contest's", () => {
    expect(refusal(ctx(), V.learner, { _id: 8, auth: ProblemAuth.PUBLIC })).toBe("contest:problemNotFound");
    expect(refusal(ctx(), V.learner, null)).toBe("contest:problemNotFound");
  });
});

describe("looking inside a contest", () => {
  it("protected lets everyone signed in look; private needs registration; scheduled only admins", () => {
    expect(contestScope(ctx({ auth: 2 })).seesProblem(V.learner, problem)).toBe(true);
    expect(contestScope(ctx({ auth: 1 })).seesProblem(V.learner, problem)).toBe(false);
    expect(contestScope(ctx({ auth: 1 }, 30, { registered: true })).seesProblem(V.learner, problem)).toBe(true);
    expect(contestScope(ctx({}, -5)).seesProblem(V.learner, problem)).toBe(false);
    expect(contestScope(ctx({}, -5)).seesProblem(V.root, problem)).toBe(true);
    expect(contestScope(ctx()).seesProblem(V.visitor, problem)).toBe(false);
  });
  it("counts nothing in the bank", () => {
    expect(contestScope(ctx()).countsInBank({ cid: 1 })).toBe(false);
    expect(contestScope(ctx()).countsInSolvedList({ cid: 1 })).toBe(false);
  });
});

describe("the sealed board", () => {
  const late = { uid: "other", cid: 1, submitTime: at(70), status: JudgeStatus.ACCEPTED };
  const own = { ...late, uid: "learner" };
  const early = { ...late, submitTime: at(50) };
  it("hides others' results after the seal from non-admins, ACM shows one's own", () => {
    const c = ctx({}, 90);
    expect(contestRealTime(V.learner, c)).toBe(false);
    expect(contestRealTime(V.author, c)).toBe(true);
    expect(contestShowsResult(V.learner, c, late)).toBe(false);
    expect(contestShowsResult(V.learner, c, early)).toBe(true);
    expect(contestShowsResult(V.learner, c, own)).toBe(true);
    expect(contestShowsResult(V.root, c, late)).toBe(true);
  });
  it("OI hides one's own later results too; the end unseals unless autoRealRank is off", () => {
    expect(contestShowsResult(V.learner, ctx({ type: 1 }, 90), own)).toBe(false);
    expect(contestShowsResult(V.learner, ctx({}, 130), late)).toBe(true);
    expect(contestShowsResult(V.learner, ctx({ autoRealRank: false }, 130), late)).toBe(false);
  });
  it("gives contest admins every right on a submission, contestants none to share", () => {
    expect(contestScope(ctx()).rights(V.author, late, null)).toMatchObject({ canSeeCode: true, canSeeCases: true, canShare: false });
    expect(contestScope(ctx()).rights(V.learner, own, { auth: 1, openCaseResult: true })).toMatchObject({ canSeeCode: true, canSeeCases: true, canShare: false });
    expect(contestScope(ctx()).rights(V.learner, late, null)).toMatchObject({ canSeeCode: false });
  });
});

describe("the ICPC Contest API's public role", () => {
  const open = { openRank: true };
  it.each([
    ["a public contest that opens its rank, running", ctx(open), V.visitor, null],
    ["the same, ended", ctx(open, 200), V.visitor, null],
    ["its rank closed", ctx(), V.visitor, "contest:rankClosed"],
    ["not started", ctx(open, -5), V.visitor, "contest:rankClosed"],
    ["private", ctx({ ...open, auth: 1 }), V.visitor, "contest:rankClosed"],
    ["protected", ctx({ ...open, auth: 2 }), V.visitor, "contest:rankClosed"],
    ["hidden", ctx({ ...open, visible: false }), V.visitor, "contest:notFound"],
    ["a group's", ctx({ ...open, gid: 4 }), V.visitor, "contest:notFound"],
    ["a signed-in learner reads as the public role", ctx(), V.learner, "contest:rankClosed"],
    ["its author before the start", ctx({}, -5), V.author, null],
    ["a super admin on a hidden one", ctx({ visible: false }), V.root, null],
  ])("%s", (_, c, v, expected) => {
    expect(contestApiRefusal(v, c)?.message ?? null).toBe(expected);
  });
});
