import { JudgeStatus } from "../../../../app/lib/constants";
import { RemoteError } from "../errors";

// What the adapters share: verdict tables, run ids found before and after a submit, base64.

/** Our status for a remote verdict by the start of its lower-case text; unknown ones are Submitted Failed. */
export function verdictFrom(table: ReadonlyArray<[string, number]>, raw: string): number {
  const text = raw.trim().toLowerCase();
  for (const [start, status] of table) if (text.startsWith(start)) return status;
  return JudgeStatus.SUBMITTED_FAILED;
}

/** Whether a remote status text means "not judged yet". */
export function isRunning(words: readonly string[], raw: string): boolean {
  const text = raw.trim().toLowerCase();
  return text === "" || words.some((w) => text.startsWith(w));
}

/** The newest run id of a list that is greater than the newest before the submit. */
export function newRunId(before: string[], after: string[]): string {
  const top = Math.max(0, ...before.map(Number).filter(Number.isFinite));
  const fresh = after.map(Number).filter((n) => Number.isFinite(n) && n > top);
  if (fresh.length === 0) throw new RemoteError("rejected", "the remote judge did not list the submission after it was sent");
  return String(Math.max(...fresh));
}

export function base64(text: string): string {
  return Buffer.from(text, "utf8").toString("base64");
}

/** Memory written as "1408K", "5.3M", "3600 KB", "12 MB" in KB. */
export function memoryKb(text: string): number {
  const m = /(\d+(?:\.\d+)?)\s*([kmg]?)/i.exec(text);
  if (!m) return 0;
  const n = Number(m[1]);
  const unit = m[2].toLowerCase();
  return Math.round(unit === "m" ? n * 1024 : unit === "g" ? n * 1024 * 1024 : n);
}

/** Time written as "15MS", "0.01", "2 ms", "1 second(s)" in ms (`secondsByDefault` for a bare number). */
export function timeMs(text: string, secondsByDefault = false): number {
  const m = /(\d+(?:\.\d+)?)\s*(ms|s|sec|second)?/i.exec(text);
  if (!m) return 0;
  const n = Number(m[1]);
  const unit = (m[2] ?? "").toLowerCase();
  return Math.round(unit === "ms" ? n : unit || secondsByDefault ? n * 1000 : n);
}

export function randomHex(length: number): string {
  let out = "";
  while (out.length < length) out += Math.floor(Math.random() * 16).toString(16);
  return out;
}
