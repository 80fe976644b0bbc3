// Display rules of spec section 9, shared by server and browser.

import { JudgeStatus, RUNNING_STATUSES } from "./constants";

const MEMORY_UNITS = ["KB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"] as const;

/** Memory given in KB, shown in the largest unit (KB to YB, steps of 1024) that keeps it >= 1. */
export function formatMemory(kb: number | null | undefined): string {
  if (kb == null || !Number.isFinite(kb)) return "-";
  let value = Math.max(0, kb);
  let unit = 0;
  while (value >= 1024 && unit < MEMORY_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/\.?0+$/, "");
  return `${text} ${MEMORY_UNITS[unit]}`;
}

/** Memory given in MB (problem limits). */
export function formatMemoryMb(mb: number): string {
  return formatMemory(mb * 1024);
}

export function formatTimeMs(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return "-";
  return `${Math.round(ms)} ms`;
}

/**
 * A submission's run time and memory as its lists show them: "-" until it is judged (a pending or
 * running submission has no figures yet, not "0 ms").
 */
export function runFigures(s: { status: number; time?: number | null; memory?: number | null }): { time: string; memory: string } {
  if (RUNNING_STATUSES.has(s.status)) return { time: "-", memory: "-" };
  return { time: formatTimeMs(s.time), memory: formatMemory(s.memory) };
}

/** A verdict's score beside its tag: only points earned short of Accepted (no stray "0"). */
export function shownScore(s: { status: number; score?: number | null }): number | null {
  return s.status !== JudgeStatus.ACCEPTED && typeof s.score === "number" && s.score > 0 ? s.score : null;
}

export function formatLength(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes)) return "-";
  return `${bytes} B`;
}

/** AC rate ac/total as a percentage with `digits` decimals; "0%" when nothing was submitted. */
export function acRate(ac: number, total: number, digits = 2): string {
  if (!total) return "0%";
  const pct = (ac / total) * 100;
  return `${pct.toFixed(digits).replace(/\.?0+$/, "")}%`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** YYYY-MM-DD HH:mm:ss in the local time zone of whoever formats it. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value == null) return "-";
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return "-";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Page number from a query value: defaults to 1, never below 1 (spec section 5). */
export function pageFrom(raw: string | null | undefined): number {
  const n = Number.parseInt(raw ?? "", 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}
