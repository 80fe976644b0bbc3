import { describe, expect, it } from "vitest";
import { JudgeStatus, ProblemAuth, Role } from "~/lib/constants";
import { contestScope, contestShowsResult, type ContestAccessContext } from "~/services/access/policy.server";
import { ruleChoices, ruleOf } from "~/services/contest/rules/index.server";
import { oiRule } from "~/services/contest/rules/oi.server";
import type { RuleContest, RuleSubmission } from "~/services/contest/rules/rule.server";

// The IOI rule: OI's board, with each contestant's own results (scores and cases) shown throughout.

const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
const min = (m: number) => new Date(T0 + m * 60_000);
const ioi = ruleOf(2);

describe("the IOI rule", () => {
  it("is offered, and HOJ's client sees it as OI", () => {
    expect(ruleChoices().map((r) => r.name)).toEqual(["ACM", "OI", "IOI"]);
    expect(ioi).toMatchObject({ type: 2, name: "IOI", scoring: "oi", hojType: 1 });
  });

  it("scores and sorts as OI", () => {
    const contest: RuleContest = { startTime: min(0), endTime: min(120), sealRankTime: min(60), oiRankScoreType: "Highest" };
    const subs: RuleSubmission[] = [
      { _id: 1, pid: 1, submitTime: min(10), status: JudgeStatus.PARTIAL_ACCEPTED, score: 40, time: 10 },
      { _id: 2, pid: 1, submitTime: min(70), status: JudgeStatus.ACCEPTED, score: 100, time: 12 },
      { _id: 3, pid: 2, submitTime: min(20), status: JudgeStatus.WRONG_ANSWER, score: 0, time: 5 },
    ];
    for (const view of ["live", "sealed", "all"] as const) expect(ioi.computeRow(contest, view, subs)).toEqual(oiRule.computeRow(contest, view, subs));
    expect(ioi.sortScore({ ac: 1, totalScore: 140, totalTime: 12 })).toBe(oiRule.sortScore({ ac: 1, totalScore: 140, totalTime: 12 }));
  });

  it("shows a contestant their own results and cases while sealed, never another's", () => {
    const ctx: ContestAccessContext = {
      contest: { _id: 1, type: 2, auth: 0, startTime: min(0), endTime: min(120), sealRank: true, sealRankTime: min(0), autoRealRank: true, allowEndSubmit: false, openRank: false, visible: true, uid: "author", gid: null },
      visibility: ioi.visibility,
      now: min(30),
      registered: false,
      accountAllowed: true,
      groupAdmin: false,
      problemPids: new Set([7]),
    };
    const me = { _id: "me", role: Role.DEFAULT_USER };
    const mine = { uid: "me", cid: 1, submitTime: min(20), status: JudgeStatus.PARTIAL_ACCEPTED };
    const theirs = { ...mine, uid: "them" };
    const closed = { _id: 7, auth: ProblemAuth.PUBLIC, openCaseResult: false };
    expect(contestShowsResult(me, ctx, mine)).toBe(true);
    expect(contestShowsResult(me, ctx, theirs)).toBe(false);
    expect(contestScope(ctx).rights(me, mine, closed)).toMatchObject({ canSeeCases: true, canSeeCaseOutput: true });
    // OI keeps both hidden while sealed.
    const oiCtx = { ...ctx, contest: { ...ctx.contest, type: 1 }, visibility: ruleOf(1).visibility };
    expect(contestShowsResult(me, oiCtx, mine)).toBe(false);
    expect(contestScope(oiCtx).rights(me, mine, closed)).toMatchObject({ canSeeCases: false });
  });
});
