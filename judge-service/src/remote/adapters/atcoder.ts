import { JudgeStatus } from "../../../../app/lib/constants";
import type { RemoteProblemData } from "../../../../app/lib/judge-protocol";
import { atcoderContestOf } from "../../../../app/lib/remote-oj";
import { allInner, innerOf, inputValue, preText, tableRows, textOf } from "../html";
import type { RemoteHttp } from "../http";
import { RemoteError } from "../errors";
import { type PollResult, type RemoteAdapter, type RemoteSession, type SubmitRequest } from "../types";
import { memoryKb, timeMs, verdictFrom } from "./common";

// AtCoder (atcoder.jp): the login form and the submit form carry the page's csrf_token; a task is
// submitted as data.TaskScreenName with data.LanguageId and sourceCode to its contest's /submit,
// which lands on the account's submissions (submissions/me); a run's page has the status label,
// exec time and memory; statements are the English half (span.lang-en) of the task page.

const VERDICTS: ReadonlyArray<[string, number]> = [
  ["ac", JudgeStatus.ACCEPTED],
  ["wa", JudgeStatus.WRONG_ANSWER],
  ["tle", JudgeStatus.TIME_LIMIT_EXCEEDED],
  ["mle", JudgeStatus.MEMORY_LIMIT_EXCEEDED],
  ["re", JudgeStatus.RUNTIME_ERROR],
  ["ole", JudgeStatus.RUNTIME_ERROR],
  ["ce", JudgeStatus.COMPILE_ERROR],
  ["ie", JudgeStatus.SYSTEM_ERROR],
];

function csrf(html: string): string {
  if (/cf-turnstile|g-recaptcha/i.test(html)) throw new RemoteError("captcha", "AtCoder asked for a captcha");
  const token = inputValue(html, "csrf_token");
  if (!token) throw new RemoteError("unavailable", "AtCoder's page carries no csrf_token");
  return token;
}

function sections(html: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const sec of allInner(html, /<section\b[^>]*>/i)) {
    const h3 = /<h3[^>]*>([\s\S]*?)<\/h3>/i.exec(sec);
    if (!h3) continue;
    out.set(textOf(h3[1]).toLowerCase(), sec.slice((h3.index ?? 0) + h3[0].length));
  }
  return out;
}

export const atcoder: RemoteAdapter = {
  oj: "AC",
  defaultBaseUrl: "https://atcoder.jp/",

  async login(s: RemoteSession) {
    const token = csrf((await s.http.get("login")).text);
    const page = await s.http.post("login", { form: { username: s.account.username, password: s.account.password, csrf_token: token } });
    if (/cf-turnstile|g-recaptcha/i.test(page.text)) throw new RemoteError("captcha", "AtCoder asked for a captcha at login");
    if (new URL(page.url).pathname.startsWith("/login") || /Username or Password is incorrect/i.test(page.text)) throw new RemoteError("login", `AtCoder refused the login of ${s.account.username}`);
  },

  async loggedIn(s: RemoteSession) {
    const page = await s.http.get("home");
    return /form_logout/i.test(page.text);
  },

  async fetchProblem(http: RemoteHttp, remoteId: string): Promise<RemoteProblemData> {
    const contest = atcoderContestOf(remoteId);
    const page = await http.get(`contests/${contest}/tasks/${remoteId}`);
    const title = innerOf(page.text, /<span[^>]*class=["']h2["']/i);
    if (page.status === 404 || !title) throw new RemoteError("not-found", `AtCoder has no task ${remoteId}`);
    const limits = /Time Limit:\s*([\d.]+)\s*sec\s*\/\s*Memory Limit:\s*(\d+)\s*MB/i.exec(textOf(page.text));
    const statement = innerOf(page.text, /<span[^>]*class=["']lang-en["']/i)?.inner ?? innerOf(page.text, /<span[^>]*class=["']lang-ja["']/i)?.inner ?? "";
    const s = sections(statement);
    const examples: RemoteProblemData["examples"] = [];
    for (let i = 1; s.has(`sample input ${i}`); i++) {
      const pre = (k: string) => preText(innerOf(s.get(k) ?? "", /<pre\b[^>]*>/i)?.inner ?? "");
      examples.push({ input: pre(`sample input ${i}`), output: pre(`sample output ${i}`) });
    }
    const inputFormat = s.get("input") ?? "";
    return {
      title: textOf(title.inner).replace(/^[A-Z]\d?\s*-\s*/, "").replace(/\s*Editorial$/, ""),
      description: [textOf(s.get("problem statement") ?? ""), s.has("constraints") ? `Constraints\n\n${textOf(s.get("constraints")!)}` : ""].filter(Boolean).join("\n\n"),
      input: textOf(inputFormat),
      output: textOf(s.get("output") ?? ""),
      hint: "",
      source: `AtCoder ${contest}`,
      timeLimit: limits ? Math.round(Number(limits[1]) * 1000) : 2000,
      memoryLimit: limits ? Number(limits[2]) : 1024,
      examples,
    };
  },

  async submit(s: RemoteSession, req: SubmitRequest) {
    const contest = atcoderContestOf(req.remoteId);
    const form = await s.http.get(`contests/${contest}/submit`);
    if (new URL(form.url).pathname.startsWith("/login")) throw new RemoteError("login", "AtCoder asked to sign in again");
    const token = csrf(form.text);
    const page = await s.http.post(`contests/${contest}/submit`, {
      form: { "data.TaskScreenName": req.remoteId, "data.LanguageId": req.language, sourceCode: req.code, csrf_token: token },
    });
    const alert = /<div[^>]*class=["'][^"']*alert-danger[^"']*["'][^>]*>([\s\S]*?)<\/div>/i.exec(page.text);
    if (alert) throw new RemoteError("rejected", `AtCoder refused the submission: ${textOf(alert[1]).replace(/^×\s*/, "")}`);
    const id = new RegExp(`/contests/${contest}/submissions/(\\d+)`).exec(page.text)?.[1];
    if (!id) throw new RemoteError("rejected", "AtCoder did not list the submission after it was sent");
    return id;
  },

  async poll(s: RemoteSession, req: { remoteId: string; runId: string }): Promise<PollResult> {
    const contest = atcoderContestOf(req.remoteId);
    const page = await s.http.get(`contests/${contest}/submissions/${req.runId}`);
    if (page.status === 404) throw new RemoteError("unavailable", `AtCoder no longer shows run ${req.runId}`);
    const info = new Map<string, string>();
    for (const row of tableRows(page.text)) if (row.length === 2) info.set(row[0].toLowerCase(), row[1]);
    const raw = info.get("status") ?? "";
    // WJ (waiting), WR (rejudge waiting) and "3/12 WA" style progress are not final.
    if (!raw || /^(WJ|WR)$/i.test(raw) || /\d+\s*\/\s*\d+/.test(raw)) return { done: false, raw: raw || "WJ" };
    let message = "";
    if (/^CE$/i.test(raw)) {
      const ce = /<h4>Compile Error<\/h4>\s*<pre\b[^>]*>([\s\S]*?)<\/pre>/i.exec(page.text);
      message = ce ? preText(ce[1]) : "";
    }
    return { done: true, raw, time: timeMs(info.get("exec time") ?? ""), memory: memoryKb(info.get("memory") ?? ""), message };
  },

  // The label is the last word ("WA", or "3/12 WA" while judging).
  mapVerdict: (raw) => verdictFrom(VERDICTS, raw.trim().split(/\s+/).pop() ?? ""),
};
