import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { JudgeStatus, Role, RUNNING_STATUSES } from "~/lib/constants";
import { encodeMessage, JudgeStreams, STREAM_FIELD, type CaseResult, type FinalMessage, type ResultMessage } from "~/lib/judge-protocol";
import { CounterJournal } from "~/models/counter-journal.server";
import { nextSeq } from "~/models/counter.server";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { Submission, type SubmissionDoc } from "~/models/submission.server";
import { User, type UserDoc } from "~/models/user.server";
import "~/models/index.server";
import { connectDb, ensureIndexes } from "~/services/platform/db.server";
import { redis, rkey } from "~/services/platform/redis.server";
import { commitSession, sessionStorage } from "~/services/account/session.server";
import { storeTestData } from "~/services/problem/testdata.server";
import { createUser } from "~/services/account/users.server";
import { updateWebsiteConfig } from "~/services/site/config.server";
import { SUBMISSION_ALLOWANCE_RANGE } from "~/lib/site-config";
import { asPageCall } from "../../support/page-token";

// Test data for judging tests, made through the app's own models and services.

export async function openStore(): Promise<void> {
  await connectDb();
  await ensureIndexes();
}

/**
 * Lets one learner queue many submissions at once: tests of judging submit far more than a
 * learner's allowance (allowance.server.ts) before any verdict arrives.
 */
export async function allowManySubmissions(): Promise<void> {
  await updateWebsiteConfig({ submitUnfinishedMax: SUBMISSION_ALLOWANCE_RANGE.max, submitPerMinute: SUBMISSION_ALLOWANCE_RANGE.max });
}

export async function makeUser(role: number = Role.DEFAULT_USER): Promise<UserDoc> {
  return createUser({ username: `u${randomBytes(5).toString("hex")}`, password: "secret123", role });
}

export interface ProblemSpec {
  type?: number;
  difficulty?: number;
  /** Pairs of input and expected output; OI scores and subtask groups per case. */
  cases?: Array<{ input: string; output: string; score?: number; group?: number }>;
  languages?: string[];
  timeLimit?: number;
  memoryLimit?: number;
  judgeCaseMode?: string;
  /** A special judge: its source in C or C++. */
  spj?: { language: string; code: string };
}

/** A problem with its test data stored the way the admin pages store it. */
export async function makeProblem(spec: ProblemSpec = {}): Promise<ProblemDoc> {
  const cases = spec.cases ?? [
    { input: "1 2\n", output: "3\n" },
    { input: "10 20\n", output: "30\n" },
  ];
  const files = cases.flatMap((c, i) => [
    { name: `${i + 1}.in`, data: Buffer.from(c.input) },
    { name: `${i + 1}.out`, data: Buffer.from(c.output) },
  ]);
  const hash = await storeTestData(files);
  const id = await nextSeq("problem");
  const problemId = `T${id}${randomBytes(2).toString("hex")}`;
  const doc = await Problem.create({
    _id: id,
    problemId,
    problemIdUpper: problemId.toUpperCase(),
    title: `A+B ${id}`,
    type: spec.type ?? 0,
    difficulty: spec.difficulty ?? 0,
    timeLimit: spec.timeLimit ?? 1000,
    ...(spec.memoryLimit ? { memoryLimit: spec.memoryLimit } : {}),
    ...(spec.judgeCaseMode ? { judgeCaseMode: spec.judgeCaseMode } : {}),
    ...(spec.spj ? { judgeMode: "spj", spjLanguage: spec.spj.language, spjCode: spec.spj.code, spjCompileOk: true } : {}),
    languages: spec.languages ?? ["C", "C++", "C++ 17", "Python3", "Java"],
    testCases: cases.map((c, i) => ({ input: `${i + 1}.in`, output: `${i + 1}.out`, score: c.score ?? 0, groupNum: c.group ?? 0 })),
    testCaseHash: hash,
  });
  return doc.toObject();
}

/**
 * A Pending submission made inside a contest, stored as the submit path stores one. Contests are a
 * later part (createSubmission refuses them for now), so the tests of rules that already treat
 * contest submissions apart write one directly.
 */
export async function makeContestSubmission(user: Pick<UserDoc, "_id" | "username">, problem: ProblemDoc, cid: number): Promise<SubmissionDoc> {
  const now = new Date();
  const doc = await Submission.create({
    _id: await nextSeq("submission"),
    pid: problem._id,
    displayPid: problem.problemId,
    cid,
    tid: 0,
    gid: null,
    uid: user._id,
    username: user.username,
    title: problem.title,
    status: JudgeStatus.PENDING,
    length: 1,
    language: "C++",
    code: "x",
    submitTime: now,
    attempt: 1,
    gmtModified: now,
  });
  return doc.toObject();
}

export async function publishResult(msg: ResultMessage): Promise<string> {
  return (await redis().xadd(rkey(JudgeStreams.results), "*", STREAM_FIELD, encodeMessage(msg))) ?? "";
}

export function caseResult(index: number, status = 0, over: Partial<CaseResult> = {}): CaseResult {
  return { index, status, time: 10 + index, memory: 2000 + index, score: 0, groupNum: 0, inputData: `${index}.in`, outputData: `${index}.out`, userOutput: "", message: "", ...over };
}

export function finalMessage(sub: Pick<SubmissionDoc, "_id" | "attempt">, over: Partial<FinalMessage> = {}): FinalMessage {
  return {
    type: "final",
    submissionId: sub._id,
    attempt: sub.attempt,
    judger: "test-judge",
    status: 0,
    score: 0,
    time: 0,
    memory: 0,
    errorMessage: "",
    cases: [caseResult(1), caseResult(2)],
    ...over,
  };
}

export async function waitUntil<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function submissionOf(id: number): Promise<SubmissionDoc> {
  const s = await Submission.findById(id).lean<SubmissionDoc>();
  if (!s) throw new Error(`submission ${id} not found`);
  return s;
}

export async function countersOf(pid: number) {
  const p = await Problem.findById(pid).select("total ac wa tle mle re pe ce se pa").lean();
  const { _id, ...rest } = p!;
  void _id;
  return rest;
}

export async function userOf(uid: string) {
  return (await User.findById(uid).select("submitCount acCount solvedPids oiScore").lean())!;
}

/** Waits until the submission is final and no counter change of it is in progress. */
export function settled(id: number, timeoutMs = 30_000): Promise<SubmissionDoc> {
  return waitUntil(
    `submission ${id} settled`,
    async () => {
      const s = await Submission.findById(id).lean<SubmissionDoc>();
      if (!s || RUNNING_STATUSES.has(s.status)) return null;
      return (await CounterJournal.exists({ _id: id })) ? null : s;
    },
    timeoutMs,
  );
}

/** The session cookie of a signed-in user, made the way the login action makes it. */
export async function cookieFor(user: Pick<UserDoc, "_id">): Promise<string> {
  const session = await sessionStorage.getSession();
  session.set("uid", user._id);
  return (await commitSession(session)).split(";")[0];
}

/** A request to the site as a user (or a visitor), JSON body when given. */
export function siteRequest(path: string, opts: { cookie?: string; method?: string; json?: unknown } = {}): Request {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.json !== undefined) headers["Content-Type"] = "application/json";
  return new Request(`http://localhost${path}`, {
    method: opts.method ?? (opts.json !== undefined ? "POST" : "GET"),
    headers,
    body: opts.json !== undefined ? JSON.stringify(opts.json) : undefined,
  });
}

/** Loader/action arguments for calling a route module directly. */
export function routeArgs(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: {} as AppLoadContext };
}

type RouteFn = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response>;

/** Calls a route module's loader or action and returns the status and the JSON body. */
export async function callRoute(fn: unknown, request: Request, params: Record<string, string> = {}) {
  const res = await (fn as RouteFn)({ request: await asPageCall(request), params, context: {} });
  const body = (await res.json()) as { status: number; msg: string; data: unknown };
  return { http: res.status, ...body };
}
