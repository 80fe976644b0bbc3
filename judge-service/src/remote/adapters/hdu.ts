import { JudgeStatus } from "../../../../app/lib/constants";
import type { RemoteProblemData } from "../../../../app/lib/judge-protocol";
import { innerOf, preText, tableRows, textOf } from "../html";
import type { RemoteHttp } from "../http";
import { RemoteError } from "../errors";
import { type PollResult, type RemoteAdapter, type RemoteSession, type SubmitRequest } from "../types";
import { isRunning, memoryKb, newRunId, timeMs, verdictFrom } from "./common";

// HDU Online Judge (acm.hdu.edu.cn): form login (userloginex.php), the submit form (submit.php,
// the code base64-encoded over encodeURIComponent as its page script does), the status list
// filtered by user and problem (status.php, table "table_text"), problems at showproblem.php.

const VERDICTS: ReadonlyArray<[string, number]> = [
  ["accepted", JudgeStatus.ACCEPTED],
  ["wrong answer", JudgeStatus.WRONG_ANSWER],
  ["presentation error", JudgeStatus.PRESENTATION_ERROR],
  ["compilation error", JudgeStatus.COMPILE_ERROR],
  ["runtime error", JudgeStatus.RUNTIME_ERROR],
  ["time limit exceeded", JudgeStatus.TIME_LIMIT_EXCEEDED],
  ["memory limit exceeded", JudgeStatus.MEMORY_LIMIT_EXCEEDED],
  ["output limit exceeded", JudgeStatus.RUNTIME_ERROR],
  ["system error", JudgeStatus.SYSTEM_ERROR],
];
const RUNNING = ["queuing", "compiling", "running", "pending", "waiting"];

/** The status rows of a user's runs of a problem: [run id, time, status, pid, time, memory, length, language, author]. */
async function runs(http: RemoteHttp, user: string, pid: string, first = ""): Promise<string[][]> {
  const page = await http.get(`status.php?first=${first}&pid=${encodeURIComponent(pid)}&user=${encodeURIComponent(user)}&lang=0&status=0`);
  const table = innerOf(page.text, /<table[^>]*class=["']?table_text/i);
  if (!table) throw new RemoteError("unavailable", "HDU's status page has no status table");
  return tableRows(table.inner).filter((r) => /^\d+$/.test(r[0] ?? ""));
}

function panels(html: string): Map<string, string> {
  const out = new Map<string, string>();
  let from = 0;
  for (;;) {
    const title = innerOf(html, /<div[^>]*class=["']?panel_title/i, from);
    if (!title) return out;
    const content = innerOf(html, /<div[^>]*class=["']?panel_content/i, title.end);
    if (!content) return out;
    out.set(textOf(title.inner).toLowerCase(), content.inner);
    from = content.end;
  }
}

export const hdu: RemoteAdapter = {
  oj: "HDU",
  defaultBaseUrl: "https://acm.hdu.edu.cn/",

  async login(s: RemoteSession) {
    const page = await s.http.post("userloginex.php?action=login", {
      form: { username: s.account.username, userpass: s.account.password, login: "Sign In" },
    });
    if (/No such user or wrong password/i.test(page.text)) throw new RemoteError("login", `HDU refused the login of ${s.account.username}`);
    if (!(await this.loggedIn(s))) throw new RemoteError("login", `HDU did not sign ${s.account.username} in`);
  },

  async loggedIn(s: RemoteSession) {
    const page = await s.http.get("control_panel.php");
    return /userloginex\.php\?action=logout/i.test(page.text);
  },

  async fetchProblem(http: RemoteHttp, remoteId: string): Promise<RemoteProblemData> {
    const page = await http.get(`showproblem.php?pid=${encodeURIComponent(remoteId)}`);
    const title = innerOf(page.text, /<h1\b[^>]*>/i);
    if (!title || /No such problem/i.test(page.text)) throw new RemoteError("not-found", `HDU has no problem ${remoteId}`);
    const limits = /Time Limit:\s*(\d+)\/(\d+)\s*MS[\s\S]*?Memory Limit:\s*(\d+)\/(\d+)\s*K/i.exec(textOf(page.text));
    const p = panels(page.text);
    const pre = (key: string) => {
      const html = p.get(key);
      const inner = html ? innerOf(html, /<pre\b[^>]*>/i) : null;
      return inner ? preText(inner.inner) : "";
    };
    return {
      title: textOf(title.inner),
      description: textOf(p.get("problem description") ?? ""),
      input: textOf(p.get("input") ?? ""),
      output: textOf(p.get("output") ?? ""),
      hint: textOf(p.get("hint") ?? ""),
      source: textOf(p.get("source") ?? ""),
      // "Java/Others": the second figure is the one for C and C++.
      timeLimit: limits ? Number(limits[2]) : 1000,
      memoryLimit: limits ? Math.max(1, Math.round(Number(limits[4]) / 1024)) : 32,
      examples: pre("sample input") || pre("sample output") ? [{ input: pre("sample input"), output: pre("sample output") }] : [],
    };
  },

  async submit(s: RemoteSession, req: SubmitRequest) {
    const before = (await runs(s.http, s.account.username, req.remoteId)).map((r) => r[0]);
    const page = await s.http.post("submit.php?action=submit", {
      form: {
        check: "0",
        problemid: req.remoteId,
        language: req.language,
        // HDU's page posts the code as base64 of its URI encoding.
        _usercode: Buffer.from(encodeURIComponent(req.code), "utf8").toString("base64"),
      },
    });
    if (/userloginex\.php/i.test(page.url) || /Sign In<\/|name=["']?userpass/i.test(page.text)) throw new RemoteError("login", "HDU asked to sign in again");
    const error = /One or more following ERROR\(s\) occurred[\s\S]*?<li>([\s\S]*?)<\/li>/i.exec(page.text);
    if (error) throw new RemoteError("rejected", `HDU refused the submission: ${textOf(error[1])}`);
    const after = (await runs(s.http, s.account.username, req.remoteId)).map((r) => r[0]);
    return newRunId(before, after);
  },

  async poll(s: RemoteSession, req: { remoteId: string; runId: string }): Promise<PollResult> {
    const row = (await runs(s.http, s.account.username, req.remoteId, req.runId)).find((r) => r[0] === req.runId);
    if (!row) throw new RemoteError("unavailable", `HDU no longer lists run ${req.runId}`);
    const raw = row[2];
    if (isRunning(RUNNING, raw)) return { done: false, raw };
    let message = "";
    if (/^compilation error/i.test(raw)) {
      const page = await s.http.get(`viewerror.php?rid=${req.runId}`);
      const pre = innerOf(page.text, /<pre\b[^>]*>/i);
      message = pre ? preText(pre.inner) : "";
    }
    return { done: true, raw, time: timeMs(row[4]), memory: memoryKb(row[5]), message };
  },

  mapVerdict: (raw) => verdictFrom(VERDICTS, raw),
};
