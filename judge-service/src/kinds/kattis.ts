import { JudgeStatus } from "../../../app/lib/constants";
import type { TaskCase } from "../../../app/lib/judge-protocol";
import type { SandboxResult } from "../sandbox";
import { truncateUtf8 } from "../verdict";
import type { Decision } from "./types";

// The ICPC (Kattis) problem package format's output validators: run as
// `validator input answer feedback/ < program_output`, exit code 42 accepted, 43 wrong answer, any
// other code (0 included) a validator failure. What they say goes to feedback/judgemessage.txt
// (for the judges) and feedback/teammessage.txt (for the team); stderr is debug output.

export const KATTIS_ACCEPT = 42;
export const KATTIS_REJECT = 43;

/** The feedback folder exists before the validator starts (go-judge creates a copied file's folders). */
export const FEEDBACK_DIR = "feedback/";
export const FEEDBACK_COPY_IN = { "feedback/.keep": { content: "" } };
export const FEEDBACK_COPY_OUT = ["feedback/judgemessage.txt?", "feedback/teammessage.txt?"];

export function kattisDecision(r: SandboxResult, c: TaskCase, maxMessage: number, who = "output validator"): Decision {
  const files = r.files ?? {};
  const feedback = (files["feedback/judgemessage.txt"] ?? "").trim() || (files["feedback/teammessage.txt"] ?? "").trim();
  const stderr = (files.stderr ?? "").trim();
  const message = truncateUtf8(feedback, maxMessage);
  const failed = (why: string): Decision => {
    const text = feedback || stderr;
    return { status: JudgeStatus.SYSTEM_ERROR, score: 0, message: truncateUtf8(`${who} failed (${why})${text ? `: ${text}` : ""}`, maxMessage) };
  };
  if (r.status === "Accepted") return failed("exit code 0");
  if (r.status !== "Nonzero Exit Status") return failed(r.status === "Signalled" ? `killed by signal ${r.exitStatus}` : r.status.toLowerCase());
  if (r.exitStatus === KATTIS_ACCEPT) return { status: JudgeStatus.ACCEPTED, score: c.score, message };
  if (r.exitStatus === KATTIS_REJECT) return { status: JudgeStatus.WRONG_ANSWER, score: 0, message };
  return failed(`exit code ${r.exitStatus}`);
}
