import { JudgeStatus } from "../../../../app/lib/constants";
import type { RemoteProblemData } from "../../../../app/lib/judge-protocol";
import { innerOf, inputValue, preText, tableRows, textOf } from "../html";
import type { RemoteHttp } from "../http";
import { RemoteError } from "../errors";
import { type PollResult, type RemoteAdapter, type RemoteSession, type SubmitRequest } from "../types";
import { isRunning, memoryKb, timeMs, verdictFrom } from "./common";

// Sphere Online Judge (www.spoj.com): form login (login_user, password, autologin, next_raw), the
// multipart submit form at /submit/complete/ (problemcode, lang, file) whose answer carries the new
// run id (input newSubmissionId), the account's runs of a problem at /status/<code>,<user>/ with
// cells statusres_<id>, statustime_<id>, statusmem_<id>, problems at /problems/<code>/.

const VERDICTS: ReadonlyArray<[string, number]> = [
  ["accepted", JudgeStatus.ACCEPTED],
  ["wrong answer", JudgeStatus.WRONG_ANSWER],
  ["time limit exceeded", JudgeStatus.TIME_LIMIT_EXCEEDED],
  ["memory limit exceeded", JudgeStatus.MEMORY_LIMIT_EXCEEDED],
  ["runtime error", JudgeStatus.RUNTIME_ERROR],
  ["compilation error", JudgeStatus.COMPILE_ERROR],
  ["internal error", JudgeStatus.SYSTEM_ERROR],
];
const RUNNING = ["waiting", "compiling", "running", "queued"];

function cell(html: string, name: string, runId: string): string {
  const found = innerOf(html, new RegExp(`<td[^>]*id=["']${name}_${runId}["']`, "i"));
  return found ? textOf(found.inner) : "";
}

export const spoj: RemoteAdapter = {
  oj: "SPOJ",
  defaultBaseUrl: "https://www.spoj.com/",

  async login(s: RemoteSession) {
    const page = await s.http.post("login/", { form: { next_raw: "/", autologin: "1", login_user: s.account.username, password: s.account.password } });
    if (/Authentication failed/i.test(page.text)) throw new RemoteError("login", `SPOJ refused the login of ${s.account.username}`);
    if (/g-recaptcha|cf-turnstile/i.test(page.text)) throw new RemoteError("captcha", "SPOJ asked for a captcha at login");
    if (!(await this.loggedIn(s))) throw new RemoteError("login", `SPOJ did not sign ${s.account.username} in`);
  },

  async loggedIn(s: RemoteSession) {
    const page = await s.http.get("");
    return /href=["'][^"']*\/logout/i.test(page.text);
  },

  async fetchProblem(http: RemoteHttp, remoteId: string): Promise<RemoteProblemData> {
    const page = await http.get(`problems/${encodeURIComponent(remoteId)}/`);
    const name = innerOf(page.text, /<h2[^>]*id=["']problem-name["']/i);
    const body = innerOf(page.text, /<div[^>]*id=["']problem-body["']/i);
    if (!name || !body) throw new RemoteError("not-found", `SPOJ has no problem ${remoteId}`);
    const meta = new Map<string, string>();
    const metaTable = innerOf(page.text, /<table[^>]*id=["']problem-meta["']/i);
    for (const row of tableRows(metaTable?.inner ?? "")) if (row.length >= 2) meta.set(row[0].replace(/:$/, "").toLowerCase(), row[1]);
    // Paragraphs up to the first <h3> are the statement; then Input, Output, Example.
    const parts = body.inner.split(/<h3[^>]*>([\s\S]*?)<\/h3>/i);
    const named = new Map<string, string>();
    for (let i = 1; i + 1 < parts.length; i += 2) named.set(textOf(parts[i]).toLowerCase(), parts[i + 1]);
    const example = innerOf(named.get("example") ?? "", /<pre\b[^>]*>/i)?.inner ?? "";
    const io = /<(?:b|strong)>\s*Input:?\s*<\/(?:b|strong)>([\s\S]*?)<(?:b|strong)>\s*Output:?\s*<\/(?:b|strong)>([\s\S]*)/i.exec(example);
    return {
      title: textOf(name.inner).replace(/^[A-Z0-9_]+\s*-\s*/, ""),
      description: textOf(parts[0]),
      input: textOf(named.get("input") ?? ""),
      output: textOf(named.get("output") ?? ""),
      hint: "",
      source: textOf(meta.get("resource") ?? "SPOJ"),
      timeLimit: timeMs(meta.get("time limit") ?? "1s", true),
      memoryLimit: Math.max(1, Math.round(memoryKb(meta.get("memory limit") ?? "1536MB") / 1024)),
      examples: io ? [{ input: preText(io[1]), output: preText(io[2]) }] : [],
    };
  },

  async submit(s: RemoteSession, req: SubmitRequest) {
    const page = await s.http.post("submit/complete/", { multipart: { problemcode: req.remoteId, lang: req.language, file: req.code, submit: "Submit!" } });
    if (/name=["']login_user["']/i.test(page.text)) throw new RemoteError("login", "SPOJ asked to sign in again");
    const id = inputValue(page.text, "newSubmissionId");
    if (!id) {
      const why = /<p[^>]*class=["'][^"']*text-danger[^"']*["'][^>]*>([\s\S]*?)<\/p>/i.exec(page.text);
      throw new RemoteError("rejected", `SPOJ refused the submission${why ? `: ${textOf(why[1])}` : ""}`);
    }
    return id;
  },

  async poll(s: RemoteSession, req: { remoteId: string; runId: string }): Promise<PollResult> {
    const page = await s.http.get(`status/${encodeURIComponent(req.remoteId)},${encodeURIComponent(s.account.username)}/`);
    const raw = cell(page.text, "statusres", req.runId);
    if (!new RegExp(`statusres_${req.runId}\\b`).test(page.text)) throw new RemoteError("unavailable", `SPOJ no longer lists run ${req.runId}`);
    if (isRunning(RUNNING, raw)) return { done: false, raw: raw || "waiting" };
    let message = "";
    if (/^compilation error/i.test(raw)) {
      const info = await s.http.get(`error/${req.runId}/`);
      const pre = innerOf(info.text, /<pre\b[^>]*>/i);
      message = pre ? preText(pre.inner) : "";
    }
    return { done: true, raw, time: timeMs(cell(page.text, "statustime", req.runId), true), memory: memoryKb(cell(page.text, "statusmem", req.runId)), message };
  },

  mapVerdict: (raw) => verdictFrom(VERDICTS, raw),
};
