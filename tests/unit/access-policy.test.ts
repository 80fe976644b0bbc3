import { describe, expect, it } from "vitest";
import { JudgeStatus, ProblemAuth, Role } from "~/lib/constants";
import {
  keptRankingOf,
  aiHelperRefusal,
  mayConfigureAi,
  bankScope,
  groupAdminRefusal,
  groupContentRefusal,
  groupEntryRefusal,
  groupLevel,
  groupRootRefusal,
  groupScope,
  mayDeleteGroup,
  memberAuthChangeRefusal,
  memberRemoveRefusal,
  type GroupAccessContext,
  isTrainingAdmin,
  mayCreateTraining,
  trainingEntryRefusal,
  trainingScope,
  type TrainingAccessContext,
  countsInBank,
  countsInSolvedList,
  requestedScope,
  scopeOf,
  seesSubmission,
  submissionRights,
  visibleBankSubmissionsQuery,
  type ProblemForAccess,
  type SubmissionForAccess,
  type Viewer,
} from "~/services/access/policy.server";
import { DomainError } from "~/services/errors.server";

// The access policy as a table: viewer × scope × action. Every row is one decision a page, an
// /ojapi call, the submit path, the status stream or the judge rules asks for.

const V = {
  visitor: null,
  learner: { _id: "learner", role: Role.DEFAULT_USER },
  owner: { _id: "owner", role: Role.DEFAULT_USER },
  noSubmit: { _id: "nosubmit", role: Role.NO_SUBMIT },
  muted: { _id: "muted", role: Role.MUTED },
  problemAdmin: { _id: "padmin", role: Role.PROBLEM_ADMIN },
  admin: { _id: "admin", role: Role.ADMIN },
  root: { _id: "root", role: Role.SUPER_ADMIN },
} satisfies Record<string, Viewer>;
type ViewerName = keyof typeof V;
const VIEWERS = Object.keys(V) as ViewerName[];

const P = {
  public: { auth: ProblemAuth.PUBLIC, gid: null, codeShare: true, openCaseResult: true },
  publicClosed: { auth: ProblemAuth.PUBLIC, gid: null, codeShare: false, openCaseResult: false },
  private: { auth: ProblemAuth.PRIVATE, gid: null, codeShare: true, openCaseResult: true },
  contestOnly: { auth: ProblemAuth.CONTEST, gid: null, codeShare: true, openCaseResult: true },
  groupOwn: { auth: ProblemAuth.PUBLIC, gid: 7, applyPublicProgress: null, codeShare: true, openCaseResult: true },
  groupApplying: { auth: ProblemAuth.PUBLIC, gid: 7, applyPublicProgress: 1, codeShare: true, openCaseResult: true },
  groupMadePublic: { auth: ProblemAuth.PUBLIC, gid: 7, applyPublicProgress: 2, codeShare: true, openCaseResult: true },
} satisfies Record<string, ProblemForAccess>;
type ProblemName = keyof typeof P;

const ADMINS: ViewerName[] = ["problemAdmin", "admin", "root"];

describe("the problem bank: who sees a problem", () => {
  const visibleToAll: ProblemName[] = ["public", "publicClosed", "groupMadePublic"];
  for (const p of Object.keys(P) as ProblemName[]) {
    for (const v of VIEWERS) {
      const expected = visibleToAll.includes(p) || ADMINS.includes(v);
      it(`${v} ${expected ? "sees" : "does not see"} a ${p} problem`, () => {
        expect(bankScope.seesProblem(V[v], P[p])).toBe(expected);
      });
    }
  }
});

describe("the problem bank: who may submit", () => {
  const cases: Array<[ViewerName, ProblemName | null, DomainError["kind"] | null]> = [
    ["visitor", "public", "unauthenticated"],
    ["learner", "public", null],
    ["muted", "public", null],
    ["noSubmit", "public", "forbidden"],
    ["learner", "private", "notFound"],
    ["learner", "contestOnly", "notFound"],
    ["learner", "groupOwn", "notFound"],
    ["learner", "groupMadePublic", null],
    ["learner", null, "notFound"],
    ["admin", "private", null],
    ["problemAdmin", "contestOnly", null],
    ["root", "groupOwn", null],
  ];
  for (const [v, p, kind] of cases) {
    it(`${v} → ${p ?? "a missing problem"}: ${kind ?? "allowed"}`, () => {
      const refusal = bankScope.submitRefusal(V[v], p ? P[p] : null);
      expect(refusal?.kind ?? null).toBe(kind);
    });
  }
  it("refuses the submitter before the problem is known (no existence is revealed)", () => {
    expect(bankScope.submitterRefusal(V.noSubmit)?.message).toBe("judge:noSubmitPermission");
    expect(bankScope.submitterRefusal(V.visitor)?.kind).toBe("unauthenticated");
    expect(bankScope.submitterRefusal(V.learner)).toBeNull();
  });
});

function sub(over: Partial<SubmissionForAccess> = {}): SubmissionForAccess {
  return { uid: "owner", cid: 0, gid: null, tid: 0, share: false, status: JudgeStatus.ACCEPTED, ...over };
}

describe("a bank submission: row, code, cases, sharing, resubmitting", () => {
  type Row = [string, ViewerName, SubmissionForAccess, ProblemName, Partial<ReturnType<typeof submissionRights>> & { sees: boolean }];
  const rows: Row[] = [
    ["own, unshared", "owner", sub(), "public", { sees: true, canSeeCode: true, canSeeCases: true, canShare: true, canUnshare: false, canResubmit: false }],
    ["another's, unshared", "learner", sub(), "public", { sees: true, canSeeCode: false, canSeeCases: true, canSeeCaseOutput: false, canShare: false }],
    ["another's, shared", "learner", sub({ share: true }), "public", { sees: true, canSeeCode: true, canSeeCaseOutput: true }],
    ["shared where sharing is off", "learner", sub({ share: true }), "publicClosed", { sees: true, canSeeCode: false, canSeeCases: false }],
    ["own, shared where sharing is off", "owner", sub({ share: true }), "publicClosed", { sees: true, canShare: false, canUnshare: true, canSeeCases: false }],
    ["a visitor, shared", "visitor", sub({ share: true }), "public", { sees: true, canSeeCode: true, isOwner: false }],
    ["another's, of a private problem", "learner", sub({ share: true }), "private", { sees: false }],
    ["a visitor, of a group's own problem", "visitor", sub(), "groupOwn", { sees: false }],
    ["own, of a private problem", "owner", sub(), "private", { sees: true, canSeeCode: true }],
    ["an admin, of a private problem", "admin", sub(), "private", { sees: true, canSeeCode: true, canSeeCases: true, canSeeCaseOutput: true }],
    ["a problem admin, closed cases", "problemAdmin", sub(), "publicClosed", { sees: true, canSeeCode: true, canSeeCases: true }],
    ["own, System Error", "owner", sub({ status: JudgeStatus.SYSTEM_ERROR }), "public", { sees: true, canResubmit: true }],
    ["own, Submitted Failed", "owner", sub({ status: JudgeStatus.SUBMITTED_FAILED }), "public", { sees: true, canResubmit: true }],
    ["another's, System Error", "learner", sub({ status: JudgeStatus.SYSTEM_ERROR }), "public", { sees: true, canResubmit: false }],
    ["an admin, System Error", "admin", sub({ status: JudgeStatus.SYSTEM_ERROR }), "public", { sees: true, canResubmit: false }],
    ["root, System Error", "root", sub({ status: JudgeStatus.SYSTEM_ERROR }), "public", { sees: true, canResubmit: true }],
    ["own, Wrong Answer", "owner", sub({ status: JudgeStatus.WRONG_ANSWER }), "public", { sees: true, canResubmit: false }],
  ];
  for (const [name, v, s, p, expected] of rows) {
    it(`${name} (${v})`, () => {
      const { sees, ...rights } = expected;
      expect(seesSubmission(V[v], s, P[p])).toBe(sees);
      if (sees) expect(submissionRights(V[v], s, P[p])).toMatchObject(rights);
    });
  }
  it("a submission whose problem is gone is seen by its owner and the admin roles only", () => {
    expect(seesSubmission(V.owner, sub(), null)).toBe(true);
    expect(seesSubmission(V.admin, sub(), null)).toBe(true);
    expect(seesSubmission(V.learner, sub({ share: true }), null)).toBe(false);
    expect(submissionRights(V.owner, sub(), null)).toMatchObject({ canShare: false, canSeeCases: false });
  });
});

describe("scopes not built yet or read without their context: contest, group", () => {
  const scoped: Array<[string, SubmissionForAccess]> = [
    ["contest", sub({ cid: 3 })],
    ["group", sub({ gid: 7 })],
  ];
  for (const [kind, s] of scoped) {
    it(`${kind}: refused when named by a request`, () => {
      const ids = { cid: s.cid, gid: s.gid, tid: s.tid };
      expect(() => requestedScope(ids)).toThrow(DomainError);
      try {
        requestedScope(ids);
      } catch (err) {
        expect((err as DomainError).kind).toBe("forbidden");
        expect((err as DomainError).message).toBe(`common:errors.${kind}Unavailable`);
      }
    });
    it(`${kind}: its records are seen by their owner and the admin roles only, shared or not`, () => {
      expect(scopeOf(s).kind).toBe(kind);
      for (const v of VIEWERS) {
        const expected = v === "owner" || ADMINS.includes(v);
        expect(seesSubmission(V[v], { ...s, share: true }, P.public), v).toBe(expected);
      }
      expect(submissionRights(V.owner, { ...s, share: true, status: JudgeStatus.SYSTEM_ERROR }, P.public)).toMatchObject({
        canSeeCode: true,
        canShare: false,
        canUnshare: false,
        canResubmit: false,
      });
      expect(scopeOf(s).seesProblem(V.learner, P.public)).toBe(false);
      expect(scopeOf(s).submitRefusal(V.learner, P.public)?.kind).toBe("forbidden");
      expect(scopeOf(s).submitRefusal(V.visitor, P.public)?.kind).toBe("unauthenticated");
    });
  }
  it("the bank is the scope of a request that names none", () => {
    expect(requestedScope({}).kind).toBe("bank");
    expect(requestedScope({ cid: 0, tid: 0, gid: null }).kind).toBe("bank");
    expect(scopeOf({ cid: 0, gid: undefined }).kind).toBe("bank");
  });
});

describe("what counts in the bank's counters and the solved list", () => {
  const rows: Array<[string, SubmissionForAccess, boolean, boolean]> = [
    ["a bank submission", sub(), true, true],
    ["a contest submission", sub({ cid: 4 }), false, false],
    ["a group submission", sub({ gid: 7 }), true, false],
    ["a training submission", sub({ tid: 5 }), true, true],
  ];
  for (const [name, s, bank, solved] of rows) {
    it(name, () => {
      expect(countsInBank(s)).toBe(bank);
      expect(countsInSolvedList(s)).toBe(solved);
    });
  }
});

describe("the status list's condition for the rows a viewer sees", () => {
  it("adds nothing for the admin roles or when nothing is hidden", () => {
    expect(visibleBankSubmissionsQuery(V.admin, [3, 4])).toBeNull();
    expect(visibleBankSubmissionsQuery(V.problemAdmin, [3])).toBeNull();
    expect(visibleBankSubmissionsQuery(V.learner, [])).toBeNull();
  });
  it("leaves hidden problems out for a visitor, except a signed-in viewer's own rows", () => {
    expect(visibleBankSubmissionsQuery(V.visitor, [3, 4])).toEqual({ pid: { $nin: [3, 4] } });
    expect(visibleBankSubmissionsQuery(V.learner, [3])).toEqual({ $or: [{ pid: { $nin: [3] } }, { uid: "learner" }] });
  });
});

describe("a training submission read without its training: the bank's rules", () => {
  const s = sub({ tid: 5 });
  it("is of the training scope and a request naming only a training reads as the bank", () => {
    expect(scopeOf(s).kind).toBe("training");
    expect(requestedScope({ tid: 5 }).kind).toBe("training");
    expect(requestedScope({ tid: 5 }).seesProblem(V.learner, P.public)).toBe(true);
    expect(requestedScope({ tid: 5 }).seesProblem(V.learner, P.private)).toBe(false);
  });
  it("is seen as a bank submission is", () => {
    for (const v of VIEWERS) {
      for (const p of Object.keys(P) as ProblemName[]) {
        expect(seesSubmission(V[v], s, P[p]), `${v} ${p}`).toBe(bankScope.seesSubmission(V[v], s, P[p]));
      }
    }
  });
});

describe("the training scope (spec section 6; HOJ's checkTrainingAuth)", () => {
  const author = { _id: "author", role: Role.ADMIN } satisfies Viewer;
  const problem = { ...P.public, _id: 11 };
  const outside = { ...P.public, _id: 99 };
  const ctx = (over: Partial<TrainingAccessContext["training"]> = {}, more: Partial<Omit<TrainingAccessContext, "training">> = {}): TrainingAccessContext => ({
    training: { _id: 5, auth: "Public", status: true, uid: "author", gid: null, ...over },
    registered: false,
    groupAdmin: false,
    problemPids: new Set([11]),
    ...more,
  });
  type Row = [string, Viewer, TrainingAccessContext, DomainError["kind"] | null];
  const entry: Row[] = [
    ["a visitor enters a public training", V.visitor, ctx(), null],
    ["a learner enters a public training", V.learner, ctx(), null],
    ["a visitor may not enter a private training", V.visitor, ctx({ auth: "Private" }), "unauthenticated"],
    ["a learner must register in a private training", V.learner, ctx({ auth: "Private" }), "forbidden"],
    ["a registered learner enters a private training", V.learner, ctx({ auth: "Private" }, { registered: true }), null],
    ["its author enters without registering", author, ctx({ auth: "Private" }), null],
    ["a super admin enters without registering", V.root, ctx({ auth: "Private" }), null],
    ["an admin who is not its author must register", V.admin, ctx({ auth: "Private" }), "forbidden"],
    ["a group admin enters a group's private training", V.learner, ctx({ auth: "Private", gid: 7 }, { groupAdmin: true }), null],
    ["a hidden training is not found for a learner", V.learner, ctx({ status: false }), "notFound"],
    ["a hidden training is open to its author", author, ctx({ status: false }), null],
  ];
  for (const [name, viewer, c, kind] of entry) {
    it(`entry: ${name}`, () => {
      expect(trainingEntryRefusal(viewer, c)?.kind ?? null).toBe(kind);
      expect(trainingScope(c).seesProblem(viewer, problem)).toBe(kind === null);
    });
  }
  const submit: Array<[string, Viewer, TrainingAccessContext, typeof problem | null, DomainError["kind"] | null]> = [
    ["a visitor", V.visitor, ctx(), problem, "unauthenticated"],
    ["a learner in a public training", V.learner, ctx(), problem, null],
    ["a learner with role 1003 (no submit)", V.noSubmit, ctx(), problem, "forbidden"],
    ["a muted learner (1005) may still submit", V.muted, ctx(), problem, null],
    ["a learner not registered in a private training", V.learner, ctx({ auth: "Private" }), problem, "forbidden"],
    ["a registered learner in a private training", V.learner, ctx({ auth: "Private" }, { registered: true }), problem, null],
    ["a problem outside the training", V.learner, ctx(), outside, "notFound"],
    ["a missing problem", V.learner, ctx(), null, "notFound"],
  ];
  for (const [name, viewer, c, p, kind] of submit) {
    it(`submit: ${name}`, () => {
      expect(trainingScope(c).submitRefusal(viewer, p)?.kind ?? null).toBe(kind);
    });
  }
  it("roles 1006 and 1007 may not submit either", () => {
    expect(trainingScope(ctx()).submitterRefusal({ _id: "x", role: Role.NO_SUBMIT_NO_DISCUSS })?.kind).toBe("forbidden");
    expect(trainingScope(ctx()).submitterRefusal({ _id: "x", role: Role.NO_SUBMIT_MUTED })?.kind).toBe("forbidden");
  });
  it("its submissions count in the bank and the solved list (a group's not in the solved list)", () => {
    expect(trainingScope(ctx()).countsInBank(sub({ tid: 5 }))).toBe(true);
    expect(trainingScope(ctx()).countsInSolvedList(sub({ tid: 5 }))).toBe(true);
    expect(trainingScope(ctx()).countsInSolvedList(sub({ tid: 5, gid: 7 }))).toBe(false);
  });
  it("its admins see every submission of it with code and cases", () => {
    const s = sub({ tid: 5, uid: "someone" });
    expect(trainingScope(ctx()).seesSubmission(author, s, problem)).toBe(true);
    expect(trainingScope(ctx()).rights(author, s, { ...problem, openCaseResult: false })).toMatchObject({ canSeeCode: true, canSeeCases: true });
    expect(trainingScope(ctx()).rights(V.learner, s, problem).canSeeCode).toBe(false);
  });
  it("training admins and creators", () => {
    expect(isTrainingAdmin(V.visitor, { uid: "author", gid: null })).toBe(false);
    expect(isTrainingAdmin(author, { uid: "author", gid: null })).toBe(true);
    expect(isTrainingAdmin(V.root, { uid: "author", gid: null })).toBe(true);
    expect(isTrainingAdmin(V.admin, { uid: "author", gid: null })).toBe(false);
    expect(mayCreateTraining(V.learner, { gid: null })).toBe(false);
    expect(mayCreateTraining(V.problemAdmin, { gid: null })).toBe(true);
    expect(mayCreateTraining(V.learner, { gid: 7, groupAdmin: true })).toBe(true);
  });
});

describe("the AI helper", () => {
  const publicProblem: ProblemForAccess = { auth: ProblemAuth.PUBLIC };
  const privateProblem: ProblemForAccess = { auth: ProblemAuth.PRIVATE };
  it("any signed-in user asks about a problem they see; a visitor is asked to log in", () => {
    expect(aiHelperRefusal(V.visitor, publicProblem)?.kind).toBe("unauthenticated");
    expect(aiHelperRefusal(V.visitor, undefined)?.kind).toBe("unauthenticated");
    expect(aiHelperRefusal(V.learner, publicProblem)).toBeNull();
    expect(aiHelperRefusal(V.noSubmit, publicProblem)).toBeNull();
    expect(aiHelperRefusal(V.learner, undefined)).toBeNull();
  });
  it("a hidden or missing problem is not found, except for those who see it", () => {
    expect(aiHelperRefusal(V.learner, privateProblem)?.kind).toBe("notFound");
    expect(aiHelperRefusal(V.learner, null)?.kind).toBe("notFound");
    expect(aiHelperRefusal(V.root, privateProblem)).toBeNull();
  });
  it("only super admins set the endpoint", () => {
    expect(mayConfigureAi(V.root)).toBe(true);
    expect(mayConfigureAi(V.admin)).toBe(false);
    expect(mayConfigureAi(V.learner)).toBe(false);
    expect(mayConfigureAi(V.visitor)).toBe(false);
  });
});

describe("the group scope (spec section 6 'Group'; HOJ's GroupValidator)", () => {
  const owner = { _id: "gowner", role: Role.DEFAULT_USER } satisfies Viewer;
  const ctx = (memberAuth: number, over: Partial<GroupAccessContext["group"]> = {}): GroupAccessContext => ({
    group: { _id: 7, uid: "gowner", auth: 2, visible: true, status: 0, ...over },
    memberAuth,
  });
  // viewer, stored auth, level, home, content, admin, root, disband
  type Row = [string, Viewer, number, number, DomainError["kind"] | null, DomainError["kind"] | null, DomainError["kind"] | null, DomainError["kind"] | null, boolean];
  const rows: Row[] = [
    ["a visitor", V.visitor, 0, 0, null, "unauthenticated", "unauthenticated", "unauthenticated", false],
    ["an outsider", V.learner, 0, 0, null, "forbidden", "forbidden", "forbidden", false],
    ["an applicant", V.learner, 1, 1, null, "forbidden", "forbidden", "forbidden", false],
    ["a refused applicant", V.learner, 2, 2, null, "forbidden", "forbidden", "forbidden", false],
    ["a member", V.learner, 3, 3, null, null, "forbidden", "forbidden", false],
    ["a group admin", V.learner, 4, 4, null, null, null, "forbidden", false],
    ["a group root (auth 5)", V.learner, 5, 5, null, null, null, null, false],
    ["the owner", owner, 5, 5, null, null, null, null, true],
    ["a super admin who is not a member", V.root, 0, 5, null, null, null, null, true],
    ["a site admin who is not a member", V.admin, 0, 0, null, "forbidden", "forbidden", "forbidden", false],
  ];
  for (const [name, viewer, stored, level, home, content, admin, root, disband] of rows) {
    it(name, () => {
      const c = ctx(stored);
      expect(groupLevel(viewer, c)).toBe(level);
      expect(groupEntryRefusal(viewer, c)?.kind ?? null).toBe(home);
      expect(groupContentRefusal(viewer, c)?.kind ?? null).toBe(content);
      expect(groupAdminRefusal(viewer, c)?.kind ?? null).toBe(admin);
      expect(groupRootRefusal(viewer, c)?.kind ?? null).toBe(root);
      expect(mayDeleteGroup(viewer, c)).toBe(disband);
    });
  }
  it("a hidden group is not found by those outside it; a disabled one is closed to all but super admins", () => {
    expect(groupEntryRefusal(V.learner, ctx(0, { visible: false }))?.kind).toBe("notFound");
    expect(groupEntryRefusal(V.learner, ctx(1, { visible: false }))?.kind).toBe("notFound");
    expect(groupEntryRefusal(V.learner, ctx(3, { visible: false }))).toBeNull();
    expect(groupEntryRefusal(owner, ctx(5, { status: 1 }))?.kind).toBe("forbidden");
    expect(groupContentRefusal(V.learner, ctx(3, { status: 1 }))?.kind).toBe("forbidden");
    expect(groupEntryRefusal(V.root, ctx(0, { status: 1, visible: false }))).toBeNull();
  });
  it("changing a member's auth: the owner anything but the owner; admins only below themselves; nobody their own", () => {
    const m = (auth: number) => ({ uid: "target", auth });
    expect(memberAuthChangeRefusal(owner, ctx(5), m(1), 3)).toBeNull();
    expect(memberAuthChangeRefusal(owner, ctx(5), m(3), 5)).toBeNull();
    expect(memberAuthChangeRefusal(V.root, ctx(0), m(4), 3)).toBeNull();
    expect(memberAuthChangeRefusal(V.learner, ctx(4), m(1), 3)).toBeNull();
    expect(memberAuthChangeRefusal(V.learner, ctx(4), m(3), 2)).toBeNull();
    expect(memberAuthChangeRefusal(V.learner, ctx(4), m(3), 4)?.kind).toBe("forbidden");
    expect(memberAuthChangeRefusal(V.learner, ctx(4), m(4), 3)?.kind).toBe("forbidden");
    expect(memberAuthChangeRefusal(V.learner, ctx(5), m(4), 3)).toBeNull();
    expect(memberAuthChangeRefusal(V.learner, ctx(5), { uid: "gowner", auth: 5 }, 3)?.kind).toBe("forbidden");
    expect(memberAuthChangeRefusal(V.learner, ctx(4), { uid: "learner", auth: 4 }, 3)?.kind).toBe("forbidden");
    expect(memberAuthChangeRefusal(V.learner, ctx(3), m(1), 3)?.kind).toBe("forbidden");
  });
  it("removing: admins those below them, never themselves; the owner only by a super admin (it disbands)", () => {
    const m = (auth: number) => ({ uid: "target", auth });
    expect(memberRemoveRefusal(V.learner, ctx(4), m(3))).toBeNull();
    expect(memberRemoveRefusal(V.learner, ctx(4), m(4))?.kind).toBe("forbidden");
    expect(memberRemoveRefusal(V.learner, ctx(3), m(1))?.kind).toBe("forbidden");
    expect(memberRemoveRefusal(owner, ctx(5), m(5))).toBeNull();
    expect(memberRemoveRefusal(owner, ctx(5), { uid: "gowner", auth: 5 })?.kind).toBe("forbidden");
    expect(memberRemoveRefusal(V.learner, ctx(5), { uid: "gowner", auth: 5 })?.kind).toBe("forbidden");
    expect(memberRemoveRefusal(V.root, ctx(0), { uid: "gowner", auth: 5 })).toBeNull();
  });
  const own = { ...P.public, _id: 21, gid: 7 };
  const privateOwn = { ...P.public, _id: 22, gid: 7, auth: ProblemAuth.PRIVATE };
  const elsewhere = { ...P.public, _id: 23, gid: 8 };
  it("its problems: members see and submit to its public ones; its admins also to its private ones; never another group's", () => {
    expect(groupScope(ctx(3)).seesProblem(V.learner, own)).toBe(true);
    expect(groupScope(ctx(3)).seesProblem(V.learner, privateOwn)).toBe(false);
    expect(groupScope(ctx(4)).seesProblem(V.learner, privateOwn)).toBe(true);
    expect(groupScope(ctx(5)).seesProblem(V.learner, elsewhere)).toBe(false);
    expect(groupScope(ctx(0)).seesProblem(V.learner, own)).toBe(false);
    expect(groupScope(ctx(1)).submitRefusal(V.learner, own)?.kind).toBe("forbidden");
    expect(groupScope(ctx(3)).submitRefusal(V.learner, own)).toBeNull();
    expect(groupScope(ctx(3)).submitRefusal(V.noSubmit, own)?.kind).toBe("forbidden");
    expect(groupScope(ctx(3)).submitRefusal(V.learner, elsewhere)?.kind).toBe("notFound");
    expect(groupScope(ctx(3)).submitRefusal(V.visitor, own)?.kind).toBe("unauthenticated");
  });
  it("its submissions: members see them, its admins with code and cases; they count in the bank, not in the solved list", () => {
    const s = sub({ gid: 7, uid: "someone", pid: 21 } as Partial<SubmissionForAccess>);
    expect(groupScope(ctx(3)).seesSubmission(V.learner, s, own)).toBe(true);
    expect(groupScope(ctx(0)).seesSubmission(V.learner, s, own)).toBe(false);
    expect(groupScope(ctx(3)).rights(V.learner, s, own).canSeeCode).toBe(false);
    expect(groupScope(ctx(4)).rights(V.learner, s, { ...own, openCaseResult: false })).toMatchObject({ canSeeCode: true, canSeeCases: true });
    expect(groupScope(ctx(3)).countsInBank(s)).toBe(true);
    expect(groupScope(ctx(3)).countsInSolvedList(s)).toBe(false);
  });
});

describe("the kept ranking a judged submission moves", () => {
  it("is its contest's board, else its training's rank, else none", () => {
    expect(keptRankingOf({ cid: 3, tid: 0 })).toEqual({ kind: "contest", cid: 3 });
    expect(keptRankingOf({ cid: 3, tid: 5 })).toEqual({ kind: "contest", cid: 3 });
    expect(keptRankingOf({ cid: 0, tid: 5 })).toEqual({ kind: "training", tid: 5 });
    expect(keptRankingOf({ cid: 0, tid: 0, gid: 2 })).toBeNull();
    expect(keptRankingOf({})).toBeNull();
  });
});

describe("the questions every scope answers: shows a result, counts on the ranking, may administer", () => {
  const group: GroupAccessContext = { group: { _id: 9, uid: "owner", auth: 1, visible: true, status: 0 }, memberAuth: 3 };
  const training: TrainingAccessContext = { training: { _id: 4, auth: "Public", status: true, uid: "owner", gid: null }, registered: false, groupAdmin: false, problemPids: new Set([1]) };
  const sub: SubmissionForAccess = { uid: "learner", cid: 0 };
  const table: Array<[string, Parameters<typeof bankScope.mayAdminister>[0], boolean, boolean]> = [
    // viewer, mayAdminister (bank), mayAdminister (training of "owner")
    ["visitor", V.visitor, false, false],
    ["learner", V.learner, false, false],
    ["owner", V.owner, false, true],
    ["problemAdmin", V.problemAdmin, true, false],
    ["root", V.root, true, true],
  ];
  it.each(table)("%s", (_name, viewer, bankAdmin, trainingAdmin) => {
    expect(bankScope.mayAdminister(viewer)).toBe(bankAdmin);
    expect(trainingScope(training).mayAdminister(viewer)).toBe(trainingAdmin);
    expect(bankScope.showsResult(viewer, sub)).toBe(true);
  });
  it("counts on a ranking as each scope says", () => {
    expect(bankScope.countsOnRanking(V.learner)).toBe(true);
    // A training's rank leaves out its author and the super admins.
    expect(trainingScope(training).countsOnRanking(V.owner)).toBe(false);
    expect(trainingScope(training).countsOnRanking(V.root)).toBe(false);
    expect(trainingScope(training).countsOnRanking(V.learner)).toBe(true);
    // A group's rank lists its members (the context's viewer is a member; the owner is its root).
    expect(groupScope(group).countsOnRanking(V.owner)).toBe(true);
    expect(groupScope(group).mayAdminister(V.learner)).toBe(false);
    expect(groupScope(group).mayAdminister(V.owner)).toBe(true);
  });
  it("a record read without its scope shows its result to its author and the admin roles only", () => {
    const contestSub: SubmissionForAccess = { uid: "learner", cid: 3 };
    expect(scopeOf(contestSub).showsResult(V.learner, contestSub)).toBe(true);
    expect(scopeOf(contestSub).showsResult(V.owner, contestSub)).toBe(false);
    expect(scopeOf(contestSub).showsResult(V.admin, contestSub)).toBe(true);
  });
});
