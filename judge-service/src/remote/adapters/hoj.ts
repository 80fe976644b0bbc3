import { JudgeStatus, RUNNING_STATUSES } from "../../../../app/lib/constants";
import type { RemoteProblemData } from "../../../../app/lib/judge-protocol";
import { decodeEntities } from "../html";
import type { RemoteHttp } from "../http";
import { RemoteError } from "../errors";
import { type PollResult, type RemoteAdapter, type RemoteSession, type SubmitRequest } from "../types";

// Another HOJ, through the JSON API its own client uses (under /api): POST /api/login answers the
// token in the Authorization header; /api/get-problem-detail, /api/submit-problem-judge and
// /api/get-submission-detail carry it back. Its status codes are ours (spec section 4).

interface Envelope<T> {
  status: number;
  msg?: string;
  data: T;
}

interface HojProblem {
  title: string;
  description?: string;
  input?: string;
  output?: string;
  hint?: string;
  source?: string;
  timeLimit?: number;
  memoryLimit?: number;
  examples?: string;
}

/** HOJ keeps samples as "<input>…</input><output>…</output>" pairs. */
function examplesOf(text: string): RemoteProblemData["examples"] {
  const out: RemoteProblemData["examples"] = [];
  for (const m of text.matchAll(/<input>([\s\S]*?)<\/input>\s*<output>([\s\S]*?)<\/output>/g)) out.push({ input: decodeEntities(m[1]), output: decodeEntities(m[2]) });
  return out;
}

function checked<T>(answer: Envelope<T>, what: string): T {
  if (answer.status === 401 || answer.status === 403) throw new RemoteError("login", `the remote HOJ refused ${what}: ${answer.msg ?? answer.status}`);
  if (answer.status === 429) throw new RemoteError("rate-limit", `the remote HOJ: ${answer.msg ?? "too many requests"}`);
  if (answer.status !== 200) throw new RemoteError("rejected", `the remote HOJ refused ${what}: ${answer.msg ?? answer.status}`);
  return answer.data;
}

export const hoj: RemoteAdapter = {
  oj: "HOJ",
  // There is no one public HOJ: REMOTE_JUDGE_URL_HOJ names the one to use.
  defaultBaseUrl: "",

  async login(s: RemoteSession) {
    const res = await s.http.request("api/login", { method: "POST", json: { username: s.account.username, password: s.account.password }, headers: { "Url-Type": "general" } });
    let body: Envelope<unknown>;
    try {
      body = JSON.parse(res.text) as Envelope<unknown>;
    } catch {
      throw new RemoteError("unavailable", `the remote HOJ answered ${res.status} to the login`);
    }
    if (body.status !== 200) throw new RemoteError(body.status === 429 ? "rate-limit" : "login", `the remote HOJ refused the login of ${s.account.username}: ${body.msg ?? body.status}`);
    const token = res.headers.get("authorization");
    if (!token) throw new RemoteError("login", "the remote HOJ gave no token at login");
    s.http.headers.Authorization = token;
    s.http.headers["Url-Type"] = "general";
  },

  async loggedIn(s: RemoteSession) {
    if (!s.http.headers.Authorization) return false;
    const res = await s.http.json<Envelope<unknown>>("api/get-user-auth-info");
    return res.status === 200;
  },

  async fetchProblem(http: RemoteHttp, remoteId: string): Promise<RemoteProblemData> {
    if (!http.baseUrl) throw new RemoteError("unavailable", "REMOTE_JUDGE_URL_HOJ is not set");
    const res = await http.json<Envelope<{ problem: HojProblem } | null>>(`api/get-problem-detail?problemId=${encodeURIComponent(remoteId)}`);
    if (res.status !== 200 || !res.data?.problem) throw new RemoteError("not-found", `the remote HOJ has no problem ${remoteId}${res.msg ? `: ${res.msg}` : ""}`);
    const p = res.data.problem;
    return {
      title: p.title,
      description: p.description ?? "",
      input: p.input ?? "",
      output: p.output ?? "",
      hint: p.hint ?? "",
      source: p.source ?? "",
      timeLimit: p.timeLimit ?? 1000,
      memoryLimit: p.memoryLimit ?? 256,
      examples: examplesOf(p.examples ?? ""),
    };
  },

  async submit(s: RemoteSession, req: SubmitRequest) {
    const res = await s.http.json<Envelope<{ submitId: number } | null>>("api/submit-problem-judge", {
      method: "POST",
      json: { pid: req.remoteId, language: req.language, code: req.code, cid: 0, tid: null, gid: null, isRemote: false },
    });
    const data = checked(res, "the submission");
    if (!data?.submitId) throw new RemoteError("rejected", "the remote HOJ gave no submission id");
    return String(data.submitId);
  },

  async poll(s: RemoteSession, req: { remoteId: string; runId: string }): Promise<PollResult> {
    const res = await s.http.json<Envelope<{ submission: { status: number; time?: number; memory?: number; errorMessage?: string } } | null>>(
      `api/get-submission-detail?submitId=${encodeURIComponent(req.runId)}`,
    );
    const sub = checked(res, "the status")?.submission;
    if (!sub) throw new RemoteError("unavailable", `the remote HOJ no longer shows run ${req.runId}`);
    if (RUNNING_STATUSES.has(sub.status)) return { done: false, raw: String(sub.status) };
    return { done: true, raw: String(sub.status), time: sub.time ?? 0, memory: sub.memory ?? 0, message: sub.errorMessage ?? "" };
  },

  mapVerdict(raw) {
    const status = Number(raw);
    // Its verdicts are ours; "Submitted Unknown Result" or anything else we cannot take is Submitted Failed.
    const known = [
      JudgeStatus.ACCEPTED,
      JudgeStatus.WRONG_ANSWER,
      JudgeStatus.PRESENTATION_ERROR,
      JudgeStatus.COMPILE_ERROR,
      JudgeStatus.TIME_LIMIT_EXCEEDED,
      JudgeStatus.MEMORY_LIMIT_EXCEEDED,
      JudgeStatus.RUNTIME_ERROR,
      JudgeStatus.SYSTEM_ERROR,
      JudgeStatus.PARTIAL_ACCEPTED,
    ] as number[];
    return known.includes(status) ? status : JudgeStatus.SUBMITTED_FAILED;
  },
};
