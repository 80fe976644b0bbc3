import { JudgeStatus } from "../../../../app/lib/constants";
import type { RemoteProblemData } from "../../../../app/lib/judge-protocol";
import { innerOf, preText, tableRows, textOf } from "../html";
import type { RemoteHttp } from "../http";
import { RemoteError } from "../errors";
import { type PollResult, type RemoteAdapter, type RemoteSession, type SubmitRequest } from "../types";
import { base64, isRunning, memoryKb, newRunId, timeMs, verdictFrom } from "./common";

// PKU JudgeOnline (poj.org): form login (user_id1, password1), the submit form (source base64 with
// encoded=1), the status list (table class "a": Run ID, User, Problem, Result, Memory, Time, …),
// problems at problem?id= (div.ptt, p.pst headings with div.ptx, pre.sio samples).

const VERDICTS: ReadonlyArray<[string, number]> = [
  ["accepted", JudgeStatus.ACCEPTED],
  ["wrong answer", JudgeStatus.WRONG_ANSWER],
  ["presentation error", JudgeStatus.PRESENTATION_ERROR],
  ["compile error", JudgeStatus.COMPILE_ERROR],
  ["runtime error", JudgeStatus.RUNTIME_ERROR],
  ["time limit exceeded", JudgeStatus.TIME_LIMIT_EXCEEDED],
  ["memory limit exceeded", JudgeStatus.MEMORY_LIMIT_EXCEEDED],
  ["output limit exceeded", JudgeStatus.RUNTIME_ERROR],
  ["system error", JudgeStatus.SYSTEM_ERROR],
  ["validator error", JudgeStatus.SYSTEM_ERROR],
];
const RUNNING = ["waiting", "compiling", "running", "queuing"];

/** Rows: [run id, user, problem, result, memory, time, language, length, submit time]. */
async function runs(http: RemoteHttp, user: string, pid: string, top = ""): Promise<string[][]> {
  const page = await http.get(`status?problem_id=${encodeURIComponent(pid)}&user_id=${encodeURIComponent(user)}&result=&language=${top ? `&top=${top}` : ""}`);
  const table = innerOf(page.text, /<table[^>]*class=["']?a\b/i);
  if (!table) throw new RemoteError("unavailable", "POJ's status page has no status table");
  return tableRows(table.inner).filter((r) => /^\d+$/.test(r[0] ?? ""));
}

export const poj: RemoteAdapter = {
  oj: "POJ",
  defaultBaseUrl: "http://poj.org/",

  async login(s: RemoteSession) {
    await s.http.post("login", { form: { user_id1: s.account.username, password1: s.account.password, B1: "login", url: "/" } });
    if (!(await this.loggedIn(s))) throw new RemoteError("login", `POJ refused the login of ${s.account.username}`);
  },

  async loggedIn(s: RemoteSession) {
    const page = await s.http.get("");
    return /href=["']?logout/i.test(page.text);
  },

  async fetchProblem(http: RemoteHttp, remoteId: string): Promise<RemoteProblemData> {
    const page = await http.get(`problem?id=${encodeURIComponent(remoteId)}`);
    const title = innerOf(page.text, /<div[^>]*class=["']?ptt/i);
    if (!title || /Can not find problem/i.test(page.text)) throw new RemoteError("not-found", `POJ has no problem ${remoteId}`);
    const text = textOf(page.text);
    const sections = new Map<string, string>();
    for (const m of page.text.matchAll(/<p class=["']?pst["']?>([\s\S]*?)<\/p>/gi)) {
      const name = textOf(m[1]).toLowerCase();
      const at = (m.index ?? 0) + m[0].length;
      const body = name.startsWith("sample") ? innerOf(page.text, /<pre[^>]*class=["']?sio/i, at) : innerOf(page.text, /<div[^>]*class=["']?ptx/i, at);
      if (body) sections.set(name, name.startsWith("sample") ? preText(body.inner) : textOf(body.inner));
    }
    const input = sections.get("sample input") ?? "";
    const output = sections.get("sample output") ?? "";
    return {
      title: textOf(title.inner),
      description: sections.get("description") ?? "",
      input: sections.get("input") ?? "",
      output: sections.get("output") ?? "",
      hint: sections.get("hint") ?? "",
      source: sections.get("source") ?? "",
      timeLimit: Number(/Time Limit:\s*(\d+)\s*MS/i.exec(text)?.[1] ?? 1000),
      memoryLimit: Math.max(1, Math.round(Number(/Memory Limit:\s*(\d+)\s*K/i.exec(text)?.[1] ?? 65536) / 1024)),
      examples: input || output ? [{ input, output }] : [],
    };
  },

  async submit(s: RemoteSession, req: SubmitRequest) {
    const before = (await runs(s.http, s.account.username, req.remoteId)).map((r) => r[0]);
    const page = await s.http.post("submit", {
      form: { problem_id: req.remoteId, language: req.language, source: base64(req.code), submit: "Submit", encoded: "1" },
    });
    if (/Please login first/i.test(page.text)) throw new RemoteError("login", "POJ asked to sign in again");
    if (/Error Occurred/i.test(page.text)) {
      const li = /<li>([\s\S]*?)<\/li>/i.exec(page.text);
      throw new RemoteError("rejected", `POJ refused the submission: ${li ? textOf(li[1]) : "error"}`);
    }
    const after = (await runs(s.http, s.account.username, req.remoteId)).map((r) => r[0]);
    return newRunId(before, after);
  },

  async poll(s: RemoteSession, req: { remoteId: string; runId: string }): Promise<PollResult> {
    const row = (await runs(s.http, s.account.username, req.remoteId, String(Number(req.runId) + 1))).find((r) => r[0] === req.runId);
    if (!row) throw new RemoteError("unavailable", `POJ no longer lists run ${req.runId}`);
    const raw = row[3];
    if (isRunning(RUNNING, raw)) return { done: false, raw };
    let message = "";
    if (/^compile error/i.test(raw)) {
      const page = await s.http.get(`showcompileinfo?solution_id=${req.runId}`);
      const pre = innerOf(page.text, /<pre\b[^>]*>/i);
      message = pre ? preText(pre.inner) : "";
    }
    return { done: true, raw, time: timeMs(row[5]), memory: memoryKb(row[4]), message };
  },

  mapVerdict: (raw) => verdictFrom(VERDICTS, raw),
};
