import type { Redis } from "ioredis";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import { REMOTE_ACCOUNTS_KEY, REMOTE_COOKIES_KEY, REMOTE_LOCK_KEY, type RemoteSubmissionTask, type ResultMessage } from "~/lib/judge-protocol";
import { remoteLanguageNames, type RemoteOj } from "~/lib/remote-oj";
import { judgeOptions } from "../../../judge-service/src/setup";
import { RemoteWorker } from "../../../judge-service/src/remote/worker";
import { ACCOUNT, startRemoteSites, type Oj, type RemoteSites } from "../../fixtures/remote-oj/sites";
import { newRedis, prefix } from "./support";

// Each adapter against a local server that serves pages of its site's structure: the problem is
// read (statement, limits, samples), submissions are judged with the mapped verdicts, and the
// requests carry the site's login fields, CSRF tokens and submit fields. Failures end as Submitted
// Failed with the reason.

let sites: RemoteSites;
let redis: Redis;
let worker: RemoteWorker;
let nextId = 1;

function task(oj: RemoteOj, remoteId: string, code: string, over: Partial<RemoteSubmissionTask> = {}): RemoteSubmissionTask {
  return { kind: "remote", submissionId: nextId++, attempt: 1, contest: false, oj, remoteId, language: remoteLanguageNames(oj)[0], code, enqueuedAt: Date.now(), ...over };
}

async function judge(t: RemoteSubmissionTask) {
  const progress: ResultMessage[] = [];
  const final = await worker.judge(t, async (m) => void progress.push(m), new AbortController().signal);
  return { final, progress };
}

function makeWorker(over: Partial<ReturnType<typeof judgeOptions>["remote"]> = {}) {
  const o = judgeOptions({ remote: { baseUrls: sites.urls, pollMinMs: 50, pollMaxMs: 200, timeoutMs: 20_000, requestTimeoutMs: 5000, accountWaitMs: 500, ...over } });
  return new RemoteWorker(redis, prefix(), "remote-test", o.remote, pino({ level: "silent" }));
}

beforeAll(async () => {
  sites = await startRemoteSites();
  redis = newRedis();
  for (const oj of Object.keys(sites.urls)) await redis.set(`${prefix()}${REMOTE_ACCOUNTS_KEY}:${oj}`, JSON.stringify([ACCOUNT]));
  worker = makeWorker();
});

afterAll(async () => {
  await sites?.close();
  redis?.disconnect();
});

const CASES: Array<{ oj: Oj; remoteId: string; title: string; timeLimit: number; memoryLimit: number; sample: { input: string; output: string } }> = [
  { oj: "HDU", remoteId: "1000", title: "A + B Problem", timeLimit: 1000, memoryLimit: 32, sample: { input: "1 1\n", output: "2\n" } },
  { oj: "CF", remoteId: "1A", title: "Theatre Square", timeLimit: 1000, memoryLimit: 256, sample: { input: "6 6 4\n", output: "4\n" } },
  { oj: "GYM", remoteId: "100001A", title: "Theatre Square", timeLimit: 1000, memoryLimit: 256, sample: { input: "6 6 4\n", output: "4\n" } },
  { oj: "POJ", remoteId: "1000", title: "A+B Problem", timeLimit: 1000, memoryLimit: 10, sample: { input: "1 2\n", output: "3\n" } },
  { oj: "AC", remoteId: "abc300_a", title: "N-choice question", timeLimit: 2000, memoryLimit: 1024, sample: { input: "3 125 175\n", output: "2\n" } },
  { oj: "SPOJ", remoteId: "TEST", title: "Life, the Universe, and Everything", timeLimit: 10_000, memoryLimit: 1536, sample: { input: "1\n2\n88\n42\n99\n", output: "1\n2\n88\n" } },
  { oj: "HOJ", remoteId: "1000", title: "A+B Problem", timeLimit: 1000, memoryLimit: 256, sample: { input: "1 2", output: "3" } },
];

describe.each(CASES)("$oj adapter", ({ oj, remoteId, title, timeLimit, memoryLimit, sample }) => {
  it("reads the problem: title, statement, limits and samples", async () => {
    const got = await worker.fetch({ kind: "remote-fetch", key: "k", oj, remoteId, enqueuedAt: Date.now() }, new AbortController().signal);
    expect(got.ok).toBe(true);
    if (!got.ok) return;
    expect(got.problem.title).toBe(title);
    expect(got.problem.timeLimit).toBe(timeLimit);
    expect(got.problem.memoryLimit).toBe(memoryLimit);
    expect(got.problem.examples[0]).toEqual(sample);
    expect(got.problem.description.length).toBeGreaterThan(5);
    expect(got.problem.description).not.toMatch(/<[a-z]/i);
  });

  it("answers an unknown problem with a reason", async () => {
    const unknown = oj === "CF" ? "9Z" : oj === "GYM" ? "100002B" : oj === "AC" ? "abc999_z" : oj === "SPOJ" ? "NOPE" : "9999";
    const got = await worker.fetch({ kind: "remote-fetch", key: "k", oj, remoteId: unknown, enqueuedAt: Date.now() }, new AbortController().signal);
    expect(got.ok).toBe(false);
  });

  it("logs in, submits, polls until judged and maps the verdicts", async () => {
    const before = sites.requests[oj].length;
    const ac = await judge(task(oj, remoteId, "int main() { return 0; } // accepted"));
    expect(ac.final.status).toBe(JudgeStatus.ACCEPTED);
    expect(ac.final.time).toBeGreaterThanOrEqual(0);
    expect(ac.progress.map((m) => m.type === "progress" && m.status)).toEqual([JudgeStatus.SUBMITTING, JudgeStatus.JUDGING]);
    const wa = await judge(task(oj, remoteId, "int main() { puts(\"WRONG\"); }"));
    expect(wa.final.status).toBe(JudgeStatus.WRONG_ANSWER);
    const ce = await judge(task(oj, remoteId, "BROKEN code"));
    expect(ce.final.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(ce.final.errorMessage).toMatch(/BROKEN/);
    const tle = await judge(task(oj, remoteId, "while(1); // SLOW"));
    expect(oj === "HOJ" ? tle.final.status : tle.final.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    // Cookies (or the token) were kept: one login for the four submissions.
    const seen = sites.requests[oj].slice(before);
    const logins = seen.filter((r) => r.method === "POST" && /login|enter/.test(r.path));
    expect(logins.length).toBe(1);
    // The account is free again.
    expect(await redis.get(`${prefix()}${REMOTE_LOCK_KEY}:${oj}:${ACCOUNT.username}`)).toBeNull();
    expect(await redis.get(`${prefix()}${REMOTE_COOKIES_KEY}:${oj}:${ACCOUNT.username}`)).not.toBeNull();
  });

  it("ends as Submitted Failed with the reason when the site limits the rate", async () => {
    await redis.del(`${prefix()}${REMOTE_COOKIES_KEY}:${oj}:${ACCOUNT.username}`);
    sites.failWith[oj] = 429;
    try {
      const { final } = await judge(task(oj, remoteId, "int main() {}"));
      expect(final.status).toBe(JudgeStatus.SUBMITTED_FAILED);
      expect(final.errorMessage).toMatch(/429/);
    } finally {
      delete sites.failWith[oj];
    }
  });
});

describe("requests as the sites expect them", () => {
  const fields = (oj: Oj, path: RegExp) => sites.requests[oj].filter((r) => r.method === "POST" && path.test(r.path)).map((r) => ({ ...r.fields, ...(r.json ?? {}) }));

  it("HDU: login form and the base64 code", () => {
    expect(fields("HDU", /userloginex/)[0]).toEqual({ username: "alice", userpass: "alice-pw", login: "Sign In" });
    const submit = fields("HDU", /submit\.php/)[0];
    expect(submit).toMatchObject({ check: "0", problemid: "1000", language: "0" });
    expect(decodeURIComponent(Buffer.from(String(submit._usercode), "base64").toString())).toBe("int main() { return 0; } // accepted");
  });

  it("Codeforces and GYM: the page's CSRF token in login and submit, the problem by code or index", () => {
    for (const oj of ["CF", "GYM"] as const) {
      const login = fields(oj, /^\/enter$/)[0];
      expect(login).toMatchObject({ action: "enter", handleOrEmail: "alice", password: "alice-pw", remember: "on" });
      expect(login.csrf_token).toMatch(/^[0-9a-f]{32}$/);
      expect(login.ftaa).toHaveLength(18);
      expect(login.bfaa).toHaveLength(32);
    }
    const cf = sites.requests.CF.find((r) => r.method === "POST" && r.path === "/problemset/submit")!;
    expect(cf.query.get("csrf_token")).toBe(cf.fields.csrf_token);
    expect(cf.fields).toMatchObject({ action: "submitSolutionFormSubmitted", submittedProblemCode: "1A", programTypeId: "54", tabSize: "4" });
    const gym = sites.requests.GYM.find((r) => r.method === "POST" && r.path === "/gym/100001/submit")!;
    expect(gym.fields).toMatchObject({ submittedProblemIndex: "A", programTypeId: "54" });
  });

  it("POJ: login fields and the encoded source", () => {
    expect(fields("POJ", /^\/login$/)[0]).toEqual({ user_id1: "alice", password1: "alice-pw", B1: "login", url: "/" });
    const submit = fields("POJ", /^\/submit$/)[0];
    expect(submit).toMatchObject({ problem_id: "1000", language: "0", encoded: "1", submit: "Submit" });
    expect(Buffer.from(String(submit.source), "base64").toString()).toContain("accepted");
  });

  it("AtCoder: csrf_token in login and submit, the task and language", () => {
    expect(fields("AC", /^\/login$/)[0]).toMatchObject({ username: "alice", password: "alice-pw" });
    expect(fields("AC", /^\/login$/)[0].csrf_token).toMatch(/^[0-9a-f]{32}$/);
    expect(fields("AC", /submit$/)[0]).toMatchObject({ "data.TaskScreenName": "abc300_a", "data.LanguageId": "5001" });
  });

  it("SPOJ: login fields and the multipart submit", () => {
    expect(fields("SPOJ", /^\/login\/$/)[0]).toEqual({ next_raw: "/", autologin: "1", login_user: "alice", password: "alice-pw" });
    const submit = sites.requests.SPOJ.find((r) => r.method === "POST" && r.path === "/submit/complete/")!;
    expect(String(submit.headers["content-type"])).toMatch(/^multipart\/form-data/);
    expect(submit.fields).toMatchObject({ problemcode: "TEST", lang: "44" });
  });

  it("HOJ: JSON login, then the token on every call", () => {
    expect(fields("HOJ", /^\/api\/login$/)[0]).toEqual({ username: "alice", password: "alice-pw" });
    const submit = sites.requests.HOJ.find((r) => r.path === "/api/submit-problem-judge")!;
    expect(submit.headers.authorization).toMatch(/^hoj-/);
    expect(submit.json).toMatchObject({ pid: "1000", language: "C", cid: 0 });
  });
});

describe("failures", () => {
  it("a refused login ends as Submitted Failed with the reason, and kept cookies are dropped", async () => {
    await redis.set(`${prefix()}${REMOTE_ACCOUNTS_KEY}:POJ`, JSON.stringify([{ username: "alice", password: "wrong" }]));
    await redis.del(`${prefix()}${REMOTE_COOKIES_KEY}:POJ:alice`);
    try {
      const { final } = await judge(task("POJ", "1000", "int main() {}"));
      expect(final.status).toBe(JudgeStatus.SUBMITTED_FAILED);
      expect(final.errorMessage).toMatch(/POJ refused the login of alice/);
      expect(await redis.get(`${prefix()}${REMOTE_COOKIES_KEY}:POJ:alice`)).toBeNull();
    } finally {
      await redis.set(`${prefix()}${REMOTE_ACCOUNTS_KEY}:POJ`, JSON.stringify([ACCOUNT]));
    }
  });

  it("no account for the OJ, or every account busy past the wait: Submitted Failed", async () => {
    await redis.del(`${prefix()}${REMOTE_ACCOUNTS_KEY}:SPOJ`);
    const none = await judge(task("SPOJ", "TEST", "x"));
    expect(none.final.status).toBe(JudgeStatus.SUBMITTED_FAILED);
    expect(none.final.errorMessage).toMatch(/No SPOJ account/);
    await redis.set(`${prefix()}${REMOTE_ACCOUNTS_KEY}:SPOJ`, JSON.stringify([ACCOUNT]));
    await redis.set(`${prefix()}${REMOTE_LOCK_KEY}:SPOJ:alice`, "someone-else", "PX", 5000);
    const busy = await judge(task("SPOJ", "TEST", "x"));
    expect(busy.final.status).toBe(JudgeStatus.SUBMITTED_FAILED);
    expect(busy.final.errorMessage).toMatch(/busy/);
    await redis.del(`${prefix()}${REMOTE_LOCK_KEY}:SPOJ:alice`);
  });

  it("a run the remote judge never finishes ends as Submitted Failed after the remote timeout", async () => {
    const slow = makeWorker({ timeoutMs: 300 });
    sites.judgeMs = 60_000;
    try {
      const final = await slow.judge(task("HDU", "1000", "int main() {}"), async () => undefined, new AbortController().signal);
      expect(final.status).toBe(JudgeStatus.SUBMITTED_FAILED);
      expect(final.errorMessage).toMatch(/gave no verdict/);
    } finally {
      sites.judgeMs = 300;
    }
  });

  it("a language the OJ does not take is refused without reaching it", async () => {
    const before = sites.requests.HDU.length;
    const { final } = await judge(task("HDU", "1000", "x", { language: "Rust" }));
    expect(final.status).toBe(JudgeStatus.SUBMITTED_FAILED);
    expect(sites.requests.HDU.length).toBe(before);
  });
});
