import { JudgeStatus } from "../../app/lib/constants";
import { type SandboxResult } from "./sandbox";

// What a sandbox result means for the judged program, before its output is looked at.

const SIGNALS: Record<number, string> = {
  1: "SIGHUP",
  2: "SIGINT",
  3: "SIGQUIT",
  4: "SIGILL",
  5: "SIGTRAP",
  6: "SIGABRT",
  7: "SIGBUS",
  8: "SIGFPE",
  9: "SIGKILL",
  10: "SIGUSR1",
  11: "SIGSEGV",
  12: "SIGUSR2",
  13: "SIGPIPE",
  14: "SIGALRM",
  15: "SIGTERM",
  24: "SIGXCPU",
  25: "SIGXFSZ",
  31: "SIGSYS",
};

export function signalName(n: number): string {
  return SIGNALS[n] ?? `signal ${n}`;
}

export interface RunLimitsNs {
  /** CPU time limit in ms and the wall-clock limit the sandbox enforced, in ms. */
  timeMs: number;
  clockMs: number;
  memoryBytes: number;
}

export interface RunVerdict {
  /** AC here only means the program ended cleanly within its limits. */
  status: number;
  message: string;
  timeMs: number;
  memoryKb: number;
}

export interface ClassifyOptions {
  /** Output collected beyond its limit. */
  outputExceeded?: boolean;
  /** Runtime messages on stderr that mean it ran out of memory (JVM, V8). */
  memoryMarkers?: RegExp[];
  stderr?: string;
}

export function timeMs(r: SandboxResult): number {
  return Math.round(r.time / 1e6);
}

export function memoryKb(r: SandboxResult): number {
  return Math.round(r.memory / 1024);
}

/** Whether a collected output (pipe or copy-out) went past its size limit. */
export function outputOverLimit(r: SandboxResult, name: string): boolean {
  return (r.fileError ?? []).some((e) => e.name === name && (e.type === "CollectSizeExceeded" || e.type === "CopyOutSizeExceeded"));
}

export function classifyRun(r: SandboxResult, limits: RunLimitsNs, o: ClassifyOptions = {}): RunVerdict {
  const t = timeMs(r);
  const m = memoryKb(r);
  const v = (status: number, message = ""): RunVerdict => ({ status, message, timeMs: t, memoryKb: m });
  if (r.status === "Internal Error") return v(JudgeStatus.SYSTEM_ERROR, `sandbox: ${r.error ?? "internal error"}`);
  // An output flood keeps the program busy until a limit stops it: the flood is the cause.
  if (o.outputExceeded || r.status === "Output Limit Exceeded") return v(JudgeStatus.RUNTIME_ERROR, "Output limit exceeded");
  const ranOutOfMemory =
    r.status === "Memory Limit Exceeded" ||
    (r.status !== "Accepted" && r.memory >= limits.memoryBytes) ||
    ((r.status === "Nonzero Exit Status" || r.status === "Signalled") && (o.memoryMarkers ?? []).some((re) => re.test(o.stderr ?? "")));
  if (ranOutOfMemory) return v(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
  if (r.status === "Time Limit Exceeded" || t > limits.timeMs) {
    const wall = r.runTime / 1e6 >= limits.clockMs && t <= limits.timeMs;
    return v(JudgeStatus.TIME_LIMIT_EXCEEDED, wall ? "Wall clock time limit exceeded (the program was waiting or sleeping)" : "");
  }
  if (r.status === "Signalled") return v(JudgeStatus.RUNTIME_ERROR, `Killed by signal ${r.exitStatus} (${signalName(r.exitStatus)})`);
  if (r.status === "Nonzero Exit Status") return v(JudgeStatus.RUNTIME_ERROR, `Exited with code ${r.exitStatus}`);
  if (r.status === "Dangerous Syscall") return v(JudgeStatus.RUNTIME_ERROR, "Forbidden system call");
  if (r.status === "File Error") {
    const e = (r.fileError ?? [])[0];
    return v(JudgeStatus.SYSTEM_ERROR, `sandbox file error: ${e ? `${e.name} ${e.type} ${e.message ?? ""}`.trim() : "unknown"}`);
  }
  if (r.status === "Accepted") return v(JudgeStatus.ACCEPTED);
  return v(JudgeStatus.SYSTEM_ERROR, `sandbox status ${String(r.status)}`);
}

/** Cuts text to at most `max` bytes of UTF-8 without splitting a character. */
export function truncateUtf8(text: string, max: number, marker = "\n… (truncated)"): string {
  const buf = Buffer.from(text);
  if (buf.length <= max) return text;
  let end = max;
  while (end > 0 && (buf[end] & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString() + marker;
}

/** The start of some bytes as text, cut at a character boundary. */
export function headText(bytes: Uint8Array, max: number): string {
  if (bytes.length <= max) return Buffer.from(bytes).toString();
  let end = max;
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return Buffer.from(bytes.subarray(0, end)).toString();
}
