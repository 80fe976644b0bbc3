import { JudgeStatus } from "../../../../app/lib/constants";
import type { RemoteProblemData } from "../../../../app/lib/judge-protocol";
import { splitContestIndex } from "../../../../app/lib/remote-oj";
import { allInner, innerOf, inputValue, metaContent, preText, textOf } from "../html";
import type { RemoteHttp } from "../http";
import { RemoteError } from "../errors";
import { type PollResult, type RemoteAdapter, type RemoteSession, type SubmitRequest } from "../types";
import { randomHex, verdictFrom } from "./common";

// Codeforces and its gym (codeforces.com): the login form at /enter and the submit forms carry the
// CSRF token of the page (meta X-Csrf-Token, input csrf_token) with ftaa/bfaa; the problemset's
// submit names the problem by code ("1A"), a gym's by index; runs are read back from the official
// API (api/user.status); statements from div.problem-statement.

const VERDICTS: ReadonlyArray<[string, number]> = [
  ["ok", JudgeStatus.ACCEPTED],
  ["partial", JudgeStatus.PARTIAL_ACCEPTED],
  ["compilation_error", JudgeStatus.COMPILE_ERROR],
  ["runtime_error", JudgeStatus.RUNTIME_ERROR],
  ["wrong_answer", JudgeStatus.WRONG_ANSWER],
  ["presentation_error", JudgeStatus.PRESENTATION_ERROR],
  ["time_limit_exceeded", JudgeStatus.TIME_LIMIT_EXCEEDED],
  ["memory_limit_exceeded", JudgeStatus.MEMORY_LIMIT_EXCEEDED],
  ["idleness_limit_exceeded", JudgeStatus.TIME_LIMIT_EXCEEDED],
  ["security_violated", JudgeStatus.RUNTIME_ERROR],
  ["crashed", JudgeStatus.SYSTEM_ERROR],
  ["input_preparation_crashed", JudgeStatus.SYSTEM_ERROR],
  ["challenged", JudgeStatus.WRONG_ANSWER],
  ["skipped", JudgeStatus.SUBMITTED_FAILED],
  ["rejected", JudgeStatus.SUBMITTED_FAILED],
  ["failed", JudgeStatus.SYSTEM_ERROR],
];

interface ApiSubmission {
  id: number;
  verdict?: string;
  timeConsumedMillis?: number;
  memoryConsumedBytes?: number;
}

function csrfOf(html: string): string {
  const token = metaContent(html, "X-Csrf-Token") ?? inputValue(html, "csrf_token");
  if (!token) {
    if (/cf-turnstile|g-recaptcha|challenge-platform/i.test(html)) throw new RemoteError("captcha", "Codeforces asked for a captcha");
    throw new RemoteError("unavailable", "Codeforces' page carries no CSRF token");
  }
  return token;
}

function statement(html: string, what: string): RemoteProblemData {
  const st = innerOf(html, /<div[^>]*class=["'][^"']*\bproblem-statement\b/i);
  if (!st) throw new RemoteError("not-found", `Codeforces has no problem ${what}`);
  const part = (cls: string) => innerOf(st.inner, new RegExp(`<div[^>]*class=["'][^"']*\\b${cls}\\b`, "i"))?.inner ?? "";
  const dropTitle = (h: string) => h.replace(/<div[^>]*class=["']section-title["'][^>]*>[\s\S]*?<\/div>/i, "");
  const math = (t: string) => t.replace(/\$\$\$/g, "$");
  const header = part("header");
  const title = textOf(innerOf(header, /<div[^>]*class=["']title["']/i)?.inner ?? "").replace(/^[A-Z]\d?\.\s*/, "");
  const limit = (cls: string) => textOf((innerOf(header, new RegExp(`<div[^>]*class=["']${cls}["']`, "i"))?.inner ?? "").replace(/<div[^>]*class=["']property-title["'][^>]*>[\s\S]*?<\/div>/i, ""));
  // The legend is the first plain <div> after the header.
  const afterHeader = st.inner.slice(st.inner.indexOf(header) + header.length);
  const legend = innerOf(afterHeader, /<div>/i)?.inner ?? "";
  const samples = part("sample-test");
  const ins = allInner(samples, /<div[^>]*class=["']input["']/i).map((d) => preText(innerOf(d, /<pre\b[^>]*>/i)?.inner ?? ""));
  const outs = allInner(samples, /<div[^>]*class=["']output["']/i).map((d) => preText(innerOf(d, /<pre\b[^>]*>/i)?.inner ?? ""));
  const seconds = Number(/(\d+(?:\.\d+)?)\s*second/.exec(limit("time-limit"))?.[1] ?? 1);
  return {
    title,
    description: math(textOf(legend)),
    input: math(textOf(dropTitle(part("input-specification")))),
    output: math(textOf(dropTitle(part("output-specification")))),
    hint: math(textOf(dropTitle(part("note")))),
    source: "Codeforces",
    timeLimit: Math.round(seconds * 1000),
    memoryLimit: Number(/(\d+)\s*megabyte/.exec(limit("memory-limit"))?.[1] ?? 256),
    examples: ins.map((input, i) => ({ input, output: outs[i] ?? "" })),
  };
}

function makeAdapter(oj: "CF" | "GYM"): RemoteAdapter {
  const submitPath = (remoteId: string) => {
    const { contest } = splitContestIndex(remoteId);
    return oj === "CF" ? "problemset/submit" : `gym/${contest}/submit`;
  };
  return {
    oj,
    defaultBaseUrl: "https://codeforces.com/",

    async login(s: RemoteSession) {
      const form = await s.http.get("enter");
      const csrf = csrfOf(form.text);
      const page = await s.http.post("enter", {
        form: {
          csrf_token: csrf,
          action: "enter",
          ftaa: randomHex(18),
          bfaa: randomHex(32),
          handleOrEmail: s.account.username,
          password: s.account.password,
          _tta: "176",
          remember: "on",
        },
      });
      if (/Invalid handle\/email or password/i.test(page.text)) throw new RemoteError("login", `Codeforces refused the login of ${s.account.username}`);
      if (/cf-turnstile|g-recaptcha/i.test(page.text)) throw new RemoteError("captcha", "Codeforces asked for a captcha at login");
      if (!(await this.loggedIn(s))) throw new RemoteError("login", `Codeforces did not sign ${s.account.username} in`);
    },

    async loggedIn(s: RemoteSession) {
      const page = await s.http.get("");
      return /\/logout["']/i.test(page.text);
    },

    async fetchProblem(http: RemoteHttp, remoteId: string) {
      const { contest, index } = splitContestIndex(remoteId);
      const page = await http.get(oj === "CF" ? `problemset/problem/${contest}/${index}` : `gym/${contest}/problem/${index}`);
      const p = statement(page.text, remoteId);
      return { ...p, source: oj === "CF" ? `Codeforces ${contest}` : `Codeforces Gym ${contest}` };
    },

    async submit(s: RemoteSession, req: SubmitRequest) {
      const { contest, index } = splitContestIndex(req.remoteId);
      const path = submitPath(req.remoteId);
      const form = await s.http.get(path);
      if (/\/enter\b/.test(new URL(form.url).pathname)) throw new RemoteError("login", "Codeforces asked to sign in again");
      const csrf = csrfOf(form.text);
      const fields: Record<string, string> = {
        csrf_token: csrf,
        ftaa: randomHex(18),
        bfaa: randomHex(32),
        action: "submitSolutionFormSubmitted",
        programTypeId: req.language,
        source: req.code,
        tabSize: "4",
        sourceFile: "",
        _tta: "176",
      };
      if (oj === "CF") fields.submittedProblemCode = `${contest}${index}`;
      else fields.submittedProblemIndex = index;
      const page = await s.http.post(`${path}?csrf_token=${encodeURIComponent(csrf)}`, { form: fields });
      const error = /<span[^>]*class=["']error for__\w+["'][^>]*>([\s\S]*?)<\/span>/i.exec(page.text);
      if (error && textOf(error[1])) throw new RemoteError("rejected", `Codeforces refused the submission: ${textOf(error[1])}`);
      // Sent to the list of the account's runs, newest first.
      const id = /data-submission-id=["'](\d+)["']/i.exec(page.text)?.[1];
      if (!id) throw new RemoteError("rejected", "Codeforces did not list the submission after it was sent");
      return id;
    },

    async poll(s: RemoteSession, req: { remoteId: string; runId: string }): Promise<PollResult> {
      const api = await s.http.json<{ status: string; comment?: string; result?: ApiSubmission[] }>(
        `api/user.status?handle=${encodeURIComponent(s.account.username)}&from=1&count=50`,
      );
      if (api.status !== "OK") {
        if (/limit exceeded/i.test(api.comment ?? "")) throw new RemoteError("rate-limit", `Codeforces API: ${api.comment}`);
        throw new RemoteError("unavailable", `Codeforces API: ${api.comment ?? api.status}`);
      }
      const run = api.result?.find((r) => String(r.id) === req.runId);
      if (!run) throw new RemoteError("unavailable", `Codeforces no longer lists run ${req.runId}`);
      const raw = run.verdict ?? "";
      if (raw === "" || raw === "TESTING") return { done: false, raw: raw || "IN_QUEUE" };
      let message = "";
      if (raw === "COMPILATION_ERROR") {
        const csrf = csrfOf((await s.http.get(oj === "CF" ? "problemset/status" : `gym/${splitContestIndex(req.remoteId).contest}/my`)).text);
        const info = await s.http.json<{ checkerStdoutAndStderr?: Record<string, string> }>("data/submitSource", { method: "POST", form: { submissionId: req.runId, csrf_token: csrf } }).catch(() => null);
        message = info?.checkerStdoutAndStderr?.["#1"] ?? "";
      }
      return { done: true, raw, time: run.timeConsumedMillis ?? 0, memory: Math.round((run.memoryConsumedBytes ?? 0) / 1024), message };
    },

    mapVerdict: (raw) => verdictFrom(VERDICTS, raw),
  };
}

export const codeforces = makeAdapter("CF");
export const gym = makeAdapter("GYM");
